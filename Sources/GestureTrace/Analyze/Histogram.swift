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
    self = values.withUnsafeBufferPointer { values in
      let range = ValueRange(values)
      var rankCounts = [0]
      return Histogram(
        values, range: range, bins: bins, rankBins: RankBins(range: range, count: 1),
        rankCounts: &rankCounts)
    }
  }

  /// Bins the finite values of `values`, whose range is `range`, and
  /// counts them in `rankBins` as well, into `rankCounts` (as many as
  /// bins, zeros).
  // NB: the quantiles' bins are counted in the same pass as these: the
  // summary bins every feature of every trace.
  init(
    _ values: UnsafeBufferPointer<Double>, range: ValueRange, bins: Int,
    rankBins: RankBins, rankCounts: inout [Int]
  ) {
    // NB: the range from one pass over the values in place, made by the
    // caller, which needs it too: the summary bins every feature of every
    // trace, and a filtered copy (through the `\.isFinite` key path) cost
    // several times the counting. The bounds are those `min()` and `max()`
    // give.
    let low = range.lowest
    let high = range.highest
    let finiteCount = range.finiteCount
    guard finiteCount > 0 else {
      lower = 0
      binWidth = 0
      counts = []
      return
    }
    lower = low
    guard high > low, bins > 1 else {
      binWidth = 0
      counts = [finiteCount]
      rankCounts = rankBins.counts(of: values)
      return
    }
    let width = (high - low) / Double(bins)
    binWidth = width
    // NB: four rows of counts, one per value in turn, added up at the end:
    // neighbouring values often fall in the same bin, and one row made each
    // count wait for the previous value's store.
    // NB: the bin is `(value − low) / width` rounded down. A product with
    // the reciprocal is within a few units in the last place of that
    // quotient, so it gives the same bin unless it lands within 10^-9 of a
    // bin's edge; only then is the division made.
    let reciprocal = 1 / width
    var lanes = [Int](repeating: 0, count: 4 * bins)
    rankCounts.withUnsafeMutableBufferPointer { rankCounts in
      lanes.withUnsafeMutableBufferPointer { lanes in
        for (position, value) in values.enumerated() where value.isFinite {
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
            // NB: a range wider than the largest double makes the width
            // and an offset infinite, one narrower than a few subnormals
            // makes the width 0: the quotient is then infinite or NaN, and
            // the value is put at the end it is nearest to instead of
            // trapping in the conversion.
            let quotient = offset / width
            index =
              quotient < Double(bins) ? Int(quotient) : (quotient.isNaN && offset == 0 ? 0 : bins)
          }
          lanes[(position & 3) &* bins &+ min(max(index, 0), bins - 1)] += 1
          rankCounts[rankBins.bin(of: value)] &+= 1
        }
      }
    }
    self.counts = (0..<bins).map { bin in
      lanes[bin] + lanes[bins + bin] + lanes[2 * bins + bin] + lanes[3 * bins + bin]
    }
  }

  /// The upper edge of bin `index`.
  package func upperEdge(_ index: Int) -> Double {
    lower + binWidth * Double(index + 1)
  }
}
