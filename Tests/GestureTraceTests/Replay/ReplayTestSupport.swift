@testable import GestureTrace

/// Builds a trace from (milliseconds, tx, ty) points: the first is `began`,
/// the rest `changed`, then a final event with `end` at the last point's
/// place 10 ms later (unless `end` is nil).
func panTrace(
  _ points: [(ms: Int64, x: Double, y: Double)], end: TouchPhase? = .ended,
  releaseVelocity: Vector2D? = .zero, id: String = "t"
) -> Trace {
  var events = points.enumerated().map { index, point in
    PanEvent(
      time: .milliseconds(point.ms), phase: index == 0 ? .began : .changed,
      translation: Vector2D(x: point.x, y: point.y))
  }
  if let end, let last = points.last {
    events.append(
      PanEvent(
        time: .milliseconds(last.ms + 10), phase: end,
        translation: Vector2D(x: last.x, y: last.y),
        velocity: end == .ended ? releaseVelocity : nil))
  }
  return Trace(id: id, events: events)
}

/// A vertical drag: began at 12 pt, then the given ty values every 10 ms.
func verticalDrag(_ values: [Double], releaseVelocity: Vector2D? = .zero) -> Trace {
  panTrace(
    [(0, 0, 12)] + values.enumerated().map { (Int64($0.offset + 1) * 10, 0, $0.element) },
    releaseVelocity: releaseVelocity)
}

extension ReplayTimeline {
  /// The value of `property` in the frame at (or last before) `time`.
  func value(_ property: String, at time: TraceTime) -> Double? {
    guard let column = propertyNames.firstIndex(of: property) else { return nil }
    return frames.last(where: { $0.time <= time })?.values[column]
  }

  /// The value of `property` in the last frame.
  func finalValue(_ property: String) -> Double? {
    guard let column = propertyNames.firstIndex(of: property) else { return nil }
    return frames.last?.values[column]
  }
}

/// Whether two numbers agree to `tolerance`.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return (a - b).magnitude <= tolerance
}
