/// A problem found while reading a trace file, at a line and column.
///
/// The message says what was expected and what was found:
///
/// ```
/// 3:14: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'moved'
/// ```
///
/// Lines and columns count from 1; a column counts bytes. Control
/// characters in the message are written as escapes (`\u0000`), so
/// printing it cannot break a line or drive a terminal.
public struct TraceFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in bytes.
  public var column: Int
  /// What was expected and what was found.
  public var message: String
  /// The trace the problem belongs to, when it belongs to one.
  public var traceID: String?
  /// Whether reading cannot go on past this problem (a broken header).
  public var isFatal: Bool

  /// Creates a problem.
  public init(
    line: Int, column: Int, message: String, traceID: String? = nil,
    isFatal: Bool = false
  ) {
    self.line = line
    self.column = column
    self.message = message.escapedForMessage
    self.traceID = traceID
    self.isFatal = isFatal
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}

/// What a trace decoder produces: a valid trace, or a problem.
public enum TraceFileItem: Sendable, Hashable {
  /// A complete, valid trace, with the line its first event is on.
  case trace(Trace, line: Int)
  /// A problem; the trace it belongs to is not produced.
  case problem(TraceFileProblem)
}

/// A streaming reader of one trace file format.
///
/// Push the file's bytes in chunks of any size with ``push(_:into:)``, then
/// call ``finish(into:)``. Each complete trace is produced as soon as its
/// last row has been read, so memory is bounded by the largest trace, not by
/// the file. A trace with a problem is not produced; its problems are.
public protocol TraceDecoder {
  /// Reads the next chunk of bytes, producing what it completes.
  mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void)
  /// Reads what is left after the last chunk, producing what it completes.
  mutating func finish(into emit: (TraceFileItem) -> Void)
}

extension TraceDecoder {
  /// Decodes a whole text at once.
  public mutating func decode(_ text: String) -> [TraceFileItem] {
    var items: [TraceFileItem] = []
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      push(UnsafeBufferPointer(buffer)) { items.append($0) }
    }
    finish { items.append($0) }
    return items
  }
}

/// A writer of one trace file format.
public protocol TraceEncoder: Sendable {
  /// The text that starts a file.
  func fileHeader() -> String
  /// Appends one trace's text.
  func encode(_ trace: Trace, into output: inout String)
}
