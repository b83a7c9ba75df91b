/// One pan gesture: its identifier, its events in time order and its
/// metadata.
///
/// A valid trace starts with a `began` event, ends with an `ended` or
/// `cancelled` event and has nothing after that; its timestamps never
/// decrease and every number is finite. ``violations`` lists what breaks
/// those rules.
///
/// ```swift
/// var trace = Trace(id: "g1")
/// trace.events.append(PanEvent(time: .zero, phase: .began, translation: .zero))
/// trace.events.append(PanEvent(
///   time: .milliseconds(25), phase: .ended, translation: Vector2D(x: 0, y: 24)))
/// trace.violations.isEmpty   // true
/// ```
public struct Trace: Sendable, Hashable, Codable, Identifiable {
  /// The trace's identifier: unique within a file, no white space.
  public var id: String
  /// The events in time order.
  public var events: [PanEvent]
  /// Where the trace came from and what it means.
  public var metadata: TraceMetadata

  /// Creates a trace.
  public init(id: String, events: [PanEvent] = [], metadata: TraceMetadata = TraceMetadata()) {
    self.id = id
    self.events = events
    self.metadata = metadata
  }

  /// The time from the first event to the last, or zero when empty.
  public var duration: TraceTime {
    guard let first = events.first, let last = events.last else { return .zero }
    return last.time - first.time
  }

  /// Whether any event carries a velocity.
  public var hasVelocity: Bool { events.contains { $0.velocity != nil } }

  /// The rules this trace breaks, in event order; empty for a valid trace.
  public var violations: [TraceViolation] {
    var validator = TraceValidator()
    var result: [TraceViolation] = []
    for (index, event) in events.enumerated() {
      if let violation = validator.check(event, at: index) { result.append(violation) }
    }
    if let violation = validator.finish() { result.append(violation) }
    if !Trace.isValidID(id) {
      result.insert(TraceViolation(kind: .invalidID, eventIndex: nil, found: id), at: 0)
    }
    return result
  }

  /// Whether a string can be a trace identifier: not empty, and no white
  /// space (any Unicode white space: no-break space, line separator…) or
  /// control characters (C0, DEL and C1).
  public static func isValidID(_ id: some StringProtocol) -> Bool {
    !id.isEmpty
      && id.unicodeScalars.allSatisfy { scalar in
        scalar.value > 0x20 && !(0x7F...0x9F).contains(scalar.value)
          && (scalar.isASCII || !scalar.properties.isWhitespace)
      }
  }
}
