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
  /// default estimator's when the trace has none.
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
    releaseVelocity = trace.releaseVelocity()
  }

  /// The release speed in points per second.
  package var releaseSpeed: Double { releaseVelocity.length }
}
