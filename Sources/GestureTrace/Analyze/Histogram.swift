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
    // NB: one pass for the range and a second for the counts, over the
    // values in place, not a filtered copy (through the `\.isFinite` key
    // path), which cost more than the counting (docs/performance.md, "Notes
    // moved from the code"). The bounds are those `min()` and
    // `max()` give.
    self = values.withUnsafeBufferPointer { values in
      let range = ValueRange(values)
      var histogram = Histogram(range: range, bins: bins)
      guard let layout = Layout(range: range, bins: bins) else { return histogram }
      histogram.counts = layout.counts(of: values)
      return histogram
    }
  }

  /// A histogram of the values of `range` with empty bins, or with all
  /// values in one bin when there is one bin or one value.
  private init(range: ValueRange, bins: Int) {
    guard range.finiteCount > 0 else {
      lower = 0
      binWidth = 0
      counts = []
      return
    }
    lower = range.lowest
    guard let layout = Layout(range: range, bins: bins) else {
      binWidth = 0
      counts = [range.finiteCount]
      return
    }
    binWidth = layout.width
    counts = Array(repeating: 0, count: bins)
  }

  /// Bins the finite values of a column from the counts of its rank bins,
  /// as ``init(_:bins:)`` bins them: `straddling` is called once, with the
  /// rank bins that may hold values of two bins, and must hand each one's
  /// values to `visit`.
  // NB: the summary counts every feature of every trace in its rank bins
  // for the quantiles; most rank bins lie within one bin here, and only
  // the values of the few that hold an edge need binning one by one. That
  // saves a pass over the column (docs/performance.md, "Notes moved from
  // the code").
  init(
    range: ValueRange, bins: Int, rankBins: RankBins, rankCounts: [Int],
    straddling: (
      _ rankBins: [Int], _ visit: (UnsafeBufferPointer<Double>) -> Void
    ) -> Void
  ) {
    self.init(range: range, bins: bins)
    guard let layout = Layout(range: range, bins: bins) else {
      straddling([]) { _ in }
      return
    }
    var counts = self.counts
    let straddlingBins = Self.straddlingBins(of: rankBins, range: range, bins: bins)
    var isStraddling = [Bool](repeating: false, count: rankBins.count)
    for rankBin in straddlingBins { isStraddling[rankBin] = true }
    let scale = Double(bins) / Double(rankBins.count)
    for (rankBin, count) in rankCounts.enumerated() where !isStraddling[rankBin] {
      counts[Swift.min(Int((Double(rankBin) + 0.5) * scale), bins - 1)] += count
    }
    straddling(straddlingBins) { values in
      for value in values { counts[layout.bin(of: value)] += 1 }
    }
    self.counts = counts
  }

  /// The rank bins that may hold values of two or more of `bins` bins
  /// over `range` (all of them when the bins' positions cannot be told
  /// apart precisely enough).
  // NB: both bins come from the same offset `value − lower`: rank bin
  // position offset · (n / span) and bin position offset / (span / bins)
  // agree within a few units in the last place, 2^-39 rank bins at most
  // for n = 2,048. So a rank bin that does not contain an edge's position,
  // give or take a thousandth, lies within one bin, the one of its middle.
  static func straddlingBins(of rankBins: RankBins, range: ValueRange, bins: Int) -> [Int] {
    guard Layout(range: range, bins: bins) != nil else { return [] }
    guard rankBins.count >= 8 * bins, rankBins.isScaled else {
      return Array(0..<rankBins.count)
    }
    let step = Double(rankBins.count) / Double(bins)
    var straddling: [Int] = []
    for edge in 1..<bins {
      let position = Double(edge) * step
      let first = Swift.max(Int((position - 1e-3).rounded(.down)), 0)
      let last = Swift.min(Int((position + 1e-3).rounded(.down)), rankBins.count - 1)
      for rankBin in first...last where straddling.last != rankBin { straddling.append(rankBin) }
    }
    return straddling
  }

  /// The upper edge of bin `index`.
  package func upperEdge(_ index: Int) -> Double {
    let edge = lower + binWidth * Double(index + 1)
    guard !edge.isFinite, binWidth.isFinite else { return edge }
    // NB: bins over a range wider than half the largest double: the edge
    // is finite but its parts overflow, so it is computed halved; the top
    // edge of bins that reach the largest double may round past it, and is
    // that double (no value lies beyond it).
    return ((lower / 2 + binWidth / 2 * Double(index + 1)) * 2).saturated
  }

  /// Where the bins of more than one bin over a range with more than one
  /// value lie.
  private struct Layout: Equatable {
    let low: Double
    let width: Double
    let reciprocal: Double
    let bins: Int

    /// `nil` when all values go to one bin (or none).
    init?(range: ValueRange, bins: Int) {
      guard range.finiteCount > 0, range.highest > range.lowest, bins > 1 else { return nil }
      low = range.lowest
      // NB: a range wider than the largest double (-1e308 to 1e308) has a
      // finite width per bin: the ends are divided first.
      let plain = (range.highest - range.lowest) / Double(bins)
      width = plain.isFinite ? plain : range.highest / Double(bins) - range.lowest / Double(bins)
      reciprocal = 1 / width
      self.bins = bins
    }

    /// The bin of a finite value within the range: `(value − low) / width`
    /// rounded down, within the bins.
    // NB: a product with the reciprocal is within a few units in the last
    // place of that quotient, so it gives the same bin unless it lands
    // within 10^-9 of a bin's edge; only then is the division made.
    @inline(__always)
    func bin(of value: Double) -> Int {
      let offset = value - low
      let estimate = offset * reciprocal
      var index = bins
      if estimate >= 0 && estimate < Double(bins) {
        index = Int(estimate)
        let fraction = estimate - Double(index)
        if !(fraction > 1e-9 && fraction < 1 - 1e-9) { index = bins }
      }
      // Near an edge, at the top, or a reciprocal out of range.
      if index == bins {
        // NB: a range wider than the largest double makes the width and
        // an offset infinite, one narrower than a few subnormals makes the
        // width 0: the quotient is then infinite or NaN, and the value is
        // put at the end it is nearest to instead of trapping in the
        // conversion.
        let quotient = offset.isFinite ? offset / width : (value / 2 - low / 2) / (width / 2)
        index =
          quotient < Double(bins) ? Int(quotient) : (quotient.isNaN && offset == 0 ? 0 : bins)
      }
      return Swift.min(Swift.max(index, 0), bins - 1)
    }

    /// The counts of the finite values of `values`.
    func counts(of values: UnsafeBufferPointer<Double>) -> [Int] {
      // NB: four rows of counts, one per value in turn, added up at the
      // end: neighbouring values often fall in the same bin, and one row
      // made each count wait for the previous value's store.
      var lanes = [Int](repeating: 0, count: 4 * bins)
      lanes.withUnsafeMutableBufferPointer { lanes in
        for (position, value) in values.enumerated() where value.isFinite {
          lanes[(position & 3) &* bins &+ bin(of: value)] += 1
        }
      }
      return (0..<bins).map { bin in
        lanes[bin] + lanes[bins + bin] + lanes[2 * bins + bin] + lanes[3 * bins + bin]
      }
    }
  }
}
