import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `--transitions FILE` in every command that takes a variant: reading the
/// file, its errors, and the catalog threaded into every spec.
///
/// NB: until the declarations reader lands (branch `declared`), every
/// transitions file is refused as at 1:1, so the catalog's way through the
/// commands is tested with ``TestDrawer`` registered in the base catalog
/// (``TransitionsOption/base``); the tests that need a file read are
/// disabled until then.
@Suite struct TransitionsOptionTests {
  /// Three drags of the drawer, which rests at 520 pt: up 300 pt (220 pt,
  /// nearest half at 250), up 480 (40 pt, nearest open) and up 20 (500 pt,
  /// nearest closed).
  static let corpus = """
    # gesturetrace: 1
    # target: test-drawer
    trace,t,phase,tx,ty,vx,vy
    a,0,began,0,-12,,
    a,0.1,ended,0,-300,0,0
    b,0,began,0,-12,,
    b,0.1,ended,0,-480,0,0
    c,0,began,0,-11,,
    c,0.1,ended,0,-20,0,0

    """

  /// Runs the command with ``TestDrawer`` in the catalog it starts from.
  func runWithDrawer(_ arguments: [String], input: String = "") throws -> RunResult {
    try TransitionsOption.$base.withValue(catalogWithTestDrawer()) {
      run(arguments, input: input)
    }
  }

