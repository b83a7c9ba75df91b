import GestureTrace
import Testing

@testable import GestureTraceCLI

/// A panel between full (100), half (400) and tip (700) along y, resting
/// at half, settling on the stop nearest the release position plus
/// `projection` seconds of the release velocity: an app's own transition
/// with more than two stops.
private struct StopPanel: Transition {
  static let name = "stop-panel"
  static let summary = "A test panel between full, half and tip."
  static let source = "GestureTraceCLITests"
  static let parameters: [Parameter] = [
    .number("projection", 0, unit: "s", in: 0...2, summary: "Seconds of velocity.", source: "tests")
  ]
  static let stops: [TransitionTrack.Stop] = [
    .init("full", 100), .init("half", 400), .init("tip", 700),
  ]

  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: [.up, .down])
  }

  static func track(_ values: ParameterValues) -> TransitionTrack? {
    TransitionTrack(axis: "y", stops: stops, start: "half")
  }

  let projection: Double
  var position = 400.0
  var now = TraceTime.zero
  var decision: TransitionDecision?
  var settleTime: TraceTime?

  init(_ values: ParameterValues) { projection = values.number("projection") }

  var propertyNames: [String] { ["position"] }
  var propertyValues: [Double] { [position] }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    position = 400 + event.translation.y
    guard event.phase == .ended || event.phase == .cancelled else { return }
    let projected = position + projection * (event.velocity?.y ?? 0)
    let nearest = Self.stops.min {
      ($0.position - projected).magnitude < ($1.position - projected).magnitude
    }!
    decision = TransitionDecision(.stop(nearest.name), at: now)
    settleTime = now
  }

  mutating func advance(to time: TraceTime) { now = max(now, time) }
}

@Suite struct ExpectedStopsTests {
  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.register(StopPanel.self)
    return catalog
  }()

  /// A drag down to `distance`, released at `velocity`.
  static func drag(_ id: String, _ distance: Double, velocity: Double) -> Trace {
    Trace(
      id: id,
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(
          time: .milliseconds(100), phase: .changed, translation: Vector2D(x: 0, y: distance)),
        PanEvent(
          time: .milliseconds(110), phase: .ended, translation: Vector2D(x: 0, y: distance),
          velocity: Vector2D(x: 0, y: velocity)),
      ])
  }

  /// Release at d with velocity v: nearest to d (p = 0) and to d + 0.2 v.
  /// a: −200 → full, full; b: 90, 800 → half, tip (250); c: 170, −400 →
  /// tip, half (90).
  static let traces = [
    drag("a", -200, velocity: 0), drag("b", 90, velocity: 800), drag("c", 170, velocity: -400),
  ]

  static func table() throws -> (text: String, variants: [Variant]) {
    let variants = [
      try Variant(parsing: "stop-panel", in: catalog),
      try Variant(parsing: "stop-panel:projection=0.2", in: catalog),
    ]
    var report = ReplayOutcomeReport(variants: variants, format: .csv, fps: 60)
    var text = report.header()
    for trace in traces {
      let outcomes = variants.map { Replayer().outcome(of: trace, with: $0) }
      report.add(trace: trace.id, outcomes: outcomes, to: &text)
    }
    return (text, variants)
  }

  @Test func stopOutcomesRoundTripFromReplayToCheck() throws {
    let (text, variants) = try Self.table()
    #expect(
      text == "trace,stop-panel,stop-panel:projection=0.2\n"
        + "a,full,full\nb,half,tip\nc,tip,half\n")
    let table = try ExpectedOutcomes(text: text, name: "t.csv", catalog: Self.catalog)
    #expect(table.variants.map(\.spec) == variants.map(\.spec))
    #expect(
      table.rows.map { $0.cells.map(\.text) } == [
        ["full", "full"], ["half", "tip"], ["tip", "half"],
      ])
    for (row, trace) in zip(table.rows, Self.traces) {
      for (cell, variant) in zip(row.cells, variants) {
        #expect(cell.accepts(Replayer().outcome(of: trace, with: variant).outcome))
      }
    }
    #expect(!table.rows[1].cells[0].accepts(.stop("tip")))
  }

  @Test func aCellMustNameOneOfTheVariantsStops() {
    #expect(
      throws: ExpectedOutcomes.Problem.data(
        "t.csv:2:3: expected one of full, half, tip (the stops of 'stop-panel') or '*', found 'mid'"
      )
    ) {
      try ExpectedOutcomes(text: "trace,stop-panel\na,mid\n", name: "t.csv", catalog: Self.catalog)
    }
    // A stop's name is no outcome of a transition that completes or cancels.
    #expect(
      throws: ExpectedOutcomes.Problem.data(
        "t.csv:2:3: expected 'complete', 'cancel', a page number or '*', found 'half'"
      )
    ) {
      try ExpectedOutcomes(text: "trace,lyrics-swap\na,half\n", name: "t.csv")
    }
  }

  @Test func theTextSummaryCountsEachStopInTrackOrder() throws {
    let variants = [try Variant(parsing: "stop-panel", in: Self.catalog)]
    var report = ReplayOutcomeReport(variants: variants, format: .text, fps: 60)
    var text = report.header()
    for trace in Self.traces {
      report.add(
        trace: trace.id, outcomes: [Replayer().outcome(of: trace, with: variants[0])], to: &text)
    }
    text += report.footer()
    #expect(text.contains("full:1 half:1 tip:1"))
    #expect(text.contains("stops"))
  }
}
