// NB: the synthesizer draws a few thousand numbers per trace, so these
// helpers avoid the generic `Double.random(in:using:)` path and keep to
// exactly rounded arithmetic: the same seed gives the same bits everywhere.

extension SplitMix64 {
  /// Returns a uniform value in [0, 1) with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Returns a uniform value between the bounds of `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// Returns a value in `range` skewed towards its lower bound (the square of
  /// a uniform value), for durations whose long tail is rare.
  mutating func skewed(_ range: ClosedRange<Double>) -> Double {
    let u = unit()
    return range.lowerBound + (range.upperBound - range.lowerBound) * u * u
  }

  /// Returns `true` with the given probability.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// Returns +1 or -1 with equal probability.
  mutating func sign() -> Double {
    next() >> 63 == 0 ? 1 : -1
  }

  /// Returns an approximately standard normal value: the sum of twelve
  /// uniform values minus six (mean 0, variance 1, within ±6).
  ///
  /// The twelve uniforms are the 16-bit quarters of three outputs, each
  /// taken at the centre of its 1/65536 cell so the mean is exactly zero.
  mutating func normal() -> Double {
    // NB: the quarters are added in two 32-bit lanes at once (each lane
    // at most 6 × 65535), then the lanes: the same integer sum.
    let lanes: UInt64 = 0x0000_FFFF_0000_FFFF
    var pairs: UInt64 = 0
    for _ in 0..<3 {
      let bits = next()
      pairs &+= (bits & lanes) &+ ((bits >> 16) & lanes)
    }
    let sum = (pairs & 0xFFFF_FFFF) &+ (pairs >> 32)
    // Each quarter is (k + 0.5) / 65536 with k in 0...65535.
    return (Double(sum) + 6) * 0x1p-16 - 6
  }
}
