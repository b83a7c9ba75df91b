import Dispatch
import GestureTrace

/// Takes the parts of an analysis in input order: merges their counts,
/// writes their CSV rows at once, and keeps the first traces whole.
struct AnalysisSink {
  let work: AnalysisWork
  private(set) var accumulator: GroupedAccumulator
  private(set) var sampleTraces: [TraceAnalysis] = []
  private(set) var samples: [Trace] = []
  private var sampleSelection = SampleSelection()
  private(set) var traceCount = 0
  /// The traces left out for want of a scale, in input order.
  private(set) var leftOut = LeftOutTraces()
  private(set) var eventCount = 0
  private(set) var byteCount = 0
  private(set) var replayNanoseconds: [UInt64]
  private(set) var replayEvents: [Int]
  /// With `--group-by`, the metadata keys of the traces taken.
  private(set) var metadataKeys: Set<String> = []
  /// After how many traces the per-trace numbers move to a temporary file.
  // NB: keep the threshold small: the table and its columns at a spill
  // count against the 100 MB peak-memory goal (docs/performance.md,
  // "Notes moved from the code").
  var spillThreshold = 1 << 14
  private var spill: ValueSpill?
  /// The columns of the numbers being moved to the file, kept from one
  /// move to the next.
  private var spillColumns: [Double] = []
  private var spillFailed = false
  private var tracesInMemory = 0
  /// The most traces whose per-trace numbers were held in memory at once
  /// (for tests: at most ``spillThreshold`` while the file takes them).
  private(set) var mostTracesHeld = 0
  /// Whether per-trace numbers were moved to the temporary file.
  var hasSpilled: Bool { spill != nil }

  init(work: AnalysisWork) {
    self.work = work
    accumulator = GroupedAccumulator(plan: work.plan)
    replayNanoseconds = Array(repeating: 0, count: work.plan.variants.count)
    replayEvents = Array(repeating: 0, count: work.plan.variants.count)
  }

  /// Whether the next parts should keep their first traces whole.
  // NB: a later part may still hold the first traces meant for a
  // transition, so every part keeps what its own selection admits.
  var wantsSamples: Bool { !work.writesRowsOnly }

  /// How many disagreements and near-threshold runs the next parts need
  /// to list: the room left in the lists of the parts taken.
  var listRoom: ListRoom { accumulator.overall.listRoom }

  /// Takes the part that follows every part taken so far.
  mutating func absorb(
    _ part: AnalyzedRun, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    if work.writesPartial {
      // NB: the trace lines hold the per-trace numbers; only the counts
      // are kept.
      if !part.rows.isEmpty { try output.writePartial(part.rows, io: &io) }
      accumulator.merge(part.accumulator)
      accumulator.dropValues()
    } else if work.csv != nil {
      if !part.rows.isEmpty { try output.write(part.rows, io: &io) }
    } else {
      accumulator.merge(part.accumulator)
      tracesInMemory += part.traceCount
      if tracesInMemory >= spillThreshold && !spillFailed { spillValues() }
    }
    for (analysis, trace) in zip(part.sampleTraces, part.samples)
    where sampleSelection.admits(target: analysis.target) {
      sampleTraces.append(work.detailed(analysis, of: trace))
      samples.append(trace)
    }
    traceCount += part.traceCount
    metadataKeys.formUnion(part.metadataKeys)
    leftOut.merge(part.leftOut)
    eventCount += part.eventCount
    byteCount += part.byteCount
    for index in replayEvents.indices {
      replayNanoseconds[index] += part.replayNanoseconds[index]
      replayEvents[index] += part.replayEvents[index]
    }
  }

  // MARK: - Partials

  /// Takes a trace of a partial summary that follows every trace taken:
  /// its per-trace numbers (its counts come with the partial's summary,
  /// ``absorb(_:)``).
  mutating func absorb(_ trace: PartialTrace) {
    accumulator.appendValues(trace.values[...], group: trace.group)
    tracesInMemory += 1
    mostTracesHeld = max(mostTracesHeld, tracesInMemory)
    if tracesInMemory >= spillThreshold && !spillFailed { spillValues() }
  }

