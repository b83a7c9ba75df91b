import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `analyze` chooses its variants from the transitions the traces are
/// meant for and opens with per-transition evidence.
@Suite struct AnalyzeEvidenceTests {
  /// Vertical drags: two meant for lyrics-swap, one for the player sheet.
  static let corpus = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy
    # trace a intent: complete
    # trace a target: lyrics-swap
    a,0,began,0,12,,
    a,0.01,changed,0,90,,
    a,0.02,ended,0,90,0,0
    # trace b intent: cancel
    # trace b target: lyrics-swap
    b,0,began,0,12,,
    b,0.01,changed,0,40,,
    b,0.02,ended,0,40,0,0
    # trace c intent: complete
    # trace c target: player-sheet
    c,0,began,0,-12,,
    c,0.01,changed,0,-200,,
    c,0.02,ended,0,-200,0,-900

    """

  static func write(_ text: String) throws -> String {
    let path = try temporaryDirectory().appendingPathComponent("corpus.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func json(_ arguments: [String]) throws -> [String: Any] {
    let result = run(["analyze"] + arguments + ["--format", "json"])
    #expect(result.exitCode == .success, "\(result.error)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try #require(object as? [String: Any])
  }

  /// The scores against one source's labels in transition `index`'s part
  /// of a JSON summary (people's, the only source of this corpus).
  static func scoring(_ overall: [String: Any], _ index: Int) throws -> [String: Any] {
    let transitions = try #require(overall["transitions"] as? [[String: Any]])
    let scoring = try #require(transitions[index]["scoring"] as? [[String: Any]])
    #expect(scoring.map { $0["source"] as? String } == ["human"])
    return try #require(scoring.first)
  }

  @Test func withoutVariantsComparesThePublishedAndItsAlternativesPerTarget() throws {
    let path = try Self.write(Self.corpus)
    let report = try Self.json([path])
    let variants = try #require(report["variants"] as? [String])
    let expected =
      ["lyrics-swap", "lyrics-swap:axis=both", "player-sheet"]
      + [
        "distance", "fraction", "projection", "bottom-sheet", "swipe", "hammer",
        "flutter-fling", "android-pager",
      ].map { "player-sheet:rule=" + $0 }
    #expect(variants == expected)
    let overall = try #require(report["overall"] as? [String: Any])
    let evidence = try [0, 1].map { index in
      try #require((Self.scoring(overall, index)["evidence"] as? [[String: Any]])?.first)
    }
    #expect(evidence.map { $0["transition"] as? String } == ["lyrics-swap", "player-sheet"])
    #expect(evidence[0]["scored"] as? Int == 2)
    #expect(evidence[1]["scored"] as? Int == 1)
    #expect(evidence[0]["published"] as? Int == 0)
    let intent = try #require(Self.scoring(overall, 0)["intent"] as? [[String: Any]])
    // a (90 pt) swaps, b (40 pt) does not: both as meant.
    #expect(intent[0]["accuracy"] as? Double == 1)
    #expect(intent[0]["baseline"] as? Double == 0.5)
    #expect(intent[0]["balancedAccuracy"] as? Double == 1)
    let sheet = try #require(Self.scoring(overall, 1)["intent"] as? [[String: Any]])
    #expect(sheet[0]["scored"] as? Int == 1)
  }

  /// A target named only after the first megabyte is found all the same:
  /// the report comes from a second pass with that transition's variants,
  /// identical to the CSV report's single pass over a whole scan.
  @Test func aTargetFarIntoTheFileChangesTheDefaultVariants() throws {
    let untargeted = run(["synth", "--traces", "500", "--seed", "4"]).output
    #expect(untargeted.utf8.count > 1 << 20)
    let sheet = run(["synth", "--target", "player-sheet", "--traces", "3", "--seed", "4"]).output
    let rows = sheet.split(separator: "\n").dropFirst(2).joined(separator: "\n") + "\n"
    let path = try Self.write(untargeted + rows)
    let report = try Self.json([path])
    let expected = Variant.publishedWithAlternatives(for: ["player-sheet"]).map(\.spec)
    #expect(report["variants"] as? [String] == expected)
    let overall = try #require(report["overall"] as? [String: Any])
    #expect(overall["traces"] as? Int == 503)
    let csv = run(["analyze", path, "--format", "csv"])
    #expect(csv.output.hasPrefix("trace," + expected.joined(separator: ",") + ","))
  }

  /// The sweep of the hand-made corpus of ``AnalyzeCommandTests`` (peaks
  /// 90, 120, 40 and 79.5; a and b meant complete): 70 completes a, b, d
  /// (3 of 4 as meant), 80 a, b (4 of 4), 90 b (3 of 4).
  @Test func sweepsCSVHasARowPerValueAndCell() throws {
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("sweeps.csv").path
    let result = run(
      [
        "analyze", "-", "--variant", "lyrics-swap", "--format", "json", "--sweeps-csv", path,
        "--sweep", "lyrics-swap.dismissalOffset=70...90:10",
        "--sweep", "lyrics-swap.fadeOffset=10...20:10",
      ], input: AnalyzeCommandTests.corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(rows.first.map(String.init) == SweepsCSVReport.header.dropLast().description)
    // 3 + 2 sweep values, then 3 × 2 grid cells.
    #expect(rows.count == 1 + 3 + 2 + 6)
    #expect(
      rows[2].hasPrefix("lyrics-swap.dismissalOffset=70...90:10,dismissalOffset,80,,,4,0.5,4,1,"))
    // All three values are within 4/4's interval (floor 51.0 %): flat, so
    // 80 is best but not suggested, and the plateau reaches both ends.
    // Folds by id: a 1, b 4, c and d 3; each fold's others pick 80 (the
    // middle), right on all 4 held out; always 'complete' is right on 2.
    #expect(rows[2].hasSuffix(",1,best,yes,5,no,low high,4,1,0.5"))
    #expect(rows[1].hasSuffix(",plateau,yes,0,no,low high,4,1,0.5"))
    // The grid's rows are the offsets; fading never changes a decision.
    #expect(
      rows[6].hasPrefix(
        "lyrics-swap.dismissalOffset=70...90:10 × lyrics-swap.fadeOffset=10...20:10,"
          + "dismissalOffset,70,fadeOffset,10,4,0.75,4,0.75,"))
    let refused = run(
      ["analyze", "-", "--format", "csv", "--sweeps-csv", path], input: AnalyzeCommandTests.corpus)
    #expect(refused.exitCode == .usage)
    #expect(
      refused.error.contains(
        "--sweeps-csv needs a summary: use it with --format text, markdown, json or html"))
  }

  @Test func withoutTargetsComparesTheFourSeeds() throws {
    let untargeted =
      Self.corpus.split(separator: "\n").filter { !$0.contains("target") }
      .joined(separator: "\n") + "\n"
    let report = try Self.json([try Self.write(untargeted)])
    #expect(report["variants"] as? [String] == Variant.seeds.map(\.spec))
  }

  @Test func theTextReportOpensWithTheBaselinePerTransition() throws {
    let path = try Self.write(Self.corpus)
    let result = run(["analyze", path, "--variant", "lyrics-swap", "--variant", "player-sheet"])
    #expect(result.exitCode == .success)
    let lines = result.output.split(separator: "\n").map(String.init)
    // Where the labels come from, then per transition its traces.
    #expect(lines[1] == "Labels: 3 labels from people.")
    #expect(lines[2] == "LYRICS-SWAP (2 traces meant for it: 2 recorded)")
    // The label mix next to the baseline; a and b decided as meant, 1 to
    // 0 against always answering 'complete': p = 1.
    #expect(
      lines[3]
        == "  Against people's labels: 2 labelled traces meant for it (1 complete, 1 cancel); "
        + "always answering")
    #expect(lines[4] == "    'complete' is right for 50.0 %.")
    #expect(
      lines[5] == "    [1] lyrics-swap agrees with the labels on 100.0 % (34.2 % – 100.0 %); "
        + "50.0 points above the")
    #expect(lines[6] == "    baseline, not significantly (p = 1.000).")
    #expect(!result.output.contains("(best)"))
    #expect(
      result.output.contains(
        "\nAgainst people's labels: 2 traces (1 complete, 1 cancel); baseline (always 'complete') "
          + "50.0 %\n"))
    // Each variant's sentence, too, has its label mix: c alone for the sheet.
    #expect(result.output.contains("labels from people (1 complete, 1 cancel; baseline 50.0 %)\n"))
    #expect(
      result.output.contains("1 label from people (1 complete, 0 cancel; baseline 100.0 %)\n"))
  }

  /// The JSON evidence has the label mix, the family's size and each
  /// test's raw and Holm-adjusted p. lyrics-swap: [1] is right on a and
  /// b, [2] (both axes) on b alone, so the pair is 1 to 0 (p = 2 × ½ = 1),
  /// [1] against always answering 'complete' 1 (b) to 0, [2] 1 (b) to 1
  /// (a): every p is 1, before and after Holm, and neither is above or
  /// below the baseline.
  @Test func theJSONEvidenceCarriesTheCorrection() throws {
    let path = try Self.write(Self.corpus)
    let report = try Self.json([path])
    let overall = try #require(report["overall"] as? [String: Any])
    let evidence = try [0, 1].map { index in
      try #require((Self.scoring(overall, index)["evidence"] as? [[String: Any]])?.first)
    }
    let swap = evidence[0]
    let mix = try #require(swap["labelMix"] as? [[String: Any]])
    #expect(mix.map { $0["label"] as? String } == ["complete", "cancel"])
    #expect(mix.map { $0["count"] as? Int } == [1, 1])
    #expect(swap["correction"] as? String == "holm")
    // Two variants: one pair and two baseline tests.
    #expect(swap["comparisons"] as? Int == 3)
    let tests = try #require(swap["baselineTests"] as? [[String: Any]])
    #expect(tests.map { $0["variant"] as? Int } == [0, 1])
    #expect(tests.map { $0["onlyVariant"] as? Int } == [1, 1])
    #expect(tests.map { $0["onlyBaseline"] as? Int } == [0, 1])
    #expect(tests.map { $0["p"] as? Double } == [1, 1])
    #expect(tests.map { $0["adjustedP"] as? Double } == [1, 1])
    #expect(tests.map { $0["standing"] as? String } == ["level", "level"])
    let pairs = try #require(swap["pairs"] as? [[String: Any]])
    #expect(pairs.count == 1)
    #expect(pairs[0]["onlyFirst"] as? Int == 1 && pairs[0]["onlySecond"] as? Int == 0)
    #expect(pairs[0]["p"] as? Double == 1 && pairs[0]["adjustedP"] as? Double == 1)
    #expect(swap["leaderP"] as? Double == 1)
    #expect(swap["best"] is NSNull)
    // The sheet: one variant per rule, nine in all: 36 pairs and 9 tests.
    #expect(evidence[1]["comparisons"] as? Int == 45)
  }

  /// Markdown and HTML head each intent table with the same line: the
  /// label mix, the baseline and the comparisons the p-values are
  /// adjusted over (lyrics-swap's two variants: 1 pair and 2 baseline
  /// tests).
  @Test func everyFormatHeadsTheIntentTableWithTheMixAndTheComparisons() throws {
    let path = try Self.write(Self.corpus)
    let markdown = run(["analyze", path, "--format", "markdown"]).output
    #expect(
      markdown.contains(
        "\n**Against people's labels**: 2 traces (1 complete, 1 cancel); baseline (always "
          + "'complete') 50.0 %; p Holm-adjusted over 3 comparisons\n"))
    let html = run(["analyze", path, "--format", "html"]).output
    #expect(
      html.contains(
        "<h4>Against people&#39;s labels: 2 traces (1 complete, 1 cancel); baseline (always "
          + "&#39;complete&#39;) 50.0 %; p Holm-adjusted over 3 comparisons</h4>"))
    // The sheet's nine rules: 36 pairs and 9 baseline tests.
    #expect(html.contains("p Holm-adjusted over 45 comparisons</h4>"))
  }
}
