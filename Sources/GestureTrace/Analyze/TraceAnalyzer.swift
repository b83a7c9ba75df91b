/// An analysis of traces that grows one trace at a time, merges with the
/// analysis of the traces that follow, and writes and reads itself as a
/// partial summary: what `gesturetrace analyze` computes, in an app or
/// another tool.
///
/// Add traces in input order, or add runs of consecutive traces to
/// several analyzers — on other threads, processes or machines — and merge
/// them in input order: the ``summary()`` and the ``partial()`` bytes are
/// the same whatever the split. A partial is exactly what
/// `gesturetrace analyze --partial` writes for the same traces and options
/// (docs/partial-format.md), so `gesturetrace merge` reads an analyzer's
/// partial and an analyzer reads the command's.
///
/// ```swift
/// import GestureTrace
///
/// func decisions(of shards: [[Trace]]) throws -> TraceAnalyzer.Summary {
///   let variants = [try Variant(parsing: "lyrics-swap")]
///   var all = TraceAnalyzer(variants: variants)
///   for shard in shards {
///     var part = TraceAnalyzer(variants: variants)
///     for trace in shard { try part.add(trace) }
///     // Bytes to store or send; read back where the shards meet.
///     let bytes = part.partial()
///     try all.merge(TraceAnalyzer(partial: bytes, name: "shard.part"))
///   }
///   return all.summary()
/// }
/// ```
///
/// The analyzer keeps, per trace, its partial line (its id, numbers and
/// CSV row: about 800 bytes) in memory; the counts and the first traces
/// (for charts) are kept whole. It reads no file and no clock.
public struct TraceAnalyzer: Sendable {
  /// What each trace is analyzed with.
  let plan: AnalysisPlan
  /// The plan as a partial's header writes it, for comparing plans.
  let planFields: [(name: String, json: String)]
  /// Each trace's row of `analyze --format csv`, kept in its line.
  let csv: AnalysisCSVReport
  /// The names of where the traces came from, in order: the partial's
  /// `files`.
  public private(set) var sources: [String]
  /// The counts and per-trace numbers, overall and per group.
  var accumulator: GroupedAccumulator
  /// Every trace's partial line, in input order.
  var traceLines = ""
  /// The traces' ids, in input order.
  var ids: [String] = []
  /// The same ids, to find one added twice.
  var idSet: Set<String> = []
  /// The traces kept whole, in input order.
  var samples: [Trace] = []
  /// Which traces ``samples`` keeps.
  var sampleSelection = SampleSelection()
  /// The traces left out for want of a scale.
  var leftOut = LeftOutTraces()
  /// With a group-by key, the metadata keys of the traces added.
  var metadataKeys: Set<String> = []

  /// An empty analysis that replays traces through `variants`, as
  /// `gesturetrace analyze --variant …` does.
  ///
  /// - Parameters:
  ///   - variants: The variants, in report order; at least one.
  ///   - fps: The frame rate of the replays' virtual clock (`--fps`),
  ///     clamped to 1…1000.
  ///   - estimator: The release velocity of a trace recorded without
  ///     velocities (`--estimator`).
  ///   - sources: The names of where the traces come from, as a partial's
  ///     header lists them (`analyze` lists the files it read).
  public init(
    variants: [Variant], fps: Int = 120, estimator: VelocityEstimator = .default,
    sources: [String] = []
  ) {
    precondition(!variants.isEmpty, "An analysis needs at least one variant")
    self.init(
      plan: AnalysisPlan(
        variants: variants,
        replayer: Replayer(framesPerSecond: fps, estimator: estimator)),
      sources: sources)
  }

  /// An empty analysis with a plan (sweeps, grouping and perturbations
  /// included).
  init(plan: AnalysisPlan, sources: [String]) {
    self.plan = plan
    planFields = AnalysisPartial.planFields(plan)
    csv = AnalysisCSVReport(plan: plan)
    self.sources = sources
    accumulator = GroupedAccumulator(plan: plan)
  }

  /// The variants, in report order.
  public var variants: [Variant] { plan.variants }

  /// The number of traces analyzed (without those left out).
  public var traceCount: Int { accumulator.overall.traceCount }

  /// Analyzes a trace that follows every trace added or merged so far.
  ///
  /// A trace in pixels is divided by its `scale`; one with no scale is
  /// left out and counted (``Summary/leftOutCount``), as `analyze` leaves
  /// it out.
  ///
  /// - Throws: ``TraceAnalyzerError`` when a trace with the same id was
  ///   analyzed, as a file may hold an id only once.
  public mutating func add(_ trace: Trace) throws(TraceAnalyzerError) {
    guard let trace = leftOut.points(trace) else { return }
    guard !idSet.contains(trace.id) else {
      throw TraceAnalyzerError(
        "trace \(trace.id.messageQuoted) was added already; a trace id may appear only once")
    }
    // NB: what `analyze --partial` does with each trace (AnalysisWork.add):
    // measured with the details of a CSV row, its line kept, counted.
    let analysis = TraceAnalysis(trace, plan: plan, keepsDetails: true)
    if let key = plan.groupBy, !metadataKeys.contains(key) {
      metadataKeys.formUnion(trace.metadata.entries.keys)
    }
    traceLines += AnalysisPartial.traceLine(analysis, plan: plan, row: csv.row(analysis).dropLast())
    accumulator.add(analysis)
    ids.append(trace.id)
    idSet.insert(trace.id)
    if sampleSelection.admits(target: analysis.target) { samples.append(trace) }
  }

  /// Adds the analysis of the traces that follow these, as if each of
  /// them had been added here in its order.
  ///
  /// Merging is exact and associative: merging `a` with `b`, then with
  /// `c`, gives the same analysis, and the same partial bytes, as merging
  /// `a` with `b` merged with `c`.
  ///
  /// - Throws: ``TraceAnalyzerError`` when `other` was made with another
  ///   plan (naming the first setting that differs), or holds a trace id
  ///   that this analysis holds (naming it), or when the merged counts
  ///   would pass what a partial holds (2⁴⁸ traces and traces left out).
  ///   The analysis is then unchanged.
  public mutating func merge(_ other: TraceAnalyzer) throws(TraceAnalyzerError) {
    if let difference = AnalysisPartial.difference(between: planFields, and: other.planFields) {
      throw TraceAnalyzerError(
        "the analyses have different plans: \(difference.setting) \(difference.other) "
          + "instead of \(difference.this)")
    }
    if let repeated = other.ids.first(where: idSet.contains) {
      throw TraceAnalyzerError(
        "trace \(repeated.messageQuoted) is in both analyses; a trace may be in only one")
    }
    if let problem = accumulator.mergeProblem(
      other.accumulator, leftOut: leftOut.count, otherLeftOut: other.leftOut.count)
    {
      throw TraceAnalyzerError("the analyses cannot be merged: \(problem)")
    }
    accumulator.merge(other.accumulator)
    traceLines += other.traceLines
    ids += other.ids
    idSet.formUnion(other.ids)
    // NB: as `merge` selects a partial's samples again (AnalysisSink).
    for trace in other.samples where sampleSelection.admits(target: trace.metadata.target) {
      samples.append(trace)
    }
    leftOut.merge(other.leftOut)
    metadataKeys.formUnion(other.metadataKeys)
    sources += other.sources
  }
}

extension String {
  /// The text in single quotes for a message, cut when long.
  fileprivate var messageQuoted: String { JSONProblem.quoted(self) }
}
