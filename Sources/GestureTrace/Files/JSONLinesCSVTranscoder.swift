/// Converts a piece of a JSON Lines trace file to CSV by copying the text
/// of its fields, when every field is already the text the CSV encoder
/// would write for the value read from it.
///
/// It reads only the form ``JSONLinesEncoder`` writes: keys in its order,
/// no white space or escapes, ASCII ids without colons and not starting
/// with `#`, a `meta` object of printable ASCII strings, numbers in their
/// shortest form (``CanonicalText/isNumber(_:)``), times in
/// ``TraceTime/description``'s form, line feeds only, and traces that keep
/// every rule. For such a piece it gives the bytes a ``CSVTraceEncoder``
/// with the given columns writes for the traces a ``JSONLinesDecoder``
/// reads from it; for anything else (a trace the columns cannot hold among
/// it), `nil`, and the caller reads the piece the general way.
///
/// ```swift
/// let line = #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0}"#
///   + #",{"t":1,"phase":"ended","tx":1,"ty":2}]}"# + "\n"
/// let piece = Array(line.utf8).withUnsafeBufferPointer {
///   JSONLinesCSVTranscoder.transcode($0, columns: CSVColumns(velocity: false, location: false))
/// }
/// // piece?.text == Array("a,0,began,0,0\na,1,ended,1,2\n".utf8)
/// ```
package enum JSONLinesCSVTranscoder {
  /// Converts the piece's traces, `nil` when a byte of it is outside the
  /// form this reads, a trace has what the columns cannot hold, or the
  /// text would pass `textLimit` bytes.
  ///
  /// - Parameters:
  ///   - bytes: Whole lines of a JSON Lines file.
  ///   - columns: The CSV file's optional columns.
  ///   - textLimit: The most bytes of text the piece may give.
  package static func transcode(
    _ bytes: UnsafeBufferPointer<UInt8>, columns: CSVColumns, textLimit: Int = .max
  ) -> CSVJSONLinesTranscoder.Piece? {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      return CSVJSONLinesTranscoder.Piece(text: [], traceEnds: [], idHashes: [])
    }
    // NB: a CSV row is its JSON event without the keys (43 bytes and more)
    // but with the id, so shorter unless the id is long: a piece of long
    // ids is tried again with more room. Rows check room as they go.
    var traceEnds: [Int] = []
    var idHashes: [UInt64] = []
    var failed = false
    var capacity = bytes.count + 4096
    var text: [UInt8] = []
    var full = true
    for _ in 0..<3 where full {
      text = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        var reader = LineReader(
          base: base, count: bytes.count, columns: columns, output: buffer.baseAddress!,
          capacity: capacity)
        let outcome = reader.run(textLimit: textLimit)
        failed = outcome == nil
        full = outcome == false
        initialized = outcome == true ? reader.written : 0
        traceEnds = reader.traceEnds
        idHashes = reader.idHashes
      }
      capacity *= 8
    }
    guard !failed, !full else { return nil }
    return CSVJSONLinesTranscoder.Piece(text: text, traceEnds: traceEnds, idHashes: idHashes)
  }
}

/// The state of one piece's conversion.
private struct LineReader: PieceTranscription {
  let base: UnsafePointer<UInt8>
  let count: Int
  let columns: CSVColumns
  let output: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var written = 0
  var traceEnds: [Int] = []
  var idHashes: [UInt64] = []
  private var seenIDs = IDHashSet()
  /// The `meta` object of the last trace that had one, and the tails of
  /// its CSV lines (` key: value` and a line feed).
  private var lastMetadata: Range<Int> = 0..<0
  private var lastTails: [[UInt8]] = []
  /// The tails of recent `meta` objects, by their bytes.
  private var recentTails: [[UInt8]: [[UInt8]]] = [:]

  init(
    base: UnsafePointer<UInt8>, count: Int, columns: CSVColumns,
    output: UnsafeMutablePointer<UInt8>, capacity: Int
  ) {
    self.base = base
    self.count = count
    self.columns = columns
    self.output = output
    self.capacity = capacity
  }

  /// Reads every line: `true` when done, `false` when the output is full,
  /// `nil` at the first thing outside the form.
  mutating func run(textLimit: Int) -> Bool? {
    var index = 0
    while index < count {
      guard matches(index, "{\"id\":\"") else { return nil }
      index += 7
      let idStart = index
      while index < count, CanonicalText.isIDByte(base[index]) { index += 1 }
      let id = idStart..<index
      // NB: every row holds the id; a long one is left to the general path
      // and its check of line lengths, and so is one that starts with `#`,
      // which CSV must quote (a bare one starts a comment line).
      guard !id.isEmpty, id.count <= 4096, index < count, base[index] == UInt8(ascii: "\""),
        base[idStart] != UInt8(ascii: "#")
      else { return nil }
      index += 1
      let hash = TraceIDHash.of(UnsafeBufferPointer(start: base + idStart, count: id.count))
      guard seenIDs.insert(hash) else { return nil }
      idHashes.append(hash)
      if matches(index, ",\"meta\":{") {
        index += 9
        let metaStart = index
        guard let end = metadataEnd(from: index) else { return nil }
        index = end
        let metadata = metaStart..<end
        if !equal(metadata, lastMetadata) {
          // NB: a few blocks of metadata take turns (intent, kind…).
          let key = Array(slice(metadata))
          if let tails = recentTails[key] {
            lastTails = tails
          } else {
            guard let tails = tails(metadata) else { return nil }
            if recentTails.count >= 256 { recentTails.removeAll() }
            recentTails[key] = tails
            lastTails = tails
          }
          lastMetadata = metadata
        }
        for tail in lastTails {
          guard room(tail.count + id.count + 32) else { return false }
          put(CSVMetadataLine.start)
          copy(id)
          tail.withUnsafeBufferPointer { tail in
            (output + written).update(from: tail.baseAddress!, count: tail.count)
            written += tail.count
          }
        }
      }
      guard matches(index, ",\"events\":[") else { return nil }
      index += 11
      guard let end = events(of: id, from: index) else { return nil }
      if end < 0 { return false }
      index = end
      guard written <= textLimit else { return nil }
      traceEnds.append(written)
    }
    return true
  }

