import Testing

@testable import GestureTrace

/// A drag that holds still before it lifts, recorded under UIKit's reported
/// end velocity (`uikit`, the recognizer's default) and under the
/// scroll-view proxy (`ios`), and decided by a rule that reads the release
/// velocity.
@Suite struct DragHoldReleaseTests {
  /// Down at y = 0; up to −8, −20, −40, −60 pt at 10, 20, 30, 40 ms; a rest
  /// with no sample (a resting finger sends none); the lift at 300 ms.
  static func samples(liftAt lift: Int64 = 300) -> [PointerSample] {
    let moves: [(Int64, Double)] = [(0, 0), (10, -8), (20, -20), (30, -40), (40, -60)]
    return moves.map { ms, y in
      PointerSample(
        time: .milliseconds(ms), position: Vector2D(x: 0, y: y), action: ms == 0 ? .down : .move)
    } + [PointerSample(time: .milliseconds(lift), position: Vector2D(x: 0, y: -60), action: .up)]
  }

  static func trace(_ estimator: VelocityEstimator, liftAt lift: Int64 = 300) throws -> Trace {
    let traces = PanRecognizer.traces(
      from: samples(liftAt: lift), recognizer: PanRecognizer(estimator: estimator))
    try #require(traces.count == 1)
    return traces[0]
  }

  @Test func theRecognizerDefaultsToUIKit() {
    #expect(PanRecognizer().estimator == .uikit)
    #expect(PanRecognizer.defaultEstimator == .uikit)
    // Replaying a trace without velocities keeps the proxy.
    #expect(Replayer().estimator == .ios)
  }

  /// The last four samples, 10 ms apart, give segments −1200, −2000 and
  /// −2000 pt/s; 0.6·(−1200) + 0.35·(−2000) + 0.05·(−2000) = −720 − 700 − 100
  /// = −1520 pt/s, repeated at the lift 260 ms later. The proxy's lift is
  /// more than 40 ms after the last sample: zero.
  @Test(arguments: [(VelocityEstimator.uikit, -1520.0), (.ios, 0)])
  func endVelocity(_ estimator: VelocityEstimator, _ expected: Double) throws {
    let trace = try Self.trace(estimator)
    #expect(trace.events.map(\.phase) == [.began, .changed, .changed, .ended])
    let ended = trace.events[3]
    #expect(ended.time == .milliseconds(300))
    #expect(ended.translation == Vector2D(x: 0, y: -60))
    let velocity = try #require(ended.velocity)
    #expect(velocity.x == 0)
    #expect(abs(velocity.y - expected) < 1e-9)
    // `ended` repeats the last `changed` velocity under uikit.
    if estimator == .uikit { #expect(ended.velocity == trace.events[2].velocity) }
  }

  /// `player-sheet:rule=projection` opens upwards over 806 pt and completes
  /// when 60 + |v|/1000 · 0.998/0.002 > 403. uikit: 60 + 1.52 · 499 =
  /// 818.48, complete. ios: 60 + 0 = 60, cancel.
  @Test(arguments: [(VelocityEstimator.uikit, TransitionOutcome.complete), (.ios, .cancel)])
  func projectionDecidesByTheEndVelocity(
    _ estimator: VelocityEstimator, _ expected: TransitionOutcome
  ) throws {
    let variant = try Variant(parsing: "player-sheet:rule=projection")
    #expect(Replayer().outcome(of: try Self.trace(estimator), with: variant).outcome == expected)
  }

  /// Without the rest (the lift 10 ms after the last move, within 40 ms)
  /// the proxy releases at 0.35·(−2000) + 0.05·(−2000) + 0.6·(−1200) too,
  /// and both complete.
  @Test(arguments: [VelocityEstimator.uikit, .ios])
  func withoutTheRestBothComplete(_ estimator: VelocityEstimator) throws {
    let trace = try Self.trace(estimator, liftAt: 50)
    #expect(abs(trace.events.last!.velocity!.y - -1520) < 1e-9)
    let variant = try Variant(parsing: "player-sheet:rule=projection")
    #expect(Replayer().outcome(of: trace, with: variant).outcome == .complete)
  }

  /// The published rule, velocity-sign, completes both: −1520 pt/s points
  /// toward the open state, and zero completes.
  @Test(arguments: [VelocityEstimator.uikit, .ios])
  func velocitySignCompletesBoth(_ estimator: VelocityEstimator) throws {
    let variant = try Variant(parsing: "player-sheet")
    #expect(Replayer().outcome(of: try Self.trace(estimator), with: variant).outcome == .complete)
  }
}
