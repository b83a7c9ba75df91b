extension TraceEncoder {
  /// The longest line, in bytes without its line feed, that the decoder of
  /// this encoder's format reads: ``CSVTraceDecoder/maximumLineLength`` or
  /// ``JSONLinesDecoder/maximumLineLength``.
  package var maximumLineLength: Int {
    self is CSVTraceEncoder
      ? CSVTraceDecoder.maximumLineLength : JSONLinesDecoder.maximumLineLength
  }

  /// Appends the trace as ``encode(_:into:)`` does, unless one of the
  /// lines it makes would be longer than the format's decoder reads: then
  /// `output` is left as it was and the problem is returned, at `line`
  /// (where the trace was read) and column 1.
  ///
  /// A file written only through this method reads back whole: no writer
  /// makes a line its own readers refuse.
  // NB: a CSV line is one row or metadata line, so only an id or a value
  // near 1 MiB makes one too long; a JSON Lines line is a whole trace, so
  // about 800,000 events do. The lines are scanned only when the trace's
  // text as a whole is longer than the limit, which keeps the common case
  // to one comparison.
  package func encodeReadably(
    _ trace: Trace, line: Int, into output: inout String
  ) -> TraceFileProblem? {
    let start = output.utf8.count
    encode(trace, into: &output)
    let limit = maximumLineLength
    guard output.utf8.count - start > limit else { return nil }
    let longest = LineLengths(output.utf8.dropFirst(start)).longest
    guard let problem = lineLimitProblem(longest: longest, traceID: trace.id, line: line) else {
      return nil
    }
    output.removeSubrange(output.utf8.index(output.utf8.startIndex, offsetBy: start)...)
    return problem
  }

  /// The problem ``encodeReadably(_:line:into:)`` reports for a trace whose
  /// longest line, written, has `longest` bytes without its line feed;
  /// `nil` when the format's decoder reads that line.
  ///
  /// A writer that measures a trace's text as it writes it a piece at a
  /// time (``LineLengths``) refuses it with the same words.
  package func lineLimitProblem(longest: Int, traceID: String, line: Int) -> TraceFileProblem? {
    let limit = maximumLineLength
    guard longest > limit else { return nil }
    let other = self is CSVTraceEncoder ? "JSON Lines" : "CSV"
    return TraceFileProblem(
      line: line, column: 1,
      message: "expected a trace whose lines are at most \(limit) bytes when written, found "
        + "one of \(longest) bytes in trace '\(shortened(traceID))'; write it as \(other), "
        + "or split it", traceID: traceID)
  }

  /// An id cut to 40 characters for a message (an id can be a megabyte).
  private func shortened(_ id: String) -> String {
    id.count > 40 ? id.prefix(40) + "…" : id
  }
}
