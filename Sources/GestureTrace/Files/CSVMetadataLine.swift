/// The syntax of a CSV trace file's metadata line, written once for every
/// writer (``CSVTraceEncoder``, the synthesizer, ``JSONLinesCSVTranscoder``)
/// and the fast reader (``CSVJSONLinesTranscoder``): `# trace <id> <key>:
/// <value>` and a line feed, before the trace's first row.
///
/// ```swift
/// var bytes: [UInt8] = []
/// CSVMetadataLine.append(id: "g1", key: "kind", value: "drag", to: &bytes)
/// // bytes == Array("# trace g1 kind: drag\n".utf8)
/// ```
enum CSVMetadataLine {
  /// What a metadata line starts with, before the id.
  static let start: StaticString = "# trace "

  /// What a metadata line holds after its id: ` <key>: <value>` and a
  /// line feed.
  static func tail(key: String, value: String) -> [UInt8] {
    var bytes: [UInt8] = []
    appendTail(key: key, value: value, to: &bytes)
    return bytes
  }

  /// Appends the whole line.
  static func append(id: String, key: String, value: String, to output: inout [UInt8]) {
    start.withUTF8Buffer { output.append(contentsOf: $0) }
    output.append(contentsOf: id.utf8)
    appendTail(key: key, value: value, to: &output)
  }

  /// Appends ``tail(key:value:)``.
  private static func appendTail(key: String, value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: " "))
    output.append(contentsOf: key.utf8)
    output.append(contentsOf: ": ".utf8)
    output.append(contentsOf: value.utf8)
    output.append(UInt8(ascii: "\n"))
  }
}
