import Testing

@testable import GestureTrace

@Suite struct DistanceRuleTests {
  typealias F = RuleFixtures

  static let cases: [RuleCase] = [
    // Default minDistance 80, strict: 80 > 80 is false.
    RuleCase(
      label: "exactly 80 cancels", release: F.release(at: .init(x: 0, y: 80)), completes: false),
    RuleCase(
      label: "80.01 completes", release: F.release(at: .init(x: 0, y: 80.01)), completes: true),
    // Opening upwards: ty −80.01 is progress +80.01; ty +80.01 is −80.01.
    RuleCase(
      label: "up: −80.01 completes",
      release: F.release(at: .init(x: 0, y: -80.01), direction: F.up), completes: true),
    RuleCase(
      label: "up: +80.01 cancels",
      release: F.release(at: .init(x: 0, y: 80.01), direction: F.up), completes: false),
    // Only the along-axis part counts: (300, 79) is 79 along +y.
    RuleCase(
      label: "sideways movement does not count",
      release: F.release(at: .init(x: 300, y: 79)), completes: false),
    // Velocity is ignored: 10 pt at 5000 pt/s toward the end still cancels.
    RuleCase(
      label: "velocity is ignored",
      release: F.release(at: .init(x: 0, y: 10), velocity: .init(x: 0, y: 5000)),
      completes: false),
    // minDistance=70: 75 > 70.
    RuleCase(
      label: "override minDistance=70",
      release: F.release(at: .init(x: 0, y: 75)), overrides: ["minDistance": "70"],
      completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(DistanceRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
