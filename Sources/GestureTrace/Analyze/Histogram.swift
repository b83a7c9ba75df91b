/// Counts of values in equal-width bins from the smallest value to the
/// largest.
package struct Histogram: Sendable, Hashable {
  /// The lower edge of the first bin.
  package var lower: Double
  /// The width of every bin (0 when all values are equal).
  package var binWidth: Double
  /// The number of values in each bin; the last bin includes its upper
  /// edge.
  package var counts: [Int]

  /// Bins the finite values; `bins` of them (one when all are equal, none
  /// when there are no values).
  package init(_ values: [Double], bins: Int = 12) {
    let finite = values.filter(\.isFinite)
    guard let low = finite.min(), let high = finite.max() else {
      lower = 0
      binWidth = 0
      counts = []
      return
    }
    lower = low
    guard high > low, bins > 1 else {
      binWidth = 0
      counts = [finite.count]
      return
    }
    binWidth = (high - low) / Double(bins)
    var counts = [Int](repeating: 0, count: bins)
    for value in finite {
      let index = Int((value - low) / binWidth)
      counts[min(max(index, 0), bins - 1)] += 1
    }
    self.counts = counts
  }

  /// The upper edge of bin `index`.
  package func upperEdge(_ index: Int) -> Double {
    lower + binWidth * Double(index + 1)
  }
}
