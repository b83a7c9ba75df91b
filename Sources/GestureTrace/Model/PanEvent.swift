/// One callback of a pan gesture: what `UIPanGestureRecognizer` hands its
/// target.
///
/// ```swift
/// let event = PanEvent(
///   time: .milliseconds(25), phase: .ended,
///   translation: Vector2D(x: 1.6, y: 24), velocity: Vector2D(x: 60, y: 1092))
/// ```
public struct PanEvent: Sendable, Hashable, Codable {
  /// When the event happened.
  public var time: TraceTime
  /// The gesture's phase.
  public var phase: TouchPhase
  /// The translation in points, relative to where the pan began.
  public var translation: Vector2D
  /// The velocity in points per second, or `nil` when the source did not
  /// record one (it is then estimated from the translations).
  public var velocity: Vector2D?
  /// The touch location in points in the recording view, when known.
  public var location: Vector2D?

  /// Creates a pan event.
  public init(
    time: TraceTime, phase: TouchPhase, translation: Vector2D,
    velocity: Vector2D? = nil, location: Vector2D? = nil
  ) {
    self.time = time
    self.phase = phase
    self.translation = translation
    self.velocity = velocity
    self.location = location
  }
}
