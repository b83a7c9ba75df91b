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
  /// The reader of lines as the encoder writes them, kept between chunks.
  private var fastReader = JSONLinesFastReader()
  /// Whether lines are first read by ``JSONLinesFastReader``; off, every
  /// line goes the general way (tests compare the two).
  var usesFastReader = true

  /// Creates a decoder at the start of a file.
  public init() {}

  /// Creates a decoder for a piece of a file that starts at line
  /// `firstLine`: its lines are numbered from there, and a byte order mark
  /// is skipped only at the start of line 1.
  package init(firstLine: Int) {
    lineNumber = firstLine - 1
  }

  /// The hashes of the ids of the lines read so far, in no particular
  /// order: of every trace produced, and of lines with a problem that came
  /// after a valid id.
  package var traceIDHashes: [UInt64] { Array(seenIDHashes) }

  /// Reads the next chunk of bytes, producing the traces and problems of the
  /// lines it completes.
  ///
  /// A chunk may end anywhere, even inside a line or a UTF-8 sequence.
  public mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void
  ) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    // NB: moved out of `self` while `self` is mutated, then back.
    var fast = Self.placeholderReader
    swap(&fast, &fastReader)
    defer { swap(&fast, &fastReader) }
    var lineStart = 0
    if isOverlong || !pending.isEmpty {
      guard let newline = Self.newline(base, from: 0, count) else {
        return keepPending(bytes)
      }
      if isOverlong {
        isOverlong = false
        skipOverlongLine(into: emit)
      } else {
        pending.append(contentsOf: bytes[..<newline])
        readPendingLine(fast: &fast, into: emit)
      }
      lineStart = newline + 1
    }
    while lineStart < count {
      // NB: most lines are read by the fast reader in place, which finds
      // the line's end as it reads; a line it cannot read is found again
      // and read the general way.
      var retry = false
      switch usesFastReader ? fast.read(base, from: lineStart, limit: count) : .general {
      case .trace(let trace, let end):
        var newline = end
        if newline < count, base[newline] == 0x0D { newline += 1 }
        if newline < count, base[newline] == 0x0A,
          newline - lineStart <= Self.maximumLineLength,
          seenIDHashes.insert(TraceIDHash.of(trace.id)).inserted
        {
          lineNumber += 1
          emit(.trace(trace, line: lineNumber))
          lineStart = newline + 1
          continue
        }
      case .needsRoom:
        retry = true
      case .general:
        break
      }
      guard let newline = Self.newline(base, from: lineStart, count) else { break }
      readLine(
        UnsafeBufferPointer(start: base + lineStart, count: newline - lineStart),
        fast: &fast, tryingFast: retry, into: emit)
      lineStart = newline + 1
    }
    if lineStart < count {
      keepPending(UnsafeBufferPointer(rebasing: bytes[lineStart...]))
    }
  }

  /// What stands in for ``fastReader`` while it is moved out.
  private static let placeholderReader = JSONLinesFastReader()

  /// Keeps the start of a line that the next chunk goes on with.
  private mutating func keepPending(_ bytes: UnsafeBufferPointer<UInt8>) {
    pending.carryLine(bytes, limit: Self.maximumLineLength, isOverlong: &isOverlong)
  }

  /// The offset of the first line feed at or after `start`, if any.
  private static func newline(
    _ base: UnsafePointer<UInt8>, from start: Int, _ count: Int
  ) -> Int? {
    var index = start
    while index < count {
      if base[index] == 0x0A { return index }
      index &+= 1
    }
    return nil
  }

  /// Reads the last line when the file does not end with a line break.
  public mutating func finish(into emit: (TraceFileItem) -> Void) {
    if isOverlong {
      isOverlong = false
      skipOverlongLine(into: emit)
    } else if !pending.isEmpty {
      var fast = Self.placeholderReader
      swap(&fast, &fastReader)
      readPendingLine(fast: &fast, into: emit)
      swap(&fast, &fastReader)
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

  private mutating func readPendingLine(
    fast: inout JSONLinesFastReader, into emit: (TraceFileItem) -> Void
  ) {
    // NB: the buffer is moved out of `self` so that `readLine` can mutate
    // `self` while reading it, then moved back to keep its capacity.
    var line: [UInt8] = []
    swap(&line, &pending)
    line.withUnsafeBufferPointer { readLine($0, fast: &fast, tryingFast: true, into: emit) }
    line.removeAll(keepingCapacity: true)
    pending = line
  }

  /// Reads one line without its line feed: with `tryingFast`, first as
  /// the encoder writes it (``JSONLinesFastReader``), then, if that fails,
  /// the general way.
  private mutating func readLine(
    _ bytes: UnsafeBufferPointer<UInt8>, fast: inout JSONLinesFastReader, tryingFast: Bool,
    into emit: (TraceFileItem) -> Void
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
    if tryingFast, usesFastReader, let trace = fast.read(copying: line),
      seenIDHashes.insert(TraceIDHash.of(trace.id)).inserted
    {
      return emit(.trace(trace, line: lineNumber))
    }
    var traceID: String?
    do throws(JSONProblem) {
      var parser = JSONParser(line)
      let value: JSONValue
      do {
        value = try parser.parseObjectLine()
      } catch {
        if let id = parser.topLevelID, Trace.isValidID(id) {
          traceID = id
          seenIDHashes.insert(TraceIDHash.of(id))
        }
        throw error
      }
      let reader = JSONLinesTraceReader(line: line)
      let fields = try reader.traceFields(of: value)
      let (id, idOffset) = try reader.id(from: fields)
      traceID = id
      guard seenIDHashes.insert(TraceIDHash.of(id)).inserted else {
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
