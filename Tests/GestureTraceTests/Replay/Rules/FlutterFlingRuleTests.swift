import Testing

@testable import GestureTrace

@Suite struct FlutterFlingRuleTests {
  typealias F = RuleFixtures

  @Test func roundsHalfAwayFromZero() {
    // Dart's round: 0.5 → 1, −0.5 → −1, 1.5 → 2; ±0.5 applied beyond the
    // tolerance only.
    #expect(FlutterFlingRule.targetPage(page: 0.5, velocity: 0, tolerance: 1) == 1)
    #expect(FlutterFlingRule.targetPage(page: 0.49, velocity: 0, tolerance: 1) == 0)
    #expect(FlutterFlingRule.targetPage(page: 1, velocity: -2, tolerance: 1) == 1)
    #expect(FlutterFlingRule.targetPage(page: 0, velocity: -2, tolerance: 1) == -1)
    #expect(FlutterFlingRule.targetPage(page: 1, velocity: 2, tolerance: 1) == 2)
    #expect(FlutterFlingRule.targetPage(page: 0.3, velocity: 1, tolerance: 1) == 0)
  }

  @Test func estimateOffsetSpansTheTrackersWindow() {
    // Walking back from 90 ms: 82, 66, 50 are within 100 ms and 40 ms
    // apart; 0 is 50 ms before 50 → stop. Offset 40 − 10 = 30.
    let release = F.release([(0, 0, 0), (50, 0, 10), (66, 0, 20), (82, 0, 30), (90, 0, 40)])
    #expect(FlutterFlingRule.estimateOffset(of: release) == 30)
    // 240 ms release: 232, 216, 200 are within 100 ms; 0 is 240 ms old.
    // Offset 58 − 40 = 18.
    let slow = F.release([(0, 0, 0), (200, 0, 40), (216, 0, 46), (232, 0, 52), (240, 0, 58)])
    #expect(FlutterFlingRule.estimateOffset(of: slow) == 18)
    // A pause of 50 ms before the release leaves only the release: 0.
    let paused = F.release([(0, 0, 0), (100, 0, 100), (150, 0, 100)])
    #expect(FlutterFlingRule.estimateOffset(of: paused) == 0)
    // The horizon: samples every 25 ms; 100 ms old is in, 125 is out.
    // Offset 125 − 25 = 100 (the samples at 25…125 ms).
    let long = F.release([
      (0, 0, 0), (25, 0, 25), (50, 0, 50), (75, 0, 75), (100, 0, 100), (125, 0, 125),
    ])
    #expect(FlutterFlingRule.estimateOffset(of: long) == 100)
  }

