import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Every analysis report of a transition with more than two stops names
/// the stops and shows the stop labels' mix.
@Suite struct StopReportsTests {
  /// The panel rests at half; p = 0 settles on the stop nearest the
  /// release, p = 0.2 nearest the release plus 0.2 s of velocity:
  ///
  /// | trace | d | v | meant | p = 0 | p = 0.2 |
  /// |---|---|---|---|---|---|
  /// | a | −200 | 0 | full | full ✓ | full ✓ |
  /// | b | 90 | 800 | tip | half ✗ | tip ✓ (250) |
  /// | c | 170 | −400 | half | tip ✗ | half ✓ (90) |
  /// | d | 20 | 0 | half | half ✓ | half ✓ |
  static let analysis: Analysis = {
    let plan = AnalysisPlan(variants: [
      try! Variant(parsing: "stop-panel", in: StopPanel.catalog),
      try! Variant(parsing: "stop-panel:projection=0.2", in: StopPanel.catalog),
    ])
    let labelled = [
      ("a", -200.0, 0.0, "full"), ("b", 90, 800, "tip"), ("c", 170, -400, "half"),
      ("d", 20, 0, "half"),
    ]
    let traces = labelled.map { id, distance, velocity, label in
      var trace = StopPanel.drag(id, distance, velocity: velocity)
      trace.metadata["intent"] = label
      return trace
    }
    return Analysis(traces: traces.map { TraceAnalysis($0, plan: plan) }, plan: plan)
  }()

  @Test func theTextReportShowsStopsAndEachStopsLabelMix() {
    let text = AnalysisTextReport(analysis: Self.analysis, files: ["-"], markdown: false).rendered()
    // The baseline always answers half (2 of 4); p = 0 is right on 2.
    #expect(text.contains("baseline (always 'half') 50.0 %"))
    #expect(text.contains("settles on half most (50.0 %)"))
    // Per stop: settled there of labelled there (full, half, tip).
    #expect(text.contains("1/1   1/2  0/1"))
    #expect(text.contains("1/1   2/2  1/1"))
    #expect(text.contains("Views between more than two stops count each stop"))
    #expect(!text.contains("c = complete, x = cancel"))
    let markdown = AnalysisTextReport(analysis: Self.analysis, files: ["-"], markdown: true)
      .rendered()
    #expect(markdown.contains("| full | half | tip |"))
  }

  @Test func aSweepCountsHowOftenTheViewLeavesItsStartStop() throws {
    let plan = AnalysisPlan(
      variants: [try Variant(parsing: "stop-panel", in: StopPanel.catalog)],
      sweeps: [try Sweep(parsing: "stop-panel.projection=0...0.2:0.2", in: StopPanel.catalog)])
    let labelled = [("b", 90.0, 800.0, "tip"), ("d", 20, 0, "half")]
    let analysis = Analysis(
      traces: labelled.map { id, distance, velocity, label in
        var trace = StopPanel.drag(id, distance, velocity: velocity)
        trace.metadata["intent"] = label
        return TraceAnalysis(trace, plan: plan)
      }, plan: plan)
    let text = AnalysisTextReport(analysis: analysis, files: ["-"], markdown: false).rendered()
    // b leaves half at 0.2 only: 0 % then 50 %; right on 1 then 2 of 2.
    #expect(text.contains("leaves half rate"))
    #expect(text.contains("50.0 %   100.0 %"))
  }

  @Test func theJSONReportCountsEveryStopLabel() {
    let json = AnalysisJSONReport(analysis: Self.analysis, files: ["-"]).rendered()
    #expect(json.contains("\"baselineLabel\":\"half\""))
    // p = 0 settled on full (a), half (b, d), tip (c).
    #expect(
      json.contains(
        "\"stops\":[{\"stop\":\"full\",\"meant\":1,\"asMeant\":1,\"decided\":1},"
          + "{\"stop\":\"half\",\"meant\":2,\"asMeant\":1,\"decided\":2},"
          + "{\"stop\":\"tip\",\"meant\":1,\"asMeant\":0,\"decided\":1}]"))
  }

  @Test func stopsHaveColoursByTheirOrderAlongTheTrack() {
    let stops = ["full", "half", "tip"]
    #expect(OutcomePalette.colour(of: .stop("full"), stops: stops) == OutcomePalette.pages[0])
    #expect(OutcomePalette.colour(of: .stop("tip"), stops: stops) == OutcomePalette.pages[2])
    #expect(OutcomePalette.colour(of: .stop("tip"), stops: ["tip"]) == OutcomePalette.pages[0])
    let page = AnalysisHTMLReport(analysis: Self.analysis, files: ["-"]).rendered()
    #expect(
      page.contains("<th class=\"n\">full</th><th class=\"n\">half</th><th class=\"n\">tip</th>"))
    #expect(page.contains(OutcomePalette.pages[2]))
  }
}
