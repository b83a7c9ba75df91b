/// Converts a piece of a CSV trace file to JSON Lines by copying the text
/// of its fields, when every field is already the text the JSON Lines
/// encoder would write for the value read from it.
///
/// It reads only a narrow form: the header ``CSVTraceEncoder`` writes,
/// ASCII ids without quotes, colons or backslashes, `# trace <id> <key>:
/// <value>` lines with single spaces before their trace's rows, every
/// number present and in its shortest form (``CanonicalText/isNumber(_:)``),
/// times in ``TraceTime/description``'s form, line feeds only, and traces
/// that keep every rule (`began` first, `changed` between, `ended` or
/// `cancelled` last, times that never decrease, no id twice). For such a
/// piece it gives the bytes ``JSONLinesEncoder`` writes for the traces a
/// ``CSVTraceDecoder`` reads from it; for anything else, `nil`, and the
/// caller reads the piece the general way.
///
/// ```swift
/// let csv = Array("s1,0,began,0,0,1.5,2\ns1,0.01,ended,1,2,3,4\n".utf8)
/// let piece = csv.withUnsafeBufferPointer {
///   CSVJSONLinesTranscoder.transcode($0, columns: CSVColumns(velocity: true, location: false))
/// }
/// // piece?.text == the line JSONLinesEncoder writes for trace s1
/// ```
// NB: `convert` of the bench corpus spent most of its time making doubles
// of the numbers' text and text of the doubles again (the CSV decoder,
// then `ByteText.writeShortest`); see ``CanonicalText`` for why the bytes
// of a canonical field are the bytes written. Times are still read, for
// their rule.
package enum CSVJSONLinesTranscoder {
  /// The JSON Lines text of a piece's traces.
  package struct Piece: Sendable {
    /// The lines of the traces, one after another.
    package var text: [UInt8]
    /// The offset in ``text`` where each trace's line ends.
    package var traceEnds: [Int]
    /// The hashes of the traces' ids (``TraceIDHash``).
    package var idHashes: [UInt64]
  }

  /// Converts the piece's traces, `nil` when a byte of it is outside the
  /// form this reads or when its text would pass `textLimit` bytes.
  ///
  /// - Parameters:
  ///   - bytes: Whole traces of a CSV file whose preamble is
  ///     `CSVTraceEncoder(columns: columns).fileHeader()`, without it.
  ///   - columns: The file's optional columns.
  ///   - textLimit: The most bytes of text the piece may give.
  package static func transcode(
    _ bytes: UnsafeBufferPointer<UInt8>, columns: CSVColumns, textLimit: Int = .max
  ) -> Piece? {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      return Piece(text: [], traceEnds: [], idHashes: [])
    }
    // NB: no trace's text is longer than five times its bytes (the
    // shortest row, `a,0,began,0,0,0,0`, 18 bytes, gives 52; a trace's
    // start adds at most 31 bytes and its id); each row checks room anyway.
    let capacity = bytes.count * 5 + 4096
    var traceEnds: [Int] = []
    var idHashes: [UInt64] = []
    var failed = false
    let text = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      var reader = Reader(
        base: base, count: bytes.count, columns: columns, output: buffer.baseAddress!,
        capacity: capacity)
      failed = !reader.run(textLimit: textLimit)
      initialized = failed ? 0 : reader.written
      traceEnds = reader.traceEnds
      idHashes = reader.idHashes
    }
    guard !failed else { return nil }
    return Piece(text: text, traceEnds: traceEnds, idHashes: idHashes)
  }
}

/// The state of one piece's conversion.
private struct Reader: PieceTranscription {
  let base: UnsafePointer<UInt8>
  let count: Int
  let columns: CSVColumns
  /// The number of numbers in a row after the phase.
  let numberCount: Int
  let output: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var written = 0
  var traceEnds: [Int] = []
  var idHashes: [UInt64] = []
  private var seenIDs = IDHashSet()
  /// The metadata lines of the last trace that had some, as the ranges of
  /// what follows their ids, and its `"meta":{…}` text.
  private var lastMetadataLines: [Range<Int>] = []
  private var lastMetadataText: [UInt8] = []
  /// The `"meta":{…}` texts of recent blocks of lines, by their tails.
  private var recentTexts: [[UInt8]: [UInt8]] = [:]

