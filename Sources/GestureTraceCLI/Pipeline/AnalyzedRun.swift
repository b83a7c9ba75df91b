import GestureTrace

/// What analyzing a piece of a file gives: the analysis of its run of
/// consecutive traces, the hashes of their ids, and whether the piece read
/// as the whole file reads.
///
/// Runs are appended in input order (``TraceAnalyzer/append(_:)``), so the
/// result does not depend on how the traces were split or on how many
/// threads analyzed them.
struct AnalyzedRun: Sendable {
  /// The traces' analysis (``TraceAnalyzer/emptyPiece(listRoom:ownPlan:)``).
  var analyzer: TraceAnalyzer
  /// Hashes of the trace ids read from a piece of file, in no particular
  /// order.
  var idHashes: [UInt64] = []
  /// Whether the piece of file cannot be read on its own exactly as the
  /// whole file reads: a problem, or metadata for a trace in another piece.
  var isIrregular = false

  /// The traces analyzed.
  var traceCount: Int { analyzer.traceCount }
  /// The traces left out: not in points, with no scale (not in
  /// ``traceCount``).
  var leftOut: LeftOutTraces { analyzer.leftOut }
  /// The bytes of file the traces came from (0 when unknown).
  var byteCount: Int { analyzer.byteCount }
}
