import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct ReplayCommandTests {
  /// Three hand-made traces: a y drag past 80 pt, one stopping at exactly
  /// 80 pt, and a drag up released downwards.
  let corpus = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy
    far,0,began,0,12,,
    far,0.01,changed,0,80.01,,
    far,0.02,ended,0,80.01,0,0
    edge,0,began,0,12,,
    edge,0.01,changed,0,80,,
    edge,0.02,ended,0,80,0,0
    back,0,began,0,-11,,
    back,0.1,changed,0,-300,,
    back,0.2,ended,0,-300,0,40

    """

  @Test func csvHasATraceColumnAndOneColumnPerSpecAsGiven() {
    let result = run(
      [
        "replay", "-", "--format", "csv", "--variant", "lyrics-swap",
        "--variant", "lyrics-swap:axis=y,dismissalOffset=70", "--variant", "player-sheet",
      ], input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    // far: 80.01 > 80 swaps; edge: 80 is not > 80, but > 70; back: the
    // sheet opens upwards and the release velocity points down → cancel.
    #expect(
      result.output == """
        trace,lyrics-swap,"lyrics-swap:axis=y,dismissalOffset=70",player-sheet
        far,complete,complete,complete
        edge,cancel,complete,complete
        back,complete,complete,cancel

        """)
  }

  @Test func csvOutcomesEqualTheLibrarysForEveryShippedTrace() throws {
    let path = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
    let specs = ["lyrics-swap", "lyrics-swap:axis=both", "player-sheet"]
    let result = run(["replay", path, "--format", "csv"] + specs.flatMap { ["--variant", $0] })
    #expect(result.exitCode == .success)
    // Independently: decode with the library and replay trace by trace.
    var decoder = CSVTraceDecoder()
    var traces: [Trace] = []
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for item in decoder.decode(text) {
      if case .trace(let trace, _) = item { traces.append(trace) }
    }
    let variants = try specs.map { try Variant(parsing: $0) }
    // The file replayed, absolute as given, is not named: check accepts
    // only names inside the table's folder.
    var expected = ""
    expected += "trace," + specs.map(csvField).joined(separator: ",") + "\n"
    for trace in traces {
      expected += trace.id
      for variant in variants {
        expected += ",\(Replayer().outcome(of: trace, with: variant).outcome)"
      }
      expected += "\n"
    }
    #expect(traces.count == 250)
    #expect(result.output == expected)
  }

  @Test func runsAreByteIdentical() {
    let path = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
    for format in ["csv", "json", "text"] {
      let arguments = ["replay", path, "--variant", "player-sheet", "--format", format]
      #expect(run(arguments).output == run(arguments).output)
    }
  }

  @Test func theTimelineHasATimeColumnThenEveryProperty() {
    let result = run(
      ["replay", "-", "--trace", "far", "--variant", "lyrics-swap", "--format", "csv"],
      input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines[0] == "# [1] lyrics-swap: complete, decided at 0.01 s, settled at 0.34 s")
    let header = lines.first { $0.hasPrefix("t,") }
    #expect(
      header == "t,offset,firstX,firstY,firstScale,firstAlpha,firstZ,"
        + "secondX,secondY,secondScale,secondAlpha,secondZ")
    // First frame at rest: ty 12 → offset 12, alpha 1. Last frame (first
    // at or after 0.34 s: frame 41 at 120 Hz = 0.341666666 s): swapped.
    #expect(lines.contains("0,12,0,12,1,1,2,0,-30,0.9,1,1"))
    #expect(lines.last == "0.341666666,80.01,0,-30,0.9,1,1,0,0,1,1,2")
  }

  @Test func severalVariantsArePrefixedBySpec() {
    let result = run(
      [
        "replay", "-", "--trace", "back", "--variant", "lyrics-swap", "--variant",
        "player-sheet", "--format", "json",
      ], input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    let json = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let columns = json?["columns"] as? [String]
    #expect(columns?.first == "t")
    #expect(columns?.contains("lyrics-swap.firstY") == true)
    #expect(columns?.contains("player-sheet.containerY") == true)
    let variants = json?["variants"] as? [[String: Any]]
    #expect(variants?.map { $0["outcome"] as? String } == ["complete", "cancel"])
  }

  @Test func variantsComeFromAFileBySet() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("variants.json")
    try """
    {"version": 1,
     "sets": {"strict": ["lyrics-swap:dismissalOffset=100"],
              "loose": ["lyrics-swap:dismissalOffset=40", "player-sheet"]}}
    """.write(to: file, atomically: true, encoding: .utf8)
    let all = run(["replay", "-", "--format", "csv", "--variants-file", file.path], input: corpus)
    #expect(
      all.output.hasPrefix(
        "trace,lyrics-swap:dismissalOffset=100,lyrics-swap:dismissalOffset=40,player-sheet\n"))
    let loose = run(
      ["replay", "-", "--format", "csv", "--variants-file", file.path, "--set", "loose"],
      input: corpus)
    #expect(loose.output.hasPrefix("trace,lyrics-swap:dismissalOffset=40,player-sheet\n"))
    let missing = run(
      ["replay", "-", "--variants-file", file.path, "--set", "nope"], input: corpus)
    #expect(missing.exitCode == .usage)
    #expect(missing.error.contains("No set 'nope'"))
  }

  @Test func aBadVariantsFileNamesItsLineAndColumn() throws {
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("bad.json")
    try "{\"version\": 1,\n \"sets\": {\"a\": [\"lyrics-swap:axis=q\"]}}"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = run(["replay", "-", "--variants-file", file.path], input: corpus)
    #expect(result.exitCode == .dataError)
    // The spec string starts on line 2, column 17.
    #expect(result.error.contains("bad.json:2:17: invalid value 'q' for axis"))
  }

  @Test(arguments: [
    (["replay", "-", "--properties", "offset"], ExitCode.usage, "use it with --trace"),
    (["replay", "-", "--variant", "nope"], .usage, "expected one of lyrics-swap, player-sheet"),
    (["replay", "-", "--variant", "lyrics-swap", "--trace", "x"], .usage, "No trace 'x'"),
    (["replay", "/no/such.csv", "--variant", "lyrics-swap"], .noInput, "No such file"),
    (
      ["replay", "-", "--variant", "lyrics-swap", "--variant", "lyrics-swap"], .usage, "given twice"
    ),
    (["replay", "-", "--variant", "lyrics-swap", "--fps", "0"], .usage, "--fps"),
  ])
  func badArgumentsExitWithSysexits(arguments: [String], code: ExitCode, message: String) {
    let result = run(arguments, input: corpus)
    #expect(result.exitCode == code)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test(arguments: [
    "traces/player-sheet.csv", "traces/music-card.csv", "traces/samples/synth.csv",
  ])
  func withoutAVariantReplaysWhatAnalyzeCompares(file: String) {
    // analyze's CSV starts with the replay CSV's columns (csvOutcomesEqualReplays).
    let path = packageRoot.appendingPathComponent(file).path
    let replay = run(["replay", path, "--format", "csv"])
    let analyze = run(["analyze", path, "--format", "csv"])
    #expect(replay.exitCode == .success && analyze.exitCode == .success, "\(replay.error)")
    // The file replayed, absolute, is not named (check would refuse it).
    #expect(replay.output.hasPrefix("trace,"))
    #expect(replay.error.hasPrefix("Warning: the table does not name its input"))
    let replayed = replay.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
    let analyzed = analyze.output.split(separator: "\n")
    #expect(replayed.count == analyzed.count)
    for (row, wider) in zip(replayed, analyzed) {
      #expect(wider.hasPrefix(row + ","), "\(row)")
    }
  }

  @Test func withoutAVariantOrTargetTheSeedsAreReplayed() {
    let result = run(["replay", "-", "--format", "csv"], input: corpus)
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.output.hasPrefix("trace,lyrics-swap,player-sheet,music-card,library-pager\n"))
  }

  @Test(arguments: [["offset", "firstY"], ["firstY", "offset"], ["secondAlpha"]])
  func propertiesChooseTheTimelinesColumns(_ names: [String]) throws {
    let path = packageRoot.appendingPathComponent("traces/lyrics-swap.csv").path
    let specs = ["lyrics-swap", "lyrics-swap:dismissalOffset=60"]
    let base =
      ["replay", path, "--trace", "lyrics-swap-000007", "--format", "csv"]
      + specs.flatMap { ["--variant", $0] }
    let full = run(base)
    let chosen = run(base + ["--properties", names.joined(separator: ",")])
    #expect(full.exitCode == .success && chosen.exitCode == .success, "\(chosen.error)")
    let fullRows = full.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let chosenRows = chosen.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    // The columns named, in that order, per variant; the values of the
    // same columns of the whole timeline.
    let header = ["t"] + specs.flatMap { spec in names.map { "\(spec).\($0)" } }
    #expect(chosenRows.first == header)
    let columns = try header.map { name in try #require(fullRows[0].firstIndex(of: name)) }
    #expect(chosenRows.count == fullRows.count)
    for (row, whole) in zip(chosenRows.dropFirst(), fullRows.dropFirst()) {
      #expect(row == columns.map { whole[$0] })
    }
    // The summary lines (outcomes, thresholds) are the same.
    #expect(
      chosen.output.split(separator: "\n").filter { $0.hasPrefix("#") }
        == full.output.split(separator: "\n").filter { $0.hasPrefix("#") })
  }

  @Test func anUnknownPropertyIsAUsageErrorListingTheValidOnes() {
    let result = run(
      ["replay", "-", "--trace", "far", "--variant", "lyrics-swap", "--properties", "offset,nope"],
      input: corpus)
    #expect(result.exitCode == .usage)
    let names = [
      "offset", "firstX", "firstY", "firstScale", "firstAlpha", "firstZ", "secondX", "secondY",
      "secondScale", "secondAlpha", "secondZ",
    ]
    #expect(
      result.error.hasPrefix(
        "Error: The value 'nope' is invalid for '--properties <names>': no property of "
          + "lyrics-swap has that name. Please provide one of the following:\n"
          + names.map { "  - \($0)\n" }.joined() + "Help:  --properties <names>  "))
  }

  @Test func helpListsEveryTransitionsProperties() {
    let words = run(["replay", "--help"]).output.split(whereSeparator: \.isWhitespace)
    for variant in Variant.seeds {
      let names = variant.makeTransition().propertyNames
      let start = words.firstIndex(of: "\(variant.transition):")
      #expect(start != nil, "\(variant.transition)")
      guard let start else { continue }
      let listed = words[(start + 1)...].prefix(names.count).map { word in
        word.hasSuffix(",") ? String(word.dropLast()) : String(word)
      }
      #expect(listed == names)
    }
  }

  @Test func badTraceDataIsADataError() {
    let result = run(
      ["replay", "-", "--variant", "lyrics-swap"],
      input: "# gesturetrace: 1\ntrace,t,phase,tx,ty\na,0,began,0,x\n")
    #expect(result.exitCode == .dataError)
    #expect(result.error.contains("<stdin>:3:"))
  }

  @Test func variantsListsEveryTransitionRuleAndDefault() {
    let result = run(["variants"])
    #expect(result.exitCode == .success)
    for family in Variant.transitions {
      #expect(result.output.contains("\n\(family.name)\n"))
      for parameter in family.parameters {
        #expect(result.output.contains("  \(parameter.name) = \(parameter.defaultValue)"))
      }
    }
    for rule in Variant.rules {
      #expect(result.output.contains("\n\(rule.name)\n"))
    }
    #expect(result.output.contains("dismissalOffset = 80 (y), 60 (x), 90 (both) pt"))
    #expect(run(["variants", "lyrics-swap"]).output.hasPrefix("lyrics-swap\n"))
    #expect(run(["variants", "nope"]).exitCode == .usage)
  }

  /// A preset lists its stops and its default rule's parameters with their
  /// defaults and sources; the stop rules are listed, and found by name.
  @Test func variantsListsThePresetsWithTheirStopsAndRuleParameters() {
    let panel = run(["variants", "floating-panel"])
    #expect(panel.exitCode == .success)
    let text = panel.output.replacingOccurrences(of: "\n      ", with: " ")
      .replacingOccurrences(of: "\n  ", with: " ")
    #expect(text.contains("stops full at 77 pt, half at 438.5 pt, tip at 749 pt, hidden at 852 pt"))
    for line in [
      "full = 77 pt", "start = half", "rule = floating-panel", "projectMomentum = false",
      "rate = 0.998", "redirect = 0.5", "removal = false", "removalVelocity = 5.5 1/s",
    ] {
      #expect(text.contains(line), "\(line)")
    }
    let all = run(["variants"]).output
    for name in ["floating-panel", "pan-modal", "side-menu", "deck", "nearest", "never"] {
      #expect(all.contains("\n\(name)\n"), "\(name)")
    }
    #expect(run(["variants", "nearest"]).output.hasPrefix("nearest\n"))
    #expect(
      run(["variants", "projection"]).output.contains("UIScrollView.DecelerationRate.normal"))
  }
}
