import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `record --from auto` (the default), `--from evemu` with its `.desc`
/// file, and what `record` says when the source given is not the input's.
@Suite struct RecordSourceTests {
  /// A real log, shipped in traces/samples/ or in ../shared/data/devices/.
  struct Log: Sendable, CustomTestStringConvertible {
    var path: String
    var source: String
    var description: String

    var testDescription: String { path }
    var url: URL { packageRoot.appendingPathComponent(path) }
  }

  static let devices = "../shared/data/devices/"

  static let logs = [
    Log(
      path: "traces/samples/swipes.getevent.txt", source: "getevent",
      description: "a 'getevent -lt' log"),
    Log(
      path: devices + "getevent/Nutriz_android-touch-record-replay_pr3__wikipedia_scenarios_"
        + "replay_recordings.txt",
      source: "getevent", description: "a 'getevent -t' log"),
    Log(
      path: "traces/samples/swipes.libinput.yml", source: "libinput",
      description: "a 'libinput record' file"),
    Log(
      path: "traces/samples/swipe.evemu.events", source: "evemu",
      description: "an evemu-record log"),
    Log(
      path: devices
        + "evemu/whot-evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events",
      source: "evemu", description: "an evemu-record log"),
    Log(
      path: devices + "evemu/whot-evemu-devices__SynPS2_Synaptics_TouchPad.leftmove.events",
      source: "evemu", description: "an evemu-record log"),
  ]

