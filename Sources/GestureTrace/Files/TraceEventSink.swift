/// Receives the events of CSV traces as their rows are read, from a
/// ``CSVTraceDecoder`` that does not keep them.
///
/// The decoder tells the sink where each trace starts, then hands it the
/// trace's events in order, each having passed every rule so far: those
/// of the rows read from a chunk of bytes when the chunk ends, and the
/// rest before the trace is produced (without its events) when it ends
/// valid. A trace with a problem is not produced, and what the sink got of
/// it is to be dropped when the next trace starts. So a writer can encode
/// a trace as it is read, holding none of its events, and keep the text
/// only when the trace turns out valid.
///
/// ```swift
/// final class Counter: TraceEventSink {
///   var events = 0
///   func startTrace(id: String, metadata: TraceMetadata, line: Int, columns: CSVColumns) {
///     events = 0
///   }
///   func add(_ event: PanEvent) { events += 1 }
/// }
/// var decoder = CSVTraceDecoder()
/// decoder.keepsEvents = false
/// decoder.eventSink = Counter()
/// ```
// NB: a class, so that the decoder holds a reference; the decoder calls it
// only when it does not keep events.
package protocol TraceEventSink: AnyObject {
  /// A trace's first row was read: its id, its metadata (metadata read
  /// after a first row spoils the trace, so this is what the trace is
  /// produced with, unless the decoder closes it unfinished), the line of
  /// that row and the header's optional columns. Called for every trace,
  /// valid or not.
  func startTrace(id: String, metadata: TraceMetadata, line: Int, columns: CSVColumns)
  /// The next event of the trace last started; it passed every rule of
  /// the format so far, and the events before it were handed over.
  func add(_ event: PanEvent)
}
