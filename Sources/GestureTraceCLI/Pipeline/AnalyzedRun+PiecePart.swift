/// An analyzed piece of a ``PiecedFile``.
extension AnalyzedRun: PiecePart {
  /// The traces analyzed and those left out.
  var readCount: Int { traceCount + leftOut.count }
}
