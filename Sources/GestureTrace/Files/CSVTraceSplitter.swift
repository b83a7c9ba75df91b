/// Finds where a CSV trace file can be cut into pieces of whole traces, so
/// that the pieces can be read on several cores.
///
/// A piece is read by a ``CSVTraceDecoder`` fed the file's preamble (the
/// lines up to and including the header) and then the piece. A cut falls
/// right after the last row of a trace, so comment lines between two traces
/// (the next trace's metadata) start the next piece. The cut after an offset
/// depends only on the file's bytes, so whoever computes it finds the same.
package struct CSVTraceSplitter {
  /// The header's position of the `trace` column.
  package let idField: Int
  private var fields = CSVFieldSplitter()
  private var runID: [UInt8] = []

  /// What the start of a file holds.
  package enum Preamble {
    /// The header ends at this offset (after its line break); `idField` is
    /// where the trace column is.
    case header(end: Int, idField: Int)
    /// The bytes end before the header line does.
    case needsMoreBytes
    /// There is no valid header; the decoder reports why.
    case invalid
  }

  /// Creates a splitter for rows whose trace column is `idField`.
  package init(idField: Int) {
    self.idField = idField
  }

  /// Finds the header at the start of a file: the first line that is
  /// neither blank nor a comment.
  ///
  /// - Parameter isWholeFile: Whether `bytes` reach the end of the file.
  package static func preamble(
    _ bytes: UnsafeBufferPointer<UInt8>, isWholeFile: Bool
  ) -> Preamble {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count || isWholeFile {
      guard let end = lineEnd(bytes, from: start) else {
        return isWholeFile ? .invalid : .needsMoreBytes
      }
      let line = trimmedLine(bytes, start, end)
      if !isBlank(line) && line[0] != UInt8(ascii: "#") {
        var splitter = CSVFieldSplitter()
        guard case .success(let layout) = CSVLayout.parse(line, splitter: &splitter) else {
          return .invalid
        }
        return .header(end: end + 1, idField: layout.trace)
      }
      start = end + 1
    }
    return .invalid
  }

  /// Finds the cut that follows an offset of the data.
  ///
  /// `bytes` start one byte before that offset. The cut is after the last
  /// row of the trace whose row is the first to start at or after the
  /// offset: the returned index (in `bytes`) starts the line after that
  /// row. Returns `nil` when `bytes` end before the cut is known, and
  /// `bytes.count` when there is no later trace and `isFinal` says the
  /// bytes reach the end of the file.
  package mutating func cut(in bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Int? {
    guard let base = bytes.baseAddress else { return isFinal ? 0 : nil }
    let count = bytes.count
    var start = 0
    // The first line start at or after offset 1.
    while start < count && base[start] != 0x0A { start += 1 }
    start += 1
    var lastRowNext: Int?
    runID.removeAll(keepingCapacity: true)
    while start < count {
      guard let end = Self.lineEnd(bytes, from: start) else { break }
      let line = Self.trimmedLine(bytes, start, end)
      if !Self.isBlank(line) && line[0] != UInt8(ascii: "#") {
        if lastRowNext == nil {
          runID = rowKey(line)
        } else if !sameKey(line) {
          return lastRowNext
        }
        lastRowNext = end + 1
      }
      start = end + 1
    }
    guard isFinal else { return nil }
    return count
  }

  /// The key that tells rows of one trace from another: the trace field,
  /// or the whole line when it cannot be split.
  private mutating func rowKey(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    if fields.split(line) == nil, fields.count > idField {
      return fields.withField(idField, in: line) { Array($0) }
    }
    return Array(line)
  }

  private mutating func sameKey(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if fields.split(line) == nil, fields.count > idField {
      return fields.equals(idField, in: line, to: runID)
    }
    return line.elementsEqual(runID)
  }

  /// The index of the line break ending the line at `start`; the end of
  /// `bytes` is not one.
  private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  /// A line without its trailing carriage return.
  private static func trimmedLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> UnsafeBufferPointer<UInt8> {
    var upper = end
    if upper > start && bytes[upper - 1] == 0x0D { upper -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<upper])
  }

  private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
