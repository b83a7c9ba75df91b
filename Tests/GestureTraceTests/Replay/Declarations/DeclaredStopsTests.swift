import Testing

@testable import GestureTrace

/// Declared transitions with more than two stops: stop rules on
/// hand-computed releases, outcomes `.stop(name)`, and the engine's
/// positions and progress.
@Suite struct DeclaredStopsTests {
  /// Stops declared out of position order (bottom before middle), so ties
  /// between two stops neither of which is the start go to `bottom`.
  static let file = """
    {"version": 1,
     "transitions": {
       "drawer": {"axis": "y", "stops": {"top": 0, "bottom": 600, "middle": 300},
                  "start": "middle", "rule": "nearest"},
       "flinger": {"axis": "y", "stops": {"top": 0, "bottom": 600, "middle": 300},
                   "start": "top", "rule": "projection",
                   "settle": {"duration": 0.25, "curve": "linear"}}}}
    """

  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.declare(parsing: file, file: "stops.json")
    return catalog
  }()

  /// A vertical drag from 0 to `ty` over 100 ms, released 10 ms later at
  /// `vy` pt/s.
  static func drag(to ty: Double, vy: Double) -> Trace {
    panTrace([(0, 0, 0), (50, 0, ty / 2), (100, 0, ty)], releaseVelocity: Vector2D(x: 0, y: vy))
  }

  static func outcome(_ spec: String, _ trace: Trace) throws -> ReplayOutcome {
    Replayer().outcome(of: trace, with: try Variant(parsing: spec, in: catalog))
  }

  @Test func nearestPicksTheStopNearestTheRelease() throws {
    // From middle (300): released at 160 is 140 from middle, 160 from top.
    #expect(try Self.outcome("drawer", Self.drag(to: -140, vy: -3000)).outcome == .stop("middle"))
    // At 140: 140 from top, 160 from middle.
    #expect(try Self.outcome("drawer", Self.drag(to: -160, vy: 0)).outcome == .stop("top"))
    // At 520: 80 from bottom.
    #expect(try Self.outcome("drawer", Self.drag(to: 220, vy: -5000)).outcome == .stop("bottom"))
    // Beyond the ends: the end stop.
    #expect(try Self.outcome("drawer", Self.drag(to: -900, vy: 0)).outcome == .stop("top"))
  }

  @Test func nearestBreaksTiesForTheStartThenTheEarlierDeclared() throws {
    // At 150, halfway between top and middle: middle is the start.
    #expect(try Self.outcome("drawer", Self.drag(to: -150, vy: 0)).outcome == .stop("middle"))
    // From top, at 450, halfway between middle and bottom: bottom is
    // declared first.
    let tie = try Self.outcome("drawer:start=top", Self.drag(to: 450, vy: 0))
    #expect(tie.outcome == .stop("bottom"))
    // The same with bottom moved to 500: 450 is 50 from it, 150 from middle.
    let moved = try Self.outcome("drawer:start=top,bottom=500", Self.drag(to: 450, vy: 0))
    #expect(moved.outcome == .stop("bottom"))
  }

  @Test func projectionPicksTheStopNearestTheProjection() throws {
    // rate 0.998: projection = v · 0.499 s. From middle, released at 250:
    // v −500 projects 250 − 249.5 = 0.5 → top.
    #expect(
      try Self.outcome("drawer:rule=projection", Self.drag(to: -50, vy: -500)).outcome
        == .stop("top"))
    // v −200 projects 250 − 99.8 = 150.2: 149.8 from middle, 150.2 from top.
    #expect(
      try Self.outcome("drawer:rule=projection", Self.drag(to: -50, vy: -200)).outcome
        == .stop("middle"))
    // rate 0.99: v −500 projects 250 − 0.5 · 99 = 200.5 → middle.
    #expect(
      try Self.outcome("drawer:rule=projection,rate=0.99", Self.drag(to: -50, vy: -500)).outcome
        == .stop("middle"))
    // From top, released at 50 at +1500 pt/s: 50 + 748.5 = 798.5 → bottom,
    // past middle; nearest would stay at top.
    #expect(try Self.outcome("flinger", Self.drag(to: 50, vy: 1500)).outcome == .stop("bottom"))
    #expect(
      try Self.outcome("flinger:rule=nearest", Self.drag(to: 50, vy: 1500)).outcome == .stop("top"))
  }

  @Test func decisionsComeAtTheReleaseOrTheCancel() throws {
    let released = try Self.outcome("drawer", Self.drag(to: -160, vy: 0))
    #expect(released.decidedAt == .milliseconds(110))
    let cancelled = panTrace([(0, 0, 0), (50, 0, -200)], end: .cancelled)
    let result = try Self.outcome("drawer", cancelled)
    #expect(result.outcome == .stop("middle"))
    #expect(result.decidedAt == .milliseconds(60))
  }

  @Test func positionAndProgressFollowTheDragAndSettle() throws {
    // flinger from top (0): drag to 50, released at +1500 → bottom (600),
    // a linear 0.25 s settle from 50.
    let variant = try Variant(parsing: "flinger", in: Self.catalog)
    let timeline = Replayer(framesPerSecond: 200).timeline(
      of: Self.drag(to: 50, vy: 1500), with: variant)
    #expect(timeline.propertyNames == ["position", "progress"])
    // Before the release, progress is toward the neighbour the view moves
    // toward (middle, 300): at 100 ms the view is at 50.
    #expect(close(timeline.value("position", at: .milliseconds(100)), 50))
    #expect(close(timeline.value("progress", at: .milliseconds(100)), 50.0 / 300))
    // Decided at 110 ms; halfway through the settle (235 ms, a frame at
    // 200 fps), 50 + 550 / 2.
    #expect(timeline.outcome.settledAt == .milliseconds(360))
    #expect(close(timeline.value("position", at: .milliseconds(235)), 325, 1e-6))
    #expect(close(timeline.value("progress", at: .milliseconds(235)), 325.0 / 600, 1e-6))
    #expect(close(timeline.finalValue("position"), 600))
    #expect(close(timeline.finalValue("progress"), 1))
  }

  @Test func theFamilyDescribesTheStops() throws {
    let drawer = try Variant(parsing: "drawer", in: Self.catalog)
    #expect(drawer.track?.isMultiStop == true)
    #expect(drawer.gesture.completingDirections == [.up, .down])
    // Half the way from middle to its nearest neighbour (300 either way).
    #expect(drawer.decisionDistance == 150)
    let fromTop = try Variant(parsing: "drawer:start=top,middle=100", in: Self.catalog)
    #expect(fromTop.gesture.completingDirections == [.down])
    #expect(fromTop.decisionDistance == 50)
    #expect(
      drawer.family.alternatives == ["rule=projection"])
    #expect(
      Variant.parameters(of: drawer.family).map(\.name) == [
        "top", "bottom", "middle", "start", "rule", "settleResponse", "settleDampingRatio",
      ])
    #expect(
      Variant.parameters(of: drawer.family, rule: "projection").map(\.name) == [
        "top", "bottom", "middle", "start", "rule", "settleResponse", "settleDampingRatio",
        "rate",
      ])
  }

  @Test func multiStopRulesAreStopRules() throws {
    #expect(throws: VariantError.self) {
      try Variant(parsing: "drawer:rule=velocity-sign", in: Self.catalog)
    }
    do {
      _ = try Variant(parsing: "drawer:rule=distance", in: Self.catalog)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "unknown rule 'distance' in 'drawer:rule=distance'; expected one of nearest, projection, floating-panel, pan-modal"
      )
    }
  }
}