  init(
    base: UnsafePointer<UInt8>, count: Int, columns: CSVColumns,
    output: UnsafeMutablePointer<UInt8>, capacity: Int
  ) {
    self.base = base
    self.count = count
    self.columns = columns
    numberCount = 2 + (columns.velocity ? 2 : 0) + (columns.location ? 2 : 0)
    self.output = output
    self.capacity = capacity
  }

  /// Reads every trace; `false` at the first thing outside the form.
  mutating func run(textLimit: Int) -> Bool {
    var index = 0
    var metadataLines: [Range<Int>] = []
    while index < count {
      metadataLines.removeAll(keepingCapacity: true)
      var metadataID: Range<Int>?
      while index < count, base[index] == UInt8(ascii: "#") {
        guard let line = metadataLine(at: index) else { return false }
        if let metadataID {
          guard equal(metadataID, line.id) else { return false }
        } else {
          metadataID = line.id
        }
        metadataLines.append(line.id.upperBound..<line.end)
        index = line.end
      }
      guard index < count else { return false }
      var idEnd = index
      while idEnd < count, CanonicalText.isIDByte(base[idEnd]) { idEnd += 1 }
      guard idEnd > index, idEnd < count, base[idEnd] == UInt8(ascii: ",") else { return false }
      let id = index..<idEnd
      if let metadataID { guard equal(metadataID, id) else { return false } }
      let hash = TraceIDHash.of(
        UnsafeBufferPointer(start: base + id.lowerBound, count: id.count))
      guard seenIDs.insert(hash) else { return false }
      idHashes.append(hash)
      let lineStart = written
      guard writeStart(id: id, metadataLines: metadataLines),
        let end = rows(of: id, from: index)
      else { return false }
      index = end
      guard room(3) else { return false }
      put("]}\n")
      guard written - lineStart - 1 <= JSONLinesDecoder.maximumLineLength, written <= textLimit
      else { return false }
      traceEnds.append(written)
    }
    return true
  }

  // MARK: - Rows

  /// Reads the rows of the trace `id` from `start`, the first, and writes
  /// their events; returns the end of the last, or `nil`.
  private mutating func rows(of id: Range<Int>, from start: Int) -> Int? {
    let idCount = id.count
    let idBase = base + id.lowerBound
    var index = start
    var eventCount = 0
    var lastTime: Int64 = 0
    var ended = false
    while index + idCount < count, base[index + idCount] == UInt8(ascii: ","),
      CanonicalText.same(idBase, base + index, idCount)
    {
      guard !ended, room(256) else { return nil }
      index += idCount + 1
      // The time.
      let timeStart = index
      guard let (time, timeEnd) = CanonicalText.time(base, index, count), timeEnd < count,
        base[timeEnd] == UInt8(ascii: ",")
      else { return nil }
      if eventCount == 0 {
        put("{\"t\":")
      } else {
        guard time >= lastTime else { return nil }
        put(",{\"t\":")
      }
      lastTime = time
      copy(timeStart..<timeEnd)
      index = timeEnd + 1
      // The phase.
      guard index + 10 <= count else { return nil }
      switch base[index] {
      case UInt8(ascii: "c") where matches(index, "changed,"):
        guard eventCount > 0 else { return nil }
        put(",\"phase\":\"changed\"")
        index += 8
      case UInt8(ascii: "b") where matches(index, "began,"):
        guard eventCount == 0 else { return nil }
        put(",\"phase\":\"began\"")
        index += 6
      case UInt8(ascii: "e") where matches(index, "ended,"):
        guard eventCount > 0 else { return nil }
        put(",\"phase\":\"ended\"")
        index += 6
        ended = true
      case UInt8(ascii: "c") where matches(index, "cancelled,"):
        guard eventCount > 0 else { return nil }
        put(",\"phase\":\"cancelled\"")
        index += 10
        ended = true
      default:
        return nil
      }
      // The numbers.
      for number in 0..<numberCount {
        guard let end = CanonicalText.numberEnd(base, index, count), end < count
        else { return nil }
        let last = number == numberCount - 1
        guard base[end] == (last ? 0x0A : UInt8(ascii: ",")) else { return nil }
        switch number {
        case 0: put(",\"tx\":")
        case 1: put(",\"ty\":")
        case 2: put(columns.velocity ? ",\"vx\":" : ",\"x\":")
        case 3: put(columns.velocity ? ",\"vy\":" : ",\"y\":")
        case 4: put(",\"x\":")
        default: put(",\"y\":")
        }
        copy(index..<end)
        index = end + 1
      }
      put("}")
      eventCount += 1
    }
    return ended ? index : nil
  }

