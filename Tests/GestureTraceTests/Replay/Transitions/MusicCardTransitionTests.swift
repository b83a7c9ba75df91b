import Testing

@testable import GestureTrace

@Suite struct MusicCardTransitionTests {
  typealias S = PanSamples

  /// Open values on the default 414 × 896 screen: the backing image's top
  /// and bottom inset is 15 × 896 / 414 = 13440 / 414 ≈ 32.464 pt; the
  /// lower module starts 896 − 414 = 482 pt low.
  static let insetY = 13_440.0 / 414
  static let lowerModuleStart = 482.0

  // MARK: - Tap mode

  /// A trace moving to (tx, ty) at 50 ms and ending there at 100 ms, with
  /// the outcome and decision time (ms) the 10-pt slop gives.
  @Test(arguments: [
    (6.0, 8.0, TransitionOutcome.complete, Int64(100)),  // √(36 + 64) = 10: at the slop
    (10.0, 0.0, .complete, 100),  // exactly 10
    (6.0, 8.01, .cancel, 50),  // √(36 + 64.1601) > 10: the tap fails at 50 ms
    (-10.001, 0.0, .cancel, 50),
    (0.0, 0.0, .complete, 100),
  ])
  func tapWithinTheSlopPresentsAndAnyMovePastItCancels(
    _ tx: Double, _ ty: Double, _ outcome: TransitionOutcome, _ decided: Int64
  ) throws {
    let trace = S.trace([(0, 0, 0), (50, tx, ty), (100, tx, ty)])
    let variant = try #require(S.variant("music-card"))
    let result = S.replayer.outcome(of: trace, with: variant)
    #expect(result.outcome == outcome)
    #expect(result.decidedAt == .milliseconds(decided))
    // A presentation settles 0.5 s (primaryDuration) after the tap ends; a
    // failed tap at once.
    #expect(result.settledAt == .milliseconds(outcome == .complete ? 600 : decided))
  }