  /// A directory with the corpus, a table, a partial and `bad.json`.
  func fixture() throws -> URL {
    let directory = try temporaryDirectory()
    try Self.corpus.write(
      to: directory.appendingPathComponent("drags.csv"), atomically: true, encoding: .utf8)
    try "trace,lyrics-swap\n".write(
      to: directory.appendingPathComponent("table.csv"), atomically: true, encoding: .utf8)
    try "{}\n".write(
      to: directory.appendingPathComponent("a.part"), atomically: true, encoding: .utf8)
    try "{ \"version\": 1,\n  \"transitions\": nope }\n".write(
      to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
    return directory
  }

  /// Each command that takes a variant, with the fixture's files, before
  /// `--transitions FILE` is added.
  static let commands: [String: [String]] = [
    "replay": ["replay", "DIR/drags.csv", "--variant", "lyrics-swap"],
    "analyze": ["analyze", "DIR/drags.csv"],
    "check": ["check", "DIR/table.csv", "DIR/drags.csv"],
    "export": ["export", "DIR/drags.csv", "--start", "100,600"],
    "record": ["record", "--from", "csv", "DIR/drags.csv", "--variant", "lyrics-swap"],
    "synth": ["synth", "--target", "lyrics-swap", "--traces", "1"],
    "variants": ["variants"],
    "merge": ["merge", "DIR/a.part"],
  ]

  func arguments(_ command: String, in directory: URL, transitions: String) -> [String] {
    Self.commands[command]!.map { $0.replacingOccurrences(of: "DIR", with: directory.path) }
      + ["--transitions", transitions]
  }

  /// Whether `text` is `Error: FILE:LINE:COLUMN: message` on one line.
  func isPositioned(_ text: String, file: String) -> Bool {
    let prefix = "Error: \(file):"
    guard text.hasPrefix(prefix), text.hasSuffix("\n"), text.filter({ $0 == "\n" }).count == 1
    else { return false }
    let parts = text.dropFirst(prefix.count).split(separator: ":", maxSplits: 2)
    return parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil
      && parts[2].hasPrefix(" ") && parts[2].count > 2
  }

  @Test func everyCommandThatTakesAVariantTakesTheOption() {
    let names = ["replay", "analyze", "check", "export", "record", "synth", "variants", "merge"]
    for name in names {
      let spec = TraceTool.subcommands.first { $0.spec.name == name }!.spec
      #expect(spec.options.contains { $0.name == "transitions" }, "\(name)")
      #expect(run([name, "--help"]).output.contains("--transitions <file>"), "\(name)")
    }
  }

  @Test(arguments: commands.keys.sorted())
  func aBadFileIsADataErrorAtItsPosition(_ command: String) throws {
    let directory = try fixture()
    let bad = directory.appendingPathComponent("bad.json").path
    let result = run(arguments(command, in: directory, transitions: bad))
    #expect(result.exitCode == .dataError, "\(command): \(result.error)")
    #expect(isPositioned(result.error, file: bad), "\(command): \(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test(arguments: commands.keys.sorted())
  func aMissingFileIsAMissingInput(_ command: String) throws {
    let directory = try fixture()
    let missing = directory.appendingPathComponent("none.json").path
    let result = run(arguments(command, in: directory, transitions: missing))
    #expect(result.exitCode == .noInput, "\(command): \(result.error)")
    #expect(result.error == "Error: No such file '\(missing)'\n", "\(command)")
  }

  @Test func aFileOverOneMebibyteOrNotUTF8IsRefusedBeforeItIsRead() throws {
    let directory = try temporaryDirectory()
    let large = directory.appendingPathComponent("large.json")
    try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: large)
    assertRun(
      ["variants", "--transitions", large.path],
      stderr:
        "Error: \(large.path): expected a transitions file of at most 1 MiB, found a larger file\n",
      exit: .dataError)
    // Line 2, after two spaces, a quote and 'a': column 5.
    let bytes = directory.appendingPathComponent("bytes.json")
    try Data([0x7B, 0x0A, 0x20, 0x20, 0x22, 0x61, 0xFF, 0x22]).write(to: bytes)
    assertRun(
      ["variants", "--transitions", bytes.path],
      stderr: "Error: \(bytes.path):2:5: expected UTF-8 text, found an invalid byte\n",
      exit: .dataError)
    #expect(TransitionsOption.firstInvalidUTF8(Array("é\nß€".utf8)) == nil)
  }

  @Test func variantsListsTheCatalogsFamiliesWithTheirTracksAfterTheSeeds() throws {
    let builtIn = run(["variants"]).output
    let withDrawer = try runWithDrawer(["variants"]).output
    // The built-in part is as it was; the drawer follows it, before the rules.
    let rules = "RELEASE RULES"
    let seeds = try #require(builtIn.components(separatedBy: rules).first)
    #expect(withDrawer.hasPrefix(seeds + "test-drawer\n"))
    #expect(withDrawer.hasSuffix(try #require(builtIn.components(separatedBy: seeds).last)))
    let entry = try runWithDrawer(["variants", "test-drawer"])
    #expect(entry.exitCode == .success)
    let text = entry.output.replacingOccurrences(of: "\n  ", with: " ")
    #expect(
      text.contains(
        "Track (as published): y axis; stops open at 0 pt, half at 300 pt, closed at 520 pt; "
          + "starts at closed. Its outcome is the stop it settles on."))
    #expect(text.contains("half = 300 pt  (a number from 1 to 519)"))
    // An unknown name lists the catalog's.
    let unknown = try runWithDrawer(["variants", "test-drawr"])
    #expect(unknown.exitCode == .usage)
    #expect(
      unknown.error.contains(
        "library-pager, floating-panel, pan-modal, side-menu, deck, test-drawer"))
  }

  @Test func replayAndCheckDecideStopsOfATransitionOfTheCatalog() throws {
    let directory = try fixture()
    let drags = directory.appendingPathComponent("drags.csv").path
    let replay = try runWithDrawer(
      ["replay", drags, "--variant", "test-drawer:half=250", "--format", "csv"])
    #expect(replay.exitCode == .success, "\(replay.error)")
    #expect(
      replay.output == """
        trace,test-drawer:half=250
        a,half
        b,open
        c,closed

        """)
    let table = directory.appendingPathComponent("stops.csv")
    try replay.output.write(to: table, atomically: true, encoding: .utf8)
    // NB: the absolute path of the traces is not named (check refuses
    // names outside the table's folder): they are given after the table.
    #expect(replay.error.hasPrefix("Warning: the table does not name its input"))
    #expect(try runWithDrawer(["check", table.path, drags]).exitCode == .success)
    // Without the catalog the header names no transition.
    let unknown = run(["check", table.path, drags])
    #expect(unknown.exitCode == .dataError)
    #expect(unknown.error.contains("unknown transition 'test-drawer'"))
    // A stop that changed fails; a cell that is no stop is refused where it is.
    try replay.output.replacingOccurrences(of: "b,open", with: "b,half")
      .write(to: table, atomically: true, encoding: .utf8)
    #expect(try runWithDrawer(["check", table.path, drags]).exitCode == .failure)
    try replay.output.replacingOccurrences(of: "b,open", with: "b,complete")
      .write(to: table, atomically: true, encoding: .utf8)
    let bad = try runWithDrawer(["check", table.path, drags])
    #expect(bad.exitCode == .dataError)
    #expect(
      bad.error
        == "Error: \(table.path):3:3: expected one of open, half, closed (the stops of "
        + "'test-drawer:half=250') or '*', found 'complete'\n")
  }

  @Test func analyzeExportSynthAndRecordResolveTargetsThroughTheCatalog() throws {
    let directory = try fixture()
    let drags = directory.appendingPathComponent("drags.csv").path
    // analyze with no --variant compares the variants of the traces' target.
    let analyze = try runWithDrawer(["analyze", drags, "--format", "csv"])
    #expect(analyze.exitCode == .success, "\(analyze.error)")
    #expect(analyze.output.contains("test-drawer"))
    #expect(analyze.output.contains(",half,"))
    // export expects the target's stop.
    let export = try runWithDrawer(["export", drags, "--trace", "b", "--start", "100,600"])
    #expect(export.exitCode == .success, "\(export.error)")
    #expect(export.output.contains("test-drawer: open"))
    #expect(!run(["export", drags, "--trace", "b", "--start", "100,600"]).output.contains("open"))
    // synth aims at it and names it.
    let synth = try runWithDrawer(["synth", "--target", "test-drawer:half=250", "--traces", "2"])
    #expect(synth.exitCode == .success, "\(synth.error)")
    #expect(synth.output.contains("# trace test-drawer-000000 target: test-drawer"))
    #expect(run(["synth", "--target", "test-drawer"]).exitCode == .usage)
    // record writes it as the target.
    let samples = "t,x,y\n0,100,600\n0.05,100,500\n0.1,100,300\n"
    let record = try runWithDrawer(
      ["record", "--from", "csv", "-", "--variant", "test-drawer"], input: samples)
    #expect(record.exitCode == .success, "\(record.error)")
    #expect(record.output.contains("target: test-drawer"))
  }

  @Test func mergeReadsPartialsWhosePlansNameTheCatalogsTransitions() throws {
    let directory = try fixture()
    let drags = directory.appendingPathComponent("drags.csv").path
    let part = directory.appendingPathComponent("d.part").path
    let made = try runWithDrawer(
      ["analyze", drags, "--variant", "test-drawer", "--partial", "-o", part])
    #expect(made.exitCode == .success, "\(made.error)")
    let merged = try runWithDrawer(["merge", part])
    #expect(merged.exitCode == .success, "\(merged.error)")
    #expect(
      merged.output == (try runWithDrawer(["analyze", drags, "--variant", "test-drawer"])).output)
    let unknown = run(["merge", part])
    #expect(unknown.exitCode == .dataError)
    #expect(unknown.error.contains("unknown transition"))
  }

  @Test func aTablesTransitionsLineIsReadFromItsFolderAndOnlyInsideIt() throws {
    let directory = try fixture()
    let drags = directory.appendingPathComponent("drags.csv").path
    let table = directory.appendingPathComponent("table.csv")
    func check(header: String, _ more: [String] = []) throws -> RunResult {
      try "# transitions: \(header)\ntrace,lyrics-swap\n".write(
        to: table, atomically: true, encoding: .utf8)
      return run(["check", table.path, drags] + more)
    }
    // Absolute or climbing out: refused at the value's line and column.
    for name in ["/etc/passwd", "../bad.json", "sub/../../bad.json"] {
      let result = try check(header: name)
      #expect(result.exitCode == .dataError)
      #expect(
        result.error
          == "Error: \(table.path):1:16: expected a transitions file in the table's folder or "
          + "below it, found '\(name)'\n")
    }
    // Inside: read relative to the table's folder, not the current one.
    let missing = try check(header: "sub/../none.json")
    #expect(missing.exitCode == .noInput)
    #expect(missing.error == "Error: No such file '\(directory.path)/none.json'\n")
    let bad = try check(header: "bad.json")
    #expect(bad.exitCode == .dataError)
    #expect(isPositioned(bad.error, file: directory.path + "/bad.json"), "\(bad.error)")
    // --transitions wins over the line.
    let other = directory.appendingPathComponent("other.json").path
    let given = try check(header: "none.json", ["--transitions", other])
    #expect(given.error == "Error: No such file '\(other)'\n")
    // Standard input has no folder to read it from.
    let piped = run(["check", "-", drags], input: "# transitions: t.json\ntrace,lyrics-swap\n")
    #expect(piped.exitCode == .usage)
  }

  @Test func updateNamesOnlyATransitionsFileInsideTheTablesFolder() throws {
    let directory = try fixture()
    let outside = try temporaryDirectory().appendingPathComponent("t.json").path
    try "{}".write(toFile: outside, atomically: true, encoding: .utf8)
    let table = directory.appendingPathComponent("table.csv").path
    let result = run(["check", table, "--update", "--transitions", outside])
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix("Error: --update writes the transitions file into the table"))
    #expect(try String(contentsOfFile: table, encoding: .utf8) == "trace,lyrics-swap\n")
  }

  @Test func theTransitionsLineGoesAfterTheInputsInPlaceOfAnyOther() {
    #expect(
      CheckCommand.preamble(
        ["# input: a.csv", "# input: b.csv", "# estimator: ios"],
        transitions: "t.json")
        == ["# input: a.csv", "# input: b.csv", "# transitions: t.json", "# estimator: ios"])
    #expect(
      CheckCommand.preamble(["# note", "#transitions: old.json"], transitions: "new.json")
        == ["# transitions: new.json", "# note"])
    #expect(
      CheckCommand.preamble(["# transitions: old.json"], transitions: nil)
        == ["# transitions: old.json"])
    #expect(TablePath.inside("a/./b/../t.json") == "a/t.json")
    for refused in ["", ".", "..", "../t.json", "/t.json", "a/../../t.json"] {
      #expect(TablePath.inside(refused) == nil, "\(refused)")
    }
  }

  // MARK: Needs the declarations reader (branch `declared`)

  /// A minimal valid transitions file: one drawer of three stops.
  static let drawerFile = """
    {"version": 1,
     "transitions": {
       "drawer": {"axis": "y", "stops": {"open": 0, "half": 300, "closed": 520},
                  "start": "closed", "rule": "nearest"}}}

    """

  @Test
  func aDeclaredTransitionIsListedAndReplayedAndItsTableChecksFromItsFolder() throws {
    let directory = try fixture()
    let file = directory.appendingPathComponent("t.json")
    try Self.drawerFile.write(to: file, atomically: true, encoding: .utf8)
    let variants = run(["variants", "drawer", "--transitions", file.path])
    #expect(variants.exitCode == .success, "\(variants.error)")
    #expect(
      variants.output.replacingOccurrences(of: "\n  ", with: " ").contains(
        "Track (as published): y axis; stops open at 0 pt, half at 300 pt, closed at 520 pt; "
          + "starts at closed."))
    let drags = directory.appendingPathComponent("drags.csv").path
    let table = directory.appendingPathComponent("sub/drawer.csv").path
    try FileManager.default.createDirectory(
      atPath: directory.appendingPathComponent("sub").path, withIntermediateDirectories: true)
    let replay = run([
      "replay", drags, "--transitions", file.path, "--variant", "drawer", "--format", "csv",
      "-o", table,
    ])
    #expect(replay.exitCode == .success, "\(replay.error)")
    // Outside the table's folder: not named, with a warning.
    #expect(replay.error.hasPrefix("Warning: the table does not name"))
    // Inside it: named, and check reads it from there.
    let inside = directory.appendingPathComponent("sub/t.json").path
    try Self.drawerFile.write(toFile: inside, atomically: true, encoding: .utf8)
    let named = run([
      "replay", drags, "--transitions", inside, "--variant", "drawer", "--format", "csv",
      "-o", table, "--force",
    ])
    #expect(named.exitCode == .success, "\(named.error)")
    let text = try String(contentsOfFile: table, encoding: .utf8)
    // The traces, outside the table's folder, are not named: given after it.
    #expect(text.hasPrefix("# transitions: t.json\ntrace,drawer\n"))
    #expect(run(["check", table, drags]).exitCode == .success)
  }

  @Test
  func updateWritesTheTransitionsLine() throws {
    let directory = try fixture()
    let file = directory.appendingPathComponent("t.json")
    try Self.drawerFile.write(to: file, atomically: true, encoding: .utf8)
    let drags = directory.appendingPathComponent("drags.csv").path
    let table = directory.appendingPathComponent("table.csv").path
    try "# input: drags.csv\ntrace,drawer\n".write(toFile: table, atomically: true, encoding: .utf8)
    let update = run(["check", table, "--update", "--transitions", file.path])
    #expect(update.exitCode == .success, "\(update.error)")
    let text = try String(contentsOfFile: table, encoding: .utf8)
    #expect(text.hasPrefix("# input: drags.csv\n# transitions: t.json\ntrace,drawer\na,"))
    #expect(run(["check", table, drags]).exitCode == .success)
  }
}
