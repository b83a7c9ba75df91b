import GestureTrace

/// What `info` gathers from one file's traces, holding a bounded number of
/// values however many traces it reads.
///
/// Traces are measured into ``InfoPart``s (on several threads, a piece of
/// the file each) that are added in input order. Durations, net distances and sampling intervals go to
/// ``SpilledColumn``s; their exact medians come from passes over them
/// (``Quantiles/streamed(at:range:scratchLimit:standardDeviation:passes:)``).
// NB: before, one Double per trace and one per interval were kept in arrays
// for the exact median: 190 MB on 200,000 traces, growing with the file.
final class InfoTally {
  private(set) var traces = 0
  private(set) var events = 0
  private var phaseCounts = [0, 0, 0, 0]
  private(set) var keys: [String: Int] = [:]
  private(set) var withVelocity = 0
  var leftOut = LeftOutTraces()
  /// The traces read, those left out included.
  private(set) var readCount = 0
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

  /// The events per phase, for the phases seen.
  var phases: [TouchPhase: Int] {
    var phases: [TouchPhase: Int] = [:]
    for (phase, count) in zip(TouchPhase.allCases, phaseCounts) where count > 0 {
      phases[phase] = count
    }
    return phases
  }

  /// Adds a trace (in any units; one without a scale is left out).
  func add(_ trace: Trace) {
    var part = InfoPart()
    part.add(trace)
    add(part)
  }

  /// Adds the traces of a part, which follow those added before.
  func add(_ part: InfoPart) {
    readCount += part.readCount
    traces += part.traces
    events += part.events
    for index in phaseCounts.indices { phaseCounts[index] += part.phaseCounts[index] }
    keys.merge(part.keys, uniquingKeysWith: +)
    withVelocity += part.withVelocity
    leftOut.merge(part.leftOut)
    durations.append(contentsOf: part.durations)
    distances.append(contentsOf: part.distances)
    intervals.append(contentsOf: part.intervals)
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
