import Dispatch
import GestureTrace

/// The analyzer as `analyze` and `merge` drive it: lines written as the
/// traces are read, per-trace numbers moved to a temporary file.
extension TraceAnalyzer {
  /// An empty analysis for a command with `plan`, whose traces add
  /// `lines` (written out by the command as each run is taken) and whose
  /// replays are timed when `timesReplays` (`--stats`).
  ///
  /// For a report (no lines) the per-trace numbers move to a temporary
  /// file every ``spillThreshold`` traces; for lines, only the counts
  /// are kept.
  static func command(
    plan: AnalysisPlan, lines: Configuration.Lines, timesReplays: Bool = false
  ) -> TraceAnalyzer {
    var configuration = Configuration(
      lines: lines, keepsLines: false, keepsValues: lines == .none, checksIDs: false)
    if timesReplays { configuration.clock = { Platform.monotonicNanoseconds() } }
    if lines == .none { configuration.makeStore = { ValueSpill() } }
    configuration.spillThreshold = spillThreshold
    return TraceAnalyzer(plan: plan, configuration: configuration)
  }

  /// After how many traces the per-trace numbers move to the temporary
  /// file.
  // NB: keep the threshold small: the table and its columns at a spill
  // count against the 100 MB peak-memory goal (docs/performance.md,
  // "Notes moved from the code").
  static let spillThreshold = 1 << 14

  /// Takes the run that follows every run taken: writes its lines (CSV
  /// rows, or a partial's trace lines), then appends it.
  mutating func absorb(
    _ run: AnalyzedRun, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    let lines = run.analyzer.lines
    if !lines.isEmpty {
      if configuration.lines == .partial {
        try output.writePartial(lines, io: &io)
      } else {
        try output.write(lines, io: &io)
      }
    }
    append(run.analyzer)
  }

  /// The analysis of every trace taken, its features' distributions
  /// computed on `jobs` threads (and its decision maps when
  /// `drawsDecisionMaps`); closes the temporary file.
  mutating func analysis(
    jobs: Int = 1, drawsDecisionMaps: Bool = true
  ) throws(CommandError) -> Analysis {
    let unreadable = SpillFailure()
    // NB: the columns go to the threads one at a time, so each thread holds
    // one column.
    let summarizer = ColumnSummarizer { count, body in
      _ = ParallelMap.map(Array(0..<count), jobs: jobs, body)
    }
    let made = analysis(
      summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps, unreadable: unreadable.record)
    if unreadable.happened {
      throw .ioError("Cannot read the temporary file of per-trace numbers")
    }
    return made
  }

  /// The warning that no trace has the `--group-by` key (every trace is
  /// then in the group '(none)'), listing the keys they have; `nil` when
  /// one has it, or when there is no key or no trace.
  var groupByWarning: String? {
    guard let key = plan.groupBy, traceCount > 0, !metadataKeys.contains(key) else {
      return nil
    }
    let present =
      metadataKeys.isEmpty
      ? "they have no metadata"
      : "keys present: " + metadataKeys.sorted().joined(separator: ", ")
    return "warning: no trace has the metadata key '\(key.escapingControlCharacters)', so "
      + "every trace is in the group '(none)'; \(present)\n"
  }
}

/// Whether reading the temporary file failed, from any thread.
private final class SpillFailure: @unchecked Sendable {
  // NB: `lock` guards `failed`.
  private let lock = DispatchSemaphore(value: 1)
  private var failed = false

  /// Notes a failure.
  @Sendable func record() {
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