  /// `--from auto` says what it read the log as, then records exactly what
  /// the source named gives.
  @Test(arguments: logs)
  func autoTellsTheSourceAndRecordsAsItDoes(_ log: Log) {
    let path = log.url.path
    let auto = run(["record", path])
    let named = run(["record", "--from", log.source, path])
    #expect(auto.exitCode == .success, "\(auto.error)")
    #expect(named.exitCode == .success, "\(named.error)")
    #expect(
      auto.error
        == "Reading '\(path)' as \(log.description) (--from \(log.source); use --from to "
        + "choose)\n" + named.error)
    #expect(auto.output == named.output)
    #expect(!RecordCommandTests.traces(auto.output).isEmpty)
    #expect(
      RecordCommandTests.traces(auto.output).allSatisfy { $0.metadata.source == log.source })
  }

  /// Every example of `record --help` but the terminal's runs as written
  /// from the package root (paths under traces/ made absolute, `cat X |`
  /// as standard input) and records pans.
  @Test func helpExamplesRunAsWritten() throws {
    var ran = 0
    for example in RecordCommand.spec.examples.map(\.command)
    // NB: the terminal and browser sources record until Ctrl-C; their own
    // end-to-end tests run them.
    where !example.contains("--from terminal") && !example.contains("--from browser") {
      var words = example.split(separator: " ").map(String.init)
      var input = ""
      if let bar = words.firstIndex(of: "|") {
        #expect(words.count > 2 && words[0] == "cat" && bar == 2, "\(example)")
        input = try String(
          contentsOf: packageRoot.appendingPathComponent(words[1]), encoding: .utf8)
        words = Array(words[(bar + 1)...])
      }
      #expect(words.prefix(2) == ["gesturetrace", "record"], "\(example)")
      let arguments = words.dropFirst().map {
        $0.hasPrefix("traces/") ? packageRoot.appendingPathComponent($0).path : $0
      }
      let result = run(arguments, input: input)
      #expect(result.exitCode == .success, "\(example): \(result.error)")
      #expect(!RecordCommandTests.traces(result.output).isEmpty, "\(example)")
      ran += 1
    }
    #expect(ran == 7)
  }

  @Test func autoReadsCSVSamplesFromAFile() throws {
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("samples.csv").path
    try RecordCommandTests.samples.write(toFile: path, atomically: true, encoding: .utf8)
    assertRun(
      ["record", path, "--estimator", "last-delta"], stdout: RecordCommandTests.expected,
      stderr: "Reading '\(path)' as CSV samples (--from csv; use --from to choose)\n",
      exit: .success)
  }

  /// Standard input is read once: the chunks that tell the format are
  /// read again from memory, and each pan is still written as it ends.
  @Test func autoOnStandardInputStillStreams() {
    var io = ChunkedIO(chunks: [
      "t,x", ",y,event\n0,0,0,down\n0.01,0,20,mo", "ve\n0.02,0,40,up\n",
      "1,0,0,down\n1.01,0,30,move\n", "1.02,0,50,up\n",
    ])
    let code = TraceTool.main(["record"], io: &io)
    #expect(code == .success)
    #expect(io.error == RecordCommandTests.readingCSV)
    // Reads: before each of the 5 chunks and the end. The header is
    // complete in chunk 2; the first pan's 'up' is in chunk 3, so it is out
    // before chunk 4 is read.
    let seen = io.outputAtEachRead.map { ($0.contains("g1,"), $0.contains("g2,")) }
    #expect(seen.map(\.0) == [false, false, false, true, true, true])
    #expect(seen.map(\.1) == [false, false, false, false, false, true])
    #expect(RecordCommandTests.traces(io.output).map(\.id) == ["g1", "g2"])
    #expect(RecordCommandTests.traces(io.output).allSatisfy { $0.metadata.source == "csv" })
  }

  @Test func unknownFormatIsAUsageErrorListingTheSources() throws {
    let directory = try temporaryDirectory()
    let input = directory.appendingPathComponent("notes.txt").path
    let output = directory.appendingPathComponent("pans.csv").path
    try "# my notes\nswiped up twice\n".write(toFile: input, atomically: true, encoding: .utf8)
    let result = run(["record", input, "-o", output])
    #expect(result.exitCode == .usage)
    #expect(
      result.error.hasPrefix(
        """
        Error: Cannot tell the format of '\(input)' from its line 2; give it with --from, one \
        of the following:
          - csv
          - stdin
          - getevent
          - evemu
          - libinput
          - terminal
          - browser
        Help:  --from <source>  Where the input comes from.
        Usage: gesturetrace record
        """))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// An evemu log given as libinput (the case: it was a header
  /// and no trace, with exit 0) fails and names the source it looks like;
  /// so does a getevent log given as evemu.
  @Test(arguments: [
    (
      "traces/samples/swipe.evemu.events", "libinput",
      "no touch was found in it, read as a 'libinput record' file; it looks like an evemu-record "
        + "log: try --from evemu"
    ),
    (
      "traces/samples/swipes.getevent.txt", "evemu",
      "no touch was found in it (77 problems), read as an evemu-record log; it looks like a "
        + "'getevent -lt' log: try --from getevent"
    ),
  ])
  func wrongSourceFailsAndSaysWhatTheInputLooksLike(
    _ file: String, _ source: String, _ cause: String
  ) throws {
    let path = packageRoot.appendingPathComponent(file).path
    let output = try temporaryDirectory().appendingPathComponent("pans.csv").path
    let result = run(["record", "--from", source, path, "-o", output])
    #expect(result.exitCode == .dataError)
    #expect(result.error.hasSuffix("Error: No trace recorded from '\(path)': \(cause)\n"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// `getevent -l` without `-t`: one error that says how to record times,
  /// then that no trace was recorded.
  @Test func untimedGeteventLogGivesOneErrorExplainingT() throws {
    let sample = try String(
      contentsOf: packageRoot.appendingPathComponent("traces/samples/swipes.getevent.txt"),
      encoding: .utf8)
    let untimed =
      sample.split(separator: "\n").map { $0.drop { $0 != "]" }.dropFirst() }
      .map { $0.drop { $0 == " " } }.joined(separator: "\n") + "\n"
    let result = run(["record", "-"], input: untimed)
    #expect(result.exitCode == .dataError)
    #expect(
      result.error == """
        Reading standard input as a getevent log without timestamps (--from getevent; use --from \
        to choose)
        Error: <stdin>:1:1: expected a timestamp '[seconds.microseconds]' before the event, found \
        'EV_ABS': getevent prints times only with -t, so record with 'adb shell getevent -lt \
        <device>' (events without a time are skipped and not reported again)
        Error: No trace recorded from standard input: no touch was found in it (1 problem), read \
        as a getevent log; if it is something else, choose it with --from

        """)
  }

  /// The ELAN recording's `.events` file has no device description; the
  /// `.desc` beside it gives the name and the axes.
  @Test func evemuReadsTheDescriptionBesideTheEvents() throws {
    let stem = Self.devices + "evemu/whot-evemu-devices__ELAN_CANDO_Windows7.1-finger-drag-up-down"
    let events = try String(
      contentsOf: packageRoot.appendingPathComponent(stem + ".events"), encoding: .utf8)
    let description = try String(
      contentsOf: packageRoot.appendingPathComponent(stem + ".desc"), encoding: .utf8)
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("drag.events").path
    try events.write(toFile: path, atomically: true, encoding: .utf8)

    // Alone: no name, no axes, device units.
    let alone = run(["record", "--from", "evemu", path])
    #expect(alone.exitCode == .success)
    let raw = try #require(RecordCommandTests.traces(alone.output).first)
    #expect(raw.metadata.device == nil)
    #expect(raw.metadata.units == "px")
    // touchstats.py: from (1454, 1117) to (1434, 625).
    #expect(raw.events.last?.translation == Vector2D(x: -20, y: -492))

    // With drag.desc: the name, and still no resolution.
    let descPath = directory.appendingPathComponent("drag.desc").path
    try description.write(toFile: descPath, atomically: true, encoding: .utf8)
    let named = RecordCommandTests.traces(run(["record", "--from", "evemu", path]).output)
    #expect(named.first?.metadata.device == "ELAN CANDO Windows7")
    #expect(named.first?.metadata.units == "px")

    // A resolution of 20 units/mm on the position axes: 20 × 25.4 / 160 =
    // 3.175 units per point.
    let resolved =
      description
      .replacingOccurrences(of: "A: 35 0 3008 0 0", with: "A: 35 0 3008 0 0 20")
      .replacingOccurrences(of: "A: 36 0 1856 0 0", with: "A: 36 0 1856 0 0 20")
    try resolved.write(toFile: descPath, atomically: true, encoding: .utf8)
    let inPoints = run(["record", "--from", "evemu", path])
    #expect(inPoints.error == "")
    let scaled = try #require(RecordCommandTests.traces(inPoints.output).first)
    #expect(scaled.metadata.units == "pt")
    #expect(scaled.metadata.scale == 3.175)
    let end = try #require(scaled.events.last?.translation)
    #expect(abs(end.x - -20 / 3.175) < 1e-9 && abs(end.y - -492 / 3.175) < 1e-9)

    // A problem in the description is reported with its own path.
    try (resolved + "X: what\n").write(toFile: descPath, atomically: true, encoding: .utf8)
    let broken = run(["record", "--from", "evemu", path])
    #expect(broken.exitCode == .dataError)
    let line = resolved.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      broken.error
        == "Error: \(descPath):\(line):1: expected a line starting with 'E:', 'N:', 'A:' or "
        + "'#', found 'X:'\n")
  }
}
