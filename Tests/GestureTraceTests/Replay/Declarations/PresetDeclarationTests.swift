import Testing

@testable import GestureTrace

/// The library presets, written in the declaration format: their
/// parameters and defaults, declarations based on them, and replays of
/// hand-made gestures that give each library's answer.
@Suite struct PresetDeclarationTests {
  static let replayer = Replayer(framesPerSecond: 100)

  static func variant(_ spec: String, in catalog: TransitionCatalog = .builtIn) throws -> Variant {
    try Variant(parsing: spec, in: catalog)
  }

  /// A drag along `axis` through `translations` (10 ms apart after the
  /// `began` at 0), released 10 ms after the last at `velocity` pt/s.
  static func drag(_ translations: [Double], velocity: Double, axis: String = "y") -> Trace {
    let points =
      [(Int64(0), 0.0)] + translations.enumerated().map { (Int64($0.offset + 1) * 10, $0.element) }
    return panTrace(
      points.map { axis == "x" ? ($0.0, $0.1, 0) : ($0.0, 0, $0.1) },
      releaseVelocity: axis == "x" ? Vector2D(x: velocity, y: 0) : Vector2D(x: 0, y: velocity))
  }

  static func outcome(_ spec: String, _ trace: Trace) throws -> ReplayOutcome {
    replayer.outcome(of: trace, with: try variant(spec))
  }

