@testable import GestureTrace

/// The `String` encoders as they were before the formats were written once
/// as bytes (``CSVTraceRow``, ``JSONLinesTraceEvent``, ``CSVMetadataLine``):
/// the oracle that proves the one writer of each format left every byte as
/// it was.
enum TraceTextReference {
  /// The text `CSVTraceEncoder(columns:).encode(_:into:)` appended.
  static func csv(_ trace: Trace, columns: CSVColumns) -> String {
    var output = ""
    for (key, value) in trace.metadata.orderedEntries {
      output += "# trace \(trace.id) \(key): \(value)\n"
    }
    let prefix = idField(trace.id) + ","
    for event in trace.events {
      output += prefix
      output += event.time.description
      output += ","
      output += event.phase.rawValue
      output += ","
      output += ShortestTextReference.text(event.translation.x)
      output += ","
      output += ShortestTextReference.text(event.translation.y)
      if columns.velocity { appendPair(event.velocity, to: &output) }
      if columns.location { appendPair(event.location, to: &output) }
      output += "\n"
    }
    return output
  }

  /// The text `JSONLinesEncoder().encode(_:into:)` appended.
  static func jsonLines(_ trace: Trace) -> String {
    var output = "{\"id\":"
    appendString(trace.id, to: &output)
    if !trace.metadata.isEmpty {
      output += ",\"meta\":{"
      for (index, entry) in trace.metadata.orderedEntries.enumerated() {
        if index > 0 { output += "," }
        appendString(entry.key, to: &output)
        output += ":"
        appendString(entry.value, to: &output)
      }
      output += "}"
    }
    output += ",\"events\":["
    for (index, event) in trace.events.enumerated() {
      output += index == 0 ? "{\"t\":" : ",{\"t\":"
      output += event.time.description
      output += ",\"phase\":\""
      output += event.phase.rawValue
      output += "\""
      appendVector(event.translation, keys: ("tx", "ty"), to: &output)
      if let velocity = event.velocity { appendVector(velocity, keys: ("vx", "vy"), to: &output) }
      if let location = event.location { appendVector(location, keys: ("x", "y"), to: &output) }
      output += "}"
    }
    return output + "]}\n"
  }

  /// A JSON string as the encoder escaped it, by Unicode scalar.
  static func appendString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let digits = String(scalar.value, radix: 16)
          output += (digits.count == 1 ? "\\u000" : "\\u00") + digits
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  private static func idField(_ text: String) -> String {
    guard
      text.utf8.first == UInt8(ascii: "#")
        || text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") })
    else { return text }
    var quoted = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
    }
    return quoted + "\""
  }

  private static func appendPair(_ pair: Vector2D?, to output: inout String) {
    guard let pair else {
      output += ",,"
      return
    }
    output += ","
    output += ShortestTextReference.text(pair.x)
    output += ","
    output += ShortestTextReference.text(pair.y)
  }

  private static func appendVector(
    _ vector: Vector2D, keys: (x: String, y: String), to output: inout String
  ) {
    output += ",\"\(keys.x)\":"
    output += vector.x.isFinite ? ShortestTextReference.text(vector.x) : "null"
    output += ",\"\(keys.y)\":"
    output += vector.y.isFinite ? ShortestTextReference.text(vector.y) : "null"
  }
}
