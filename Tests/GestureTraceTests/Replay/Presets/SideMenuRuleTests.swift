import Testing

@testable import GestureTrace

@Suite struct SideMenuRuleTests {
  typealias F = RuleFixtures

  /// A left menu opening to the right over its 240 pt width.
  static func release(_ x: Double, _ vx: Double, vy: Double = 0) -> ReleaseInput {
    F.release(
      at: .init(x: x, y: 0), velocity: .init(x: vx, y: vy), direction: F.right, distance: 240)
  }

  static let cases: [RuleCase] = [
    // u ≥ 100 finishes whatever the progress.
    RuleCase(label: "u = 100 at progress 0 finishes", release: release(0, 100), completes: true),
    RuleCase(
      label: "u = 99.99 at progress 0 cancels", release: release(0, 99.99), completes: false),
    RuleCase(
      label: "u = 100 dragged back finishes", release: release(-100, 100), completes: true),
    // Progress 120 / 240 = 0.5 is enough (inclusive) unless u < −50.
    RuleCase(label: "half at u = 0 finishes", release: release(120, 0), completes: true),
    RuleCase(label: "119.9 / 240 at u = 0 cancels", release: release(119.9, 0), completes: false),
    RuleCase(label: "half at u = −50 finishes", release: release(120, -50), completes: true),
    RuleCase(label: "half at u = −50.01 cancels", release: release(120, -50.01), completes: false),
    RuleCase(label: "all the way at u = −51 cancels", release: release(240, -51), completes: false),
    RuleCase(
      label: "past the width at u = 99 finishes", release: release(400, 99), completes: true),
    // The other side: a right menu opening to the left (direction −x).
    RuleCase(
      label: "leftward fling finishes a right menu",
      release: F.release(
        at: .init(x: -10, y: 0), velocity: .init(x: -100, y: 0), direction: F.left,
        distance: 240),
      completes: true),
    RuleCase(
      label: "rightward drag cancels a right menu",
      release: F.release(
        at: .init(x: 200, y: 0), velocity: .init(x: 0, y: 0), direction: F.left, distance: 240),
      completes: false),
    // Cross-axis velocity is ignored.
    RuleCase(
      label: "vertical fling is ignored", release: release(10, 0, vy: 5000), completes: false),
    // Zero width reads as progress 0.
    RuleCase(
      label: "zero width cancels at u = 0",
      release: F.release(at: .init(x: 50, y: 0), direction: F.right, distance: 0),
      completes: false),
    // Overrides: finishProgress=0 finishes any drag not flung back, and the
    // clamp makes a backward drag count as progress 0, not negative.
    RuleCase(
      label: "finishProgress=0 finishes a backward drag", release: release(-60, 0),
      overrides: ["finishProgress": "0"], completes: true),
    RuleCase(
      label: "finishVelocity=300: 299 at progress 0 cancels", release: release(0, 299),
      overrides: ["finishVelocity": "300"], completes: false),
    RuleCase(
      label: "cancelVelocity=0: −1 at half cancels", release: release(120, -1),
      overrides: ["cancelVelocity": "0"], completes: false),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(SideMenuRule.self, row.overrides).completes(row.release) == row.completes)
  }

  @Test func menuWidthIsThreeQuartersOfTheShortSideUpTo240() {
    // 0.75 · 375 = 281.25: capped at 240 on a phone, either orientation.
    #expect(SideMenuRule.menuWidth(screenWidth: 375, screenHeight: 667) == 240)
    #expect(SideMenuRule.menuWidth(screenWidth: 667, screenHeight: 375) == 240)
    // 0.75 · 310 = 232.5 rounds away from zero to 233; 0.75 · 200 = 150.
    #expect(SideMenuRule.menuWidth(screenWidth: 310, screenHeight: 500) == 233)
    #expect(SideMenuRule.menuWidth(screenWidth: 400, screenHeight: 200) == 150)
  }

  @Test func parameterNamesClashWithNoRuleOrTransition() {
    // Whether or not it is in Variant.rules, its names must be free.
    var taken: Set<String> = ["axis", "slop"]
    for family in Variant.transitions { taken.formUnion(family.parameters.map(\.name)) }
    for rule in Variant.rules where rule.name != SideMenuRule.name {
      taken.formUnion(rule.parameters.map(\.name))
    }
    for parameter in SideMenuRule.parameters {
      #expect(!taken.contains(parameter.name), "\(parameter.name) is taken")
    }
  }
}
