import Testing

@testable import GestureTrace

/// A declaration's parts as variant keys, and the optional parts of the
/// engine: a decision during the drag, rubber banding, clamping, settling.
@Suite struct DeclaredVariantTests {
  static let file = """
    {"version": 1,
     "transitions": {
       "my-sheet": {"summary": "Our player sheet", "axis": "y", "stops": {"open": 0, "closed": 520},
                    "start": "closed", "rule": "projection", "parameters": {"rate": 0.99}},
       "card": {"axis": "y", "stops": {"shown": 0, "dismissed": 852}, "start": "shown",
                "rule": "never", "decideAt": 240, "settle": {"duration": 0.25, "curve": "easeInOut"}},
       "band": {"axis": "x", "stops": {"closed": 0, "open": 520}, "rubberBand": true,
                "settle": {"response": 0.5, "dampingRatio": 0.8}},
       "held": {"axis": "x", "stops": {"closed": 0, "open": 240}, "drag": "clamp",
                "rule": "velocity-sign"}}}
    """

  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.declare(parsing: file, file: "mine.json")
    return catalog
  }()

  static func variant(_ spec: String) throws -> Variant {
    try Variant(parsing: spec, in: catalog)
  }

  @Test func declarationsJoinTheCatalogAfterTheBuiltIns() {
    #expect(
      Self.catalog.names == TransitionCatalog.builtIn.names + ["my-sheet", "card", "band", "held"])
    let sheet = Self.catalog.family(named: "my-sheet")
    #expect(sheet?.summary == "Our player sheet")
    #expect(sheet?.source == "mine.json")
  }

  @Test func parametersListTheStopsStartRuleAndTheRulesDefaults() throws {
    let sheet = try Self.variant("my-sheet")
    let parameters = Variant.parameters(of: sheet.family)
    #expect(
      parameters.map(\.name) == [
        "open", "closed", "start", "rule", "settleResponse", "settleDampingRatio", "rate",
      ])
    #expect(
      parameters.map(\.defaultValue) == ["0", "520", "closed", "projection", "0.4", "1", "0.99"])
    #expect(parameters[1].unit == "pt")
    #expect(parameters[2].kind == .choice(["open", "closed"]))
    #expect(sheet.values["rate"] == .number(0.99))
    #expect((try Self.variant("my-sheet:rate=0.998")).values["rate"] == .number(0.998))
    // The alternatives are the other release rules, as player-sheet's.
    #expect(
      sheet.family.alternatives
        == Variant.ruleNames.filter { $0 != "projection" }.map { "rule=" + $0 })
    #expect(sheet.family.alternatives.contains("rule=velocity-sign"))
  }

  @Test func aStopKeyMovesTheStop() throws {
    let moved = try Self.variant("my-sheet:closed=600")
    #expect(moved.track?.position(of: "closed") == 600)
    #expect(moved.decisionDistance == 300)
    // A drag up 290 pt released at rest: short of half of 600 with the
    // projection rule, past half of 520.
    let trace = verticalDrag([-100, -200, -290])
    #expect(Replayer().outcome(of: trace, with: moved).outcome == .cancel)
    #expect(Replayer().outcome(of: trace, with: try Self.variant("my-sheet")).outcome == .complete)
  }

  @Test func aSweepOverAStopParses() throws {
    let sweep = try Sweep(parsing: "my-sheet.closed=400...600:20", in: Self.catalog)
    #expect(sweep.values == stride(from: 400.0, through: 600, by: 20).map { $0 })
    #expect(sweep.variants.count == 11)
    #expect(sweep.variants.map { $0.track?.position(of: "closed") } == sweep.values)
    let rates = try Sweep(
      parsing: "my-sheet:rule=projection.rate=0.99...0.999:0.003", in: Self.catalog)
    #expect(rates.variants.count == 4)
  }

  @Test func badKeysAreRefusedWithTheValidOnes() {
    #expect(throws: VariantError.self) { try Self.variant("my-sheet:closed=huge") }
    #expect(throws: VariantError.self) { try Self.variant("my-sheet:start=middle") }
    // rate belongs to the projection rule, not to distance.
    #expect(throws: VariantError.self) { try Self.variant("my-sheet:rule=distance,rate=0.9") }
    #expect(throws: VariantError.self) { try Self.variant("my-sheet:rule=nearest") }
  }

  @Test func decideAtCompletesDuringTheDrag() throws {
    let card = try Self.variant("card")
    #expect(card.gesture.completingDirections == [.down])
    #expect(card.decisionDistance == 240)
    // 239 pt down and released: the never rule returns the card.
    let short = verticalDrag([100, 200, 239], releaseVelocity: Vector2D(x: 0, y: 5000))
    let kept = Replayer().outcome(of: short, with: card)
    #expect(kept.outcome == .cancel)
    #expect(kept.decidedAt == .milliseconds(40))
    // Reaching 240 at the third drag event (30 ms) completes there.
    let long = verticalDrag([100, 200, 240, 300, 100])
    let dismissed = Replayer().outcome(of: long, with: card)
    #expect(dismissed.outcome == .complete)
    #expect(dismissed.decidedAt == .milliseconds(30))
    // The curve settles 0.25 s after, from 240 to 852.
    #expect(dismissed.settledAt == .milliseconds(280))
    // A drag up never counts toward the other stop.
    let up = verticalDrag([-100, -300])
    #expect(Replayer().outcome(of: up, with: card).outcome == .cancel)
    // The key moves the distance.
    let lower = try Self.variant("card:decideAt=400")
    #expect(Replayer().outcome(of: long, with: lower).outcome == .cancel)
    #expect(lower.decisionDistance == 400)
  }

  @Test func theRubberBandFollowsTheScrollViewCurve() throws {
    // Past open (520) by 100 with d = 520: (1 − 1/(100 · 0.55/520 + 1)) · 520
    // = 520 · 55/575 = 49.7391 pt; 20 below closed: 520 · 11/531 = 10.7721.
    let band = try Self.variant("band")
    let trace = panTrace([(0, 0, 0), (10, 620, 0), (20, -20, 0)], end: nil)
    let timeline = Replayer(framesPerSecond: 100).timeline(of: trace, with: band)
    #expect(close(timeline.value("position", at: .milliseconds(10)), 520 + 28_600.0 / 575))
    #expect(close(timeline.value("progress", at: .milliseconds(10)), 1 + 55.0 / 575))
    #expect(close(timeline.value("position", at: .milliseconds(20)), -5_720.0 / 531))
    // d = 100: 100 past open gives (1 − 1/1.55) · 100 = 55/1.55 = 35.4839.
    let stiff = try Self.variant("band:rubberBandDimension=100")
    let stiffTimeline = Replayer(framesPerSecond: 100).timeline(of: trace, with: stiff)
    #expect(close(stiffTimeline.value("position", at: .milliseconds(10)), 520 + 55 / 1.55))
    #expect(band.gesture.completingDirections == [.right])
  }

  @Test func clampHoldsTheViewWithinTheStops() throws {
    let trace = panTrace([(0, 0, 0), (10, 300, 0), (20, -50, 0)], end: nil)
    let timeline = Replayer(framesPerSecond: 100).timeline(
      of: trace, with: try Self.variant("held"))
    #expect(close(timeline.value("position", at: .milliseconds(10)), 240))
    #expect(close(timeline.value("position", at: .milliseconds(20)), 0))
  }

  @Test func theSpringSettlesWhereTheSpringComesToRest() throws {
    // Released at rest at 300 after a drag right: band's projection rule
    // completes (300 > 520 / 2) and the spring runs from 300 to 520.
    let trace = panTrace([(0, 0, 0), (10, 150, 0), (20, 300, 0)])
    let result = Replayer().outcome(of: trace, with: try Self.variant("band"))
    #expect(result.outcome == .complete)
    let spring = Spring(response: 0.5, dampingFraction: 0.8)
    #expect(result.settledAt == .seconds(0.03 + spring.settlingTime()))
    let softer = try Self.variant("band:settleResponse=1,settleDampingRatio=1")
    let later = Replayer().outcome(of: trace, with: softer)
    #expect(
      later.settledAt == .seconds(0.03 + Spring(response: 1, dampingFraction: 1).settlingTime()))
    // Critically damped with a 1 s period: e^(−2πt)(1 + 2πt) = 1/1500 at
    // t between 1.540 (6.701e-4) and 1.541 (6.663e-4), after the 30 ms drag.
    #expect(later.settledAt > .milliseconds(1_570) && later.settledAt < .milliseconds(1_571))
  }

  @Test func theEngineTypeIsTheExampleSheet() throws {
    // Registered as a type, the engine is the example: open 0, closed 520,
    // start closed, projection.
    var catalog = TransitionCatalog.builtIn
    try catalog.register(DeclaredTransition.self)
    let example = try Variant(parsing: "declared", in: catalog)
    #expect(example.track?.stops == [.init("open", 0), .init("closed", 520)])
    #expect(example.decisionDistance == 260)
    #expect(Replayer().outcome(of: verticalDrag([-150, -270]), with: example).outcome == .complete)
    #expect(Replayer().outcome(of: verticalDrag([-150, -250]), with: example).outcome == .cancel)
  }
}
