/// A metadata comment line of a CSV trace file.
///
/// `# key: value` is a file entry; `# trace <id> <key>: <value>` is an entry
/// for one trace. Any other comment line carries no metadata.
enum CSVComment {
  case fileEntry(key: String, value: String)
  case traceEntry(id: String, key: String, value: String)

  /// Reads a line that starts with `#`; `nil` when it is a plain comment.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      guard let comment = Self(ascii: bytes) else { return nil }
      self = comment
      return
    }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self).trimmingSpaces
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let head = text[..<colon]
    let value = String(text[text.index(after: colon)...]).trimmingSpaces
    let words = head.split(separator: " ", omittingEmptySubsequences: true)
    if words.count == 1, TraceMetadata.isValidKey(words[0]) {
      self = .fileEntry(key: String(words[0]), value: value)
    } else if words.count == 3, words[0] == "trace", Trace.isValidID(words[1]),
      TraceMetadata.isValidKey(words[2])
    {
      self = .traceEntry(id: String(words[1]), key: String(words[2]), value: value)
    } else {
      return nil
    }
  }

  /// Reads an ASCII line as ``init(_:)`` does, on bytes: there every
  /// character is one byte.
  private init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var lower = 1
    var upper = bytes.count
    while lower < upper && isSpace(bytes[lower]) { lower += 1 }
    while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
    var colon = lower
    while colon < upper && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    guard colon < upper else { return nil }
    var valueStart = colon + 1
    while valueStart < upper && isSpace(bytes[valueStart]) { valueStart += 1 }
    // The head's words, split at spaces: at most three are of use.
    var words: [Range<Int>] = []
    var index = lower
    while index < colon {
      while index < colon && bytes[index] == 0x20 { index += 1 }
      guard index < colon else { break }
      let wordStart = index
      while index < colon && bytes[index] != 0x20 { index += 1 }
      words.append(wordStart..<index)
      if words.count > 3 { return nil }
    }
    func text(_ range: Range<Int>) -> Substring {
      Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    let value = String(text(valueStart..<upper))
    if words.count == 1, TraceMetadata.isValidKey(text(words[0])) {
      self = .fileEntry(key: String(text(words[0])), value: value)
    } else if words.count == 3, text(words[0]) == "trace", Trace.isValidID(text(words[1])),
      TraceMetadata.isValidKey(text(words[2]))
    {
      self = .traceEntry(id: String(text(words[1])), key: String(text(words[2])), value: value)
    } else {
      return nil
    }
  }
}
