/// A metadata comment line of a CSV trace file.
///
/// `# key: value` is a file entry; `# trace <id> <key>: <value>` is an entry
/// for one trace. Any other comment line carries no metadata.
enum CSVComment {
  case fileEntry(key: String, value: String)
  case traceEntry(id: String, key: String, value: String)

  /// Reads a line that starts with `#`; `nil` when it is a plain comment.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
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
}
