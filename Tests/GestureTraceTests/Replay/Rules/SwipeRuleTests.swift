import Testing

@testable import GestureTrace

@Suite struct SwipeRuleTests {
  typealias F = RuleFixtures

  /// A flick down: segments 16 ms apart of 30, 25 and 15 pt, released at
  /// `releaseMs` without moving again, the recorded velocity `velocity`.
  static func flick(releaseMs: Int64, velocity: Double = 0) -> ReleaseInput {
    F.release(
      [(0, 0, 0), (16, 0, 30), (32, 0, 55), (48, 0, 70), (releaseMs, 0, 70)],
      velocity: Vector2D(x: 0, y: velocity))
  }

  @Test func releaseWithinTheKinematicsDelayKeepsTheLastSegment() {
    // The release is 8 ms after the 48-ms event: the 32→48 segment stands,
    // 15 pt / 16 ms = 0.9375 pt/ms.
    #expect(SwipeRule.lastVelocity(of: Self.flick(releaseMs: 56), kinematicsDelay: 32) == 0.9375)
    // Exactly 32 ms later (80 ms) is not more than 32: it still stands.
    #expect(SwipeRule.lastVelocity(of: Self.flick(releaseMs: 80), kinematicsDelay: 32) == 0.9375)
    // 33 ms later the release recomputes: 0 pt / 33 ms = 0.
    #expect(SwipeRule.lastVelocity(of: Self.flick(releaseMs: 81), kinematicsDelay: 32) == 0)
  }

  static let cases: [RuleCase] = [
    // 56 ms < 250, |70| > 50, 0.9375 > 0.5.
    RuleCase(label: "a quick flick completes", release: flick(releaseMs: 56), completes: true),
    RuleCase(
      label: "released 32 ms after the last move completes",
      release: flick(releaseMs: 80), completes: true),
    // 33 ms: velocity 0, whatever the recorded 5000 pt/s says.
    RuleCase(
      label: "released 33 ms after the last move cancels",
      release: flick(releaseMs: 81, velocity: 5000), completes: false),
    // Duration: the last segment 30 pt / 16 ms = 1.875; released 16 ms later
    // at 249 ms (< 250) completes, at 250 ms cancels.
    RuleCase(
      label: "249 ms completes",
      release: F.release([(0, 0, 0), (217, 0, 30), (233, 0, 60), (249, 0, 60)]),
      completes: true),
    RuleCase(
      label: "250 ms cancels",
      release: F.release([(0, 0, 0), (218, 0, 30), (234, 0, 60), (250, 0, 60)]),
      completes: false),
    // Movement: exactly 50 is not more than 50; 50.5 is (last segment
    // 25 pt / 16 ms or 25.5 / 16, both over 0.5).
    RuleCase(
      label: "moving exactly 50 cancels",
      release: F.release([(0, 0, 0), (16, 0, 25), (32, 0, 50), (40, 0, 50)]),
      completes: false),
    RuleCase(
      label: "moving 50.5 completes",
      release: F.release([(0, 0, 0), (16, 0, 25), (32, 0, 50.5), (40, 0, 50.5)]),
      completes: true),
    // Velocity: 10 pt / 20 ms = 0.5 is not over 0.5; 10.02 / 20 = 0.501 is.
    RuleCase(
      label: "last segment at exactly 0.5 pt/ms cancels",
      release: F.release([(0, 0, 0), (20, 0, 51), (40, 0, 61), (48, 0, 61)]),
      completes: false),
    RuleCase(
      label: "last segment at 0.501 pt/ms completes",
      release: F.release([(0, 0, 0), (20, 0, 51), (40, 0, 61.02), (48, 0, 61.02)]),
      completes: true),
    // Opening upwards: the mirrored flick completes; the same downward flick
    // moves |−70| > 50 but its last segment is −0.9375 toward the end.
    RuleCase(
      label: "up: the mirrored flick completes",
      release: F.release(
        [(0, 0, 0), (16, 0, -30), (32, 0, -55), (48, 0, -70), (56, 0, -70)], direction: F.up),
      completes: true),
    RuleCase(
      label: "up: a downward flick cancels",
      release: F.release(
        [(0, 0, 0), (16, 0, 30), (32, 0, 55), (48, 0, 70), (56, 0, 70)], direction: F.up),
      completes: false),
    // 80 pt forwards, then the last segment goes back 10 pt in 16 ms.
    RuleCase(
      label: "a final flick back cancels",
      release: F.release([(0, 0, 0), (16, 0, 40), (32, 0, 80), (48, 0, 70), (56, 0, 70)]),
      completes: false),
    // A release 40 ms after the last move that itself moved 25 pt:
    // recomputed as 25 / 40 = 0.625 > 0.5, movement 80.
    RuleCase(
      label: "a late release that moved is its own segment",
      release: F.release([(0, 0, 0), (16, 0, 30), (32, 0, 55), (72, 0, 80)]),
      completes: true),
    // An event at the same time as the previous one is ignored, as
    // @use-gesture ignores a pointer move with the previous timestamp: the
    // release 40 ms later (> 32, recomputed) measures from the 32-ms event at
    // 55, 15 / 40 = 0.375 < 0.5; from the ignored duplicate at 40 it would be
    // 30 / 40 = 0.75.
    RuleCase(
      label: "a same-time event is ignored",
      release: F.release([(0, 0, 0), (16, 0, 30), (32, 0, 55), (32, 0, 40), (72, 0, 70)]),
      completes: false),
    // swipeDuration=100 turns the 249-ms swipe down.
    RuleCase(
      label: "override swipeDuration=100",
      release: F.release([(0, 0, 0), (217, 0, 30), (233, 0, 60), (249, 0, 60)]),
      overrides: ["swipeDuration": "100"], completes: false),
    // swipeKinematicsDelay=50: the 81-ms release (33 ms late) keeps 0.9375.
    RuleCase(
      label: "override swipeKinematicsDelay=50",
      release: flick(releaseMs: 81), overrides: ["swipeKinematicsDelay": "50"],
      completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(SwipeRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
