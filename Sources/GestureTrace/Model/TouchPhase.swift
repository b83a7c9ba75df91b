/// The phase of a pan event, as `UIPanGestureRecognizer` reports its state.
///
/// A gesture starts with ``began``, reports movement with ``changed`` and
/// ends with ``ended`` (the finger lifted) or ``cancelled`` (the system or
/// the app stopped it). Trace files spell the phases in lowercase; `failed`
/// reads as ``cancelled``.
public enum TouchPhase: String, Sendable, Hashable, Codable, CaseIterable {
  /// The pan was recognized: the touch moved past the slop.
  case began
  /// The touch moved.
  case changed
  /// The touch lifted; the gesture is over.
  case ended
  /// The gesture was cancelled; it is over.
  case cancelled

  /// Creates a phase from its name in a trace file, or `nil`.
  ///
  /// Accepts `began`, `changed`, `ended`, `cancelled` and `failed` (which
  /// reads as `cancelled`).
  public init?(fileName name: some StringProtocol) {
    switch name {
    case "began": self = .began
    case "changed": self = .changed
    case "ended": self = .ended
    case "cancelled", "failed": self = .cancelled
    default: return nil
    }
  }

  /// Whether the phase ends a gesture.
  public var isFinal: Bool { self == .ended || self == .cancelled }
}
