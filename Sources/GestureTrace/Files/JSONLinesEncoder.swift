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
    encodeThroughBytes(trace, into: &output)
  }

  /// Appends the line up to its events: the id, the metadata and the
  /// opening of the events array.
  package func encodeStart(id: String, metadata: TraceMetadata, into output: inout [UInt8]) {
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

  /// The empty string: an event's object does not repeat the id.
  package func rowPrefix(id: String) -> String { "" }

  /// Appends the event's object (``JSONLinesTraceEvent``), after a comma
  /// unless it is the first; there is no prefix.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8]
  ) {
    ByteRow.write(into: &output) { row in
      JSONLinesTraceEvent.write(
        isFirst: index == 0, time: event.time, phase: event.phase,
        translation: (event.translation.x, event.translation.y),
        velocity: event.velocity.map { ($0.x, $0.y) },
        location: event.location.map { ($0.x, $0.y) }, to: &row)
    }
  }

  /// Closes the events array and the object, and ends the line.
  package func encodeEnd(into output: inout [UInt8]) {
    output.append(contentsOf: "]}\n".utf8)
  }

  /// Appends a JSON string: `"` and `\` escaped, control characters as
  /// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, everything else as is.
  package static func appendString(_ text: String, to output: inout String) {
    guard needsEscapes(text) else {
      output += "\""
      output += text
      output += "\""
      return
    }
    var bytes: [UInt8] = []
    appendString(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the bytes of ``appendString(_:to:)-(_,String)``'s text.
  package static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    guard needsEscapes(text) else {
      output.append(contentsOf: text.utf8)
      output.append(UInt8(ascii: "\""))
      return
    }
    // NB: every byte to escape is ASCII; the bytes of other scalars are
    // copied as they are.
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case 0x0A: output.append(contentsOf: "\\n".utf8)
      case 0x0D: output.append(contentsOf: "\\r".utf8)
      case 0x09: output.append(contentsOf: "\\t".utf8)
      case 0x08: output.append(contentsOf: "\\b".utf8)
      case 0x0C: output.append(contentsOf: "\\f".utf8)
      case ..<0x20:
        let hex: StaticString = "0123456789abcdef"
        output.append(contentsOf: "\\u00".utf8)
        output.append(hex.utf8Start[Int(byte >> 4)])
        output.append(hex.utf8Start[Int(byte & 0x0F)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Whether the text holds a byte that a JSON string escapes.
  private static func needsEscapes(_ text: String) -> Bool {
    text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
  }
}
