import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct AnalyzeCommandTests {
  /// Four vertical drags with intent labels and sources:
  ///   a: peak ty 90, released at rest,      meant complete, source s1
  ///   b: peak ty 120, released down 50 pt/s, meant complete, source s1
  ///   c: peak ty 40, released up 30 pt/s,    meant cancel,   source s2
  ///   d: peak ty 79.5, released down 10,     meant cancel,   source s2
  static let corpus = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy
    # trace a intent: complete
    # trace a source: s1
    a,0,began,0,12,,
    a,0.01,changed,0,90,,
    a,0.02,ended,0,90,0,0
    # trace b intent: complete
    # trace b source: s1
    b,0,began,0,12,,
    b,0.01,changed,0,120,,
    b,0.02,ended,0,120,0,50
    # trace c intent: cancel
    # trace c source: s2
    c,0,began,0,12,,
    c,0.01,changed,0,40,,
    c,0.02,ended,0,40,0,-30
    # trace d intent: cancel
    # trace d source: s2
    d,0,began,0,12,,
    d,0.01,changed,0,79.5,,
    d,0.02,ended,0,79.5,0,10

    """
  static let variants = [
    "--variant", "lyrics-swap", "--variant", "lyrics-swap:dismissalOffset=100",
    "--variant", "player-sheet",
  ]

  func json(_ arguments: [String]) throws -> [String: Any] {
    let result = run(["analyze", "-", "--format", "json"] + arguments, input: Self.corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try #require(object as? [String: Any])
  }

  /// The part of a JSON summary (the overall one by default) for its
  /// transition number `index`.
  func transition(_ summary: [String: Any]?, _ index: Int = 0) throws -> [String: Any] {
    let transitions = try #require(summary?["transitions"] as? [[String: Any]])
    return try #require(transitions.indices.contains(index) ? transitions[index] : nil)
  }

  @Test func countsRatesAndWilsonIntervalsAreHandComputed() throws {
    let overall = try #require(json(Self.variants)["overall"] as? [String: Any])
    // Every trace names no target: each transition counts all four.
    let variants =
      try #require(transition(overall)["variants"] as? [[String: Any]])
      + #require(transition(overall, 1)["variants"] as? [[String: Any]])
    // lyrics-swap (> 80): a, b complete. dismissalOffset=100: only b.
    // player-sheet (velocity sign, opening upwards): a (0) and c (up)
    // complete; b and d (down) cancel.
    func counts(_ index: Int) -> [Int] {
      (variants[index]["outcomes"] as? [[String: Any]])?.compactMap { $0["count"] as? Int } ?? []
    }
    #expect(counts(0) == [2, 2])
    #expect(counts(1) == [1, 3])
    #expect(counts(2) == [2, 2])
    // Wilson 95 % for 2 of 4 and 1 of 4 (z = 1.959964), worked in Python:
    // (0.150039, 0.849961) and (0.045587, 0.699358).
    let first = try #require((variants[0]["outcomes"] as? [[String: Any]])?.first)
    #expect(abs((first["low"] as? Double ?? 0) - 0.15003898915214953) < 1e-12)
    #expect(abs((first["high"] as? Double ?? 0) - 0.8499610108478505) < 1e-12)
    let second = try #require((variants[1]["outcomes"] as? [[String: Any]])?.first)
    #expect(abs((second["low"] as? Double ?? 0) - 0.04558726080970055) < 1e-12)
    #expect(abs((second["high"] as? Double ?? 0) - 0.6993581574175981) < 1e-12)
    #expect(first["rate"] as? Double == 0.5)
  }

  @Test func agreementAndDisagreementsAreHandComputed() throws {
    let overall = try #require(json(Self.variants)["overall"] as? [String: Any])
    // Variants of one transition only are compared: [1] vs [2] (both
    // lyrics-swap) differ on a only: 3/4; player-sheet has one variant.
    let lyrics = try transition(overall)
    let agreement = try #require(lyrics["agreement"] as? [[Double]])
    #expect(agreement == [[1, 0.75], [0.75, 1]])
    #expect(lyrics["disagreementCount"] as? Int == 1)
    let listed = (lyrics["disagreements"] as? [[String: Any]])?.compactMap {
      $0["trace"] as? String
    }
    #expect(listed == ["a"])
    let reason = (lyrics["disagreements"] as? [[String: Any]])?[0]["reason"] as? String
    #expect(reason == "released at 0 pt/s (y) after 90 pt in 20 ms")
    #expect(try transition(overall, 1)["agreement"] as? [[Double]] == [[1]])
  }

  @Test func aPagerAgreesWhenItsPageChangeMatchesCompletion() throws {
    // The pager stays on page 0 for these vertical drags: "not completed",
    // like lyrics-swap on c and d but not on a and b. Two pagers compare
    // pages.
    let report = try json([
      "--variant", "lyrics-swap", "--variant", "library-pager", "--variant",
      "library-pager:pager=current",
    ])
    let overall = try #require(report["overall"] as? [String: Any])
    #expect(try transition(overall)["agreement"] as? [[Double]] == [[1]])
    #expect(try transition(overall, 1)["agreement"] as? [[Double]] == [[1, 1], [1, 1]])
  }

  @Test func nearThresholdRunsAreWithinTenPercent() throws {
    let overall = try #require(json(Self.variants)["overall"] as? [String: Any])
    // d peaks at 79.5 (within 8 of 80); a at 90 (within 10 of 100). The
    // fade offsets (20) are far from every peak.
    let near = try #require(transition(overall)["nearThreshold"] as? [[String: Any]])
    #expect(near.map { $0["trace"] as? String } == ["a", "d"])
    #expect(near.map { $0["variant"] as? Int } == [1, 0])
  }

  @Test func intentConfusionAndRankingAreHandComputed() throws {
    let overall = try #require(json(Self.variants)["overall"] as? [String: Any])
    func intent(_ index: Int) throws -> [[String: Any]] {
      let scoring = try #require(transition(overall, index)["scoring"] as? [[String: Any]])
      #expect(scoring.map { $0["source"] as? String } == ["human"])
      return try #require(scoring.first?["intent"] as? [[String: Any]])
    }
    let intent = try intent(0) + intent(1)
    // [1]: all four as meant. [2]: a missed (meant complete, cancelled).
    // [3]: a right, b missed, c wrongly completed, d right.
    #expect(intent.map { $0["accuracy"] as? Double } == [1, 0.75, 0.5])
    #expect(intent.map { $0["precision"] as? Double } == [1, 1, 0.5])
    #expect(intent.map { $0["recall"] as? Double } == [1, 0.5, 0.5])
    #expect(intent[2]["meantCancelDidComplete"] as? Int == 1)
    #expect(intent[2]["meantCompleteDidCancel"] as? Int == 1)
    #expect(overall["labelled"] as? Int == 4)
  }

  @Test func quantilesAndHistogramsMatchAHandComputedExample() throws {
    // Durations 100, 200, 300, 400 ms and net distances 10, 20, 30, 40 pt.
    // Definition 7: p25 at position 0.75 → 100 + 0.75 × 100 = 175;
    // p50 at 1.5 → 250; p5 at 0.15 → 115; p95 at 2.85 → 385.
    var csv = "trace,t,phase,tx,ty,vx,vy\n"
    for k in 1...4 {
      csv += "g\(k),0,began,0,0,0,0\ng\(k),0.\(k),ended,0,\(k)0,0,\(k * 100)\n"
    }
    let result = run(["analyze", "-", "--format", "json"], input: csv)
    #expect(result.exitCode == .success, "\(result.error)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let overall = try #require((object as? [String: Any])?["overall"] as? [String: Any])
    let features = try #require(transition(overall)["features"] as? [[String: Any]])
    func feature(_ name: String) -> [String: Any]? {
      features.first { $0["name"] as? String == name }
    }
    #expect(feature("duration")?["quantiles"] as? [Double] == [115, 175, 250, 325, 385])
    #expect(feature("net distance")?["quantiles"] as? [Double] == [11.5, 17.5, 25, 32.5, 38.5])
    #expect(feature("release speed")?["quantiles"] as? [Double] == [115, 175, 250, 325, 385])
    // 12 bins of (400 − 100) / 12 = 25 ms from 100: 100 in bin 0, 200 in
    // bin 4, 300 in bin 8, 400 (the maximum) in the last.
    let histogram = try #require(feature("duration")?["histogram"] as? [String: Any])
    #expect(histogram["lower"] as? Double == 100)
    #expect(histogram["binWidth"] as? Double == 25)
    #expect(histogram["counts"] as? [Int] == [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1])
  }

  @Test func aSweepFindsTheBestValueByHand() throws {
    let report = try json(
      ["--variant", "lyrics-swap", "--sweep", "lyrics-swap.dismissalOffset=60...120:20"])
    let overall = try #require(report["overall"] as? [String: Any])
    let sweep = try #require((transition(overall)["sweeps"] as? [[String: Any]])?.first)
    let points = try #require(sweep["points"] as? [[String: Any]])
    // Peaks 90, 120, 40, 79.5; completes when the peak is > the value.
    // 60: a b d (d wrong) · 80: a b · 100: b (a wrong) · 120: none.
    #expect(points.map { $0["value"] as? Double } == [60, 80, 100, 120])
    #expect(points.map { $0["completionRate"] as? Double } == [0.75, 0.5, 0.25, 0])
    #expect(points.map { $0["accuracy"] as? Double } == [0.75, 1, 0.75, 0.5])
    #expect(sweep["best"] as? Double == 80)
    // 4/4's interval starts at 51.0 %: 60, 80 and 100 are on the plateau,
    // 3 of 4 values, so the curve is flat, nothing is suggested, and the
    // plateau reaches the start of the range.
    #expect(sweep["plateauRanges"] as? [[Double]] == [[60, 100]])
    #expect(sweep["plateauCount"] as? Int == 3)
    #expect(sweep["identified"] as? Bool == false)
    #expect(sweep["suggested"] is NSNull)
    #expect(sweep["edgeLow"] as? Bool == true && sweep["edgeHigh"] as? Bool == false)
    // Folds by id: a 1, b 4, c and d 3. Each fold's others find a flat
    // curve whose best's run has the middle 80, right on every held-out
    // trace; always 'complete' (a tie of 2 and 2) is right on 2.
    #expect(sweep["foldChoices"] as? [Double] == [80, 80, 80, 80, 80])
    #expect(sweep["foldsFlat"] as? Int == 5)
    #expect(sweep["heldOutAccuracy"] as? Double == 1)
    #expect(sweep["heldOutBaseline"] as? Double == 0.5)
    #expect(sweep["heldOutBaselineLabel"] as? String == "complete")
    #expect(sweep["heldOutBaselineP"] as? Double == 0.5)
  }

  @Test func groupByRepeatsTheSummaryPerGroup() throws {
    let report = try json(Self.variants + ["--group-by", "source"])
    let groups = try #require(report["groups"] as? [[String: Any]])
    #expect(groups.map { $0["name"] as? String } == ["s1", "s2"])
    #expect(groups.map { $0["traces"] as? Int } == [2, 2])
    let s1 = try #require(transition(groups[0])["variants"] as? [[String: Any]])
    let counts = (s1[0]["outcomes"] as? [[String: Any]])?.compactMap { $0["count"] as? Int }
    #expect(counts == [2, 0])
  }

  @Test(arguments: ["text", "csv"])
  func groupByAKeyNoTraceHasWarnsAndListsTheKeys(format: String) {
    let result = run(
      ["analyze", "-", "--format", format, "--group-by", "device"] + Self.variants,
      input: Self.corpus)
    #expect(result.exitCode == .success)
    // The corpus's traces carry intent and source, nothing else.
    #expect(
      result.error
        == "warning: no trace has the metadata key 'device', so every trace is in the group "
        + "'(none)'; keys present: intent, source\n")
  }

  @Test func groupByAKeySomeTraceHasIsSilent() {
    // Only trace a has a device; the others are grouped as '(none)'.
    let input = Self.corpus.replacingOccurrences(
      of: "# trace a source: s1\n", with: "# trace a source: s1\n# trace a device: d1\n")
    let result = run(
      ["analyze", "-", "--group-by", "device"] + Self.variants, input: input)
    #expect(result.exitCode == .success)
    #expect(result.error.isEmpty)
    #expect(result.output.contains("\nGROUP DEVICE = D1 (1 trace)\n"))
    let plain = run(["analyze", "-"] + Self.variants, input: Self.corpus)
    #expect(plain.error.isEmpty)
  }

  @Test func csvOutcomesEqualReplays() throws {
    let path = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
    let variants = ["--variant", "lyrics-swap:axis=both", "--variant", "player-sheet"]
    let analyze = run(["analyze", path, "--format", "csv"] + variants)
    let replay = run(["replay", path, "--format", "csv"] + variants)
    #expect(analyze.exitCode == .success && replay.exitCode == .success)
    let analyzed = analyze.output.split(separator: "\n").map { line in
      line.split(separator: ",", omittingEmptySubsequences: false).prefix(3).joined(separator: ",")
    }
    // The replay table names no absolute file (check would refuse it).
    #expect(replay.output.hasPrefix("trace,"))
    let replayed = replay.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map(String.init)
    #expect(analyzed.count == 251)
    #expect(analyzed == replayed)
  }

  @Test func defaultInputIsTheShippedTracesWithEachTransitionsVariants() {
    let result = run(["analyze"])
    #expect(result.exitCode == .success, "\(result.error)")
    // Every shipped trace is in points or has a scale: none is left out.
    #expect(result.error.isEmpty)
    #expect(
      result.output.hasPrefix(
        "1302 traces from 7 files: traces/henze-fitts.csv, traces/henze-strokes.csv,\n"
          + "  traces/library-pager.csv, traces/lyrics-swap.csv, traces/music-card.csv, "
          + "traces/player-sheet.csv,\n  traces/recorded-fingers.csv\n"))
    // Each seed transition's published variant and its alternatives.
    let specs = Variant.publishedWithAlternatives(for: Set(Variant.seeds.map(\.transition)))
    #expect(specs.count == 14)
    for variant in specs { #expect(result.output.contains("] \(variant.spec): ")) }
    // Per transition, in its part: its labelled traces and baseline,
    // against the synthetic model of intent.
    for seed in Variant.seeds {
      #expect(
        result.output.contains(
          "\n\(seed.transition.uppercased()) ("))
    }
    #expect(
      result.output.contains(
        "Against the synthetic model of intent (not people): 150 labelled traces meant for it ("))
    #expect(!result.output.contains("people meant"))
    for line in result.output.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
  }

  /// The opening README.md shows is what `analyze` prints today.
  @Test func readmeShowsTheDefaultOpeningAsPrinted() throws {
    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```\n1302 traces from "))
    let end = try #require(readme.range(of: "…\n```", range: start.upperBound..<readme.endIndex))
    let shown = String(readme[start.upperBound..<end.lowerBound])
    let printed = run(["analyze"]).output
    #expect(printed.hasPrefix("1302 traces from " + shown))
  }

  /// The sweep README.md shows is what `analyze` prints today.
  @Test func readmeShowsTheSweepAsPrinted() throws {
    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(
      readme.range(of: "```\nSWEEP (lyrics-swap.dismissalOffset=0...100:10)"))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    let shown = String(readme[readme.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
    let printed = run([
      "analyze", "--variant", "lyrics-swap", "--sweep", "lyrics-swap.dismissalOffset=0...100:10",
    ]).output
    #expect(printed.contains("\n" + shown + "\n"))
  }

  @Test func everyFormatCountsEveryTraceNotOnlyTheSamples() throws {
    // 1302 shipped traces, more than the 40 an analysis keeps as samples.
    let html = run(["analyze", "--format", "html"]).output
    #expect(html.contains("<p>1302 traces from 7 files"))
    let json = try JSONSerialization.jsonObject(
      with: Data(run(["analyze", "--format", "json"]).output.utf8))
    #expect(((json as? [String: Any])?["overall"] as? [String: Any])?["traces"] as? Int == 1302)
    #expect(run(["analyze", "--format", "csv"]).output.split(separator: "\n").count == 1303)
    #expect(run(["analyze"]).output.hasPrefix("1302 traces"))
  }

  @Test func textAndMarkdownShowTheSameNumbers() {
    let text = run(["analyze", "-"] + Self.variants, input: Self.corpus).output
    let markdown = run(
      ["analyze", "-", "--format", "markdown"] + Self.variants, input: Self.corpus
    )
    .output
    #expect(text.contains("  [2]      complete       1  25.0 %   4.6 % – 69.9 %"))
    #expect(markdown.contains("| [2] | complete | 1 | 25.0 % | 4.6 % – 69.9 % |"))
    #expect(markdown.hasPrefix("# GestureTrace analysis"))
  }

  @Test func badSweepsAreUsageErrors() {
    for sweep in ["lyrics-swap.axis=1...2:1", "lyrics-swap.dismissalOffset=9...1:1", "nope"] {
      let result = run(["analyze", "-", "--sweep", sweep], input: Self.corpus)
      #expect(result.exitCode == .usage, "\(sweep)")
    }
  }
}
