/// The finite range of a column of numbers and how many of its values are
/// not finite, found in one pass.
package struct ValueRange: Sendable, Hashable {
  /// The smallest finite value (+∞ when there is none); of equal values,
  /// the first.
  var lowest = Double.infinity
  /// The largest finite value (−∞ when there is none); of equal values,
  /// the first.
  var highest = -Double.infinity
  /// How many values are finite.
  var finiteCount = 0
  /// How many values are −∞.
  var negativeInfinityCount = 0
  /// How many values are +∞.
  var positiveInfinityCount = 0

  /// The range of no values.
  package init() {}

  /// The range of `finiteCount` finite values from `lowest` to `highest`.
  init(lowest: Double, highest: Double, finiteCount: Int) {
    self.lowest = lowest
    self.highest = highest
    self.finiteCount = finiteCount
  }

  /// The range of `values`.
  package init(_ values: UnsafeBufferPointer<Double>) {
    // NB: no branch per value: the summary reads every feature of every
    // trace here, and a value outside the range so far is rare but not
    // predictable. Strict comparisons keep the first of equal values, as
    // `min()` and `max()` do (it matters for ±0 only).
    var lowest = Double.infinity
    var highest = -Double.infinity
    var finiteCount = 0
    var negative = 0
    var positive = 0
    for value in values {
      let isFinite = value.magnitude < .infinity
      let low = isFinite ? value : .infinity
      let high = isFinite ? value : -.infinity
      lowest = low < lowest ? low : lowest
      highest = highest < high ? high : highest
      finiteCount &+= Int(bit: isFinite)
      negative &+= Int(bit: value == -.infinity)
      positive &+= Int(bit: value == .infinity)
    }
    self.lowest = lowest
    self.highest = highest
    self.finiteCount = finiteCount
    negativeInfinityCount = negative
    positiveInfinityCount = positive
  }

  /// How many values are not NaN.
  var orderedCount: Int { negativeInfinityCount + finiteCount + positiveInfinityCount }

  /// Adds the values of `other`, read after these: of equal ends, the
  /// first stays.
  package mutating func merge(_ other: ValueRange) {
    if other.lowest < lowest { lowest = other.lowest }
    if highest < other.highest { highest = other.highest }
    finiteCount += other.finiteCount
    negativeInfinityCount += other.negativeInfinityCount
    positiveInfinityCount += other.positiveInfinityCount
  }

}
