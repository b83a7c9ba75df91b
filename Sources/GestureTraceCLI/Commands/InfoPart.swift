import GestureTrace

/// What `info` gathers from some consecutive traces of a file (a piece, or
/// one trace read by one decoder), to be added to an ``InfoTally`` in
/// input order.
struct InfoPart: Sendable {
  /// The traces read, those left out included.
  private(set) var readCount = 0
  /// The traces measured, and their events.
  private(set) var traces = 0
  private(set) var events = 0
  /// Events per phase, in `TouchPhase.allCases` order.
  private(set) var phaseCounts = [0, 0, 0, 0]
  /// Traces per metadata key.
  private(set) var keys: [String: Int] = [:]
  private(set) var withVelocity = 0
  private(set) var leftOut = LeftOutTraces()
  /// Per trace: duration (s) and net distance (pt).
  private(set) var durations: [Double] = []
  private(set) var distances: [Double] = []
  /// The intervals between two events, counted (``IntervalCounts``) until
  /// more than its limit are distinct, then kept in `intervals` (s) as
  /// well: together, every interval of the part once.
  private(set) var intervalCounts: IntervalCounts
  private(set) var intervals: [Double] = []
  /// The hashes of the trace ids of a piece, and whether one decoder must
  /// read it instead.
  var idHashes: [UInt64] = []
  var isIrregular = false

  /// An empty part, counting at most `distinctIntervals` distinct
  /// intervals (tests pass few).
  init(distinctIntervals: Int = IntervalCounts.pieceLimit) {
    intervalCounts = IntervalCounts(limit: distinctIntervals)
  }

  /// Adds a trace (in any units; one without a scale is left out).
  // NB: the duration, net distance and intervals are ``TraceFeatures``'
  // (the same expressions; a test compares them), without the rest of
  // the features' walk.
  mutating func add(_ trace: Trace) {
    readCount += 1
    guard let trace = leftOut.points(trace) else { return }
    traces += 1
    let events = trace.events
    durations.append(trace.duration.seconds)
    distances.append((events.last?.translation ?? .zero).length.saturated)
    if events.count > 1 {
      for index in 1..<events.count {
        let interval = events[index].time - events[index - 1].time
        if intervals.isEmpty && intervalCounts.add(interval.nanoseconds) { continue }
        intervals.append(interval.seconds)
      }
    }
    self.events += events.count
    for event in events {
      switch event.phase {
      case .began: phaseCounts[0] += 1
      case .changed: phaseCounts[1] += 1
      case .ended: phaseCounts[2] += 1
      case .cancelled: phaseCounts[3] += 1
      }
    }
    for key in trace.metadata.keys { keys[key, default: 0] += 1 }
    if trace.hasVelocity { withVelocity += 1 }
  }
}