  @Test func systemCancelIsNoTap() throws {
    let trace = S.trace([(0, 0, 0), (40, 1, 1), (80, 1, 1)], last: .cancelled)
    let result = S.replayer.outcome(of: trace, with: try #require(S.variant("music-card")))
    #expect(result.outcome == .cancel)
    #expect(result.decidedAt == .milliseconds(80))
    #expect(result.settledAt == .milliseconds(80))
  }

  @Test func slopIsAThresholdOnTheDistance() throws {
    let trace = S.trace([(0, 0, 0), (20, 3, 4), (30, 3, 4)])
    let variant = try #require(S.variant("music-card:tapSlop=12"))
    let timeline = S.replayer.timeline(of: trace, with: variant)
    #expect(timeline.thresholds == [Threshold(name: "tapSlop", property: "distance", value: 12)])
    // √(3² + 4²) = 5.
    S.expectClose(S.value("distance", at: 25, in: timeline), 5)
  }

  /// The tap ends at 100 ms; every stage starts there.
  static let tap = PanSamples.trace([(0, 0, 0), (40, 2, 0), (100, 2, 0)])

  @Test func presentationStartsClosedAndEndsOpen() throws {
    let timeline = S.replayer.timeline(of: Self.tap, with: try #require(S.variant("music-card")))
    let closed: [(String, Double)] = [
      ("backingInsetX", 0), ("backingInsetY", 0), ("dimmerAlpha", 0),
      ("backingCornerRadius", 0), ("containerAlpha", 0.3), ("imageLayerSlide", 0),
      ("chevronAlpha", 0), ("cardCornerRadius", 0), ("coverImageProgress", 0),
      ("lowerModuleOffset", Self.lowerModuleStart), ("tabBarOffset", 0), ("cardY", 0),
    ]
    let open: [(String, Double)] = [
      ("backingInsetX", 15), ("backingInsetY", Self.insetY), ("dimmerAlpha", 0.3),
      ("backingCornerRadius", 10), ("containerAlpha", 1), ("imageLayerSlide", 1),
      ("chevronAlpha", 1), ("cardCornerRadius", 10), ("coverImageProgress", 1),
      ("lowerModuleOffset", 0), ("tabBarOffset", 83), ("cardY", 0),
    ]
    for (name, value) in closed {
      #expect(S.value(name, at: 0, in: timeline) == value, "\(name) at 0")
      #expect(S.value(name, at: 100, in: timeline) == value, "\(name) at the tap")
    }
    // The last frame is the first at or after the settle time, 600 ms.
    #expect(timeline.frames.count == 601)
    for (name, value) in open {
      S.expectClose(S.value(name, at: 600, in: timeline), value, within: 1e-12, "\(name)")
    }
  }

  @Test func presentationStagesFollowTheirCurves() throws {
    let timeline = S.replayer.timeline(of: Self.tap, with: try #require(S.variant("music-card")))
    // At 350 ms, 0.25 s into the 0.5-s stages: half of their duration.
    let half: [(String, Double)] = [
      ("backingInsetX", 15 * S.easeInEaseOutAtHalf),
      ("backingInsetY", Self.insetY * S.easeInEaseOutAtHalf),
      ("dimmerAlpha", 0.3 * S.easeInEaseOutAtHalf),
      ("backingCornerRadius", 10 * S.easeInEaseOutAtHalf),
      ("imageLayerSlide", S.easeInAtHalf),
      ("chevronAlpha", S.easeInAtHalf),
      ("cardCornerRadius", 10 * S.easeInAtHalf),
      ("coverImageProgress", S.easeOutAtHalf),
      ("lowerModuleOffset", Self.lowerModuleStart * (1 - S.easeInAtHalf)),
      // The colour stage (0.125 s) ended at 225 ms, the tab bar's (0.25 s)
      // exactly now.
      ("containerAlpha", 1),
      ("tabBarOffset", 83),
    ]
    for (name, value) in half {
      S.expectClose(S.value(name, at: 350, in: timeline), value, "\(name)")
    }
    // The colour is still moving at 200 ms and done at 225 ms.
    let colour = try #require(S.value("containerAlpha", at: 200, in: timeline))
    #expect(colour > 0.3 && colour < 1)
    #expect(S.value("containerAlpha", at: 225, in: timeline) == 1)
  }

  /// With primaryDuration 0.4 every stage's midpoint falls on a whole
  /// millisecond: the colour stage (0.1 s) at 150 ms, the tab bar (0.2 s)
  /// at 200 ms, the rest (0.4 s) at 300 ms.
  @Test(arguments: [
    ("containerAlpha", 150, 0.3 + 0.7 * PanSamples.easeInEaseOutAtHalf),
    ("tabBarOffset", 200, 83 * PanSamples.easeInEaseOutAtHalf),
    ("backingInsetX", 300, 15 * PanSamples.easeInEaseOutAtHalf),
    ("imageLayerSlide", 300, PanSamples.easeInAtHalf),
    ("coverImageProgress", 300, PanSamples.easeOutAtHalf),
    ("lowerModuleOffset", 300, 482 * (1 - PanSamples.easeInAtHalf)),
  ])
  func everyStageIsHalfWayAtItsMidpoint(_ name: String, _ ms: Int, _ expected: Double) throws {
    let variant = try #require(S.variant("music-card:primaryDuration=0.4"))
    let timeline = S.replayer.timeline(of: Self.tap, with: variant)
    S.expectClose(S.value(name, at: ms, in: timeline), expected)
  }

  // MARK: - Drag mode

  /// A downward drag released at 100 ms at ty = 200 with the velocity.
  static func drag(releasing vy: Double) -> Trace {
    PanSamples.trace(
      [(0, 0, 0), (50, 0, 100), (100, 0, 200)], velocity: Vector2D(x: 0, y: vy))
  }

  /// velocity-sign: dismiss unless the release velocity points up; at rest
  /// it dismisses.
  @Test(arguments: [
    (800.0, TransitionOutcome.complete), (-800, .cancel), (0, .complete),
  ])
  func dragModeAsksTheRuleAtRelease(_ vy: Double, _ outcome: TransitionOutcome) throws {
    let variant = try #require(S.variant("music-card:mode=drag"))
    let result = S.replayer.outcome(of: Self.drag(releasing: vy), with: variant)
    #expect(result.outcome == outcome)
    #expect(result.decidedAt == .milliseconds(100))
    // Dismissal ends 0.625 s after the release (article colour delay);
    // the ease back takes primaryDuration, 0.5 s.
    #expect(result.settledAt == .milliseconds(outcome == .complete ? 725 : 600))
  }

  @Test(arguments: [("article", Int64(725)), ("code", 600)])
  func colourDelaySetsTheDismissalEnd(_ delay: String, _ settled: Int64) throws {
    let variant = try #require(S.variant("music-card:mode=drag,colorDelay=\(delay)"))
    let trace = Self.drag(releasing: 800)
    #expect(S.replayer.outcome(of: trace, with: variant).settledAt == .milliseconds(settled))
    let timeline = S.replayer.timeline(of: trace, with: variant)
    // The code copy fades the colour back over 100…225 ms; the article
    // waits until 600 ms and is done at 725 ms.
    #expect(S.value("containerAlpha", at: 225, in: timeline) == (delay == "code" ? 0.3 : 1))
    #expect(S.value("containerAlpha", at: 600, in: timeline) == (delay == "code" ? 0.3 : 1))
    S.expectClose(S.value("containerAlpha", at: Int(settled), in: timeline), 0.3, within: 1e-12)
  }

  @Test func dismissalRunsTheReverseStages() throws {
    let variant = try #require(S.variant("music-card:mode=drag"))
    let timeline = S.replayer.timeline(of: Self.drag(releasing: 800), with: variant)
    // The card follows the finger until the release.
    #expect(S.value("cardY", at: 50, in: timeline) == 100)
    #expect(S.value("cardY", at: 100, in: timeline) == 200)
    #expect(S.value("imageLayerSlide", at: 100, in: timeline) == 1)
    // 350 ms: half of the 0.5-s stages, the 0.25-s tab bar just done.
    let half: [(String, Double)] = [
      ("cardY", 200 * (1 - S.easeOutAtHalf)),
      ("backingInsetX", 15 * (1 - S.easeInEaseOutAtHalf)),
      ("dimmerAlpha", 0.3 * (1 - S.easeInEaseOutAtHalf)),
      ("imageLayerSlide", 1 - S.easeOutAtHalf),
      ("cardCornerRadius", 10 * (1 - S.easeOutAtHalf)),
      ("coverImageProgress", 1 - S.easeOutAtHalf),
      ("lowerModuleOffset", 482 * S.easeInAtHalf),
      ("tabBarOffset", 0),
    ]
    for (name, value) in half {
      S.expectClose(S.value(name, at: 350, in: timeline), value, "\(name)")
    }
  }

  @Test func cardFollowsOnlyDownwardsAndEasesBack() throws {
    let variant = try #require(S.variant("music-card:mode=drag"))
    let trace = S.trace(
      [(0, 0, 0), (50, 0, -40), (100, 0, 120), (150, 0, 120)],
      velocity: Vector2D(x: 0, y: -300))
    let timeline = S.replayer.timeline(of: trace, with: variant)
    #expect(timeline.outcome.outcome == .cancel)
    #expect(S.value("cardY", at: 50, in: timeline) == 0)  // max(0, −40)
    #expect(S.value("cardY", at: 120, in: timeline) == 120)
    // Eased back over 0.5 s from 150 ms: half way at 400 ms.
    S.expectClose(S.value("cardY", at: 400, in: timeline), 120 * (1 - S.easeInEaseOutAtHalf))
    #expect(S.value("cardY", at: 650, in: timeline) == 0)
    #expect(timeline.outcome.settledAt == .milliseconds(650))
  }

  @Test func touchWithinTheSlopOnTheOpenCardDoesNothing() throws {
    let variant = try #require(S.variant("music-card:mode=drag"))
    let trace = S.trace([(0, 0, 0), (50, 0, 8), (90, 0, 10)], velocity: Vector2D(x: 0, y: 500))
    let timeline = S.replayer.timeline(of: trace, with: variant)
    #expect(
      timeline.outcome
        == ReplayOutcome(
          outcome: .cancel, decidedAt: .milliseconds(90), settledAt: .milliseconds(90)))
    #expect(timeline.frames.allSatisfy { $0.values[1] == 0 })  // cardY never moves
  }

  @Test(arguments: ["music-card", "music-card:mode=drag,colorDelay=code"])
  func replaysAreIdentical(_ spec: String) throws {
    let variant = try #require(S.variant(spec))
    let trace = S.trace(
      [(0, 0, 0), (16, 0.4, 6.1), (33, 1.1, 14.9), (50, 1.6, 24)],
      velocity: Vector2D(x: 60, y: 1092))
    let first = S.replayer.timeline(of: trace, with: variant)
    let second = S.replayer.timeline(of: trace, with: variant)
    #expect(first == second)
    #expect(first.frames.count > 50)
  }
}
