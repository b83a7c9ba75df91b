import Testing

@testable import GestureTrace

@Suite struct PlayerSheetTransitionTests {
  let replayer = Replayer()
  let sheet = try! Variant(parsing: "player-sheet")

  /// Drags up (opening) to `ty` and releases with vertical velocity `vy`.
  func open(to ty: Double, vy: Double?) -> Trace {
    panTrace(
      [(0, 0, -11), (100, 0, ty / 2), (200, 0, ty)],
      releaseVelocity: vy.map { Vector2D(x: 0, y: $0) })
  }

  @Test func aReleaseAtExactlyZeroVelocityCompletes() {
    #expect(replayer.outcome(of: open(to: -50, vy: 0), with: sheet).outcome == .complete)
  }

  @Test(arguments: [
    // Opening: velocity up (negative y) points to the target.
    (-1.0, TransitionOutcome.complete), (1.0, .cancel), (-5000, .complete),
    // Distance is ignored: a nearly complete drag released downwards cancels.
    (0.5, .cancel),
  ])
  func onlyTheSignOfTheReleaseVelocityMatters(vy: Double, expected: TransitionOutcome) {
    #expect(replayer.outcome(of: open(to: -800, vy: vy), with: sheet).outcome == expected)
  }

  @Test func closingFromOpenUsesTheOppositeSign() throws {
    let closing = try Variant(parsing: "player-sheet:start=open")
    let down = panTrace([(0, 0, 11), (100, 0, 300)], releaseVelocity: Vector2D(x: 0, y: 10))
    let up = panTrace([(0, 0, 11), (100, 0, 300)], releaseVelocity: Vector2D(x: 0, y: -10))
    #expect(replayer.outcome(of: down, with: closing).outcome == .complete)
    #expect(replayer.outcome(of: up, with: closing).outcome == .cancel)
  }

  @Test func aCancelledPanCancels() {
    let trace = panTrace([(0, 0, -11), (100, 0, -500)], end: .cancelled)
    #expect(replayer.outcome(of: trace, with: sheet).outcome == .cancel)
  }

  @Test func theFractionFollowsTheTranslation() {
    let timeline = replayer.timeline(of: open(to: -403, vy: -100), with: sheet)
    // At 100 ms ty = -201.5: fraction 201.5 / 806 = 0.25; at 200 ms 0.5.
    #expect(close(timeline.value("fraction", at: .milliseconds(100)), 0.25))
    #expect(close(timeline.value("fraction", at: .milliseconds(200)), 0.5))
    // The container scrubs linearly: y = 806 × (1 − 0.5) = 403.
    #expect(close(timeline.value("containerY", at: .milliseconds(200)), 403))
    // The fades scrub through their curves (scrubsLinearly false), then
    // through the keyframe window 0…0.5. Ease-in at x = 0.5 is y =
    // 0.3153568… (bisection on the Bézier (0.42,0)(1,1) in Python), so the
    // player's alpha is 0.3153568 / 0.5; ease-out gives 0.6846, past the
    // window's end: the mini player has faded out.
    #expect(close(timeline.value("playerAlpha", at: .milliseconds(200)), 0.6307136251450786, 1e-6))
    #expect(close(timeline.value("miniPlayerAlpha", at: .milliseconds(200)), 0))
  }

  @Test func completingRunsTheRemainingFraction() {
    let timeline = replayer.timeline(of: open(to: -403, vy: -100), with: sheet)
    // Released at 210 ms at fraction 0.5: (1 − 0.5) × 0.7 s = 0.35 s left.
    #expect(timeline.outcome.outcome == .complete)
    #expect(timeline.outcome.decidedAt == .milliseconds(210))
    #expect(timeline.outcome.settledAt == .milliseconds(560))
    #expect(timeline.finalValue("containerY") == 0)
    #expect(timeline.finalValue("tabBarY") == 83)
    #expect(timeline.finalValue("playerAlpha") == 1)
    #expect(timeline.finalValue("miniPlayerAlpha") == 0)
  }

  @Test func cancellingReversesToTheStart() {
    let timeline = replayer.timeline(of: open(to: -201.5, vy: 100), with: sheet)
    // Reversed at fraction 0.25: 0.25 × 0.7 = 0.175 s back to the start.
    #expect(timeline.outcome.outcome == .cancel)
    #expect(timeline.outcome.settledAt == .milliseconds(385))
    #expect(timeline.finalValue("containerY") == 806)
    #expect(timeline.finalValue("playerAlpha") == 0)
    #expect(timeline.finalValue("miniPlayerAlpha") == 1)
  }

  @Test func aMissingReleaseVelocityIsEstimated() {
    // Moving up at a steady 1000 pt/s, sampled every 10 ms, no velocities:
    // every estimator gives -1000 pt/s, so the sheet completes.
    var points: [(ms: Int64, x: Double, y: Double)] = []
    for step in 0...10 { points.append((Int64(step) * 10, 0, -11 - Double(step) * 10)) }
    var trace = panTrace(points, releaseVelocity: nil)
    trace.events[trace.events.count - 1].translation.y = -121
    #expect(!trace.hasVelocity)
    let velocity = trace.releaseVelocity()
    #expect(velocity.y < -900)
    #expect(replayer.outcome(of: trace, with: sheet).outcome == .complete)
  }
}
