import GestureTrace

/// What `info` gathers from one file's traces, holding a bounded number of
/// values however many traces it reads.
///
/// Durations, net distances and sampling intervals go to
/// ``SpilledColumn``s; their exact medians come from passes over them
/// (``Quantiles/streamed(at:range:scratchLimit:standardDeviation:passes:)``).
// NB: before, one Double per trace and one per interval were kept in arrays
// for the exact median: 190 MB on 200,000 traces, growing with the file.
final class InfoTally {
  private(set) var traces = 0
  private(set) var events = 0
  private(set) var phases: [TouchPhase: Int] = [:]
  private(set) var keys: [String: Int] = [:]
  private(set) var withVelocity = 0
  var leftOut = LeftOutTraces()
  private let durations: SpilledColumn
  private let distances: SpilledColumn
  private let intervals: SpilledColumn
  private let scratchLimit: Int
  /// The most values a summary held at once while selecting a median.
  private(set) var peakSelected = 0

  /// An empty tally; tests pass small chunks and scratch to cross their
  /// boundaries with few traces.
  init(chunkCapacity: Int = 1 << 16, scratchLimit: Int = 1 << 16) {
    durations = SpilledColumn(chunkCapacity: chunkCapacity)
    distances = SpilledColumn(chunkCapacity: chunkCapacity)
    intervals = SpilledColumn(chunkCapacity: chunkCapacity)
    self.scratchLimit = scratchLimit
  }

  /// The values held in memory by the columns now.
  var heldCount: Int { durations.heldCount + distances.heldCount + intervals.heldCount }

  /// Adds a trace (in any units; one without a scale is left out).
  func add(_ trace: Trace) {
    guard let trace = leftOut.points(trace) else { return }
    let features = TraceFeatures(of: trace)
    traces += 1
    durations.append(features.duration)
    distances.append(features.netDistance)
    intervals.append(contentsOf: features.intervals)
    events += trace.events.count
    for event in trace.events { phases[event.phase, default: 0] += 1 }
    for key in trace.metadata.entries.keys { keys[key, default: 0] += 1 }
    if trace.hasVelocity { withVelocity += 1 }
  }

  /// The summary of durations, distances and intervals; `nil` when a
  /// column could not be read back from its temporary file.
  func columns() -> (
    durations: InfoCommand.ColumnStats, distances: InfoCommand.ColumnStats,
    intervals: InfoCommand.ColumnStats
  )? {
    var ok = true
    func stats(_ column: SpilledColumn, spread: Bool) -> InfoCommand.ColumnStats {
      let streamed = Quantiles.streamed(
        at: [0.5], range: column.fullRange, scratchLimit: scratchLimit,
        standardDeviation: spread
      ) { visit in
        if !column.forEachChunk(visit) { ok = false }
      }
      peakSelected = max(peakSelected, streamed.peakHeld)
      return InfoCommand.ColumnStats(streamed)
    }
    let result = (
      stats(durations, spread: false), stats(distances, spread: false),
      stats(intervals, spread: true)
    )
    return ok ? result : nil
  }
}
