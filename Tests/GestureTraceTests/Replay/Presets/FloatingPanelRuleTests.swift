import Testing

@testable import GestureTrace

/// One release of FloatingPanel's own target-state tests.
struct FloatingPanelCase: Sendable, CustomTestStringConvertible {
  /// Whether the behaviour projects momentum to every stop.
  let projectMomentum: Bool
  /// The committed state when the drag began.
  let start: String
  /// The surface's y at release.
  let position: Double
  /// The release velocity, pt/s, positive down.
  let velocity: Double
  /// The state the library picks.
  let expected: String

  init(_ projectMomentum: Bool, _ start: String, _ y: Double, _ v: Double, _ expected: String) {
    self.projectMomentum = projectMomentum
    self.start = start
    self.position = y
    self.velocity = v
    self.expected = expected
  }

  var testDescription: String {
    (projectMomentum ? "projecting " : "") + "\(start) y=\(position) v=\(velocity) → \(expected)"
  }
}

@Suite struct FloatingPanelRuleTests {
  typealias F = PresetFixtures

  // The 100 releases of scenee/FloatingPanel Tests/CoreTests.swift at 7efcc76
  // (tag 3.2.2), test_targetState_3positionsFromFull (28), …FromHalf (26),
  // …FromTip (26) and …AllProjection (20), as numbers: the test layout has
  // full at y 20, half 417, tip 607; −480 and 1107 are 500 pt past the ends.
  // The AllProjection block headed "From .half" moves the panel to tip first;
  // its rows say tip, as the library's test runs them.
  static let cases: [FloatingPanelCase] = [
    // From full.
    .init(false, "full", -480, -100, "full"), .init(false, "full", -480, 0, "full"),
    .init(false, "full", -480, 100, "full"), .init(false, "full", 10, 3000, "half"),
    .init(false, "full", 20, -100, "full"), .init(false, "full", 20, 0, "full"),
    .init(false, "full", 20, 500, "half"), .init(false, "full", 20, 1000, "half"),
    .init(false, "full", 20, 3000, "half"), .init(false, "full", 30, 100, "full"),
    .init(false, "full", 407, -100, "half"), .init(false, "full", 417, -1000, "full"),
    .init(false, "full", 417, -100, "half"), .init(false, "full", 417, 0, "half"),
    .init(false, "full", 417, 100, "half"), .init(false, "full", 417, 1000, "tip"),
    .init(false, "full", 427, 100, "half"), .init(false, "full", 597, -100, "tip"),
    .init(false, "full", 607, -3000, "half"), .init(false, "full", 607, -1000, "half"),
    .init(false, "full", 607, -500, "half"), .init(false, "full", 607, -100, "tip"),
    .init(false, "full", 607, 0, "tip"), .init(false, "full", 607, 100, "tip"),
    .init(false, "full", 617, -3000, "half"), .init(false, "full", 1107, -100, "tip"),
    .init(false, "full", 1107, 0, "tip"), .init(false, "full", 1107, 100, "tip"),
    // From half.
    .init(false, "half", -480, -100, "full"), .init(false, "half", -480, 0, "full"),
    .init(false, "half", -480, 100, "full"), .init(false, "half", 20, -100, "full"),
    .init(false, "half", 20, 0, "full"), .init(false, "half", 20, 500, "half"),
    .init(false, "half", 20, 1000, "half"), .init(false, "half", 20, 3000, "half"),
    .init(false, "half", 30, 100, "full"), .init(false, "half", 407, -100, "half"),
    .init(false, "half", 417, -1000, "full"), .init(false, "half", 417, -100, "half"),
    .init(false, "half", 417, 0, "half"), .init(false, "half", 417, 100, "half"),
    .init(false, "half", 417, 1000, "tip"), .init(false, "half", 427, 100, "half"),
    .init(false, "half", 597, -100, "tip"), .init(false, "half", 607, -3000, "half"),
    .init(false, "half", 607, -1000, "half"), .init(false, "half", 607, -500, "half"),
    .init(false, "half", 607, -100, "tip"), .init(false, "half", 607, 0, "tip"),
    .init(false, "half", 607, 100, "tip"), .init(false, "half", 1107, -100, "tip"),
    .init(false, "half", 1107, 0, "tip"), .init(false, "half", 1107, 100, "tip"),
    // From tip.
    .init(false, "tip", -480, -100, "full"), .init(false, "tip", -480, 0, "full"),
    .init(false, "tip", -480, 100, "full"), .init(false, "tip", 20, -100, "full"),
    .init(false, "tip", 20, 0, "full"), .init(false, "tip", 20, 500, "half"),
    .init(false, "tip", 20, 1000, "half"), .init(false, "tip", 20, 3000, "half"),
    .init(false, "tip", 30, 100, "full"), .init(false, "tip", 407, -100, "half"),
    .init(false, "tip", 417, -3000, "full"), .init(false, "tip", 417, -100, "half"),
    .init(false, "tip", 417, 0, "half"), .init(false, "tip", 417, 100, "half"),
    .init(false, "tip", 417, 1000, "tip"), .init(false, "tip", 427, 100, "half"),
    .init(false, "tip", 597, -100, "tip"), .init(false, "tip", 607, -3000, "half"),
    .init(false, "tip", 607, -1000, "half"), .init(false, "tip", 607, -500, "half"),
    .init(false, "tip", 607, -100, "tip"), .init(false, "tip", 607, 0, "tip"),
    .init(false, "tip", 607, 100, "tip"), .init(false, "tip", 1107, -100, "tip"),
    .init(false, "tip", 1107, 0, "tip"), .init(false, "tip", 1107, 100, "tip"),
    // Projecting momentum to every stop.
    .init(true, "full", 10, 3000, "tip"), .init(true, "full", 20, 1000, "tip"),
    .init(true, "full", 20, 3000, "tip"), .init(true, "full", 417, 1000, "tip"),
    .init(true, "full", 417, -1000, "full"), .init(true, "full", 607, -3000, "full"),
    .init(true, "full", 607, -1000, "full"), .init(true, "full", 617, -3000, "full"),
    .init(true, "tip", 20, 1000, "tip"), .init(true, "tip", 20, 3000, "tip"),
    .init(true, "tip", 607, -3000, "full"), .init(true, "tip", 607, -1000, "full"),
    .init(true, "tip", 10, 3000, "tip"), .init(true, "tip", 20, 1000, "tip"),
    .init(true, "tip", 20, 3000, "tip"), .init(true, "tip", 417, 1000, "tip"),
    .init(true, "tip", 417, -1000, "full"), .init(true, "tip", 607, -3000, "full"),
    .init(true, "tip", 607, -1000, "full"), .init(true, "tip", 617, -3000, "full"),
  ]

