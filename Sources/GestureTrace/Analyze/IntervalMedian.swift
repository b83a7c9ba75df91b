/// The median of a trace's intervals kept as whole nanoseconds, in seconds,
/// exactly as ``Quantiles/median(selectingIn:)`` gives it on the intervals
/// in seconds.
///
/// An interval of *n* ns is *n* / 10⁹ s rounded (``TraceTime/seconds``),
/// and rounding is monotonic, so the intervals in seconds are in the same
/// order as the integers: the order statistics the median reads are the
/// integers' ones, converted. The two middle values are then combined with
/// the same arithmetic as ``Quantiles/median(selectingIn:)``.
// NB: the features' walk keeps integers: no division per interval for the
// median's sake, one instruction per comparison, no −0 or NaN, and the
// walk's counting for the window (below) is integer work beside its
// divisions.
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

  /// Where ``median(of:kept:window:below:)`` looks for the middle
  /// intervals first: a guess ± 1/32 of it (clamped to the integers).
  struct Window {
    /// The smallest interval inside.
    let lowest: Int64
    /// The largest minus the smallest interval inside.
    let width: UInt64

    /// The window around `guess`.
    init(around guess: Int64) {
      let half = Int64(guess.magnitude >> 5)
      let (low, lowOverflow) = guess.subtractingReportingOverflow(half)
      let (high, highOverflow) = guess.addingReportingOverflow(half)
      lowest = lowOverflow ? .min : low
      width = UInt64(bitPattern: (highOverflow ? .max : high) &- lowest)
    }

    /// 1 when `interval` is inside, else 0, without a branch.
    @inline(__always)
    func inside(_ interval: Int64) -> Int {
      Int(bit: UInt64(bitPattern: interval &- lowest) <= width)
    }

    /// 1 when `interval` is below, else 0, without a branch.
    @inline(__always)
    func below(_ interval: Int64) -> Int { Int(bit: interval < lowest) }
  }

  /// Below this many intervals the window is not used: all are selected
  /// among.
  static let windowMinimumCount = 16

  /// The window around the median of 3 × 3 of `count` intervals spread
  /// over them (Tukey's ninther); `interval(i)` is the interval at `i`.
  /// With fewer than ``windowMinimumCount``, any window (it is not used).
  @inline(__always)
  static func window(count: Int, interval: (Int) -> Int64) -> Window {
    guard count >= windowMinimumCount else { return Window(around: 0) }
    let last = count - 1
    func sample(_ eighth: Int) -> Int64 { interval(eighth * last / 8) }
    return Window(
      around: median(
        median(sample(0), sample(1), sample(2)), median(sample(3), sample(4), sample(5)),
        median(sample(6), sample(7), sample(8))))
  }

  /// The median of three values.
  @inline(__always)
  static func median(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
    Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
  }

  /// ``median(of:)`` by the window around `guess`: the result does not
  /// depend on the guess, only the work does. `scratch` holds at least as
  /// many values as `intervals`.
  static func median(
    of intervals: UnsafeMutableBufferPointer<Int64>, near guess: Int64,
    scratch: UnsafeMutableBufferPointer<Int64>
  ) -> Double? {
    let window = Window(around: guess)
    var below = 0
    var inside = 0
    for interval in intervals {
      scratch[inside] = interval
      inside &+= window.inside(interval)
      below &+= window.below(interval)
    }
    return median(
      inWindowOf: intervals, kept: UnsafeMutableBufferPointer(rebasing: scratch[..<inside]),
      window: window, below: below)
  }

  /// ``median(of:)`` from a pass over `intervals` that counted `below`
  /// values below `window` and copied those inside it, in order, to `kept`.
  // NB: the features' walk makes that pass, its integer work hidden behind
  // the walk's divisions. When the middle ranks fall among the kept values
  // (most traces: their intervals cluster around the sampling rate), the
  // selection runs on those few. Otherwise the values below or above the
  // window hold both middle ranks and are selected among (one more pass
  // gathers them), or, if the window splits the two, all of them.
  static func median(
    of intervals: UnsafeMutableBufferPointer<Int64>, kept: UnsafeMutableBufferPointer<Int64>,
    window: Window, below: Int
  ) -> Double? {
    // NB: with few intervals, an extra pass costs more than it saves.
    guard intervals.count >= windowMinimumCount else { return median(of: intervals) }
    return median(inWindowOf: intervals, kept: kept, window: window, below: below)
  }

  /// ``median(of:kept:window:below:)`` for any number of intervals.
  private static func median(
    inWindowOf intervals: UnsafeMutableBufferPointer<Int64>,
    kept: UnsafeMutableBufferPointer<Int64>, window: Window, below: Int
  ) -> Double? {
    let count = intervals.count
    guard count > 0 else { return nil }
    let lower = (count - 1) / 2
    let upper = count % 2 == 0 ? lower + 1 : lower
    let inside = kept.count
    if below <= lower && upper < below &+ inside {
      return median(in: kept, rank: lower - below, evenCount: count % 2 == 0)
    }
    var gathered = 0
    if upper < below {
      for interval in intervals {
        intervals[gathered] = interval
        gathered &+= window.below(interval)
      }
      let values = UnsafeMutableBufferPointer(rebasing: intervals[..<gathered])
      return median(in: values, rank: lower, evenCount: count % 2 == 0)
    }
    if lower >= below &+ inside {
      for interval in intervals {
        intervals[gathered] = interval
        gathered &+= 1 &- window.below(interval) &- window.inside(interval)
      }
      let values = UnsafeMutableBufferPointer(rebasing: intervals[..<gathered])
      return median(in: values, rank: lower - below - inside, evenCount: count % 2 == 0)
    }
    return median(of: intervals)
  }

  /// The median from `values` that hold the middle rank(s): `rank` is the
  /// lower one's among them, and for an even count the next one is there
  /// too.
  private static func median(
    in values: UnsafeMutableBufferPointer<Int64>, rank: Int, evenCount: Bool
  ) -> Double {
    select(rank, in: values, from: 0, through: values.count - 1)
    var high = values[rank]
    if evenCount {
      high = values[rank + 1]
      for index in (rank + 2)..<values.count { high = Swift.min(high, values[index]) }
    }
    return combined(values[rank], high, evenCount: evenCount)
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
  /// before it (from `start` on) and no smaller one after (up to `end`):
  /// ``Quantiles``' selection without a branch per value (whole
  /// nanoseconds have neither −0 nor NaN).
  static func select(
    _ rank: Int, in values: UnsafeMutableBufferPointer<Int64>, from start: Int, through end: Int
  ) {
    Quantiles.selectWithoutBranches(rank, in: values, from: start, through: end)
  }

}
