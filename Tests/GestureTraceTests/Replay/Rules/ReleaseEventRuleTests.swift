import Testing

@testable import GestureTrace

/// Rules marked ``ReleaseEventRule`` decide from the release event alone,
/// so transitions hand them that event instead of the gesture.
@Suite struct ReleaseEventRuleTests {
  /// Every rule with its defaults, in ``Variant/rules`` order.
  static let all: [(name: String, rule: any ReleaseRule)] = [
    ("velocity-sign", RuleFixtures.make(VelocitySignRule.self)),
    ("distance", RuleFixtures.make(DistanceRule.self)),
    ("fraction", RuleFixtures.make(FractionRule.self)),
    ("projection", RuleFixtures.make(ProjectionRule.self)),
    ("bottom-sheet", RuleFixtures.make(BottomSheetRule.self)),
    ("swipe", RuleFixtures.make(SwipeRule.self)),
    ("hammer", RuleFixtures.make(HammerRule.self)),
    ("flutter-fling", RuleFixtures.make(FlutterFlingRule.self)),
    ("android-pager", RuleFixtures.make(AndroidPagerRule.self)),
  ]

  /// The rules marked as reading the release alone.
  static let rules = all.filter { $0.rule is any ReleaseEventRule }

  @Test func everyRuleIsListed() {
    #expect(Self.all.map(\.name) == Variant.ruleNames)
  }

  @Test func theRulesThatReadTheHistoryAreNotMarked() {
    // Swipe (its samples and duration), hammer (the duration) and
    // flutter-fling (the samples near the release) read the events before
    // the release.
    #expect(
      Self.rules.map(\.name) == [
        "velocity-sign", "distance", "fraction", "projection", "bottom-sheet", "android-pager",
      ])
  }

  @Test(arguments: rules)
  func theReleaseEventAloneGivesTheSameDecision(_ name: String, _ rule: any ReleaseRule) {
    let directions = [
      Vector2D(x: 0, y: 1), Vector2D(x: 0, y: -1), Vector2D(x: -1, y: 0), Vector2D(x: 1, y: 0),
    ]
    var random = SplitMix64(seed: 41)
    for round in 0..<400 {
      var events: [PanEvent] = []
      var time: Int64 = 0
      let count = Int.random(in: 2...20, using: &random)
      for index in 0..<count {
        let phase: TouchPhase = index == 0 ? .began : index == count - 1 ? .ended : .changed
        let translation =
          index == 0
          ? Vector2D.zero
          : Vector2D(
            x: Double.random(in: -600...600, using: &random).rounded(),
            y: Double.random(in: -600...600, using: &random).rounded())
        let velocity =
          round.isMultiple(of: 7)
          ? Vector2D.zero
          : Vector2D(
            x: Double.random(in: -3_000...3_000, using: &random),
            y: Double.random(in: -3_000...3_000, using: &random))
        events.append(
          PanEvent(
            time: .milliseconds(time), phase: phase, translation: translation,
            velocity: phase == .ended ? velocity : nil))
        time += Int64.random(in: 1...40, using: &random)
      }
      let direction = directions[round % directions.count]
      let distance = round.isMultiple(of: 5) ? 806 : Double.random(in: 50...1_000, using: &random)
      let whole = ReleaseInput(events: events, direction: direction, distance: distance)
      let release = ReleaseInput(events: [events.last!], direction: direction, distance: distance)
      #expect(rule.completes(release) == rule.completes(whole), "\(name) round \(round)")
    }
  }
}