  @Test func carriesAllHundredLibraryCases() {
    #expect(Self.cases.count == 100)
    #expect(Self.cases.filter(\.projectMomentum).count == 20)
  }

  @Test(arguments: cases)
  func matchesTheLibrarysTestSuite(_ row: FloatingPanelCase) {
    let rule = F.make(
      FloatingPanelRule.self, ["projectMomentum": row.projectMomentum ? "true" : "false"])
    let release = StopRelease(
      track: F.floatingPanelTrack(start: row.start), start: row.start, position: row.position,
      velocity: row.velocity)
    #expect(rule.stop(for: release) == row.expected)
  }

  @Test func projectingMomentumLetsAFlingFromTipReachFull() {
    // 607 − 0.499 · 3000 = −890, past full: with projection, full; without, half.
    let release = StopRelease(
      track: F.floatingPanelTrack(start: "tip"), start: "tip", position: 607, velocity: -3000)
    #expect(
      F.make(FloatingPanelRule.self, ["projectMomentum": "true"]).stop(for: release) == "full")
    #expect(F.make(FloatingPanelRule.self).stop(for: release) == "half")
  }

  @Test func redirectIsStrict() {
    // From full at 20 with v = 0 the panel goes forward only when y > 20;
    // at y = 218.5 it has covered (218.5 − 20) / 397 = 0.5 of full→half.
    let track = F.floatingPanelTrack(start: "full")
    let rule = F.make(FloatingPanelRule.self)
    #expect(
      rule.stop(for: StopRelease(track: track, start: "full", position: 218.5, velocity: 0))
        == "full")
    #expect(
      rule.stop(for: StopRelease(track: track, start: "full", position: 218.75, velocity: 0))
        == "half")
    let quarter = F.make(FloatingPanelRule.self, ["redirect": "0.25"])
    // 0.25 · 397 = 99.25: 119.25 stays, 119.5 moves on.
    #expect(
      quarter.stop(for: StopRelease(track: track, start: "full", position: 119.25, velocity: 0))
        == "full")
    #expect(
      quarter.stop(for: StopRelease(track: track, start: "full", position: 119.5, velocity: 0))
        == "half")
  }

  @Test func rateSetsTheProjection() {
    // rate 0.99 projects 0.099 s · v. From half at 417 the half→tip
    // midpoint is 512: 1000 pt/s reaches 516 (99 / 190 = 0.52 of the gap)
    // and moves on to tip; 900 pt/s reaches 506.1 (0.47) and stays.
    let track = F.floatingPanelTrack(start: "half")
    let rule = F.make(FloatingPanelRule.self, ["rate": "0.99"])
    #expect(
      rule.stop(for: StopRelease(track: track, start: "half", position: 417, velocity: 1000))
        == "tip")
    #expect(
      rule.stop(for: StopRelease(track: track, start: "half", position: 417, velocity: 900))
        == "half")
  }

  @Test func removalNeedsVelocityOverDistanceOfFiveAndAHalf() {
    // Hidden at 807: 200 pt above it (y 607) removal takes 5.5 · 200 = 1100 pt/s.
    let track = F.floatingPanelTrack(start: "tip", hidden: 807)
    let rule = F.make(FloatingPanelRule.self, ["removal": "true"])
    func stop(_ v: Double) -> String {
      rule.stop(for: StopRelease(track: track, start: "tip", position: 607, velocity: v))
    }
    #expect(stop(1100) == "hidden")
    #expect(stop(1099.99) == "tip")
    #expect(stop(-3000) == "half")
    // Removal off (the default): the fling stays at tip, the last stop.
    let off = F.make(FloatingPanelRule.self)
    #expect(
      off.stop(for: StopRelease(track: track, start: "tip", position: 607, velocity: 5000)) == "tip"
    )
  }

  @Test func hiddenIsNoNormalTarget() {
    // Without removal a fling past tip towards hidden stays at tip, and a
    // release near hidden goes to tip, not hidden.
    let track = F.floatingPanelTrack(start: "tip", hidden: 807)
    let rule = F.make(FloatingPanelRule.self)
    #expect(
      rule.stop(for: StopRelease(track: track, start: "tip", position: 800, velocity: 0)) == "tip")
    #expect(
      rule.stop(for: StopRelease(track: track, start: "tip", position: 700, velocity: 2000))
        == "tip")
  }

  @Test func removalAtTheTopEdgeNeedsUpwardVelocity() {
    // A top panel: hidden at −200 above the other stops. At y 0 the
    // distance is 200, so v ≤ −1100 removes and +1100 does not.
    let track = TransitionTrack(
      axis: "y", stops: [.init("hidden", -200), .init("tip", 60), .init("full", 600)],
      start: "tip")
    let rule = F.make(FloatingPanelRule.self, ["removal": "true"])
    #expect(
      rule.stop(for: StopRelease(track: track, start: "tip", position: 0, velocity: -1100))
        == "hidden")
    #expect(
      rule.stop(for: StopRelease(track: track, start: "tip", position: 0, velocity: 1100))
        != "hidden")
  }

  @Test func removalVelocityParameterAndZeroDistance() {
    // Threshold 10 (the pre-#395 default): 200 pt away needs 2000 pt/s.
    let track = F.floatingPanelTrack(start: "tip", hidden: 807)
    let ten = F.make(FloatingPanelRule.self, ["removal": "true", "removalVelocity": "10"])
    #expect(
      ten.stop(for: StopRelease(track: track, start: "tip", position: 607, velocity: 1999)) == "tip"
    )
    #expect(
      ten.stop(for: StopRelease(track: track, start: "tip", position: 607, velocity: 2000))
        == "hidden")
    // At the hidden position k reads 0, below 5.5: no removal however fast.
    let rule = F.make(FloatingPanelRule.self, ["removal": "true"])
    #expect(
      rule.stop(for: StopRelease(track: track, start: "tip", position: 807, velocity: 9000))
        == "tip")
  }

  @Test func fewerThanTwoStopsKeepsTheStart() {
    let track = TransitionTrack(
      axis: "y", stops: [.init("full", 20), .init("hidden", 667)], start: "full")
    let rule = F.make(FloatingPanelRule.self)
    #expect(
      rule.stop(for: StopRelease(track: track, start: "full", position: 400, velocity: 3000))
        == "full")
  }

  @Test func stopNamesAndOrderAreFree() {
    // The same layout under other names, declared out of order.
    let track = TransitionTrack(
      axis: "y", stops: [.init("c", 607), .init("a", 20), .init("b", 417)], start: "c")
    let rule = F.make(FloatingPanelRule.self)
    #expect(
      rule.stop(for: StopRelease(track: track, start: "c", position: 607, velocity: -500)) == "b")
    #expect(
      rule.stop(for: StopRelease(track: track, start: "c", position: 417, velocity: -1000)) == "a")
  }
}
