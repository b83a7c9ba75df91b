/// Measurements of one trace that do not depend on any transition.
package struct TraceFeatures: Sendable, Hashable {
  /// The trace's id.
  package var id: String
  /// The number of events.
  package var eventCount: Int
  /// From the first event to the last, in seconds.
  package var duration: Double
  /// The final translation.
  package var netTranslation: Vector2D
  /// The length of the final translation, in points.
  package var netDistance: Double
  /// The length of the path the translation traced, in points.
  package var pathLength: Double
  /// The velocity at release: the last event's recorded velocity, or the
  /// change over the last two events when the trace has no velocities.
  package var releaseVelocity: Vector2D
  /// The intervals between consecutive events, in seconds.
  package var intervals: [Double]

  /// Measures a trace.
  package init(of trace: Trace) {
    id = trace.id
    eventCount = trace.events.count
    duration = trace.duration.seconds
    netTranslation = trace.events.last?.translation ?? .zero
    netDistance = netTranslation.length
    var length = 0.0
    var intervals: [Double] = []
    intervals.reserveCapacity(max(0, trace.events.count - 1))
    for (previous, event) in zip(trace.events, trace.events.dropFirst()) {
      length += (event.translation - previous.translation).length
      intervals.append((event.time - previous.time).seconds)
    }
    pathLength = length
    self.intervals = intervals
    releaseVelocity = TraceFeatures.releaseVelocity(of: trace)
  }

  /// The release speed in points per second.
  package var releaseSpeed: Double { releaseVelocity.length }

  /// The recorded velocity of the last event, or an estimate from the last
  /// two distinct timestamps.
  static func releaseVelocity(of trace: Trace) -> Vector2D {
    if let recorded = trace.events.last?.velocity { return recorded }
    guard let last = trace.events.last else { return .zero }
    // NB: without recorded velocities, the last movement over time stands in
    // until the recorder's estimators replace it.
    for previous in trace.events.dropLast().reversed() where previous.time < last.time {
      let dt = (last.time - previous.time).seconds
      return (last.translation - previous.translation) * (1 / dt)
    }
    return .zero
  }
}
