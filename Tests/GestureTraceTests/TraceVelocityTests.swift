import Testing

@testable import GestureTrace

@Suite struct TraceVelocityTests {
  /// A pan moving down at exactly 1000 pt/s, sampled every 10 ms, lifted
  /// 5 ms after the last move (the lift repeats the last translation).
  static func steadyPan(velocity: Vector2D? = nil) -> Trace {
    var events: [PanEvent] = []
    for k in 0...8 {
      events.append(
        PanEvent(
          time: .milliseconds(Int64(10 * k)), phase: k == 0 ? .began : .changed,
          translation: Vector2D(x: 0, y: Double(10 * k))))
    }
    events.append(
      PanEvent(
        time: .milliseconds(85), phase: .ended, translation: Vector2D(x: 0, y: 80),
        velocity: velocity))
    return Trace(id: "steady", events: events)
  }

  @Test(arguments: VelocityEstimator.allCases)
  func everyEstimatorRecoversASteadySpeed(_ estimator: VelocityEstimator) throws {
    // 10 pt every 10 ms is 1000 pt/s on y and 0 on x, whichever the estimator.
    let velocity = try #require(Self.steadyPan().estimatedReleaseVelocity(using: estimator))
    #expect(abs(velocity.y - 1000) < 1e-3 * 1000, "\(estimator)")
    #expect(abs(velocity.x) < 1e-9)
  }

  @Test func recordedVelocityWins() {
    let trace = Self.steadyPan(velocity: Vector2D(x: 1, y: -2))
    #expect(trace.releaseVelocity() == Vector2D(x: 1, y: -2))
    #expect(abs(Self.steadyPan().releaseVelocity().y - 1000) < 1)
  }

  @Test func pointerSamplesFollowThePhases() {
    let samples = Self.steadyPan().pointerSamples
    #expect(samples.first?.action == .down)
    #expect(samples.last?.action == .up)
    #expect(samples.dropFirst().dropLast().allSatisfy { $0.action == .move })
    var cancelled = Self.steadyPan()
    cancelled.events[cancelled.events.count - 1].phase = .cancelled
    #expect(cancelled.pointerSamples.last?.action == .cancel)
    #expect(cancelled.releaseVelocity() == .zero)
  }
}
