extension JSONLinesEncoder {
  /// Appends the trace's line as UTF-8: the bytes of the text
  /// ``encode(_:into:)`` appends to a string.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// JSONLinesEncoder().encode(trace, into: &bytes)
  /// // bytes == Array(text.utf8), where JSONLinesEncoder().encode(trace, into: &text)
  /// ```
  package func encode(_ trace: Trace, into output: inout [UInt8]) {
    encodeStart(id: trace.id, metadata: trace.metadata, into: &output)
    for (index, event) in trace.events.enumerated() {
      encodeEvent(event, at: index, prefix: [], into: &output)
    }
    output.append(contentsOf: "]}\n".utf8)
  }

  /// Appends the line up to its events, as
  /// the string path's `encodeStart(id:metadata:into:)` does.
  func encodeStart(id: String, metadata: TraceMetadata, into output: inout [UInt8]) {
    output.append(contentsOf: "{\"id\":".utf8)
    Self.appendString(id, to: &output)
    if !metadata.isEmpty {
      output.append(contentsOf: ",\"meta\":{".utf8)
      for (index, entry) in metadata.orderedEntries.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.appendString(entry.key, to: &output)
        output.append(UInt8(ascii: ":"))
        Self.appendString(entry.value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
    output.append(contentsOf: ",\"events\":[".utf8)
  }

  /// Appends a number, or `null` when it is not finite.
  static func appendNumber(_ value: Double, to row: inout ByteRow) {
    if value.isFinite { row.append(shortest: value) } else { row.append("null") }
  }

  /// Appends a JSON string escaped as the string path escapes it.
  private static func appendString(_ text: String, to output: inout [UInt8]) {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output.append(UInt8(ascii: "\""))
      output.append(contentsOf: text.utf8)
      output.append(UInt8(ascii: "\""))
      return
    }
    var escaped = ""
    appendString(text, to: &escaped)
    output.append(contentsOf: escaped.utf8)
  }
}
