/// What ``CSVTraceDecoder`` does with a trace whose rows stop without
/// `ended` or `cancelled`: reports it (the default), or, for
/// `gesturetrace repair`, closes it with a `cancelled` event at its last
/// event's time and position (zero velocity, when it has velocities) and
/// the metadata entry `repaired: cancelled`.
// NB: the replayer treats a trace that stops without ending the same way:
// cancelled by the system at its last event.
struct CSVRepairPolicy {
  /// Whether unfinished traces are closed instead of reported.
  var closesUnfinishedTraces = false
  /// The number of traces closed so far.
  private(set) var closedTraceCount = 0

  /// The event and metadata that close a trace that broke `violation`
  /// with `last` its last event, counting it; `nil` when the trace is to
  /// be reported instead.
  mutating func closing(
    _ violation: TraceViolation, last: PanEvent?, metadata: TraceMetadata
  ) -> (event: PanEvent, metadata: TraceMetadata)? {
    guard violation.kind == .missingEnd, closesUnfinishedTraces, let last else { return nil }
    let event = PanEvent(
      time: last.time, phase: .cancelled, translation: last.translation,
      velocity: last.velocity.map { _ in .zero }, location: last.location)
    var metadata = metadata
    metadata["repaired"] = "cancelled"
    closedTraceCount += 1
    return (event, metadata)
  }
}
