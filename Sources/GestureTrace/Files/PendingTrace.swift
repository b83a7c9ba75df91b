/// A trace whose rows are being read.
struct PendingTrace {
  var id: String
  var idBytes: [UInt8]
  var firstLine: Int
  var lastLine: Int
  var lastPhaseColumn = 1
  /// The events, unless the decoder does not keep them.
  var events: [PanEvent] = []
  /// The number of events added.
  var eventCount = 0
  /// The last event added, when the events are not kept (see ``last``).
  var lastEvent: PanEvent?

  /// The last event added.
  // NB: events handed to a sink leave the array; the last stays here.
  var last: PanEvent? { events.last ?? lastEvent }
  let keepsEvents: Bool
  var metadata = TraceMetadata()
  var validator = TraceValidator()
  var isBad = false

  init(id: String, idBytes: [UInt8], firstLine: Int, keepsEvents: Bool = true) {
    self.keepsEvents = keepsEvents
    self.id = id
    self.idBytes = idBytes
    self.firstLine = firstLine
    self.lastLine = firstLine
  }

  /// Adds an event read on `line`, unless the trace is bad; returns the
  /// rule it breaks, if any, and then marks the trace bad. `isFinite`
  /// tells that the event's numbers are known to be finite.
  @inline(__always)
  mutating func add(
    _ event: PanEvent, line: Int, phaseColumn: Int, isFinite: Bool
  ) -> TraceViolation? {
    if isBad { return nil }
    let violation =
      isFinite
      ? validator.checkFinite(event, at: eventCount) : validator.check(event, at: eventCount)
    if let violation {
      isBad = true
      return violation
    }
    // NB: a kept trace's last event is its array's: store no copy of each
    // row's event besides, and do not empty the array per row instead
    // (both measurably slower; docs/performance.md, "Notes moved from the
    // code").
    if keepsEvents { events.append(event) } else { lastEvent = event }
    eventCount += 1
    lastLine = line
    lastPhaseColumn = phaseColumn
    return nil
  }
}
