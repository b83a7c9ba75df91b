/// Maps an interval of data values onto an interval of pixels, and picks
/// round tick values (1, 2 or 5 times a power of ten) within it.
///
/// ```swift
/// let x = LinearScale(0, 2, to: 40, 440)
/// x(0.5)          // 140
/// x.ticks()       // [0, 0.5, 1, 1.5, 2]
/// x.label(1.5)    // "1.5"
/// ```
struct LinearScale {
  /// The data interval's lower end (never equal to ``upper``).
  let lower: Double
  /// The data interval's upper end.
  let upper: Double
  /// The pixel ``lower`` maps to.
  let start: Double
  /// The pixel ``upper`` maps to.
  let end: Double
  /// How many ticks to aim for.
  let tickCount: Int

  /// A scale from `lower...upper` to `start...end`; an empty or non-finite
  /// data interval is widened so the scale stays usable.
  init(_ lower: Double, _ upper: Double, to start: Double, _ end: Double, ticks: Int = 5) {
    var (low, high) = (lower, upper)
    if !low.isFinite || !high.isFinite { (low, high) = (0, 1) }
    if high < low { (low, high) = (high, low) }
    if high == low {
      let pad = low == 0 ? 1 : low.magnitude / 2
      // NB: near the largest double the pad goes on the side that has room.
      (low, high) =
        (high + pad).isFinite
        ? ((low - pad).isFinite ? (low - pad, high + pad) : (low, high + pad))
        : (low - pad, high)
    }
    self.lower = low
    self.upper = high
    self.start = start
    self.end = end
    tickCount = max(ticks, 2)
  }

  /// A scale whose data interval is widened to whole tick steps, so the
  /// axis starts and ends on a labelled tick.
  static func rounded(
    _ lower: Double, _ upper: Double, to start: Double, _ end: Double, ticks: Int = 5
  ) -> LinearScale {
    let plain = LinearScale(lower, upper, to: start, end, ticks: ticks)
    let step = plain.step
    // NB: the slack keeps a bound that is a whole number of steps (0.02 =
    // 4 × 0.005) from gaining a step through rounding error.
    let slack = 2e-9 * plain.halfSpan
    let first = ((plain.lower + slack) / step.size).rounded(.down)
    let last = ((plain.upper - slack) / step.size).rounded(.up)
    let (low, high) = (step.value(first), step.value(last))
    // NB: near the largest double a whole step beyond the data overflows;
    // the data's own ends are kept then.
    guard low.isFinite, high.isFinite else { return plain }
    return LinearScale(low, high, to: start, end, ticks: ticks)
  }

  /// The pixel of a data value (outside the interval, beyond the ends).
  // NB: in halves, which is exact (halving a double is) and gives the same
  // quotient, so that a data interval wider than the largest double (from
  // -1e308 to 1e308) maps without an infinite span.
  func callAsFunction(_ value: Double) -> Double {
    start + (value / 2 - lower / 2) / halfSpan * (end - start)
  }

  /// Half the data interval's width: finite for any finite ends.
  var halfSpan: Double { upper / 2 - lower / 2 }

  /// The round values within the interval, in increasing order.
  func ticks() -> [Double] {
    let step = self.step
    let slack = 2e-9 * halfSpan
    let first = ((lower - slack) / step.size).rounded(.up)
    let last = ((upper + slack) / step.size).rounded(.down)
    guard first <= last, last - first < 100 else { return [lower, upper] }
    return stride(from: first, through: last, by: 1).map { step.value($0) }
  }

  /// A tick value as text, with as many decimals as the step needs.
  func label(_ value: Double) -> String {
    fixed(value, max(0, -step.exponent))
  }

  /// The tick step: `base` × 10^`exponent`.
  var step: TickStep {
    TickStep(halfSpan: halfSpan, count: tickCount)
  }
}

/// A round step between ticks: 1, 2 or 5 times a power of ten.
struct TickStep {
  /// 1, 2 or 5.
  let base: Int
  /// The power of ten.
  let exponent: Int

  /// The step closest to `2 × halfSpan / count` from above (a span wider
  /// than the largest double is given by its half).
  init(halfSpan: Double, count: Int) {
    // NB: the factor absorbs rounding error in the span (0.9 − 0.3 is
    // 0.6000000000000001), which would otherwise turn a step of 0.1 into 0.2.
    let raw = halfSpan / Double(max(count, 1)) * 2 * (1 - 1e-12)
    var exponent = 0
    // NB: integer exponents and exact powers of ten keep tick values the
    // nearest doubles to their decimals (0.3, not 0.30000000000000004).
    while exponent < 307, Self.power(exponent + 1) <= raw { exponent += 1 }
    while exponent > -307, Self.power(exponent) > raw { exponent -= 1 }
    let unit = Self.power(exponent)
    if raw <= unit {
      base = 1
    } else if raw <= 2 * unit {
      base = 2
    } else if raw <= 5 * unit {
      base = 5
    } else {
      base = 1
      exponent += 1
    }
    self.exponent = exponent
  }

  /// The step's size.
  var size: Double { value(1) }

  /// `multiple` steps: exactly rounded from the integer `multiple × base`.
  func value(_ multiple: Double) -> Double {
    let whole = multiple * Double(base)
    return exponent >= 0 ? whole * Self.power(exponent) : whole / Self.power(-exponent)
  }

  /// 10^`exponent` (for a negative exponent, its exact reciprocal's nearest
  /// double via division).
  static func power(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent.magnitude { result *= 10 }
    return exponent >= 0 ? result : 1 / result
  }
}
