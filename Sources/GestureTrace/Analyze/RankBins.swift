/// Fine bins of equal width over a column's finite range: counted, they
/// tell which bin holds the value of a given rank without sorting.
///
/// A value's bin never decreases as the value grows (a difference, a
/// product with a positive scale and rounding down are all monotonic), so
/// the values of bin *b* are exactly the ranks from the count of the bins
/// below *b* on.
struct RankBins {
  /// The number of bins (1 when the range is empty or its width not
  /// usable).
  let count: Int
  private let lowest: Double
  private let scale: Double

  /// The bins a column's quantiles use: enough that a few bins hold the
  /// needed ranks of all but very clustered columns, few enough that their
  /// counts stay in the first-level cache.
  static let standardCount = 2_048

  /// Bins over `range`, with no value counted yet.
  init(range: ValueRange, count wanted: Int = standardCount) {
    let width = range.highest - range.lowest
    let scale = Double(wanted) / width
    // NB: with a positive, finite scale, (value − lowest) · scale lies in
    // 0…count (plus a rounding) for every finite value in the range, so its
    // conversion to Int cannot trap. A width that overflowed, or so small
    // that the scale overflowed, puts every value in one bin.
    // (A lowest value of 0 then keeps value − lowest finite: the single
    // bin is value · 0.)
    if range.finiteCount > 0, width > 0, width.isFinite, scale > 0, scale.isFinite {
      count = wanted
      lowest = range.lowest
      self.scale = scale
    } else {
      count = 1
      lowest = 0
      self.scale = 0
    }
  }

  /// Whether the bins divide the range (rather than holding every value
  /// in one bin).
  var isScaled: Bool { scale > 0 }

  /// The bin of a finite value within the range.
  @inline(__always)
  func bin(of value: Double) -> Int {
    Swift.min(Int((value - lowest) * scale), count &- 1)
  }

  /// How many finite values of `values` each bin holds.
  func counts(of values: UnsafeBufferPointer<Double>) -> [Int] {
    var counts = [Int](repeating: 0, count: count)
    counts.withUnsafeMutableBufferPointer { counts in
      for value in values where value.isFinite { counts[bin(of: value)] &+= 1 }
    }
    return counts
  }
}