  // MARK: - Metadata

  /// Reads a `# trace <id> <key>: <value>` line at `start`: the range of
  /// its id and the end of the line, after its line feed.
  private func metadataLine(at start: Int) -> (id: Range<Int>, end: Int)? {
    let idStart = start + CSVMetadataLine.start.utf8CodeUnitCount
    guard idStart < count, matches(start, CSVMetadataLine.start) else { return nil }
    var index = idStart
    while index < count, CanonicalText.isIDByte(base[index]) { index += 1 }
    let id = idStart..<index
    guard !id.isEmpty, index < count, base[index] == 0x20 else { return nil }
    index += 1
    let keyStart = index
    while index < count, CanonicalText.isKeyByte(base[index]) { index += 1 }
    guard index > keyStart, index + 2 < count, base[index] == UInt8(ascii: ":"),
      base[index + 1] == 0x20, base[index + 2] != 0x20
    else { return nil }
    index += 2
    while index < count, base[index] &- 0x20 < 0x5F { index += 1 }
    guard index < count, base[index] == 0x0A, base[index - 1] != 0x20,
      index - start < CSVTraceDecoder.maximumLineLength
    else { return nil }
    return (id, index + 1)
  }

  /// Writes the line's start: `{"id":…`, its metadata, `,"events":[`.
  private mutating func writeStart(id: Range<Int>, metadataLines: [Range<Int>]) -> Bool {
    guard room(id.count + 32) else { return false }
    put("{\"id\":\"")
    copy(id)
    put("\"")
    if !metadataLines.isEmpty {
      if !sameLines(metadataLines, lastMetadataLines) {
        // NB: a few blocks of metadata take turns (intent, kind…).
        var key: [UInt8] = []
        for line in metadataLines {
          key.append(
            contentsOf: UnsafeBufferPointer(start: base + line.lowerBound, count: line.count))
        }
        if let text = recentTexts[key] {
          lastMetadataText = text
        } else {
          guard let text = metadataText(metadataLines) else { return false }
          if recentTexts.count >= 256 { recentTexts.removeAll() }
          recentTexts[key] = text
          lastMetadataText = text
        }
        lastMetadataLines = metadataLines
      }
      guard room(lastMetadataText.count + 16) else { return false }
      lastMetadataText.withUnsafeBufferPointer { text in
        (output + written).update(from: text.baseAddress!, count: text.count)
        written += text.count
      }
    }
    put(",\"events\":[")
    return true
  }

  /// The `,"meta":{…}` text of the lines (each from the space after the
  /// id), as ``JSONLinesEncoder`` writes it; `nil` when a key repeats.
  private func metadataText(_ lines: [Range<Int>]) -> [UInt8]? {
    var metadata = TraceMetadata()
    for line in lines {
      var colon = line.lowerBound + 1
      while base[colon] != UInt8(ascii: ":") { colon += 1 }
      let key = String(
        decoding: UnsafeBufferPointer(
          start: base + line.lowerBound + 1, count: colon - line.lowerBound - 1), as: UTF8.self)
      let value = String(
        decoding: UnsafeBufferPointer(
          start: base + colon + 2, count: line.upperBound - 1 - colon - 2), as: UTF8.self)
      guard metadata[key] == nil else { return nil }
      metadata.append(newKey: key, value: value)
    }
    var start: [UInt8] = []
    JSONLinesEncoder().encodeStart(id: "", metadata: metadata, into: &start)
    // NB: `{"id":""` before, `,"events":[` after.
    return Array(start[8..<(start.count - 11)])
  }

  /// Whether both lists of line tails have the same bytes.
  private func sameLines(_ lines: [Range<Int>], _ other: [Range<Int>]) -> Bool {
    guard lines.count == other.count else { return false }
    for (line, old) in zip(lines, other) where !equal(line, old) { return false }
    return true
  }
}
