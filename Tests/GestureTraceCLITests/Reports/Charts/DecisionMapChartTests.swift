import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The decision maps of the reports, on the hand-made corpus of
/// ``AnalyzeCommandTests`` (four untargeted traces, each on both maps) and
/// on a targeted one; and, in headless chromium, the maps as rendered.
@Suite struct DecisionMapChartTests {
  /// The `<svg class="decision-map" …>…</svg>` blocks, by transition.
  static func maps(_ page: String) -> [(transition: String, svg: Substring)] {
    AnalysisHTMLReportTests.svgBlocks(page).compactMap { block in
      guard block.contains("class=\"decision-map\""),
        let start = block.range(of: "data-transition=\""),
        let end = block[start.upperBound...].firstIndex(of: "\"")
      else { return nil }
      return (String(block[start.upperBound..<end]), block)
    }
  }

  static func count(_ needle: String, in text: Substring) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// Four untargeted traces are on both transitions' maps: 4 circles
  /// each, one boundary per variant of the transition (two of lyrics-swap,
  /// one of player-sheet), each circle titled with its trace.
  @Test func eachTransitionHasAMapWithACirclePerTraceAndItsVariantsBoundaries() throws {
    let page = AnalysisHTMLReportTests.report(AnalyzeCommandTests.variants)
    let maps = Self.maps(page)
    #expect(maps.map(\.transition) == ["lyrics-swap", "player-sheet"])
    for (transition, svg) in maps {
      #expect(Self.count("<circle", in: svg) == 4, "\(transition)")
      #expect(svg.contains("data-shown=\"4\" data-traces=\"4\""))
      for id in ["a", "b", "c", "d"] { #expect(svg.contains("<title>\(id): labelled")) }
    }
    #expect(Self.count("class=\"boundary\"", in: maps[0].svg) == 2)
    #expect(Self.count("class=\"boundary\"", in: maps[1].svg) == 1)
    #expect(maps[1].svg.contains("data-variant=\"3\""))
  }

  /// Traces meant for one transition are only on its map; colours follow
  /// the labels (blue complete, vermilion cancel), hostile ids are escaped.
  @Test func targetedTracesAreOnTheirTransitionsMapWithLabelColours() throws {
    let corpus = """
      # gesturetrace: 1
      trace,t,phase,tx,ty,vx,vy
      # trace <b>&"x intent: complete
      # trace <b>&"x target: lyrics-swap
      <b>&"x,0,began,0,12,,
      <b>&"x,0.01,changed,0,90,,
      <b>&"x,0.02,ended,0,90,0,0
      # trace k intent: cancel
      # trace k target: lyrics-swap
      k,0,began,0,12,,
      k,0.01,changed,0,30,,
      k,0.02,ended,0,30,0,0
      # trace p intent: complete
      # trace p target: player-sheet
      p,0,began,0,-12,,
      p,0.01,changed,0,-200,,
      p,0.02,ended,0,-200,0,-300

      """
    let result = run(
      [
        "analyze", "-", "--format", "html", "--variant", "lyrics-swap", "--variant",
        "player-sheet",
      ],
      input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let maps = Self.maps(result.output)
    try #require(maps.count == 2)
    #expect(Self.count("<circle", in: maps[0].svg) == 2)
    #expect(Self.count("<circle", in: maps[1].svg) == 1)
    #expect(!result.output.contains("<b>&\"x"))
    #expect(maps[0].svg.contains("<title>&lt;b&gt;&amp;&quot;x: labelled complete"))
    // Human labels: filled and stroked in the label's colour.
    #expect(
      maps[0].svg.contains(
        "fill=\"#0072b2\" stroke=\"#0072b2\" stroke-width=\"1.4\" data-label=\"complete\""))
    #expect(
      maps[0].svg.contains(
        "fill=\"#d55e00\" stroke=\"#d55e00\" stroke-width=\"1.4\" data-label=\"cancel\""))
  }