  static let cases: [RuleCase] = [
    // No fling (v = 0): page = 403 / 806 = 0.5 → round → 1.
    RuleCase(
      label: "halfway at rest completes (0.5 rounds up)",
      release: F.release(at: .init(x: 0, y: 403)), completes: true),
    // 402.9 / 806 = 0.49988 → 0.
    RuleCase(
      label: "just short of halfway at rest cancels",
      release: F.release(at: .init(x: 0, y: 402.9)), completes: false),
    // Fling: offset 30 > 18, 1000 > 50; page 40 / 806 = 0.0496 + 0.5 → 1.
    RuleCase(
      label: "a short fling toward the end completes",
      release: F.release(
        [(0, 0, 0), (50, 0, 10), (66, 0, 20), (82, 0, 30), (90, 0, 40)],
        velocity: .init(x: 0, y: 1000)),
      completes: true),
    // Offset exactly 18 is no fling: v → 0, page 58 / 806 = 0.072 → 0.
    RuleCase(
      label: "an estimate offset of exactly 18 is no fling",
      release: F.release(
        [(0, 0, 0), (200, 0, 40), (216, 0, 46), (232, 0, 52), (240, 0, 58)],
        velocity: .init(x: 0, y: 1000)),
      completes: false),
    // Offset 18.5 > 18: fling, 0.0726 + 0.5 → 1.
    RuleCase(
      label: "an estimate offset of 18.5 flings",
      release: F.release(
        [(0, 0, 0), (200, 0, 40), (216, 0, 46), (232, 0, 52), (240, 0, 58.5)],
        velocity: .init(x: 0, y: 1000)),
      completes: true),
    // Velocity exactly 50 is no fling: page 161.2 / 806 = 0.2 → 0.
    RuleCase(
      label: "50 pt/s is no fling",
      release: F.release(
        [(0, 0, 0), (50, 0, 131.2), (66, 0, 141.2), (82, 0, 151.2), (90, 0, 161.2)],
        velocity: .init(x: 0, y: 50)),
      completes: false),
    // 50.01 flings: 0.2 + 0.5 = 0.7 → 1.
    RuleCase(
      label: "50.01 pt/s flings",
      release: F.release(
        [(0, 0, 0), (50, 0, 131.2), (66, 0, 141.2), (82, 0, 151.2), (90, 0, 161.2)],
        velocity: .init(x: 0, y: 50.01)),
      completes: true),
    // A fling back from 730 / 806 = 0.906: offset 730 − 760 = −30;
    // 0.906 − 0.5 = 0.406 → 0.
    RuleCase(
      label: "a fling back from 0.9 cancels",
      release: F.release(
        [(0, 0, 0), (300, 0, 760), (316, 0, 750), (332, 0, 740), (340, 0, 730)],
        velocity: .init(x: 0, y: -1000)),
      completes: false),
    // A fling back from exactly the end page: 1 − 0.5 = 0.5 → round → 1.
    RuleCase(
      label: "a fling back from the end page stays (half away from zero)",
      release: F.release(
        [(0, 0, 0), (300, 0, 836), (316, 0, 826), (332, 0, 816), (340, 0, 806)],
        velocity: .init(x: 0, y: -1000)),
      completes: true),
    // Opening upwards: the mirrored short fling completes; flung down (v −1000
    // toward the end, offset 30) it is 0.0496 − 0.5 = −0.45 → 0.
    RuleCase(
      label: "up: the mirrored fling completes",
      release: F.release(
        [(0, 0, 0), (50, 0, -10), (66, 0, -20), (82, 0, -30), (90, 0, -40)],
        velocity: .init(x: 0, y: -1000), direction: F.up),
      completes: true),
    RuleCase(
      label: "up: flung away from the end cancels",
      release: F.release(
        [(0, 0, 0), (50, 0, -10), (66, 0, -20), (82, 0, -30), (90, 0, -40)],
        velocity: .init(x: 0, y: 1000), direction: F.up),
      completes: false),
    // Tolerance 1 / (0.05 · 3) = 6.67 pt/s once flingMinVelocity is 0:
    // 6.6 stays at 0.2 → 0, 6.7 adds 0.5 → 0.7 → 1; with ratio 2 the
    // tolerance is 10 and 6.7 stays.
    RuleCase(
      label: "6.6 pt/s is within the tolerance at ratio 3",
      release: F.release(
        [(0, 0, 0), (50, 0, 131.2), (66, 0, 141.2), (82, 0, 151.2), (90, 0, 161.2)],
        velocity: .init(x: 0, y: 6.6)),
      overrides: ["flingMinVelocity": "0"], completes: false),
    RuleCase(
      label: "6.7 pt/s is past the tolerance at ratio 3",
      release: F.release(
        [(0, 0, 0), (50, 0, 131.2), (66, 0, 141.2), (82, 0, 151.2), (90, 0, 161.2)],
        velocity: .init(x: 0, y: 6.7)),
      overrides: ["flingMinVelocity": "0"], completes: true),
    RuleCase(
      label: "6.7 pt/s is within the tolerance at ratio 2",
      release: F.release(
        [(0, 0, 0), (50, 0, 131.2), (66, 0, 141.2), (82, 0, 151.2), (90, 0, 161.2)],
        velocity: .init(x: 0, y: 6.7)),
      overrides: ["flingMinVelocity": "0", "flingPixelRatio": "2"], completes: false),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(FlutterFlingRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
