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
  var keys: [String: Int] {
    var keys = keysCounted
    for key in runKeys { keys[key, default: 0] += runLength }
    return keys
  }
  /// Traces per metadata key, but for the last traces, which all have
  /// `runKeys` (in the same order): `runLength` of them.
  // NB: consecutive traces of a file nearly always have the same keys, and
  // comparing a trace's keys with the last ones (interned strings, equal
  // at their first word) costs far less than hashing each into the
  // dictionary.
  private var keysCounted: [String: Int] = [:]
  private var runKeys: [String] = []
  private var runLength = 0
  private(set) var withVelocity = 0
  private(set) var leftOut = LeftOutTraces()
  /// Per trace: duration (s) and net distance (pt).
  private(set) var durations: [Double] = []
  private(set) var distances: [Double] = []
  /// The intervals between two events, each once, counted while few are
  /// distinct.
  private(set) var intervals: IntervalStore<[Double]>

  /// The hashes of the trace ids of a piece, and whether one decoder must
  /// read it instead.
  var idHashes: [UInt64] = []
  var isIrregular = false

  /// An empty part, counting at most `distinctIntervals` distinct
  /// intervals (tests pass few).
  init(distinctIntervals: Int = IntervalCounts.pieceLimit) {
    intervals = IntervalStore(limit: distinctIntervals, values: [])
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
    self.events += events.count
    events.withUnsafeBufferPointer { events in
      intervals.addIntervals(of: events)
      var began = 0
      var ended = 0
      var cancelled = 0
      for event in events {
        began &+= (event.phase == .began ? 1 : 0)
        ended &+= (event.phase == .ended ? 1 : 0)
        cancelled &+= (event.phase == .cancelled ? 1 : 0)
      }
      phaseCounts[0] += began
      phaseCounts[1] += events.count - began - ended - cancelled
      phaseCounts[2] += ended
      phaseCounts[3] += cancelled
    }
    let traceKeys = trace.metadata.keys
    if traceKeys != runKeys {
      for key in runKeys { keysCounted[key, default: 0] += runLength }
      runKeys = traceKeys
      runLength = 0
    }
    runLength += 1
    if trace.hasVelocity { withVelocity += 1 }
  }
}
