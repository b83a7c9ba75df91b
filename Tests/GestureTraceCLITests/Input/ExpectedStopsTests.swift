import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct ExpectedStopsTests {
  static let catalog = StopPanel.catalog
  static func drag(_ id: String, _ distance: Double, velocity: Double) -> Trace {
    StopPanel.drag(id, distance, velocity: velocity)
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
