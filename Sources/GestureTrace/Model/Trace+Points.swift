/// Lengths in points: what replays, analyses and measurements assume.
///
/// A trace's `units` metadata names the unit of its translations,
/// velocities and locations (`pt` when absent), and `scale` gives the
/// recording's pixels per point. A trace in any other unit than `pt` is
/// converted by dividing every length by its scale; without a usable scale
/// it cannot be, and tools leave it out.
///
/// ```swift
/// var trace = Trace(id: "g1")
/// trace.metadata.units = "px"
/// trace.metadata.scale = 3
/// trace.events.append(PanEvent(
///   time: .zero, phase: .began, translation: Vector2D(x: 0, y: 90)))
/// trace.inPoints()?.events[0].translation   // Vector2D(x: 0, y: 30)
/// ```
extension Trace {
  /// Whether the trace's lengths are in points: it has no `units` or
  /// `units: pt`.
  ///
  /// - Complexity: One metadata lookup; the events are not read.
  package var isInPoints: Bool {
    // NB: on analyze's path for every trace; compares the value only.
    guard let units = metadata.units else { return true }
    return units == "pt"
  }

  /// The pixels per point a trace not in points is converted by: its
  /// `scale` when finite and positive, else `nil`.
  package var pointScale: Double? {
    guard let scale = metadata.scale, scale > 0 else { return nil }
    return scale
  }

  /// Returns the trace with its lengths in points, or `nil` when it is in
  /// another unit and has no usable scale.
  ///
  /// A trace already in points (``isInPoints``) is returned as it is,
  /// without copying its events. Any other trace with a finite, positive
  /// `scale` (or `fallbackScale`) gets every translation, velocity and
  /// location divided by the scale and `units: pt`; its `scale` stays as
  /// written, or is set to `fallbackScale`, since it still describes the
  /// recording.
  ///
  /// - Parameter fallbackScale: The pixels per point to use when the trace
  ///   has no scale of its own; ignored when it has one, or when it is not
  ///   finite and positive.
  /// - Complexity: O(1) for a trace in points, else O(*n*) in its events.
  package func inPoints(fallbackScale: Double? = nil) -> Trace? {
    if isInPoints { return self }
    guard let scale = pointDivisor(fallbackScale: fallbackScale) else { return nil }
    var result = self
    for index in result.events.indices {
      result.events[index] = Self.inPoints(result.events[index], dividingBy: scale)
    }
    result.metadata.units = "pt"
    if pointScale == nil { result.metadata.scale = scale }
    return result
  }

  /// The pixels per point ``inPoints(fallbackScale:)`` divides every
  /// length by: `nil` when the trace is in points (nothing is divided) or
  /// has no usable scale (it cannot be converted).
  ///
  /// It depends only on the metadata, so a trace read a row at a time can
  /// be converted an event at a time with ``inPoints(_:dividingBy:)``.
  package func pointDivisor(fallbackScale: Double?) -> Double? {
    if isInPoints { return nil }
    let fallback = fallbackScale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    return pointScale ?? fallback
  }

  /// The event with its translation, velocity and location divided by
  /// `scale`, as ``inPoints(fallbackScale:)`` divides each event.
  package static func inPoints(_ event: PanEvent, dividingBy scale: Double) -> PanEvent {
    var event = event
    event.translation = divide(event.translation, by: scale)
    event.velocity = event.velocity.map { divide($0, by: scale) }
    event.location = event.location.map { divide($0, by: scale) }
    return event
  }

  // NB: divided rather than multiplied by 1 / scale, so that lengths that
  // are whole multiples of the scale come out exactly. A scale below 1 can
  // take a finite length past the largest double; it saturates there, as
  // features do (docs/reliability.md), so finite input stays finite.
  private static func divide(_ vector: Vector2D, by scale: Double) -> Vector2D {
    Vector2D(x: saturated(vector.x / scale), y: saturated(vector.y / scale))
  }

  private static func saturated(_ value: Double) -> Double {
    guard value.isInfinite else { return value }
    return value < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
  }
}
