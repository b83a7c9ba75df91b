import GestureTrace

/// What analyzing a run of consecutive traces gives: their counts (or their
/// CSV rows), the first of them kept whole, and replay statistics.
///
/// Parts of consecutive runs are absorbed in input order by an
/// ``AnalysisSink``, so the result does not depend on how the traces were
/// split or on how many threads analyzed them.
struct AnalyzedRun: Sendable {
  /// The counts, for summary reports and partials (empty for CSV).
  // NB: not optional: adding a trace through `accumulator!` moved the whole
  // accumulator out of the optional and back, for every trace.
  var accumulator: GroupedAccumulator
  /// The CSV rows, for `--format csv`, or the trace lines of a partial
  /// (`--partial`).
  var rows = ""
  /// The traces analyzed.
  var traceCount = 0
  /// The traces left out: not in points, with no scale (not in
  /// ``traceCount``).
  var leftOut = LeftOutTraces()
  /// Their events.
  var eventCount = 0
  /// The bytes of file they came from (0 when unknown).
  var byteCount = 0
  /// The first traces' analyses (without the details only sample traces
  /// show: ``AnalysisWork/detailed(_:of:)`` adds them) and events, when
  /// asked for.
  var sampleTraces: [TraceAnalysis] = []
  var samples: [Trace] = []
  /// Which of its traces the part keeps whole.
  var sampleSelection = SampleSelection()
  /// Per variant: nanoseconds spent replaying (with `--stats`) and events
  /// replayed.
  var replayNanoseconds: [UInt64]
  var replayEvents: [Int]
  /// Hashes of the trace ids read from a piece of file, in no particular
  /// order.
  var idHashes: [UInt64] = []
  /// Whether the piece of file cannot be read on its own exactly as the
  /// whole file reads: a problem, or metadata for a trace in another piece.
  var isIrregular = false
  /// With `--group-by`, the metadata keys of the traces analyzed (until one
  /// has that key), so that a key no trace has can be said.
  var metadataKeys: Set<String> = []
}

/// How each trace is analyzed: the plan, the CSV report (if that is the
/// format, or for a partial's rows) and whether replays are timed.
struct AnalysisWork: Sendable {
  let plan: AnalysisPlan
  let csv: AnalysisCSVReport?
  let timesReplays: Bool
  /// Whether the analysis writes a partial summary (`analyze --partial`):
  /// each trace's line (its numbers and CSV row), then the counts.
  var writesPartial = false

  /// Work for a plan; `csv` for `--format csv` or with `writesPartial`.
  init(
    plan: AnalysisPlan, csv: AnalysisCSVReport?, timesReplays: Bool, writesPartial: Bool = false
  ) {
    self.plan = plan
    self.csv = csv
    self.timesReplays = timesReplays
    self.writesPartial = writesPartial
  }

  /// Whether the parts only hold CSV rows (`--format csv`), no counts.
  var writesRowsOnly: Bool { csv != nil && !writesPartial }

  /// The same work with a plan of its own (``AnalysisPlan/copyForOneThread()``),
  /// for one thread.
  func copyForOneThread() -> AnalysisWork {
    AnalysisWork(
      plan: plan.copyForOneThread(), csv: csv, timesReplays: timesReplays,
      writesPartial: writesPartial)
  }

  /// An empty part, whose overall lists of disagreements and
  /// near-threshold runs take at most `listRoom` (what the parts before it
  /// leave of ``AnalysisSummary/listLimit``; all of it when `nil`).
  func makePart(listRoom: ListRoom? = nil) -> AnalyzedRun {
    var part = AnalyzedRun(
      accumulator: GroupedAccumulator(plan: plan),
      replayNanoseconds: Array(repeating: 0, count: plan.variants.count),
      replayEvents: Array(repeating: 0, count: plan.variants.count))
    if let listRoom { part.accumulator.limitLists(to: listRoom) }
    return part
  }

  /// Analyzes a trace that follows the part's traces, in points; keeps it
  /// whole when `keepsSamples` and its ``SampleSelection`` admits it. A
  /// trace that cannot be converted to points is counted in
  /// ``AnalyzedRun/leftOut`` instead.
  func add(_ trace: Trace, to part: inout AnalyzedRun, keepsSamples: Bool) {
    // NB: a trace in points costs one metadata lookup here and is not
    // copied; only the others go through the count.
    guard trace.isInPoints else {
      if let converted = part.leftOut.points(trace) {
        add(converted, to: &part, keepsSamples: keepsSamples)
      }
      return
    }
    var runs: [VariantRun]?
    if timesReplays {
      var made: [VariantRun] = []
      made.reserveCapacity(plan.variants.count)
      for index in plan.variants.indices {
        let start = Platform.monotonicNanoseconds()
        made.append(plan.run(trace, variantAt: index))
        part.replayNanoseconds[index] += Platform.monotonicNanoseconds() - start
      }
      runs = made
    }
    // NB: a sample's details (velocity estimates, jitter) are added when
    // the sink takes it: each part handed out early keeps its first traces, but
    // only the first part's are the file's first.
    let analysis = TraceAnalysis(trace, plan: plan, keepsDetails: csv != nil, runs: runs)
    part.traceCount += 1
    part.eventCount += trace.events.count
    // NB: once a trace has the key, nothing is said, so nothing more is kept.
    if let key = plan.groupBy, !part.metadataKeys.contains(key) {
      part.metadataKeys.formUnion(trace.metadata.entries.keys)
    }
    // NB: a trace that does not end gets a system cancel (Replayer).
    let replayed = trace.events.count + (trace.events.last?.phase.isFinal == false ? 1 : 0)
    for index in part.replayEvents.indices { part.replayEvents[index] += replayed }
    if let csv {
      let row = csv.row(analysis)
      if writesPartial {
        part.rows += AnalysisPartial.traceLine(analysis, plan: plan, row: row.dropLast())
        part.accumulator.add(analysis)
      } else {
        part.rows += row
      }
    } else {
      part.accumulator.add(analysis)
    }
    if !writesRowsOnly && keepsSamples && part.sampleSelection.admits(target: analysis.target) {
      part.sampleTraces.append(analysis)
      part.samples.append(trace)
    }
  }

  /// A sample trace's analysis with the details reports show for traces
  /// one by one, from its analysis without them: as if analyzed with
  /// them, its replays not run again.
  func detailed(_ analysis: TraceAnalysis, of trace: Trace) -> TraceAnalysis {
    TraceAnalysis(trace, plan: plan, keepsDetails: true, runs: analysis.runs)
  }
}