  /// Takes a sample trace of a partial summary that follows every trace
  /// taken; keeps it if the selection of all traces admits it.
  mutating func absorb(sample trace: Trace) {
    guard sampleSelection.admits(target: trace.metadata.target) else { return }
    sampleTraces.append(TraceAnalysis(trace, plan: work.plan, keepsDetails: true))
    samples.append(trace)
  }

  /// Takes the summary of a partial whose traces and samples were taken.
  mutating func absorb(_ summary: PartialSummary) {
    accumulator.merge(summary.accumulator)
    traceCount += summary.accumulator.overall.traceCount
    leftOut.merge(LeftOutTraces(count: summary.leftOutCount, units: summary.leftOutUnits))
    metadataKeys.formUnion(summary.metadataKeys)
  }

  /// The lines that end a partial summary (`analyze --partial`): the
  /// sample traces, then the counts.
  func partialEnding() -> String {
    var text = ""
    for trace in samples { text += AnalysisPartial.sampleLine(trace) }
    return text
      + AnalysisPartial.summaryLine(
        PartialSummary(
          accumulator: accumulator, leftOutCount: leftOut.count, leftOutUnits: leftOut.units,
          metadataKeys: metadataKeys))
  }

  /// The warning that no trace has the `--group-by` key (every trace is
  /// then in the group '(none)'), listing the keys they have; `nil` when
  /// one has it, or when there is no key or no trace.
  var groupByWarning: String? {
    guard let key = work.plan.groupBy, traceCount > 0, !metadataKeys.contains(key) else {
      return nil
    }
    let present =
      metadataKeys.isEmpty
      ? "they have no metadata"
      : "keys present: " + metadataKeys.sorted().joined(separator: ", ")
    return "warning: no trace has the metadata key '\(key.escapingControlCharacters)', so "
      + "every trace is in the group '(none)'; \(present)\n"
  }

  /// Moves the per-trace numbers to the temporary file, or keeps them in
  /// memory from now on when there is none.
  private mutating func spillValues() {
    if spill == nil { spill = ValueSpill() }
    guard var file = spill, store(accumulator.overall, group: nil, in: &file) else {
      spillFailed = true
      return
    }
    for (name, group) in accumulator.groups {
      guard store(group, group: name, in: &file) else {
        spillFailed = true
        return
      }
    }
    accumulator.dropValues()
    spill = file
    tracesInMemory = 0
  }

  /// Appends one accumulator's numbers to the file.
  private mutating func store(
    _ part: AnalysisAccumulator, group: String?, in file: inout ValueSpill
  ) -> Bool {
    let rowCount = part.copyColumns(into: &spillColumns)
    return spillColumns.withUnsafeBufferPointer { columns in
      file.store(
        group: group, columns: columns, rowCount: rowCount, columnCount: part.columnCount)
    }
  }

  /// The analysis of every trace taken, its features' distributions
  /// computed on `jobs` threads (and its decision maps when
  /// `drawsDecisionMaps`); closes the temporary file.
  mutating func analysis(
    jobs: Int = 1, drawsDecisionMaps: Bool = true
  ) throws(CommandError) -> Analysis {
    defer {
      spill?.close()
      spill = nil
    }
    let unreadable = SpillFailure()
    let spill = self.spill
    let inMemory = tracesInMemory
    // NB: the columns go to the threads one at a time, so each thread holds
    // one column.
    let summarizer = ColumnSummarizer { count, body in
      _ = ParallelMap.map(Array(0..<count), jobs: jobs, body)
    }
    let analysis = Analysis(
      accumulator, plan: work.plan, sampleTraces: sampleTraces, samples: samples,
      summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps
    ) { group, column in
      guard let spill else { return [] }
      guard let values = spill.values(group: group, column: column, reserving: inMemory) else {
        unreadable.record()
        return []
      }
      return values
    }
    if unreadable.happened {
      throw .ioError("Cannot read the temporary file of per-trace numbers")
    }
    return analysis
  }
}

/// Whether reading the temporary file failed, from any thread.
private final class SpillFailure: @unchecked Sendable {
  // NB: `lock` guards `failed`.
  private let lock = DispatchSemaphore(value: 1)
  private var failed = false

  /// Notes a failure.
  func record() {
    lock.wait()
    failed = true
    lock.signal()
  }

  /// Whether a failure was noted.
  var happened: Bool {
    lock.wait()
    defer { lock.signal() }
    return failed
  }
}