  // MARK: - Events

  /// Reads the events of the trace `id` from `start` to the end of its
  /// line and writes their rows; returns the end of the line, -1 when the
  /// output is full, or `nil`.
  private mutating func events(of id: Range<Int>, from start: Int) -> Int? {
    var index = start
    var eventCount = 0
    var lastTime: Int64 = 0
    var ended = false
    while true {
      guard !ended, matches(index, "{\"t\":") else { return nil }
      guard room(id.count + 192) else { return -1 }
      index += 5
      copy(id)
      put(",")
      let timeStart = index
      guard let (time, timeEnd) = CanonicalText.time(base, index, count) else { return nil }
      guard eventCount == 0 || time >= lastTime else { return nil }
      lastTime = time
      copy(timeStart..<timeEnd)
      index = timeEnd
      guard matches(index, ",\"phase\":\"") else { return nil }
      index += 10
      guard index < count else { return nil }
      switch base[index] {
      case UInt8(ascii: "c") where matches(index, "changed\""):
        guard eventCount > 0 else { return nil }
        put(",changed")
        index += 8
      case UInt8(ascii: "b") where matches(index, "began\""):
        guard eventCount == 0 else { return nil }
        put(",began")
        index += 6
      case UInt8(ascii: "e") where matches(index, "ended\""):
        guard eventCount > 0 else { return nil }
        put(",ended")
        index += 6
        ended = true
      case UInt8(ascii: "c") where matches(index, "cancelled\""):
        guard eventCount > 0 else { return nil }
        put(",cancelled")
        index += 10
        ended = true
      default:
        return nil
      }
      guard matches(index, ",\"tx\":") else { return nil }
      guard let tyStart = number(from: index + 6) else { return nil }
      guard matches(tyStart, ",\"ty\":") else { return nil }
      guard let afterTY = number(from: tyStart + 6) else { return nil }
      index = afterTY
      if matches(index, ",\"vx\":") {
        guard columns.velocity, let vyStart = number(from: index + 6),
          matches(vyStart, ",\"vy\":"), let end = number(from: vyStart + 6)
        else { return nil }
        index = end
      } else if columns.velocity {
        put(",,")
      }
      if matches(index, ",\"x\":") {
        guard columns.location, let yStart = number(from: index + 5),
          matches(yStart, ",\"y\":"), let end = number(from: yStart + 5)
        else { return nil }
        index = end
      } else if columns.location {
        put(",,")
      }
      guard index < count, base[index] == UInt8(ascii: "}") else { return nil }
      index += 1
      put("\n")
      eventCount += 1
      guard index < count else { return nil }
      if base[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard ended, matches(index, "]}\n") else { return nil }
      return index + 3
    }
  }

  /// Copies the canonical number at `start` after a comma; returns its end.
  @inline(__always)
  private mutating func number(from start: Int) -> Int? {
    guard let end = CanonicalText.numberEnd(base, start, count), end < count,
      base[end] == UInt8(ascii: ",") || base[end] == UInt8(ascii: "}")
    else { return nil }
    put(",")
    copy(start..<end)
    return end
  }

  // MARK: - Metadata

  /// The end of a `meta` object's entries from `start`, after its `}`:
  /// `"key":"value"` pairs of printable ASCII without quotes or
  /// backslashes, values without a space at either end; `nil` otherwise.
  private func metadataEnd(from start: Int) -> Int? {
    var index = start
    while true {
      guard index < count, base[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      let keyStart = index
      while index < count, CanonicalText.isKeyByte(base[index]) { index += 1 }
      guard index > keyStart, matches(index, "\":\"") else { return nil }
      index += 3
      let valueStart = index
      while index < count, base[index] &- 0x20 < 0x5F, base[index] != UInt8(ascii: "\""),
        base[index] != UInt8(ascii: "\\")
      {
        index += 1
      }
      guard index > valueStart, index - keyStart < 65_536, index < count,
        base[index] == UInt8(ascii: "\""),
        base[valueStart] != 0x20, base[index - 1] != 0x20
      else { return nil }
      index += 1
      guard index < count else { return nil }
      if base[index] == UInt8(ascii: "}") { return index + 1 }
      guard base[index] == UInt8(ascii: ",") else { return nil }
      index += 1
    }
  }

  /// The tails of the CSV metadata lines of a `meta` object's entries (up
  /// to its closing brace), in the order ``CSVTraceEncoder`` writes them;
  /// `nil` when a key repeats.
  private func tails(_ entries: Range<Int>) -> [[UInt8]]? {
    var metadata = TraceMetadata()
    var index = entries.lowerBound
    while index < entries.upperBound - 1 {
      let keyStart = index + 1
      var keyEnd = keyStart
      while base[keyEnd] != UInt8(ascii: "\"") { keyEnd += 1 }
      let valueStart = keyEnd + 3
      var valueEnd = valueStart
      while base[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
      let key = String(decoding: slice(keyStart..<keyEnd), as: UTF8.self)
      guard metadata[key] == nil else { return nil }
      metadata.append(
        newKey: key, value: String(decoding: slice(valueStart..<valueEnd), as: UTF8.self))
      index = valueEnd + 2
    }
    return metadata.orderedEntries.map { CSVMetadataLine.tail(key: $0.key, value: $0.value) }
  }

  // MARK: - Bytes

  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
  }
}