  /// A map full at 8 of 40 traces draws 8 circles and says "8 of 40".
  @Test func aFullMapSaysHowManyOfItsTracesItShows() throws {
    let plan = AnalysisPlan(variants: [try Variant(parsing: "player-sheet")])
    var collector = DecisionMapCollector(plan: plan, limit: 8)
    for index in 0..<40 {
      var trace = Trace(
        id: "t\(index)",
        events: [
          PanEvent(time: .zero, phase: .began, translation: .zero),
          PanEvent(
            time: .milliseconds(100), phase: .ended, translation: Vector2D(x: 0, y: -Double(index)),
            velocity: Vector2D(x: 0, y: Double(index * 10))),
        ])
      trace.metadata["intent"] = index.isMultiple(of: 2) ? "complete" : "cancel"
      collector.add(TraceAnalysis(trace, plan: plan))
    }
    let map = try #require(collector.maps(plan: plan).first)
    let caption = DecisionMapSentences(map: map, specs: ["player-sheet"]).caption
    #expect(
      caption.hasPrefix(
        "8 of 40 traces meant for player-sheet shown (chosen by a hash of their ids)"))
    let svg = DecisionMapChart.rendered(map, specs: ["player-sheet"])[...]
    #expect(Self.count("<circle", in: svg) == 8)
    #expect(svg.contains("data-shown=\"8\" data-traces=\"40\""))
  }

  /// floating-panel's map is along its track: one colour per stop in
  /// order (full, half, tip, hidden), each trace at the half stop's 438.5
  /// pt plus its drag, and each variant's boundary drawn.
  @Test func aViewBetweenStopsIsMappedAlongItsTrackWithAColourPerStop() throws {
    var corpus = "# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy\n"
    for (id, stop, drag) in [("f", "full", -300), ("h", "half", 10), ("t", "tip", 250)] {
      corpus += "# trace \(id) intent: \(stop)\n# trace \(id) target: floating-panel\n"
      corpus += "\(id),0,began,0,0,,\n\(id),0.05,changed,0,\(drag),,\n"
      corpus += "\(id),0.1,ended,0,\(drag),0,0\n"
    }
    let result = run(
      [
        "analyze", "-", "--format", "html", "--variant", "floating-panel", "--variant",
        "floating-panel:rule=nearest",
      ],
      input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let maps = Self.maps(result.output)
    try #require(maps.map(\.transition) == ["floating-panel"])
    let svg = maps[0].svg
    #expect(Self.count("<circle", in: svg) == 3)
    #expect(Self.count("class=\"boundary\"", in: svg) == 2)
    #expect(svg.contains("position along the track at release (points)"))
    for (stop, colour) in [("full", "#009e73"), ("half", "#e69f00"), ("tip", "#cc79a7")] {
      #expect(svg.contains("stroke=\"\(colour)\" stroke-width=\"1.4\" data-label=\"\(stop)\""))
    }
    #expect(svg.contains("<title>f: labelled full (human); [1] decided "))
    #expect(svg.contains(" at 139 pt, 0 pt/s</title>"))
    #expect(svg.contains(" at 449 pt, 0 pt/s</title>"))
    #expect(svg.contains(" at 689 pt, 0 pt/s</title>"))
  }

  /// player-sheet (velocity sign) gets b (meant complete, released 50 pt/s
  /// away) and c (meant cancel, released 30 pt/s toward opening) wrong;
  /// its boundary is 0 pt/s, so c is nearer and named first.
  @Test func theTextReportNamesTheWrongTracesNearestTheBoundaryFirst() throws {
    for format in ["text", "markdown"] {
      let result = run(
        ["analyze", "-", "--format", format] + AnalyzeCommandTests.variants,
        input: AnalyzeCommandTests.corpus)
      #expect(result.exitCode == .success, "\(result.error)")
      // Progress is toward opening (up): c moved 40 pt down, b 120 pt.
      let words = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(
        words.contains(
          "[3] player-sheet: gets 2 traces shown wrong; nearest its boundary: "
            + "c (cancel, -40 pt, 30 pt/s), b (complete, -120 pt, -50 pt/s)."), "\(format)")
    }
  }

  /// In headless chromium: each map's rendered circles are as many as
  /// the traces shown, every boundary path has an extent, and each
  /// label's circles are stroked in its legend colour (filled with it for
  /// a person's label, white for a synthetic one). Saves the player-sheet
  /// map of the shipped traces as a PNG when `GESTURETRACE_DECISION_MAP_PNG`
  /// names a path.
  @Test(
    .enabled(
      if: BrowserTestEnvironment.mayRun,
      "needs chromium and python3 (apt-get install chromium python3-venv); one is missing"))
  func theMapsRenderInChromiumWithTheirPointsBoundariesAndColours() throws {
    let python = try BrowserRecordTests().playwrightPython()
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let html = directory.appendingPathComponent("report.html").path
    let traces = packageRoot.appendingPathComponent("traces").path
    let report = run(["analyze", traces, "--format", "html", "-o", html])
    #expect(report.exitCode == .success, "\(report.error)")
    let measured = directory.appendingPathComponent("maps.json").path
    var arguments = [
      python,
      BrowserTestEnvironment.tools.appendingPathComponent("measure_decision_maps.py").path,
      "--html", html, "--out", measured,
    ]
    if let png = ProcessInfo.processInfo.environment["GESTURETRACE_DECISION_MAP_PNG"] {
      arguments += ["--screenshot", png, "--transition", "player-sheet"]
    }
    let log = directory.appendingPathComponent("browser.log").path
    let status = ChildProcess.run(arguments, output: log, joiningStandardError: true)
    try #require(
      status == 0,
      "the browser script failed:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    let page = try String(contentsOfFile: html, encoding: .utf8)
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: measured)))
    let maps = try #require(object as? [[String: Any]])
    #expect(maps.map { $0["transition"] as? String } == Self.maps(page).map(\.transition))
    #expect(maps.contains { $0["transition"] as? String == "player-sheet" })
    let colours = ["complete": "rgb(0, 114, 178)", "cancel": "rgb(213, 94, 0)"]
    for map in maps {
      let name = map["transition"] as? String ?? ""
      let shown = try #require(map["shown"] as? Int)
      #expect(shown > 0 && map["circles"] as? Int == shown, "\(name)")
      let boundaries = try #require(map["boundaries"] as? [[String: Any]])
      #expect(!boundaries.isEmpty, "\(name)")
      for boundary in boundaries {
        let (width, height) = (
          boundary["width"] as? Double ?? 0, boundary["height"] as? Double ?? 0
        )
        #expect(width > 0 || height > 0, "\(name) \(boundary)")
      }
      let legend = try #require(map["legend"] as? [String: String])
      #expect(legend == colours, "\(name)")
      let strokes = try #require(map["strokes"] as? [String: [String]])
      let fills = try #require(map["fills"] as? [String: [String]])
      for (label, colour) in colours {
        if let stroked = strokes[label] { #expect(stroked == [colour], "\(name) \(label)") }
        if let filled = fills[label + "/human"] { #expect(filled == [colour]) }
        if let filled = fills[label + "/synthetic"] { #expect(filled == ["rgb(255, 255, 255)"]) }
        if let stroked = strokes["outcome:" + label] { #expect(stroked == [colour]) }
      }
      #expect(strokes.keys.contains("complete") && strokes.keys.contains("cancel"), "\(name)")
    }
  }
}
