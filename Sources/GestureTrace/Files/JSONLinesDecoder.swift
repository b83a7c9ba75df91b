/// A streaming reader of JSON Lines trace files: one trace object a line.
///
/// ```swift
/// var decoder = JSONLinesDecoder()
/// let items = decoder.decode("""
///   {"id":"g1","events":[{"t":0,"phase":"began","tx":0,"ty":0},\
///   {"t":0.025,"phase":"ended","tx":1.6,"ty":24}]}
///
///   """)
/// // items == [.trace(Trace(id: "g1", events: [...]), line: 1)]
/// ```
///
/// Each line is strict RFC 8259 JSON: an object with an `id` string, an
/// `events` array and an optional `meta` object. Each event has `t` (decimal
/// seconds, read exactly to the nanosecond), `phase`, `tx` and `ty`, and
/// optionally `vx` with `vy` and `x` with `y`. Unknown keys are ignored.
/// Lines end with LF or CRLF; blank lines and a UTF-8 byte order mark at the
/// start of the file are skipped.
///
/// A line with a problem produces its first problem and no trace, and
/// reading goes on with the next line. Columns count bytes from 1, not
/// counting the byte order mark.
public struct JSONLinesDecoder: TraceDecoder, Sendable, Hashable {
  /// The longest line read, in bytes; a longer one is a problem and is
  /// skipped without being held in memory.
  public static let maximumLineLength = 1 << 26

  /// The bytes of the line not yet ended by a line feed.
  private var pending: [UInt8] = []
  /// Whether the line being read has passed ``maximumLineLength``.
  private var isOverlong = false
  /// The number of lines read so far.
  private var lineNumber = 0
  // NB: ids are remembered as 64-bit FNV-1a hashes, not as strings, so
  // memory stays bounded by the largest trace rather than by the file. Two
  // different ids collide with probability about n²/2⁶⁵ for n ids (below
  // 10⁻⁸ for a million traces); a collision would report a unique id as used.
  private var seenIDHashes: Set<UInt64> = []

  /// Creates a decoder at the start of a file.
  public init() {}

  /// Reads the next chunk of bytes, producing the traces and problems of the
  /// lines it completes.
  ///
  /// A chunk may end anywhere, even inside a line or a UTF-8 sequence.
  public mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void
  ) {
    var lineStart = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      if isOverlong {
        isOverlong = false
        skipOverlongLine(into: emit)
      } else if pending.isEmpty {
        readLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), into: emit)
      } else {
        pending.append(contentsOf: bytes[lineStart..<index])
        readPendingLine(into: emit)
      }
      lineStart = index + 1
    }
    guard !isOverlong else { return }
    pending.append(contentsOf: bytes[lineStart...])
    if pending.count > Self.maximumLineLength {
      isOverlong = true
      pending = []
    }
  }

  /// Reads the last line when the file does not end with a line break.
  public mutating func finish(into emit: (TraceFileItem) -> Void) {
    if isOverlong {
      isOverlong = false
      skipOverlongLine(into: emit)
    } else if !pending.isEmpty {
      readPendingLine(into: emit)
    }
  }

  /// Reports a line longer than ``maximumLineLength``.
  private mutating func skipOverlongLine(into emit: (TraceFileItem) -> Void) {
    lineNumber += 1
    emit(
      .problem(
        TraceFileProblem(
          line: lineNumber, column: 1,
          message: "expected a line of at most \(Self.maximumLineLength) bytes, found a longer one")
      ))
  }

  private mutating func readPendingLine(into emit: (TraceFileItem) -> Void) {
    // NB: the buffer is moved out of `self` so that `readLine` can mutate
    // `self` while reading it, then moved back to keep its capacity.
    var line: [UInt8] = []
    swap(&line, &pending)
    line.withUnsafeBufferPointer { readLine($0, into: emit) }
    line.removeAll(keepingCapacity: true)
    pending = line
  }

  private mutating func readLine(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void
  ) {
    if bytes.count > Self.maximumLineLength { return skipOverlongLine(into: emit) }
    lineNumber += 1
    var line = bytes
    if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
      line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
    }
    if line.last == 0x0D {
      line = UnsafeBufferPointer(rebasing: line.dropLast())
    }
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    var traceID: String?
    do throws(JSONProblem) {
      var parser = JSONParser(line)
      let value: JSONValue
      do {
        value = try parser.parseObjectLine()
      } catch {
        if let id = parser.topLevelID, Trace.isValidID(id) {
          traceID = id
          seenIDHashes.insert(CSVTraceDecoder.hash(id))
        }
        throw error
      }
      let reader = JSONLinesTraceReader(line: line)
      let fields = try reader.traceFields(of: value)
      let (id, idOffset) = try reader.id(from: fields)
      traceID = id
      guard seenIDHashes.insert(CSVTraceDecoder.hash(id)).inserted else {
        throw JSONProblem(
          offset: idOffset,
          message: "expected a trace id not used earlier in the file, found "
            + JSONProblem.quoted(id))
      }
      emit(.trace(try reader.trace(id: id, from: fields), line: lineNumber))
    } catch {
      emit(
        .problem(
          TraceFileProblem(
            line: lineNumber, column: error.offset + 1, message: error.message,
            traceID: traceID)))
    }
  }

}
