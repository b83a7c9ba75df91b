import Testing

@testable import GestureTrace

@Suite struct HammerRuleTests {
  typealias F = RuleFixtures

  static let cases: [RuleCase] = [
    // Hammer 2.x, 0.3 pt/ms: 30 pt in 100 ms is 0.3, not more; 30.1 is 0.301.
    RuleCase(
      label: "0.3 pt/ms exactly cancels",
      release: F.release(at: .init(x: 0, y: 30), ms: 100), completes: false),
    RuleCase(
      label: "0.301 pt/ms completes",
      release: F.release(at: .init(x: 0, y: 30.1), ms: 100), completes: true),
    // Hammer 1.x, 0.65 pt/ms: 50 pt in 100 ms = 0.5 completes in 2.x only;
    // 65.1 pt = 0.651 completes in both.
    RuleCase(
      label: "0.5 pt/ms completes with 2.x's 0.3",
      release: F.release(at: .init(x: 0, y: 50), ms: 100), completes: true),
    RuleCase(
      label: "0.5 pt/ms cancels with 1.x's 0.65",
      release: F.release(at: .init(x: 0, y: 50), ms: 100),
      overrides: ["hammerVelocity": "0.65"], completes: false),
    RuleCase(
      label: "0.651 pt/ms completes with 1.x's 0.65",
      release: F.release(at: .init(x: 0, y: 65.1), ms: 100),
      overrides: ["hammerVelocity": "0.65"], completes: true),
    // Threshold 10: 10 pt in 10 ms (1 pt/ms) is not more than 10 pt; 10.5 is.
    RuleCase(
      label: "exactly 10 pt cancels",
      release: F.release(at: .init(x: 0, y: 10), ms: 10), completes: false),
    RuleCase(
      label: "10.5 pt completes",
      release: F.release(at: .init(x: 0, y: 10.5), ms: 10), completes: true),
    // The overall velocity averages from the first touch: 100 pt in 466 ms is
    // 0.2146 < 0.3, although the last segment ran 40 pt / 16 ms = 2.5 pt/ms.
    RuleCase(
      label: "a slow start drags a fast flick under the threshold",
      release: F.release([(0, 0, 0), (400, 0, 10), (450, 0, 60), (466, 0, 100)]),
      completes: false),
    // Opening upwards: −50 in 100 ms is +0.5 toward the end; +50 is −50.
    RuleCase(
      label: "up: 50 pt up in 100 ms completes",
      release: F.release(at: .init(x: 0, y: -50), ms: 100, direction: F.up), completes: true),
    RuleCase(
      label: "up: 50 pt down in 100 ms cancels",
      release: F.release(at: .init(x: 0, y: 50), ms: 100, direction: F.up), completes: false),
    // The recorded release velocity is not used: 0 pt/s recorded, 0.5 pt/ms
    // overall.
    RuleCase(
      label: "the recorded velocity is ignored",
      release: F.release(at: .init(x: 0, y: 50), ms: 100, velocity: .init(x: 0, y: -9000)),
      completes: true),
    // Zero duration with movement: 20 / 0 = +infinity > 0.3.
    RuleCase(
      label: "zero duration completes",
      release: F.release(at: .init(x: 0, y: 20), ms: 0), completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(HammerRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
