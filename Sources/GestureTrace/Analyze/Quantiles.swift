/// Quantiles of a sample, by linear interpolation between order statistics.
///
/// This is Hyndman & Fan's definition 7 (the default of R, NumPy and
/// spreadsheets): for *n* sorted values and probability *p*, the position
/// is *h* = (*n* − 1)·*p*, and the quantile interpolates between the values
/// at ⌊*h*⌋ and ⌈*h*⌉.
package struct Quantiles: Sendable, Hashable {
  /// The values in ascending order, without NaN.
  package let sorted: [Double]

  /// Creates quantiles of the finite values.
  package init(_ values: some Sequence<Double>) {
    sorted = values.filter { !$0.isNaN }.sorted()
  }

  /// Creates quantiles of the finite values, sorting `values` in place and
  /// leaving it empty: the same quantiles as ``init(_:)`` without its two
  /// copies of the values.
  package init(sorting values: inout [Double]) {
    values.removeAll { $0.isNaN }
    values.sort()
    sorted = values
    values = []
  }

  /// Whether there are no values.
  package var isEmpty: Bool { sorted.isEmpty }

  /// The number of values.
  package var count: Int { sorted.count }

  /// The quantile for a probability in 0…1, or `nil` when empty.
  package func value(at probability: Double) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let p = min(max(probability, 0), 1)
    let position = Double(sorted.count - 1) * p
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let fraction = position - Double(lower)
    return Double.interpolated(sorted[lower], sorted[upper], fraction)
  }

  /// The median, or `nil` when empty.
  package var median: Double? { value(at: 0.5) }

  /// The median of values without NaN, as ``median`` gives it, found by
  /// selection rather than sorting; `values` are left reordered.
  package static func median(selecting values: inout [Double]) -> Double? {
    // NB: called for every trace (its sampling interval), so without the
    // allocations of the general case and without a removal pass when
    // there is no NaN.
    removeNaN(from: &values)
    return values.withUnsafeMutableBufferPointer { median(selectingIn: $0) }
  }

  /// The median of values without NaN, as ``median`` gives it, found by
  /// selection in place; `values` are left reordered.
  package static func median(selectingIn values: UnsafeMutableBufferPointer<Double>) -> Double? {
    let count = values.count
    guard count > 0 else { return nil }
    let lower = (count - 1) / 2
    if hasNegativeZero(values) {
      select(lower, in: values, from: 0)
    } else {
      selectWithoutBranches(lower, in: values, from: 0, through: count - 1)
    }
    let low = values[lower]
    // Everything after `lower` is no smaller than it, so its minimum is the
    // value of rank lower + 1 (as ``value(at:)`` reads it, also for an odd
    // count: an infinite neighbour makes the median NaN there), found
    // without a second selection.
    var high = low
    if lower + 1 < count {
      high = values[lower + 1]
      // NB: `min` keeps the earlier of equal values, as the comparison did,
      // and compiles to one instruction instead of a branch per value.
      for index in (lower + 2)..<count { high = Swift.min(high, values[index]) }
    }
    // (count − 1) × 0.5 is lower, or lower + 0.5 for an even count.
    return Double.interpolated(low, high, count % 2 == 0 ? 0.5 : 0)
  }

  /// Whether a value is −0, which compares equal to +0: then which of the
  /// two lands at a rank depends on the selection's order of moves, and
  /// only ``select(_:in:from:through:)`` gives the same one as before.
  private static func hasNegativeZero(_ values: UnsafeMutableBufferPointer<Double>) -> Bool {
    // NB: no early exit, so the loop has no branch per value.
    let negativeZero = (-0.0).bitPattern
    var found: UInt64 = 0
    for value in values { found |= value.bitPattern == negativeZero ? 1 : 0 }
    return found != 0
  }

  /// Removes the NaN values, keeping the others in order.
  private static func removeNaN(from values: inout [Double]) {
    // NB: a plain loop over the buffer, and NaN found as the value unequal
    // to itself (one comparison; `isNaN` tests the bits in several steps).
    let hasNaN = values.withUnsafeBufferPointer { buffer in
      for value in buffer where value != value { return true }
      return false
    }
    if hasNaN { values.removeAll { $0.isNaN } }
  }

  /// The quantiles at `probabilities`, exactly as ``value(at:)`` gives
  /// them, found by selecting the order statistics they need rather than
  /// sorting; NaN values are removed and the others left reordered. Empty
  /// when no value is left.
  /// - Complexity: O(*n*) on average for a few probabilities.
  package static func values(
    at probabilities: [Double], selecting values: inout [Double]
  ) -> [Double] {
    removeNaN(from: &values)
    let count = values.count
    guard count > 0 else { return [] }
    let positions = probabilities.map { probability -> (Int, Int, Double) in
      let position = Double(count - 1) * min(max(probability, 0), 1)
      let lower = Int(position.rounded(.down))
      return (lower, min(lower + 1, count - 1), position - Double(lower))
    }
    // NB: only the lower ranks are selected; the value of the rank above
    // one is the smallest of those up to the next selected rank (all of
    // them lie between the two), found by a scan.
    let lowers = Set(positions.map { $0.0 }).sorted()
    return values.withUnsafeMutableBufferPointer { buffer in
      select(lowers[...], in: buffer, within: 0..<count, withoutBranches: !hasNegativeZero(buffer))
      return positions.map { lower, upper, fraction in
        let low = buffer[lower]
        var high = low
        if upper != lower {
          let next = lowers.first { $0 > lower } ?? count
          high = buffer[upper]
          if upper + 1 < next {
            for index in (upper + 1)..<next where buffer[index] < high { high = buffer[index] }
          }
        }
        return Double.interpolated(low, high, fraction)
      }
    }
  }

  /// Moves the values of sorted, distinct `ranks` to their indices, where
  /// `range` holds the values of those ranks and no value outside it
  /// belongs inside.
  // NB: the middle rank first, then the ranks on either side within their
  // own part: selecting the ranks in order from the smallest would go over
  // nearly the whole array once per rank.
  static func select(
    _ ranks: ArraySlice<Int>, in values: UnsafeMutableBufferPointer<Double>,
    within range: Range<Int>, withoutBranches: Bool
  ) {
    guard !ranks.isEmpty else { return }
    let middle = ranks.startIndex + ranks.count / 2
    let rank = ranks[middle]
    if withoutBranches {
      selectWithoutBranches(rank, in: values, from: range.lowerBound, through: range.upperBound - 1)
    } else {
      select(rank, in: values, from: range.lowerBound, through: range.upperBound - 1)
    }
    select(
      ranks[..<middle], in: values, within: range.lowerBound..<rank,
      withoutBranches: withoutBranches)
    select(
      ranks[(middle + 1)...], in: values, within: (rank + 1)..<range.upperBound,
      withoutBranches: withoutBranches)
  }

  /// Moves the value of rank `rank` to that index, with no larger value
  /// before it (from `start` on) and no smaller one after (up to `end`)
  /// (Hoare's selection).
  private static func select(
    _ rank: Int, in values: UnsafeMutableBufferPointer<Double>, from start: Int,
    through end: Int? = nil
  ) {
    var low = start
    var high = end ?? values.count - 1
    while low < high {
      // NB: the median of the first, middle and last values as the pivot
      // (a value in the range, as the scans need): fewer rounds than the
      // middle value alone.
      let (a, b, c) = (values[low], values[low + (high - low) / 2], values[high])
      let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
      var i = low
      var j = high
      // NB: the scans stop at the pivot at the latest, so the indices stay
      // within low…high; wrapping steps skip the overflow checks
      // (docs/performance.md, "Notes moved from the code").
      while i <= j {
        while values[i] < pivot { i &+= 1 }
        while values[j] > pivot { j &-= 1 }
        if i <= j {
          values.swapAt(i, j)
          i &+= 1
          j &-= 1
        }
      }
      if rank <= j {
        high = j
      } else if rank >= i {
        low = i
      } else {
        return
      }
    }
  }

  /// ``select(_:in:from:through:)`` for values without −0 and NaN, by
  /// Lomuto's partition written without a branch per value.
  // NB: Hoare's scans stop at data-dependent places, and on intervals of
  // nearly equal length their branches are mispredicted about every other
  // value; here every value is swapped and the boundary moves by the
  // comparison's result. Values equal to the pivot all go right, so when
  // none is smaller, a second pass gathers them, and a range of equal
  // values ends in two passes instead of one per value. Without −0 and NaN,
  // equal values have equal bits, so every selection puts the same value at
  // a rank.
  // NB: generic so that `IntervalMedian` selects its whole nanoseconds with
  // the same loop; each caller gets a copy compiled for its type.
  static func selectWithoutBranches<Value: Comparable & BitwiseCopyable>(
    _ rank: Int, in values: UnsafeMutableBufferPointer<Value>, from start: Int, through end: Int
  ) {
    var low = start
    var high = end
    while low < high {
      // The median of the first, middle and last values, moved to the end.
      let middle = low &+ (high &- low) / 2
      let (a, b, c) = (values[low], values[middle], values[high])
      let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
      let pivotIndex = pivot == a ? low : (pivot == b ? middle : high)
      values[pivotIndex] = c
      values[high] = pivot
      // NB: the value at `low` is lifted out, leaving a hole at `store`.
      // Every value read is written to the hole; a smaller one stays there,
      // the hole moves one on, and the value it holds goes to where the
      // value was read. The plain swap read back, every step, what the step
      // before had just written; here nothing read feeds a later step.
      // (After Alexandrescu, "Lomuto's comeback", 2020.)
      var store = low
      let lifted = values[low]
      var index = low &+ 1
      while index < high {
        let value = values[index]
        values[store] = value
        store &+= Int(bit: value < pivot)
        values[index] = values[store]
        index &+= 1
      }
      if lifted < pivot {
        values[store] = lifted
        store &+= 1
        values[high] = values[store]
      } else {
        values[high] = lifted
      }
      values[store] = pivot
      if rank < store {
        high = store &- 1
      } else if rank == store {
        return
      } else if store > low {
        low = store &+ 1
      } else {
        // Nothing below the pivot: gather the values equal to it after it.
        var equal = store &+ 1
        for index in equal...high {
          let value = values[index]
          values[index] = values[equal]
          values[equal] = value
          equal &+= Int(bit: value == pivot)
        }
        if rank < equal { return }
        low = equal
      }
    }
  }

  /// The smallest value.
  package var minimum: Double? { sorted.first }

  /// The largest value.
  package var maximum: Double? { sorted.last }

  /// The arithmetic mean, or `nil` when empty.
  package var mean: Double? {
    guard !sorted.isEmpty else { return nil }
    let count = Double(sorted.count)
    let plain = sorted.reduce(0, +) / count
    // NB: a sum of finite values can overflow; then each is divided first.
    guard !plain.isFinite, sorted.allSatisfy(\.isFinite) else { return plain }
    return sorted.reduce(0) { $0 + $1 / count }
  }

  /// The sample standard deviation, or `nil` with fewer than two values.
  package var standardDeviation: Double? {
    guard sorted.count > 1, let mean else { return nil }
    let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (squares / Double(sorted.count - 1)).squareRoot()
  }

  /// The summary probabilities reports use: p5, p25, p50, p75, p95.
  static let summaryProbabilities = [0.05, 0.25, 0.5, 0.75, 0.95]
}
