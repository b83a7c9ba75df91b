/// Where the events of the traces a ``CSVTraceDecoder`` reads go: kept in
/// each trace, or only counted, or handed to a ``TraceEventSink``.
///
/// With a sink and without keeping events, the events of the rows of one
/// chunk of bytes are gathered in the pending trace's array, as when they
/// are kept, and handed over at the end of the chunk (``handOver(_:)``),
/// never a call to the sink per row. Memory is then the events of one
/// chunk, not of the trace.
// NB: a call to the sink per row grew and slowed the row readers
// (docs/performance.md, "Notes moved from the code").
struct CSVEventHandOff {
  /// Whether traces keep their events; when false, each valid trace is
  /// produced without them and only counted in ``producedEventCount``.
  var keepsEvents = true {
    didSet { buffersForSink = !keepsEvents && sink != nil }
  }
  /// Where the events go when the traces do not keep them.
  var sink: (any TraceEventSink)? {
    didSet { buffersForSink = !keepsEvents && sink != nil }
  }
  /// Whether events are gathered for ``sink``.
  private(set) var buffersForSink = false
  /// The number of events of the valid traces produced so far.
  var producedEventCount = 0

  /// Hands the events gathered in a pending trace to the sink and empties
  /// its array, keeping the last one for ``PendingTrace/last``.
  func handOver(_ trace: inout PendingTrace) {
    guard let sink, !trace.events.isEmpty else { return }
    for event in trace.events { sink.add(event) }
    trace.lastEvent = trace.events.last
    trace.events.removeAll(keepingCapacity: true)
  }
}
