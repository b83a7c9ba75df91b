/// The median of a trace's intervals kept as whole nanoseconds, in seconds,
/// exactly as ``Quantiles/median(selectingIn:)`` gives it on the intervals
/// in seconds.
///
/// An interval of *n* ns is *n* / 10⁹ s rounded (``TraceTime/seconds``),
/// and rounding is monotonic, so the intervals in seconds are in the same
/// order as the integers: the order statistics the median reads are the
/// integers' ones, converted. The two middle values are then combined with
/// the same arithmetic as ``Quantiles/median(selectingIn:)``.
// NB: the features' walk keeps integers so that it does not divide per
// event for the interval in seconds; integers also compare in one
// instruction and have no −0 or NaN.
enum IntervalMedian {
  /// The median of `intervals` in seconds, `nil` when empty; `intervals`
  /// are left reordered.
  static func median(of intervals: UnsafeMutableBufferPointer<Int64>) -> Double? {
    let count = intervals.count
    guard count > 0 else { return nil }
    let lower = (count - 1) / 2
    select(lower, in: intervals, from: 0, through: count - 1)
    var high = intervals[lower]
    if count % 2 == 0 {
      // Everything after `lower` is no smaller than it, so the smallest of
      // them is the value of rank lower + 1.
      high = intervals[lower + 1]
      for index in (lower + 2)..<count { high = Swift.min(high, intervals[index]) }
    }
    return combined(intervals[lower], high, evenCount: count % 2 == 0)
  }

  /// The median from the values of the two middle ranks (the same rank for
  /// an odd count), as ``Quantiles/median(selectingIn:)`` combines them.
  static func combined(_ low: Int64, _ high: Int64, evenCount: Bool) -> Double {
    let low = TraceTime(nanoseconds: low).seconds
    // NB: for an odd count Quantiles computes low + (high − low) × 0, which
    // is `low`: the difference of two finite values is finite, and low is
    // never −0 (0 ns is +0 s).
    guard evenCount else { return low }
    let high = TraceTime(nanoseconds: high).seconds
    return low + (high - low) * 0.5
  }

  /// Moves the value of rank `rank` to that index, with no larger value
  /// before it (from `start` on) and no smaller one after (up to `end`).
  // NB: Lomuto's partition through a hole, without a branch per value, as
  // in ``Quantiles`` (see its NB notes): every value is written to the
  // hole and the hole moves on by the comparison's result. Values equal to
  // the pivot go right; when none is smaller, a second pass gathers them,
  // so a run of equal intervals ends in two passes.
  static func select(
    _ rank: Int, in values: UnsafeMutableBufferPointer<Int64>, from start: Int, through end: Int
  ) {
    var low = start
    var high = end
    while low < high {
      // The median of the first, middle and last values, moved to the end.
      let middle = low &+ (high &- low) / 2
      let (a, b, c) = (values[low], values[middle], values[high])
      let pivot = Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
      let pivotIndex = pivot == a ? low : (pivot == b ? middle : high)
      values[pivotIndex] = c
      values[high] = pivot
      var store = low
      let lifted = values[low]
      var index = low &+ 1
      while index < high {
        let value = values[index]
        values[store] = value
        store &+= one(value < pivot)
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
          equal &+= one(value == pivot)
        }
        if rank < equal { return }
        low = equal
      }
    }
  }

  /// 1 when `condition` holds, else 0, without a branch.
  @inline(__always)
  private static func one(_ condition: Bool) -> Int {
    Int(unsafeBitCast(condition, to: UInt8.self))
  }
}
