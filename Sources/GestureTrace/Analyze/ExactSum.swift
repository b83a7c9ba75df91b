/// The sum of many numbers, exact until it is read and then rounded once,
/// so that it does not depend on the order the numbers came in.
///
/// ```swift
/// var sum = ExactSum()
/// for value in [1e100, 1.0, -1e100] { sum.add(value) }
/// // sum.value == 1.0 (a running sum gives 0.0)
/// ```
///
/// The value is the exact sum rounded to the nearest `Double`, ties to
/// even: Shewchuk's non-overlapping partial sums, as Python's `math.fsum`.
// NB: `info` sums the spilled sampling intervals in file order; a plain
// running sum would differ in its last bits from the sum in sorted order
// printed before, an exact one is at least as close to the true value.
package struct ExactSum: Sendable, Hashable {
  /// Non-overlapping partial sums in increasing magnitude; at most about
  /// 40 for finite doubles (the exponent range over the 53-bit mantissa).
  private var partials: [Double] = []
  /// The sum of the values that are not finite (and of an overflow).
  private var special = 0.0

  /// An empty sum.
  package init() {}

  /// Adds a value.
  package mutating func add(_ value: Double) {
    guard value.isFinite else {
      special += value
      return
    }
    var x = value
    var kept = 0
    for index in partials.indices {
      var y = partials[index]
      if x.magnitude < y.magnitude { swap(&x, &y) }
      let high = x + y
      let low = y - (high - x)
      if low != 0 {
        partials[kept] = low
        kept += 1
      }
      x = high
    }
    guard x.isFinite else {
      // NB: the exact sum left the range of doubles; a running sum would
      // have overflowed to the same infinity.
      special += x
      partials.removeAll()
      return
    }
    partials.removeSubrange(kept...)
    partials.append(x)
  }

  /// The sum rounded to the nearest double (ties to even); ±∞ or NaN when
  /// an added value was not finite, as a running sum gives.
  package var value: Double {
    if special != 0 || special.isNaN { return special }
    var index = partials.count
    guard index > 0 else { return 0 }
    index -= 1
    var high = partials[index]
    var low = 0.0
    while index > 0 {
      let x = high
      index -= 1
      let y = partials[index]
      high = x + y
      low = y - (high - x)
      if low != 0 { break }
    }
    // NB: round half to even across the remaining partials: when `low` is
    // exactly half an ulp and the next partial has the same sign, the exact
    // sum lies past the halfway point.
    if index > 0 && ((low < 0 && partials[index - 1] < 0) || (low > 0 && partials[index - 1] > 0)) {
      let y = low * 2
      let x = high + y
      if y == x - high { high = x }
    }
    return high
  }
}
