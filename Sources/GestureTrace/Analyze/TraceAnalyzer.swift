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
// NB: `gesturetrace analyze` and `merge` drive this type too, with a
// ``Configuration`` of their own: per-piece analyzers merged in input
// order with ``append(_:)``, their lines streamed by the command.
public struct TraceAnalyzer: Sendable {
  /// What each trace is analyzed with.
  package let plan: AnalysisPlan
  /// The CSV rows of the traces, for their lines; `nil` without lines.
  let csv: AnalysisCSVReport?
  /// What is kept of each trace.
  package var configuration: Configuration
  /// The names of where the traces came from, in order: the partial's
  /// `files`.
  public internal(set) var sources: [String]
  /// The counts and per-trace numbers, overall and per group.
  var accumulator: GroupedAccumulator
  /// The lines of the traces added (``Configuration/lines``), in input
  /// order: all of them, or with ``Configuration/keepsLines`` off, those
  /// of the traces added since the caller took them.
  package internal(set) var lines = ""
  /// With ``Configuration/checksIDs``, the traces' ids, in input order.
  var ids: [String] = []
  /// The same ids, to find one added twice.
  var idSet: Set<String> = []
  /// The traces kept whole, in input order.
  package internal(set) var samples: [Trace] = []
  /// Without lines, the analyses of ``samples`` (with the details reports
  /// show once merged by ``append(_:)``).
  var sampleTraces: [TraceAnalysis] = []
  /// Which traces ``samples`` keeps.
  var sampleSelection = SampleSelection()
  /// The traces left out for want of a scale.
  package internal(set) var leftOut = LeftOutTraces()
  /// With a group-by key, the metadata keys of the traces added (until one
  /// has that key).
  package internal(set) var metadataKeys: Set<String> = []
  /// The traces analyzed.
  var analyzedCount = 0
  /// Their events.
  package internal(set) var eventCount = 0
  /// The bytes of file the traces came from, as the caller counts them.
  package var byteCount = 0
  /// Per variant: nanoseconds spent replaying (with
  /// ``Configuration/clock``) and events replayed.
  package internal(set) var replayNanoseconds: [UInt64]
  package internal(set) var replayEvents: [Int]
  /// Where per-trace numbers went (``Configuration/makeStore``).
  var valueStore: (any TraceValueStore)?
  /// The columns of the numbers being stored, kept from one store to the
  /// next.
  var storeColumns: [Double] = []
  /// Whether storing failed: the numbers then stay in memory.
  var storeFailed = false
  /// The traces whose per-trace numbers are in memory.
  var tracesInMemory = 0
  /// The most traces whose per-trace numbers were held in memory at once.
  package internal(set) var mostTracesHeld = 0

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
  /// included) that keeps what `configuration` says.
  package init(
    plan: AnalysisPlan, sources: [String] = [], configuration: Configuration = .library
  ) {
    self.init(
      plan: plan, csv: configuration.lines == .none ? nil : AnalysisCSVReport(plan: plan),
      sources: sources, configuration: configuration)
  }

  /// An empty analysis with its CSV report made.
  init(
    plan: AnalysisPlan, csv: AnalysisCSVReport?, sources: [String], configuration: Configuration
  ) {
    self.plan = plan
    self.csv = csv
    self.configuration = configuration
    self.sources = sources
    accumulator = GroupedAccumulator(plan: plan)
    replayNanoseconds = Array(repeating: 0, count: plan.variants.count)
    replayEvents = Array(repeating: 0, count: plan.variants.count)
  }

  /// The variants, in report order.
  public var variants: [Variant] { plan.variants }

  /// The number of traces analyzed (without those left out).
  public var traceCount: Int { analyzedCount }

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
    if configuration.checksIDs {
      guard idSet.insert(trace.id).inserted else {
        throw TraceAnalyzerError(
          "trace \(trace.id.messageQuoted) was added already; a trace id may appear only once")
      }
      ids.append(trace.id)
    }
    add(inPoints: trace)
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
    if let difference = PartialFormat.difference(
      between: PartialFormat.planFields(plan), and: PartialFormat.planFields(other.plan))
    {
      throw TraceAnalyzerError(
        "the analyses have different plans: \(difference.setting) \(difference.other) "
          + "instead of \(difference.this)")
    }
    if configuration.checksIDs, let repeated = other.ids.first(where: idSet.contains) {
      throw TraceAnalyzerError(
        "trace \(repeated.messageQuoted) is in both analyses; a trace may be in only one")
    }
    if let problem = accumulator.mergeProblem(
      other.accumulator, leftOut: leftOut.count, otherLeftOut: other.leftOut.count)
    {
      throw TraceAnalyzerError("the analyses cannot be merged: \(problem)")
    }
    append(other)
  }
}

extension String {
  /// The text in single quotes for a message, cut when long.
  fileprivate var messageQuoted: String { JSONProblem.quoted(self) }
}
