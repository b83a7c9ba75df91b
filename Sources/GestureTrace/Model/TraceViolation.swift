/// A way a trace breaks the validity rules.
public struct TraceViolation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The rules a trace must follow.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first event is not `began`.
    case firstEventNotBegan
    /// The last event is not `ended` or `cancelled`.
    case missingEnd
    /// An event follows the `ended` or `cancelled` event.
    case eventAfterEnd
    /// A timestamp is earlier than the one before it.
    case timeDecreases
    /// A number is NaN or infinite.
    case nonFiniteNumber
    /// A `began` event appears after the first event.
    case repeatedBegan
    /// The identifier is empty or has white space.
    case invalidID
    /// The trace has no events.
    case empty
  }

  /// Which rule is broken.
  public var kind: Kind
  /// The index of the offending event, when one event is at fault.
  public var eventIndex: Int?
  /// What was found, for the message.
  public var found: String

  /// Creates a violation.
  public init(kind: Kind, eventIndex: Int?, found: String) {
    self.kind = kind
    self.eventIndex = eventIndex
    self.found = found
  }

  /// What was expected, as the start of a message.
  public var expected: String {
    switch kind {
    case .firstEventNotBegan: return "expected the first event to be 'began'"
    case .missingEnd: return "expected the trace to end with 'ended' or 'cancelled'"
    case .eventAfterEnd: return "expected no event after the end of the trace"
    case .timeDecreases: return "expected a time no earlier than the previous event's"
    case .nonFiniteNumber: return "expected a finite number"
    case .repeatedBegan: return "expected 'changed', 'ended' or 'cancelled' after the first event"
    case .invalidID: return "expected a trace id without white space"
    case .empty: return "expected at least one event"
    }
  }

  /// The message: what was expected, then what was found.
  public var description: String { "\(expected), found \(found)" }
}

/// Checks events one at a time against the validity rules.
///
/// Readers feed it each row so a problem is reported at its line; ``Trace``
/// uses it to check a whole trace.
struct TraceValidator {
  private var count = 0
  // NB: the last time and phase mean something only when `count > 0`;
  // plain values cost less to test than optionals, for every row.
  private var lastTime = TraceTime.zero
  private var lastPhase = TouchPhase.began
  private var ended = false

  /// Checks the next event; returns the first rule it breaks, if any.
  mutating func check(_ event: PanEvent, at index: Int) -> TraceViolation? {
    if let violation = checkOrder(time: event.time, phase: event.phase, at: index) {
      return violation
    }
    if let bad = Self.firstNonFinite(event) {
      return TraceViolation(kind: .nonFiniteNumber, eventIndex: index, found: "'\(bad)'")
    }
    return nil
  }

  /// Checks the next event as ``check(_:at:)`` does, for an event whose
  /// numbers are all finite (a reader that made them knows).
  // NB: the common event, after `began` and in time, takes one test of
  // each rule, inline.
  @inline(__always)
  mutating func checkFinite(_ event: PanEvent, at index: Int) -> TraceViolation? {
    if count > 0, !ended, event.phase != .began, event.time >= lastTime {
      count &+= 1
      lastTime = event.time
      lastPhase = event.phase
      ended = event.phase == .ended || event.phase == .cancelled
      return nil
    }
    return checkOrder(time: event.time, phase: event.phase, at: index)
  }

  /// Checks the rules of order and phase for the event at `time` in
  /// `phase`; counts the event.
  // NB: it takes the time and phase, not the event: an event passed to a
  // call is first assembled in memory, field by field, and the reader's
  // append then copied it from there in wide loads, each of which waited
  // for the narrow stores it spans
  // (docs/performance.md, "Notes moved from the code").
  private mutating func checkOrder(
    time: TraceTime, phase: TouchPhase, at index: Int
  ) -> TraceViolation? {
    let hasLast = count > 0
    let lastTime = self.lastTime
    defer {
      count += 1
      self.lastTime = time
      lastPhase = phase
      if phase.isFinal { ended = true }
    }
    if ended {
      return TraceViolation(
        kind: .eventAfterEnd, eventIndex: index, found: "'\(phase.rawValue)'")
    }
    if !hasLast, phase != .began {
      return TraceViolation(
        kind: .firstEventNotBegan, eventIndex: index, found: "'\(phase.rawValue)'")
    }
    if hasLast, phase == .began {
      return TraceViolation(kind: .repeatedBegan, eventIndex: index, found: "'began'")
    }
    if hasLast, time < lastTime {
      return TraceViolation(
        kind: .timeDecreases, eventIndex: index,
        found: "\(time) after \(lastTime)")
    }
    return nil
  }

  /// The first number of the event that is NaN or infinite: translation,
  /// then velocity, then location, x before y.
  private static func firstNonFinite(_ event: PanEvent) -> Double? {
    func bad(_ vector: Vector2D?) -> Double? {
      guard let vector, !vector.isFinite else { return nil }
      return vector.x.isFinite ? vector.y : vector.x
    }
    return bad(event.translation) ?? bad(event.velocity) ?? bad(event.location)
  }

  /// Checks the end of the trace; returns a violation when it has not ended.
  func finish() -> TraceViolation? {
    if count == 0 {
      return TraceViolation(kind: .empty, eventIndex: nil, found: "none")
    }
    if !ended {
      return TraceViolation(
        kind: .missingEnd, eventIndex: count - 1, found: "'\(lastPhase.rawValue)'")
    }
    return nil
  }

  /// Whether the trace has ended.
  var hasEnded: Bool { ended }
}
