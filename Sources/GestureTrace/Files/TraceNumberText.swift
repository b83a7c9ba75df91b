/// A number as a trace file writes it: its text (in CSV, and in JSON Lines
/// when it is finite) and whether it is finite (JSON Lines writes `null`
/// when it is not).
///
/// `Double` writes ``ByteText/writeShortest(_:to:)``'s text; the
/// synthesizer's numbers, which it knows to be whole pixels or tenths,
/// write the same text faster. The row and event syntax
/// (``CSVTraceRow``, ``JSONLinesTraceEvent``) is written once for all.
protocol TraceNumberText {
  /// Whether the number is finite.
  var isFinite: Bool { get }
  /// Appends the number's text: `Double.shortestDescription`'s.
  func write(to row: inout ByteRow)
}

extension Double: TraceNumberText {
  /// Appends ``shortestDescription``'s bytes.
  @inline(__always)
  func write(to row: inout ByteRow) {
    row.append(shortest: self)
  }
}
