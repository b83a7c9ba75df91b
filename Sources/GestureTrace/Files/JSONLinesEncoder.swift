/// A writer of JSON Lines trace files: one trace object a line.
///
/// The output is canonical: no spaces, keys in a fixed order, the shortest
/// numbers that read back exactly, so ``JSONLinesDecoder`` reads back the
/// same trace and writing it again gives the same bytes.
///
/// ```swift
/// var text = ""
/// JSONLinesEncoder().encode(trace, into: &text)
/// // {"id":"g1","meta":{"intent":"complete"},"events":[{"t":0,"phase":"began",
/// // "tx":0,"ty":0,"vx":0,"vy":0},…]}   (on one line)
/// ```
///
/// The trace object's keys are `id`, `meta` (left out when the metadata is
/// empty; entries in ``TraceMetadata/orderedEntries`` order) and `events`.
/// An event's keys are `t` (exact decimal seconds), `phase`, `tx`, `ty`, then
/// `vx` and `vy` when it has a velocity, then `x` and `y` when it has a
/// location. A number that is not finite, which only an invalid trace has,
/// is written as `null`.
public struct JSONLinesEncoder: TraceRowEncoder, Sendable, Hashable {
  /// Creates an encoder.
  public init() {}

  /// Returns the empty string: JSON Lines files have no header.
  public func fileHeader() -> String { "" }

  /// Appends the trace's line, ending with a line feed.
  public func encode(_ trace: Trace, into output: inout String) {
    encodeByRows(trace, into: &output)
  }

  /// Appends the line up to its events: the id, the metadata and the
  /// opening of the events array.
  package func encodeStart(id: String, metadata: TraceMetadata, into output: inout String) {
    output += "{\"id\":"
    JSONLinesEncoder.appendString(id, to: &output)
    if !metadata.isEmpty {
      output += ",\"meta\":{"
      for (index, entry) in metadata.orderedEntries.enumerated() {
        if index > 0 { output += "," }
        JSONLinesEncoder.appendString(entry.key, to: &output)
        output += ":"
        JSONLinesEncoder.appendString(entry.value, to: &output)
      }
      output += "}"
    }
    output += ",\"events\":["
  }

  /// The empty string: an event's object does not repeat the id.
  package func rowPrefix(id: String) -> String { "" }

  /// Appends the event's object, after a comma unless it is the first.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: String, into output: inout String
  ) {
    output += index == 0 ? "{\"t\":" : ",{\"t\":"
    output += event.time.description
    output += ",\"phase\":\""
    output += event.phase.rawValue
    output += "\""
    appendVector(event.translation, keys: ("tx", "ty"), to: &output)
    if let velocity = event.velocity {
      appendVector(velocity, keys: ("vx", "vy"), to: &output)
    }
    if let location = event.location {
      appendVector(location, keys: ("x", "y"), to: &output)
    }
    output += "}"
  }

  /// Appends the event's object as UTF-8 bytes: the bytes of the text
  /// ``encodeEvent(_:at:prefix:into:)`` appends (there is no prefix).
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8]
  ) {
    ByteText.append(to: &output, capacity: 256) { target in
      var count =
        index == 0 ? ByteText.write("{\"t\":", to: target) : ByteText.write(",{\"t\":", to: target)
      count += ByteText.writeTime(event.time, to: target + count)
      count += ByteText.write(",\"phase\":\"", to: target + count)
      count += ByteText.writePhase(event.phase, to: target + count)
      count += ByteText.write(UInt8(ascii: "\""), to: target + count)
      count += Self.writeNumber(",\"tx\":", event.translation.x, to: target + count)
      count += Self.writeNumber(",\"ty\":", event.translation.y, to: target + count)
      if let velocity = event.velocity {
        count += Self.writeNumber(",\"vx\":", velocity.x, to: target + count)
        count += Self.writeNumber(",\"vy\":", velocity.y, to: target + count)
      }
      if let location = event.location {
        count += Self.writeNumber(",\"x\":", location.x, to: target + count)
        count += Self.writeNumber(",\"y\":", location.y, to: target + count)
      }
      return count + ByteText.write(UInt8(ascii: "}"), to: target + count)
    }
  }

  /// Writes a key (with its comma and colon) and a number, `null` when it
  /// is not finite; returns the length.
  private static func writeNumber(
    _ key: StaticString, _ value: Double, to target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let count = ByteText.write(key, to: target)
    guard value.isFinite else { return count + ByteText.write("null", to: target + count) }
    return count + ByteText.writeShortest(value, to: target + count)
  }

  /// Closes the events array and the object, and ends the line.
  package func encodeEnd(into output: inout String) {
    output += "]}\n"
  }

  private func appendVector(
    _ vector: Vector2D, keys: (x: String, y: String), to output: inout String
  ) {
    output += ",\"\(keys.x)\":"
    output += vector.x.isFinite ? vector.x.shortestDescription : "null"
    output += ",\"\(keys.y)\":"
    output += vector.y.isFinite ? vector.y.shortestDescription : "null"
  }

  /// Appends a JSON string: `"` and `\` escaped, control characters as
  /// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, everything else as is.
  package static func appendString(_ text: String, to output: inout String) {
    output += "\""
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output += text
      output += "\""
      return
    }
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
}