  @Test func thePresetsFollowTheSeeds() {
    #expect(
      TransitionCatalog.builtIn.names == Variant.transitions.map { $0.name } + [
        "floating-panel", "pan-modal", "side-menu", "deck",
      ])
  }

  /// Each preset's parameters with their defaults, as `name=default`:
  /// the values of libraries.md (§2, §3, §10, §7) on an iPhone 15.
  static let defaults: [String: [String]] = [
    "floating-panel": [
      "full=77", "half=438.5", "tip=749", "hidden=852", "start=half", "rule=floating-panel",
      "projectMomentum=false", "rate=0.998", "redirect=0.5", "removal=false",
      "removalVelocity=5.5",
    ],
    "pan-modal": [
      "long=80", "short=598", "dismissed=852", "start=short", "rule=pan-modal",
      "settleDuration=0.5", "settleDampingRatio=0.8", "sensitivity=0.7", "dragToDismiss=true",
    ],
    "side-menu": [
      "closed=0", "open=240", "start=closed", "rule=side-menu", "settleDuration=0.35",
      "settleCurve=easeIn", "finishVelocity=100", "cancelVelocity=-50", "finishProgress=0.5",
    ],
    "deck": [
      "presented=0", "dismissed=852", "start=presented", "rule=never", "decideAt=240",
      "settleDuration=0.25", "settleCurve=easeInOut",
    ],
  ]

  @Test(arguments: ["floating-panel", "pan-modal", "side-menu", "deck"])
  func aPresetListsItsParametersWithTheLibrarysDefaults(name: String) throws {
    let family = try #require(TransitionCatalog.builtIn.family(named: name))
    let parameters = Variant.parameters(of: family)
    #expect(parameters.map { "\($0.name)=\($0.defaultValue)" } == Self.defaults[name])
    // Every parameter says where its default comes from.
    #expect(parameters.allSatisfy { !$0.source.isEmpty && $0.source != "declared" })
    #expect(!family.source.isEmpty)
  }

  @Test func presetsOfferTheirLibrarysAlternatives() throws {
    let alternatives = { (name: String) in
      TransitionCatalog.builtIn.family(named: name)?.alternatives ?? []
    }
    #expect(
      alternatives("floating-panel") == [
        "projectMomentum=true", "removal=true", "rule=nearest", "rule=projection",
      ])
    #expect(
      alternatives("pan-modal") == ["dragToDismiss=false", "rule=nearest", "rule=projection"])
    // Side-menu's rule is not one of Variant.rules: every one of them.
    #expect(alternatives("side-menu") == Variant.ruleNames.map { "rule=" + $0 })
    #expect(
      alternatives("deck") == [
        "decideAt=120", "rule=distance", "rule=velocity-sign", "rule=projection",
      ])
    // Every alternative is a valid variant.
    let variants = Variant.publishedWithAlternatives(
      for: ["floating-panel", "pan-modal", "side-menu", "deck"])
    #expect(variants.count == 4 + 4 + 3 + Variant.rules.count + 4)
  }

  @Test(arguments: ["floating-panel", "pan-modal", "side-menu", "deck"])
  func aPresetRoundTripsThroughTheFormat(name: String) throws {
    var catalog = TransitionCatalog.builtIn
    try catalog.declare(
      parsing: #"{"version": 1, "transitions": {"copy": {"preset": "\#(name)"}}}"#, file: "c.json")
    let preset = try #require(catalog.family(named: name))
    let copy = try #require(catalog.family(named: "copy"))
    #expect(Variant.parameters(of: copy) == Variant.parameters(of: preset))
    #expect(copy.summary == preset.summary)
    #expect(copy.source == preset.source)
    #expect(copy.alternatives == preset.alternatives)
    let values = try Variant(parsing: "copy", in: catalog).values
    #expect(copy.track(values) == preset.track(values))
    #expect(copy.gesture(values) == preset.gesture(values))
    #expect(copy.decisionDistance(values) == preset.decisionDistance(values))
  }

  @Test func aDeclarationOverridesAPresetsDefaults() throws {
    var catalog = TransitionCatalog.builtIn
    try catalog.declare(
      parsing: """
        {"version": 1, "transitions": {
          "our-panel": {"preset": "floating-panel", "summary": "Our map panel",
                        "parameters": {"half": 300, "tip": 700, "removal": "true", "start": "tip"}}}}
        """, file: "ours.json")
    let panel = try Self.variant("our-panel", in: catalog)
    #expect(panel.family.summary == "Our map panel")
    #expect(panel.track?.stops.map(\.position) == [77, 300, 700, 852])
    #expect(panel.track?.start == "tip")
    #expect(panel.values["removal"] == .word("true"))
    // From tip (700), released at rest 100 pt up at −2000 pt/s: projected
    // 600 − 998 = −398, but no skipping: the segment half–tip, progress
    // clamped to 1 > 0.5 → half.
    let trace = Self.drag([-50, -100], velocity: -2000)
    #expect(Self.replayer.outcome(of: trace, with: panel).outcome == .stop("half"))
    // Removal: from tip (700) 100 down, 52 pt above hidden (852), at
    // 300 pt/s: k = 300 / 52 = 5.77 ≥ 5.5; at 280 pt/s, 5.38: back to tip.
    let removed = Self.drag([50, 100], velocity: 300)
    #expect(Self.replayer.outcome(of: removed, with: panel).outcome == .stop("hidden"))
    let kept = Self.drag([50, 100], velocity: 280)
    #expect(Self.replayer.outcome(of: kept, with: panel).outcome == .stop("tip"))
  }

  @Test func floatingPanelGivesTheLibrarysTestAnswers() throws {
    // The library's test layout (full 20, half 417, tip 607), released
    // where the panel rests, at the velocity given.
    let layout = "floating-panel:full=20,half=417,tip=607,hidden=667"
    let at = { (start: String, v: Double) in
      try Self.outcome("\(layout),start=\(start)", Self.drag([0], velocity: v)).outcome
    }
    #expect(try at("full", 500) == .stop("half"))
    #expect(try at("full", 100) == .stop("full"))
    #expect(try at("full", 3000) == .stop("half"))
    #expect(try at("half", 1000) == .stop("tip"))
    #expect(try at("tip", -3000) == .stop("half"))
    let skip = try Self.outcome(
      "\(layout),start=tip,projectMomentum=true", Self.drag([0], velocity: -3000))
    #expect(skip.outcome == .stop("full"))
  }

  @Test func floatingPanelSettlesWithItsSpring() throws {
    // From half (438.5) 100 pt down and released at 1000 pt/s: tip (749).
    let variant = try Self.variant("floating-panel")
    let trace = Self.drag([50, 100], velocity: 1000)
    let timeline = Self.replayer.timeline(of: trace, with: variant)
    #expect(timeline.outcome.outcome == .stop("tip"))
    #expect(timeline.outcome.decidedAt == .milliseconds(30))
    let seconds = FloatingPanelSpring.settleTime(from: 538.5, to: 749, velocity: 1000)
    #expect(timeline.outcome.settledAt == .seconds(0.03 + seconds))
    #expect(seconds > 0.2 && seconds < 2)
    #expect(close(timeline.value("position", at: .milliseconds(10)), 488.5))
    #expect(close(timeline.value("position", at: .milliseconds(20)), 538.5))
    #expect(close(timeline.finalValue("position"), 749, 1.0 / 3))
    // Underdamped (|v| > 300): the panel overshoots tip on its way.
    let peak = timeline.frames.map { $0.values[0] }.max() ?? 0
    #expect(peak > 749)
  }

  @Test func panModalGivesTheLibrarysAnswers() throws {
    // long 80, short 598, H 852; start short.
    // Slow, 100 pt up (498): nearest of H, short, long is short.
    #expect(
      try Self.outcome("pan-modal", Self.drag([-100], velocity: -200)).outcome == .stop("short"))
    // Fast up: long.
    #expect(
      try Self.outcome("pan-modal", Self.drag([-100], velocity: -400)).outcome == .stop("long"))
    // Fast down from short (608): nearer H than long → dismissed.
    #expect(
      try Self.outcome("pan-modal", Self.drag([10], velocity: 400)).outcome == .stop("dismissed"))
    // From long, 100 down (180) fast: nearer long than H and above short →
    // short form.
    let fromLong = try Self.outcome("pan-modal:start=long", Self.drag([100], velocity: 400))
    #expect(fromLong.outcome == .stop("short"))
    // Slow at 740: 112 from H, 142 from short → dismissed; without drag to
    // dismiss, short.
    #expect(
      try Self.outcome("pan-modal", Self.drag([142], velocity: 0)).outcome == .stop("dismissed"))
    #expect(
      try Self.outcome("pan-modal:dragToDismiss=false", Self.drag([142], velocity: 0)).outcome
        == .stop("short"))
  }

  @Test func panModalNeverRisesAboveLongForm() throws {
    // From short (598), 600 up (held at 80), then 100 back down: PanModal
    // moves by each event's delta, so the sheet is at 180, not 98.
    let timeline = Self.replayer.timeline(
      of: Self.drag([-600, -500], velocity: 0), with: try Self.variant("pan-modal"))
    #expect(close(timeline.value("position", at: .milliseconds(10)), 80))
    #expect(close(timeline.value("position", at: .milliseconds(20)), 180))
    // 180 is nearest long: a slow release goes there; the UIKit spring
    // settles 0.5 s after.
    #expect(timeline.outcome.outcome == .stop("long"))
    #expect(timeline.outcome.settledAt == .milliseconds(530))
  }

  @Test func sideMenuGivesTheLibrarysAnswers() throws {
    // 130 of 240 pt (0.54 ≥ 0.5) at −40 pt/s (≥ −50): finish.
    #expect(
      try Self.outcome("side-menu", Self.drag([130], velocity: -40, axis: "x")).outcome == .complete
    )
    #expect(
      try Self.outcome("side-menu", Self.drag([130], velocity: -60, axis: "x")).outcome == .cancel)
    // 50 pt at 100 pt/s: the fling finishes; at 99, it does not.
    #expect(
      try Self.outcome("side-menu", Self.drag([50], velocity: 100, axis: "x")).outcome == .complete)
    let back = try Self.outcome("side-menu", Self.drag([50], velocity: 99, axis: "x"))
    #expect(back.outcome == .cancel)
    // Cancelling runs the 50 pt back of 240 of the 0.35 s.
    #expect(back.settledAt == .seconds(0.02 + 0.35 * 50 / 240))
    // Hiding the open menu: 130 left at +40 pt/s (−40 toward closed).
    let hide = try Self.outcome("side-menu:start=open", Self.drag([-130], velocity: 40, axis: "x"))
    #expect(hide.outcome == .complete)
    // The percent-driven ease-in finish runs the 110 pt left of 240 of
    // its 0.35 s.
    #expect(hide.settledAt == .seconds(0.02 + 0.35 * 110 / 240))
    #expect(try Self.variant("side-menu").gesture.completingDirections == [.right])
    #expect(try Self.variant("side-menu").decisionDistance == 120)
  }

  @Test func sideMenuIsHeldWithinItsWidth() throws {
    let timeline = Self.replayer.timeline(
      of: Self.drag([300, -20], velocity: 0, axis: "x"), with: try Self.variant("side-menu"))
    #expect(close(timeline.value("position", at: .milliseconds(10)), 240))
    #expect(close(timeline.value("progress", at: .milliseconds(10)), 1))
    #expect(close(timeline.value("position", at: .milliseconds(20)), 0))
  }

  @Test func deckDismissesDuringTheDragAndSnapsBackOtherwise() throws {
    // Reaching 240 pt down at the fourth event (40 ms): dismissed there,
    // whatever follows.
    let dismissed = try Self.outcome("deck", Self.drag([60, 120, 200, 240, 0], velocity: -5000))
    #expect(dismissed.outcome == .complete)
    #expect(dismissed.decidedAt == .milliseconds(40))
    // 239 and released with any velocity: back.
    let back = try Self.outcome("deck", Self.drag([239], velocity: 5000))
    #expect(back.outcome == .cancel)
    #expect(back.decidedAt == .milliseconds(20))
    #expect(back.settledAt == .milliseconds(270))
    #expect(try Self.variant("deck").decisionDistance == 240)
    #expect(
      try Self.outcome("deck:decideAt=120", Self.drag([120], velocity: 0)).outcome == .complete)
  }

  @Test func deckShowsTheElasticCard() throws {
    // Half the translation to 120, then 60 + 30·atan((t − 120)/120) + (t − 120)/10.
    let timeline = Self.replayer.timeline(
      of: Self.drag([60, 200, -30], velocity: 0), with: try Self.variant("deck"))
    #expect(close(timeline.value("position", at: .milliseconds(10)), 30))
    #expect(
      close(timeline.value("position", at: .milliseconds(20)), 60 + 30 * 0.588_002_603_547_568 + 8))
    #expect(close(timeline.value("position", at: .milliseconds(30)), 0))
  }
}
