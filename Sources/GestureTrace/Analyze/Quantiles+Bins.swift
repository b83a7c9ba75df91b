extension Quantiles {
  /// The quantiles at `probabilities` of the values that are not NaN,
  /// exactly as ``value(at:)`` gives them; `values` are not changed. Empty
  /// when every value is NaN.
  ///
  /// `range` must be `ValueRange(values)`, and `counts` the counts of
  /// `RankBins(range: range)`; both are worked out when not given. The
  /// values of each rank bin listed in `visiting` are handed to `visit`,
  /// once per bin, in no particular order.
  /// - Complexity: O(*n*) for a few probabilities, with one pass over the
  ///   values after the bins are counted.
  static func values(
    at probabilities: [Double], of values: UnsafeBufferPointer<Double>,
    range givenRange: ValueRange? = nil, counts givenCounts: [Int]? = nil,
    visiting extraBins: [Int] = [], _ visit: (UnsafeBufferPointer<Double>) -> Void = { _ in }
  ) -> [Double] {
    // NB: the bins' counts tell which bins hold the ranks the quantiles
    // read; only those bins' values are copied, each bin's to its own
    // part of a scratch buffer, and the ranks are selected within the
    // parts. Selecting in the whole column took several passes over it for
    // five quantiles; this takes one, and parts whose values are all equal
    // (ties of integer features) need no selection at all.
    let range = givenRange ?? ValueRange(values)
    let count = range.orderedCount
    guard count > 0 else { return [] }
    let bins = RankBins(range: range)
    let counts = givenCounts ?? bins.counts(of: values)
    let positions = probabilities.map { probability -> (Int, Int, Double) in
      let position = Double(count - 1) * min(max(probability, 0), 1)
      let lower = Int(position.rounded(.down))
      return (lower, min(lower + 1, count - 1), position - Double(lower))
    }
    // Ranks among the finite values, ascending, and their bins.
    let below = range.negativeInfinityCount
    let finiteRanks = Set(positions.flatMap { [$0.0 - below, $0.1 - below] })
      .filter { $0 >= 0 && $0 < range.finiteCount }.sorted()
    // The bins to copy: those of the ranks and the extra ones.
    var wanted = [Bool](repeating: false, count: bins.count)
    for bin in extraBins { wanted[bin] = true }
    var parts: [(bin: Int, first: Int, count: Int, start: Int)] = []
    var first = 0
    var start = 0
    var next = finiteRanks.startIndex
    for bin in 0..<bins.count {
      let binCount = counts[bin]
      let holdsRank = next < finiteRanks.endIndex && finiteRanks[next] < first + binCount
      if holdsRank || wanted[bin] {
        parts.append((bin, first, binCount, start))
        start += binCount
      }
      first += binCount
      while next < finiteRanks.endIndex && finiteRanks[next] < first { next += 1 }
    }
    let total = start
    var scratch = [Double](repeating: 0, count: total + 1)
    var found: [Int: Double] = [:]
    scratch.withUnsafeMutableBufferPointer { scratch in
      gather(values, of: parts, bins: bins, into: scratch, trash: total)
      for part in parts {
        let buffer = UnsafeMutableBufferPointer(
          rebasing: scratch[part.start..<part.start + part.count])
        if wanted[part.bin] { visit(UnsafeBufferPointer(buffer)) }
        let ranks = finiteRanks.filter { $0 >= part.first && $0 < part.first + part.count }
          .map { $0 - part.first }
        if !ranks.isEmpty && !allEqual(buffer) {
          select(ranks[...], in: buffer, within: 0..<part.count, withoutBranches: true)
        }
        for rank in ranks { found[rank + part.first] = buffer[rank] }
      }
    }
    // NB: which of −0 and +0 lands at a rank can differ from sorting, but
    // not the quantile: low + (high − low) · fraction is +0 whenever low
    // and high are zeros of any signs (a difference of zeros is −0 only for
    // −0 − +0, and +0 + −0 is +0), and otherwise does not depend on a
    // zero's sign.
    func value(ofRank rank: Int) -> Double {
      if rank < below { return -.infinity }
      let finiteRank = rank - below
      return finiteRank < range.finiteCount ? found[finiteRank]! : .infinity
    }
    return positions.map { lower, upper, fraction in
      let low = value(ofRank: lower)
      let high = value(ofRank: upper)
      return Double.interpolated(low, high, fraction)
    }
  }

  /// Copies the finite values of `values` in the bins of `parts` to each
  /// part's place in `scratch`; `scratch[trash]` is overwritten.
  private static func gather(
    _ values: UnsafeBufferPointer<Double>,
    of parts: [(bin: Int, first: Int, count: Int, start: Int)], bins: RankBins,
    into scratch: UnsafeMutableBufferPointer<Double>, trash: Int
  ) {
    // NB: every value is written, without a branch: a value of a bin not
    // wanted goes to the trash slot, whose cursor never moves; each
    // wanted bin's cursor moves on from its part's start.
    var cursors = [Int](repeating: trash, count: bins.count)
    for part in parts { cursors[part.bin] = part.start }
    cursors.withUnsafeMutableBufferPointer { cursors in
      for value in values where value.isFinite {
        let bin = bins.bin(of: value)
        let cursor = cursors[bin]
        scratch[cursor] = value
        cursors[bin] = cursor &+ Int(bit: cursor != trash)
      }
    }
  }

  /// Whether all values are equal (or there are none).
  private static func allEqual(_ values: UnsafeMutableBufferPointer<Double>) -> Bool {
    guard let first = values.first else { return true }
    var lowest = first
    var highest = first
    for value in values {
      lowest = Swift.min(lowest, value)
      highest = Swift.max(highest, value)
    }
    return lowest == highest
  }
}
