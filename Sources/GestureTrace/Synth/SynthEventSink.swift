/// What receives the events of a synthetic trace as the synthesizer
/// samples them (``TraceSynthesizer/sample(_:using:into:)``).
protocol SynthEventSink {
  /// Makes room for about `count` events.
  mutating func reserve(_ count: Int)

  /// Receives one event.
  ///
  /// - Parameters:
  ///   - phase: The event's phase.
  ///   - time: Nanoseconds since the pan began.
  ///   - translation: The offset in pixels from where the pan began.
  ///   - velocityTenths: The velocity in tenths of a point per second,
  ///     whole (``SynthVelocityEstimator/tenths``).
  ///   - location: The touch's pixel.
  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel,
    velocityTenths: Vector2D,
    location: TraceSynthesizer.Pixel)
}

/// A sink that keeps the events as ``PanEvent``s, in points.
struct EventArraySink: SynthEventSink {
  /// The events received so far.
  var events: [PanEvent] = []

  mutating func reserve(_ count: Int) {
    events.reserveCapacity(count)
  }

  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel,
    velocityTenths: Vector2D,
    location: TraceSynthesizer.Pixel
  ) {
    events.append(
      PanEvent(
        time: TraceTime(nanoseconds: time), phase: phase, translation: translation.point,
        velocity: Vector2D(x: velocityTenths.x / 10, y: velocityTenths.y / 10),
        location: location.point))
  }
}
