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
    let evidence = try #require(overall["evidence"] as? [[String: Any]])
    #expect(evidence.map { $0["transition"] as? String } == ["lyrics-swap", "player-sheet"])
    #expect(evidence[0]["scored"] as? Int == 2)
    #expect(evidence[1]["scored"] as? Int == 1)
    #expect(evidence[0]["published"] as? Int == 0)
    let intent = try #require(overall["intent"] as? [[String: Any]])
    // a (90 pt) swaps, b (40 pt) does not: both as meant.
    #expect(intent[0]["accuracy"] as? Double == 1)
    #expect(intent[0]["baseline"] as? Double == 0.5)
    #expect(intent[0]["balancedAccuracy"] as? Double == 1)
    #expect(intent[2]["scored"] as? Int == 1)
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
    #expect(lines[1] == "Against what people meant, per transition:")
    #expect(
      lines[2]
        == "  lyrics-swap: 2 labelled traces meant for it; always answering 'complete' is right "
        + "for 50.0 %.")
    #expect(lines[3].hasPrefix("    [1] lyrics-swap is as meant for 100.0 % (34.2 % – 100.0 %)"))
    #expect(!result.output.contains("(best)"))
  }
}
