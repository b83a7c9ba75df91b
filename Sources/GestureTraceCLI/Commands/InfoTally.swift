import GestureTrace

/// What `info` gathers from one file's traces, holding a bounded number of
/// values however many traces it reads.
///
/// Traces are measured into ``InfoPart``s (on several threads, a piece of
/// the file each) that are added in input order. Durations and net
/// distances go to ``SpilledColumn``s; their exact medians come from passes
/// over them (``Quantiles/streamed(at:range:scratchLimit:standardDeviation:passes:)``).
/// Sampling intervals go to an ``IntervalStore``: counted, merged from the
/// parts, while few enough are distinct, and otherwise spilled as well.
// NB: keep no array of one value per trace or interval: memory must not
// grow with the file (docs/performance.md, "Notes moved from the code").
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
  private var intervals: IntervalStore<SpilledColumn>
  private let scratchLimit: Int
  /// The most values a summary held at once while selecting a median.
  private(set) var peakSelected = 0

  /// The most distinct intervals a tally counts before it spills them.
  static let distinctIntervalLimit = 1 << 18

  /// An empty tally; tests pass small chunks, scratch and limits to cross
  /// their boundaries with few traces.
  init(
    chunkCapacity: Int = 1 << 16, scratchLimit: Int = 1 << 16,
    distinctIntervals: Int = distinctIntervalLimit
  ) {
    durations = SpilledColumn(chunkCapacity: chunkCapacity)
    distances = SpilledColumn(chunkCapacity: chunkCapacity)
    intervals = IntervalStore(
      limit: distinctIntervals, values: SpilledColumn(chunkCapacity: chunkCapacity))
    self.scratchLimit = scratchLimit
  }

  /// The values held in memory by the columns now, and the distinct
  /// intervals counted.
  var heldCount: Int {
    durations.heldCount + distances.heldCount + intervals.values.heldCount
      + intervals.counts.distinctCount
  }

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
    intervals.add(part.intervals)
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
      intervals.isCounting ? intervals.counts.stats : stats(intervals.values, spread: true)
    )
    return ok ? result : nil
  }
}
