/// Measurements of one trace that do not depend on any transition.
package struct TraceFeatures: Sendable, Hashable {
  /// The trace's id.
  package var id: String
  /// The number of events.
  package var eventCount: Int
  /// From the first event to the last, in seconds.
  package var duration: Double
  /// The final translation.
  package var netTranslation: Vector2D
  /// The length of the final translation, in points.
  package var netDistance: Double
  /// The length of the path the translation traced, in points, from the
  /// touch-down point (zero translation), where ``netDistance`` is measured
  /// from: so it is never shorter than the net distance.
  package var pathLength: Double
  /// The velocity at release: the last event's recorded velocity, or the
  /// default estimator's when the trace has none.
  package var releaseVelocity: Vector2D
  /// The last event's recorded velocity, if any.
  package var recordedReleaseVelocity: Vector2D?
  /// The intervals between consecutive events, in seconds.
  package var intervals: [Double]
  /// The axis the net translation mostly follows: `x` or `y` (ties: `y`).
  package var dominantAxis: String
  /// Net distance over path length: 1 for a straight drag (and for no
  /// movement at all).
  package var straightness: Double
  /// How often the motion along the dominant axis turned back by more than
  /// ``reversalHysteresis`` points.
  package var reversals: Int
  /// The fastest speed between consecutive events, points per second.
  package var peakSpeed: Double
  /// Seconds from the last movement (more than 0.5 pt from the final
  /// translation) to the last event.
  package var pauseBeforeLift: Double

  /// The turn-back distance that counts as a reversal, in points.
  static let reversalHysteresis = 2.0

  /// Measures a trace.
  package init(of trace: borrowing Trace) {
    let count = max(0, trace.events.count - 1)
    var path = Path()
    let intervals = withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) {
      nanoseconds in
      withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { kept in
        path = Self.walk(
          trace.events, horizontal: Self.isHorizontal(trace), intervals: nanoseconds, kept: kept)
      }
      return nanoseconds.map { TraceTime(nanoseconds: $0).seconds }
    }
    self.init(trace, path: path, intervals: intervals)
  }

  /// Measures a trace without keeping its intervals (``intervals`` is
  /// empty); `intervalMedian` is set to their median as
  /// ``Quantiles/median`` gives it, `nil` with fewer than two events.
  // NB: summaries need only the median of the intervals; they are written
  // to scratch memory (on the stack for all but long traces) instead of an
  // array made and freed for every trace, as whole nanoseconds, and the
  // walk gathers those near a guess of the median (``IntervalMedian``).
  package init(of trace: borrowing Trace, intervalMedian: inout Double?) {
    let count = max(0, trace.events.count - 1)
    let (path, median) = withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) {
      intervals in
      withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { kept in
        let path = Self.walk(
          trace.events, horizontal: Self.isHorizontal(trace), intervals: intervals, kept: kept)
        let median = IntervalMedian.median(
          of: intervals, kept: UnsafeMutableBufferPointer(rebasing: kept[..<path.inside]),
          window: path.window, below: path.below)
        return (path, median)
      }
    }
    intervalMedian = median
    self.init(trace, path: path, intervals: [])
  }

  private init(_ trace: borrowing Trace, path: Path, intervals: [Double]) {
    let events = trace.events
    id = trace.id
    eventCount = events.count
    duration = trace.duration.seconds
    netTranslation = events.last?.translation ?? .zero
    // NB: lengths and speeds of finite translations can exceed the largest
    // double; they saturate (``Swift/Double/saturated``).
    netDistance = netTranslation.length.saturated
    dominantAxis = Self.isHorizontal(trace) ? "x" : "y"
    pathLength = path.length.saturated
    peakSpeed = path.peakSpeed.saturated
    self.intervals = intervals
    straightness = pathLength > 0 ? min(netDistance / pathLength, 1) : 1
    recordedReleaseVelocity = events.last?.velocity
    releaseVelocity = trace.releaseVelocity()
    reversals = path.reversals
    var pause = 0.0
    if let last = events.last {
      if let moved = events.lastIndex(where: { ($0.translation - last.translation).length > 0.5 }) {
        pause = (last.time - events[moved + 1].time).seconds
      } else {
        pause = duration
      }
    }
    pauseBeforeLift = pause
  }

  /// Whether the net translation mostly follows x (ties: y).
  private static func isHorizontal(_ trace: Trace) -> Bool {
    let net = trace.events.last?.translation ?? .zero
    return net.x.magnitude > net.y.magnitude
  }

  /// What one walk along the events measures besides the intervals.
  private struct Path {
    var length = 0.0
    var peakSpeed = 0.0
    var reversals = 0
    /// The window around a guess of the median interval.
    var window = IntervalMedian.Window(around: 0)
    /// The number of intervals below the window.
    var below = 0
    /// The number of intervals inside the window.
    var inside = 0
  }

  /// Walks the events once for the path, the intervals in nanoseconds
  /// (written to `intervals`, one fewer than the events), the peak speed,
  /// the reversals along the dominant axis, and the intervals near a guess
  /// of their median (written to `kept`, as many as `intervals`).
  // NB: one pass, with the same operations in the same order as separate
  // passes (``countReversals(_:)`` step by step). The loop is compiled
  // once per axis, so that it does not pick the coordinate for every event.
  private static func walk(
    _ events: [PanEvent], horizontal: Bool, intervals: UnsafeMutableBufferPointer<Int64>,
    kept: UnsafeMutableBufferPointer<Int64>
  ) -> Path {
    events.withUnsafeBufferPointer { events in
      guard !events.isEmpty, intervals.count == events.count - 1, kept.count >= intervals.count
      else { return Path() }
      let window = IntervalMedian.window(count: intervals.count) {
        (events[$0 + 1].time - events[$0].time).nanoseconds
      }
      return horizontal
        ? walk(events, along: AlongX.self, intervals: intervals, window: window, kept: kept)
        : walk(events, along: AlongY.self, intervals: intervals, window: window, kept: kept)
    }
  }

  private static func walk<Axis: ReversalAxis>(
    _ events: UnsafeBufferPointer<PanEvent>, along axis: Axis.Type,
    intervals: UnsafeMutableBufferPointer<Int64>, window: IntervalMedian.Window,
    kept: UnsafeMutableBufferPointer<Int64>
  ) -> Path {
    var previous = events[0]
    var turns = Reversals(from: Axis.position(of: previous.translation))
    // NB: the path starts at the touch-down point, zero translation, as the
    // net distance does; the first event (`began`, past the slop) is
    // usually away from it, and a path from there came out shorter than
    // the net distance (the first step, up to the slop and more, left out).
    var length = previous.translation.length
    // NB: two events at a time, their square roots and divisions (the
    // slowest operations here: one square root and two divisions per
    // event) each one instruction for both lanes, with the same operations
    // on each lane as one event at a time; the sums of the steps stay in
    // order. Each lane keeps its own peak: the largest of its speeds,
    // whichever order they come in.
    var peaks = SIMD2<Double>()
    var below = 0
    var inside = 0
    var index = 1
    while index + 1 < events.count {
      let first = events[index]
      let second = events[index + 1]
      let x =
        SIMD2(first.translation.x, second.translation.x)
        - SIMD2(previous.translation.x, first.translation.x)
      let y =
        SIMD2(first.translation.y, second.translation.y)
        - SIMD2(previous.translation.y, first.translation.y)
      var steps = (x * x + y * y).squareRoot()
      if !(steps.x.isFinite && steps.y.isFinite) {
        // NB: differences of huge translations overflow the squares; the
        // length itself is finite when each difference is.
        steps = SIMD2(Vector2D.scaledLength(x.x, y.x), Vector2D.scaledLength(x.y, y.y))
      }
      let firstInterval = (first.time - previous.time).nanoseconds
      let secondInterval = (second.time - first.time).nanoseconds
      intervals.initializeElement(at: index - 1, to: firstInterval)
      intervals.initializeElement(at: index, to: secondInterval)
      // NB: `inside` is at most the intervals before, so the writes stay
      // within `kept`.
      kept[inside] = firstInterval
      inside &+= window.inside(firstInterval)
      below &+= window.below(firstInterval)
      kept[inside] = secondInterval
      inside &+= window.inside(secondInterval)
      below &+= window.below(secondInterval)
      // ``TraceTime/seconds`` of each; positive exactly when the interval is.
      let seconds = SIMD2(Double(firstInterval), Double(secondInterval)) / 1e9
      let speeds = steps / seconds
      // `max(peak, speed)` for a positive interval: a plain comparison
      // picks the same value (NaN, from a step of NaN or ∞ − ∞, never
      // becomes the peak).
      peaks.replace(with: speeds, where: (seconds .> 0) .& (speeds .>= peaks))
      length += steps.x
      length += steps.y
      turns.move(to: Axis.position(of: first.translation))
      turns.move(to: Axis.position(of: second.translation))
      previous = second
      index += 2
    }
    var peak = peaks.x
    if peaks.y >= peak { peak = peaks.y }
    if index < events.count {
      let event = events[index]
      let step = (event.translation - previous.translation).length
      let interval = (event.time - previous.time).nanoseconds
      length += step
      intervals.initializeElement(at: index - 1, to: interval)
      kept[inside] = interval
      inside &+= window.inside(interval)
      below &+= window.below(interval)
      if interval > 0 {
        let speed = step / TraceTime(nanoseconds: interval).seconds
        if speed >= peak { peak = speed }
      }
      turns.move(to: Axis.position(of: event.translation))
    }
    return Path(
      length: length, peakSpeed: peak, reversals: turns.count, window: window, below: below,
      inside: inside)
  }

  /// The coordinate reversals are counted along, as a type, so that the
  /// walk is compiled once per axis.
  private protocol ReversalAxis {
    /// The coordinate of `translation` along this axis.
    static func position(of translation: Vector2D) -> Double
  }

  private enum AlongX: ReversalAxis {
    static func position(of translation: Vector2D) -> Double { translation.x }
  }

  private enum AlongY: ReversalAxis {
    static func position(of translation: Vector2D) -> Double { translation.y }
  }

  /// The release speed in points per second.
  var releaseSpeed: Double { releaseVelocity.length.saturated }

  /// Counts turns of a one-dimensional path: a turn is a move back by more
  /// than the hysteresis from the furthest point reached in the current
  /// direction.
  static func countReversals(_ positions: some Sequence<Double>) -> Int {
    var iterator = positions.makeIterator()
    guard let first = iterator.next() else { return 0 }
    var turns = Reversals(from: first)
    while let position = iterator.next() { turns.move(to: position) }
    return turns.count
  }

  /// The turns of a one-dimensional path so far; see
  /// ``countReversals(_:)``.
  struct Reversals {
    private var extreme: Double
    private var direction = 0.0
    private(set) var count = 0

    init(from start: Double) {
      extreme = start
    }

    // NB: going on in the current direction moves the extreme to the
    // further of it and `position`: one `max` (or `min`) instead of a
    // branch, which depends on the data (a pause or jitter along the path)
    // and was often mispredicted (docs/performance.md, "Notes moved from the
    // code"). Only turning back and the start, both rare, branch. Same
    // decisions as the definition: with direction d = ±1 and δ = position −
    // extreme, going on is δ·d > 0, that is position > extreme for d = 1
    // (a difference of doubles is positive exactly when the first is
    // larger; NaN compares false either way) and position < extreme for
    // d = −1; turning back is −δ·d > hysteresis, and cannot hold with
    // going on.
    @inline(__always)
    mutating func move(to position: Double) {
      if direction > 0 {
        if -(position - extreme) > reversalHysteresis {
          turn(to: position)
        } else {
          extreme = position > extreme ? position : extreme
        }
      } else if direction < 0 {
        if position - extreme > reversalHysteresis {
          turn(to: position)
        } else {
          extreme = position < extreme ? position : extreme
        }
      } else {
        let delta = position - extreme
        if delta.magnitude > reversalHysteresis {
          direction = delta > 0 ? 1 : -1
          extreme = position
        }
      }
    }

    private mutating func turn(to position: Double) {
      count += 1
      direction = -direction
      extreme = position
    }
  }
}
