import Testing

@testable import GestureTrace

@Suite struct ProjectionRuleTests {
  typealias F = RuleFixtures

  @Test func worksTheWWDCExample() {
    // 1000 pt/s: (1000 / 1000) · 0.998 / 0.002 = 499; · 0.99 / 0.01 = 99.
    let normal = ProjectionRule.projection(velocity: 1000, rate: 0.998)
    let fast = ProjectionRule.projection(velocity: 1000, rate: 0.99)
    #expect((normal - 499).magnitude < 1e-9)
    #expect((fast - 99).magnitude < 1e-9)
    // Odd in the velocity.
    #expect(ProjectionRule.projection(velocity: -1000, rate: 0.998) == -normal)
  }

  static let cases: [RuleCase] = [
    // Distance 806, halfway 403. Normal rate: 0 + 499 > 403.
    RuleCase(
      label: "1000 pt/s from rest completes at 0.998",
      release: F.release(at: .zero, velocity: .init(x: 0, y: 1000)), completes: true),
    // Fast rate: 0 + 99 < 403.
    RuleCase(
      label: "1000 pt/s from rest cancels at 0.99",
      release: F.release(at: .zero, velocity: .init(x: 0, y: 1000)),
      overrides: ["rate": "0.99"], completes: false),
    // Fast rate: 305 + 99 = 404 > 403; 303 + 99 = 402 < 403.
    RuleCase(
      label: "305 pt + 99 completes at 0.99",
      release: F.release(at: .init(x: 0, y: 305), velocity: .init(x: 0, y: 1000)),
      overrides: ["rate": "0.99"], completes: true),
    RuleCase(
      label: "303 pt + 99 cancels at 0.99",
      release: F.release(at: .init(x: 0, y: 303), velocity: .init(x: 0, y: 1000)),
      overrides: ["rate": "0.99"], completes: false),
    // Rate 0.5 makes rate / (1 − rate) = 1, so the projection is v / 1000
    // exactly: 500000 pt/s over 1000 pt lands on 500, halfway → cancel;
    // 500001 pt/s lands on 500.001 → complete.
    RuleCase(
      label: "exactly halfway cancels",
      release: F.release(at: .zero, velocity: .init(x: 0, y: 500_000), distance: 1000),
      overrides: ["rate": "0.5"], completes: false),
    RuleCase(
      label: "just past halfway completes",
      release: F.release(at: .zero, velocity: .init(x: 0, y: 500_001), distance: 1000),
      overrides: ["rate": "0.5"], completes: true),
    // Opening upwards: ty +100 is −100 and vy −1000 is +1000 toward the
    // end: −100 + 499 = 399 < 403; at vy −1100: −100 + 548.9 = 448.9 > 403.
    RuleCase(
      label: "up: back 100 then 1000 pt/s up cancels",
      release: F.release(at: .init(x: 0, y: 100), velocity: .init(x: 0, y: -1000), direction: F.up),
      completes: false),
    RuleCase(
      label: "up: back 100 then 1100 pt/s up completes",
      release: F.release(at: .init(x: 0, y: 100), velocity: .init(x: 0, y: -1100), direction: F.up),
      completes: true),
    // Past halfway but thrown back: 500 − 499 = 1 < 403.
    RuleCase(
      label: "thrown back from 500 cancels",
      release: F.release(at: .init(x: 0, y: 500), velocity: .init(x: 0, y: -1000)),
      completes: false),
    // At rest the rule is the halfway test: 404 > 403.
    RuleCase(
      label: "at rest past halfway completes",
      release: F.release(at: .init(x: 0, y: 404)), completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(ProjectionRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
