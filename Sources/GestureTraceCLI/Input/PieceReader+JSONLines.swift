import GestureTrace

/// Pieces of a JSON Lines file: one trace a line, so a piece is any run of
/// whole lines, read by a ``JSONLinesDecoder`` of its own.
extension PieceReader {
  /// Whether the file is read as JSON Lines: `format`, or else its
  /// extension, or else its first bytes say so.
  func isJSONLines(format: TraceFileFormat?) throws(CommandError) -> Bool {
    if let known = format ?? TraceFileFormat(path: path) { return known == .jsonl }
    return TraceFileFormat(sniffing: try read(0..<min(size, 4096))) == .jsonl
  }

  /// The offset just after the first line feed at or after `offset`, or
  /// the end of the file: the end of the piece that reaches `offset`.
  func lineCut(after offset: Int) throws(CommandError) -> Int {
    // NB: read, not looked up in the mapping, as `cut(after:splitter:)`
    // does: pages of the mapping touched ahead of their piece stayed
    // counted as memory.
    var start = offset
    while start < size {
      let window = try read(start..<min(size, start + (1 << 14)))
      if let found = window.firstIndex(of: 0x0A) { return start + found + 1 }
      start += window.count
    }
    return size
  }

  /// Reads the traces of a piece of JSON Lines into `part`; any problem
  /// makes the part irregular.
  // NB: a piece's line numbers are not known without counting the lines
  // before it; no message of a regular part needs them. A piece that does
  // not start the file does not start at line 1, so a byte order mark
  // there is the problem it is in the middle of a file.
  func decodeLines(
    _ bytes: UnsafeBufferPointer<UInt8>, startsFile: Bool, into part: inout AnalyzedRun
  ) {
    var decoder = JSONLinesDecoder(firstLine: startsFile ? 1 : 2)
    func handle(_ item: TraceFileItem) {
      guard !part.isIrregular else { return }
      switch item {
      case .trace(let trace, _):
        part.analyzer.add(idChecked: trace)
      case .problem:
        part.isIrregular = true
      }
    }
    decoder.push(bytes, into: handle)
    decoder.finish(into: handle)
    part.idHashes = decoder.traceIDHashes
  }
}
