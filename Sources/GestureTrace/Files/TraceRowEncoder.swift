/// A trace encoder that also writes a trace a piece at a time: what comes
/// before its events, each event, and what comes after them.
///
/// The pieces in that order are exactly the text ``TraceEncoder/encode(_:into:)``
/// makes of the whole trace, which is written through them, so a writer
/// that gets a trace's events one by one (`convert` reading a CSV trace a
/// row at a time) writes the same bytes without holding the trace:
///
/// ```swift
/// let encoder = JSONLinesEncoder()
/// var text = ""
/// encoder.encodeStart(id: trace.id, metadata: trace.metadata, into: &text)
/// let prefix = encoder.rowPrefix(id: trace.id)
/// for (index, event) in trace.events.enumerated() {
///   encoder.encodeEvent(event, at: index, prefix: prefix, into: &text)
/// }
/// encoder.encodeEnd(into: &text)
/// // text == the text encode(trace, into:) appends
/// ```
// NB: the start depends only on the id and the metadata, and an event's
// text only on the event, its index and the id; so the start can even be
// written after the events are (a spool of them), as long as it comes
// first in the output.
package protocol TraceRowEncoder: TraceEncoder {
  /// Appends what comes before the events of the trace with this id and
  /// metadata: CSV metadata lines, or the JSON object up to its events.
  func encodeStart(id: String, metadata: TraceMetadata, into output: inout String)
  /// The text each event of the trace with this id starts with: in CSV,
  /// the id field and its comma; in JSON Lines, nothing.
  func rowPrefix(id: String) -> String
  /// Appends the event at `index` (from 0) of the trace whose
  /// ``rowPrefix(id:)`` is `prefix`.
  func encodeEvent(_ event: PanEvent, at index: Int, prefix: String, into output: inout String)
  /// Appends what comes after the last event of a trace.
  func encodeEnd(into output: inout String)
  /// Appends the bytes of the text ``encodeEvent(_:at:prefix:into:)``
  /// appends, `prefix` being the bytes of ``rowPrefix(id:)``.
  func encodeEvent(_ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8])
  /// Appends the bytes of the text ``TraceEncoder/encode(_:into:)``
  /// appends: the start, then each event through
  /// ``encodeEvent(_:at:prefix:into:)``, then the end.
  func encode(_ trace: Trace, into output: inout [UInt8])
}

extension TraceRowEncoder {
  /// Appends the whole trace through the pieces: what
  /// ``TraceEncoder/encode(_:into:)`` appends.
  func encodeByRows(_ trace: Trace, into output: inout String) {
    encodeStart(id: trace.id, metadata: trace.metadata, into: &output)
    let prefix = rowPrefix(id: trace.id)
    for (index, event) in trace.events.enumerated() {
      encodeEvent(event, at: index, prefix: prefix, into: &output)
    }
    encodeEnd(into: &output)
  }

}
