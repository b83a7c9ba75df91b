extension Double {
  /// The value rounded to the nearest whole number, ties away from zero:
  /// exactly `rounded()`, sign of a zero included.
  ///
  /// ```swift
  /// (2.5).roundedTiesAway       // 3
  /// (-0.25).roundedTiesAway     // -0
  /// ```
  // NB: `rounded()` is a call into libm on x86-64 without SSE4.1, and the
  // synthesizer rounds about ten values per frame. Below 2⁵² the
  // truncation fits an Int64 and the fraction is exact; anything else
  // (large, infinite, NaN) takes `rounded()`.
  @inline(__always)
  var roundedTiesAway: Double {
    guard magnitude < 0x1p52 else { return rounded() }
    let whole = Double(Int64(self))
    let fraction = self - whole
    // NB: selects, not branches: the fraction of a noisy value is as likely
    // above a half as below, so a branch was mispredicted half the time.
    // (A conditional expression is turned back into a branch.)
    let up = Double(unsafeBitCast(fraction >= 0.5, to: UInt8.self))
    let down = Double(unsafeBitCast(fraction <= -0.5, to: UInt8.self))
    return Double(signOf: self, magnitudeOf: whole + up - down)
  }
}
