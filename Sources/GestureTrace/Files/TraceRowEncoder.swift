/// A trace encoder that also writes a trace a piece at a time: what comes
/// before its events, each event, and what comes after them.
///
/// The pieces in that order are exactly the bytes ``TraceEncoder/encode(_:into:)``
/// makes of the whole trace, which is written through them, so a writer
/// that gets a trace's events one by one (`convert` reading a CSV trace a
/// row at a time) writes the same bytes without holding the trace:
///
/// ```swift
/// let encoder = JSONLinesEncoder()
/// var bytes: [UInt8] = []
/// encoder.encodeStart(id: trace.id, metadata: trace.metadata, into: &bytes)
/// let prefix = Array(encoder.rowPrefix(id: trace.id).utf8)
/// for (index, event) in trace.events.enumerated() {
///   encoder.encodeEvent(event, at: index, prefix: prefix, into: &bytes)
/// }
/// encoder.encodeEnd(into: &bytes)
/// // bytes == the UTF-8 of the text encode(trace, into:) appends
/// ```
///
/// The pieces are written as bytes; the `String` forms are those bytes
/// decoded, so a format's syntax is written once.
// NB: the start depends only on the id and the metadata, and an event's
// text only on the event, its index and the id; so the start can even be
// written after the events are (a spool of them), as long as it comes
// first in the output.
package protocol TraceRowEncoder: TraceEncoder {
  /// Appends what comes before the events of the trace with this id and
  /// metadata: CSV metadata lines, or the JSON object up to its events.
  func encodeStart(id: String, metadata: TraceMetadata, into output: inout [UInt8])
  /// The text each event of the trace with this id starts with: in CSV,
  /// the id field and its comma; in JSON Lines, nothing.
  func rowPrefix(id: String) -> String
  /// Appends the event at `index` (from 0) of the trace whose
  /// ``rowPrefix(id:)`` has the bytes `prefix`.
  func encodeEvent(_ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8])
  /// Appends what comes after the last event of a trace.
  func encodeEnd(into output: inout [UInt8])
}

extension TraceRowEncoder {
  /// Appends the whole trace through the pieces: the bytes of the text
  /// ``TraceEncoder/encode(_:into:)`` appends.
  package func encode(_ trace: Trace, into output: inout [UInt8]) {
    encodeStart(id: trace.id, metadata: trace.metadata, into: &output)
    let prefix = Array(rowPrefix(id: trace.id).utf8)
    for (index, event) in trace.events.enumerated() {
      encodeEvent(event, at: index, prefix: prefix, into: &output)
    }
    encodeEnd(into: &output)
  }

  /// Appends the whole trace as text: the bytes
  /// ``encode(_:into:)-([UInt8])`` appends, decoded.
  func encodeThroughBytes(_ trace: Trace, into output: inout String) {
    var bytes: [UInt8] = []
    encode(trace, into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text of ``encodeStart(id:metadata:into:)``'s bytes.
  package func encodeStart(id: String, metadata: TraceMetadata, into output: inout String) {
    var bytes: [UInt8] = []
    encodeStart(id: id, metadata: metadata, into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `prefix` and the text of
  /// ``encodeEvent(_:at:prefix:into:)``'s bytes.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: String, into output: inout String
  ) {
    output += prefix
    var bytes: [UInt8] = []
    encodeEvent(event, at: index, prefix: [], into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text of ``encodeEnd(into:)``'s bytes.
  package func encodeEnd(into output: inout String) {
    var bytes: [UInt8] = []
    encodeEnd(into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }
}
