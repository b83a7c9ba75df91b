import Testing

@testable import GestureTrace

@Suite struct FractionRuleTests {
  typealias F = RuleFixtures

  static let cases: [RuleCase] = [
    // Distance 806: 403 / 806 = 0.5 exactly, and 0.5 > 0.5 is false.
    RuleCase(
      label: "exactly half cancels", release: F.release(at: .init(x: 0, y: 403)), completes: false),
    // 403.5 / 806 = 0.50062… > 0.5.
    RuleCase(
      label: "just past half completes", release: F.release(at: .init(x: 0, y: 403.5)),
      completes: true),
    RuleCase(
      label: "up: −403.5 completes",
      release: F.release(at: .init(x: 0, y: -403.5), direction: F.up), completes: true),
    RuleCase(
      label: "up: +403.5 cancels",
      release: F.release(at: .init(x: 0, y: 403.5), direction: F.up), completes: false),
    // Velocity is ignored: 0.1 of the way at 8000 pt/s cancels.
    RuleCase(
      label: "velocity is ignored",
      release: F.release(at: .init(x: 0, y: 80.6), velocity: .init(x: 0, y: 8000)),
      completes: false),
    // Zero distance: the fraction reads 0.
    RuleCase(
      label: "zero distance cancels",
      release: F.release(at: .init(x: 0, y: 500), distance: 0), completes: false),
    // minFraction=0.25 over 1000 pt: 250 / 1000 = 0.25 cancels, 251 completes.
    RuleCase(
      label: "override minFraction=0.25 at 0.25",
      release: F.release(at: .init(x: 0, y: 250), distance: 1000),
      overrides: ["minFraction": "0.25"], completes: false),
    RuleCase(
      label: "override minFraction=0.25 at 0.251",
      release: F.release(at: .init(x: 0, y: 251), distance: 1000),
      overrides: ["minFraction": "0.25"], completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(FractionRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
