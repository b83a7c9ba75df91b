import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Standard input handed over in chunks; records what standard output held
/// each time the command asked for more.
struct ChunkedIO: ToolIO {
  var chunks: [String]
  var output = ""
  var error = ""
  var outputAtEachRead: [String] = []
  var isErrorTerminal = false
  var isOutputTerminal = false

  mutating func write(_ text: String) { output += text }
  mutating func writeError(_ text: String) { error += text }
  mutating func readInput() -> [UInt8]? {
    outputAtEachRead.append(output)
    return chunks.isEmpty ? [] : Array(chunks.removeFirst().utf8)
  }
}

@Suite struct RecordCommandTests {
  /// Four samples 10 ms apart moving down 0, 4, 12, 24 pt. Without an event
  /// column the first is the touch-down and the last the lift; 4 pt is
  /// inside the slop, so the pan begins at 12 pt. last-delta velocities:
  /// at the began sample (12 − 4) / 0.01 s = 800 pt/s; the lift is not
  /// fitted, so the release velocity is the same 800.
  static let samples = "t,x,y\n0,0,0\n0.01,0,4\n0.02,0,12\n0.03,0,24\n"
  static let expected = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy,x,y
    # trace g1 source: csv
    # trace g1 units: pt
    # trace g1 estimator: last-delta
    g1,0.02,began,0,12,0,800,0,12
    g1,0.03,ended,0,24,0,800,0,24

    """

  static func traces(_ text: String) -> [Trace] {
    var decoder = CSVTraceDecoder()
    return decoder.decode(text).compactMap { if case .trace(let t, _) = $0 { t } else { nil } }
  }

  static func sample(_ name: String) throws -> String {
    try String(
      contentsOf: packageRoot.appendingPathComponent("traces/samples/\(name)"), encoding: .utf8)
  }

  /// What `--from auto` says when it reads CSV samples on standard input.
  static let readingCSV =
    "Reading standard input as CSV samples (--from csv; use --from to choose)\n"

  @Test func csvWithoutEventColumnMakesOnePan() {
    assertRun(
      ["record", "--estimator", "last-delta"], input: Self.samples, stdout: Self.expected,
      stderr: Self.readingCSV, exit: .success)
    assertRun(
      ["record", "--from", "csv", "--estimator", "last-delta"], input: Self.samples,
      stdout: Self.expected, stderr: "", exit: .success)
  }

  @Test(arguments: [
    ["--variant", "player-sheet"], ["--variant", "player-sheet:start=open,rule=distance"],
    ["--variant", "player-sheet", "--variant", "lyrics-swap"],
  ])
  func variantIsWrittenAsTheTarget(_ variant: [String]) {
    let result = run(["record", "--estimator", "last-delta"] + variant, input: Self.samples)
    #expect(result.exitCode == .success)
    #expect(result.output.contains("# trace g1 target: player-sheet\n"))
    #expect(Self.traces(result.output).first?.metadata.target == "player-sheet")
  }

  @Test func withoutVariantNoTargetIsWritten() {
    let result = run(["record", "--estimator", "last-delta"], input: Self.samples)
    #expect(result.exitCode == .success)
    #expect(!result.output.contains("target"))
  }

  @Test(arguments: ["getevent", "libinput"])
  func deviceLogsWriteTheTargetToo(source: String) {
    let file = source == "getevent" ? "swipes.getevent.txt" : "swipes.libinput.yml"
    let path = packageRoot.appendingPathComponent("traces/samples/\(file)").path
    let result = run(["record", "--from", source, path, "--variant", "library-pager"])
    let traces = Self.traces(result.output)
    #expect(!traces.isEmpty)
    #expect(traces.allSatisfy { $0.metadata.target == "library-pager" })
  }

  @Test(arguments: [
    ("s", "0", "0.01", "0.02", "0.03"), ("ms", "0", "10", "20", "30"),
    ("us", "0", "10000", "20000", "30000"), ("ns", "0", "10000000", "20000000", "3e7"),
  ])
  func timeUnitsConvertToSeconds(_ unit: String, _ a: String, _ b: String, _ c: String, _ d: String)
  {
    // The same four samples with their times in another unit.
    let input = "t,x,y\n\(a),0,0\n\(b),0,4\n\(c),0,12\n\(d),0,24\n"
    assertRun(
      ["record", "-", "--from", "csv", "--time-unit", unit, "--estimator", "last-delta"],
      input: input, stdout: Self.expected, exit: .success)
  }

  @Test func scaleDividesPositions() {
    // The same pan in pixels of a 2x screen: 8, 24, 48 px are 4, 12, 24 pt,
    // and (24 − 8) px / 2 / 0.01 s = 800 pt/s.
    let input = "t,x,y\n0,0,0\n0.01,0,8\n0.02,0,24\n0.03,0,48\n"
    let expected = Self.expected.replacingOccurrences(
      of: "# trace g1 units: pt\n", with: "# trace g1 units: pt\n# trace g1 scale: 2\n")
    assertRun(
      ["record", "--scale", "2", "--estimator", "last-delta"], input: input, stdout: expected,
      exit: .success)
  }

  @Test func eventAndTraceColumnsKeepIDsAndSkipTaps() {
    let input = """
      trace,t,x,y,event
      swipe,0,100,100,down
      swipe,0.01,100,130,move
      swipe,0.02,100,160,up
      tap,1,50,50,down
      tap,1.1,52,51,up
      abort,2,0,0,down
      abort,2.01,30,0,move
      abort,2.02,30,0,cancel

      """
    let result = run(["record", "--from", "stdin"], input: input)
    #expect(result.exitCode == .success)
    let traces = Self.traces(result.output)
    #expect(traces.map(\.id) == ["swipe", "abort"])
    #expect(traces[0].events.map(\.phase) == [.began, .ended])
    #expect(traces[0].events.map(\.translation) == [Vector2D(x: 0, y: 30), Vector2D(x: 0, y: 60)])
    #expect(traces[1].events.map(\.phase) == [.began, .cancelled])
    #expect(traces[1].events.last?.velocity == .zero)
    #expect(
      traces.allSatisfy { $0.metadata.source == "stdin" && $0.metadata["estimator"] == "uikit" })
  }

  /// Issue 16's samples: the lift at y = 60 is the last move. By default
  /// (uikit) it counts in the velocity as in the translation: segments 500,
  /// 2500, 3000 pt/s give 0.6·500 + 0.35·2500 + 0.05·3000 = 1325 pt/s; the
  /// proxy leaves it out: 0.35·500 + 0.05·2500 = 300.
  @Test(arguments: [([], 1325.0), (["--estimator", "ios"], 300)] as [([String], Double)])
  func liftSampleCountsInTheReleaseVelocity(_ options: [String], _ expected: Double) throws {
    let input = "t,x,y\n0,0,0\n0.01,0,5\n0.02,0,30\n0.03,0,60\n"
    let result = run(["record", "--from", "stdin"] + options, input: input)
    #expect(result.exitCode == .success)
    let ended = try #require(Self.traces(result.output).first?.events.last)
    #expect(ended.phase == .ended)
    #expect(ended.translation == Vector2D(x: 0, y: 60))
    #expect(abs(ended.velocity!.y - expected) < 1e-9)
  }

  @Test func stdinWritesEachTraceAsItEnds() {
    var io = ChunkedIO(chunks: [
      "t,x,y,event\n0,0,0,down\n0.01,0,20,mo", "ve\n0.02,0,40,up\n",
      "1,0,0,down\n1.01,0,30,move\n", "1.02,0,50,up\n",
    ])
    let code = TraceTool.main(["record", "--from", "stdin"], io: &io)
    #expect(code == .success)
    // Reads: before chunk 1, 2, 3, 4 and the end. The first pan's 'up' is
    // in chunk 2, so it is out before chunk 3 is read; the second's is in
    // chunk 4.
    let seen = io.outputAtEachRead.map { ($0.contains("g1,"), $0.contains("g2,")) }
    #expect(seen.map(\.0) == [false, false, true, true, true])
    #expect(seen.map(\.1) == [false, false, false, false, true])
    #expect(Self.traces(io.output).map(\.id) == ["g1", "g2"])
  }

  @Test(arguments: [
    ("getevent", "swipes.getevent.txt", "swipes.getevent.expected.csv"),
    ("libinput", "swipes.libinput.yml", "swipes.libinput.expected.csv"),
    ("evemu", "swipe.evemu.events", "swipe.evemu.expected.csv"),
  ])
  func deviceSamplesMatchTheirHandCheckedResults(
    _ source: String, _ log: String, _ expected: String
  ) throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("out.csv").path
    let path = packageRoot.appendingPathComponent("traces/samples/\(log)").path
    let result = run(["record", "--from", source, path, "-o", output])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == Self.sample(expected))
    #expect(run(["record", "--from", source, path]).output == (try Self.sample(expected)))
  }

  @Test func geteventWithoutResolutionWarnsAndKeepsDeviceUnits() throws {
    let path = packageRoot.appendingPathComponent("traces/samples/swipes.getevent.txt").path
    let raw = run(["record", "--from", "getevent", path])
    #expect(
      raw.error
        == "Warning: \(path) does not give the touch axes' resolution; positions stay in device "
        + "units (units: px). Pass --scale to convert them.\n")
    #expect(Self.traces(raw.output).allSatisfy { $0.metadata.units == "px" })
    // With --scale 2 the first pan begins at (0, −119) / 2 = (0, −59.5) pt
    // (README: 0x6532 − 0x65a9 = 25906 − 26025 = −119 units).
    let scaled = run(["record", "--from", "getevent", path, "--scale", "2"])
    #expect(scaled.error == "")
    let first = try #require(Self.traces(scaled.output).first)
    #expect(first.events[0].translation == Vector2D(x: 0, y: -59.5))
    #expect(first.metadata.units == "pt")
    #expect(first.metadata.scale == 2)
  }

  @Test func jsonLinesOutput() {
    let result = run(
      ["record", "--format", "jsonl", "--estimator", "last-delta"], input: Self.samples)
    #expect(
      result.output
        == "{\"id\":\"g1\",\"meta\":{\"source\":\"csv\",\"units\":\"pt\",\"estimator\":\"last-delta\"},"
        + "\"events\":[{\"t\":0.02,\"phase\":\"began\",\"tx\":0,\"ty\":12,\"vx\":0,\"vy\":800,\"x\":0,"
        + "\"y\":12},{\"t\":0.03,\"phase\":\"ended\",\"tx\":0,\"ty\":24,\"vx\":0,\"vy\":800,\"x\":0,"
        + "\"y\":24}]}\n")
  }

  @Test func badInputReportsEveryProblemAndKeepsTheGoodTraces() throws {
    let directory = try temporaryDirectory()
    let input = directory.appendingPathComponent("raw.csv").path
    let output = directory.appendingPathComponent("pans.csv").path
    try """
    trace,t,x,y,event
    a,0,0,0,down
    a,0.01,0,30,move
    a,0.02,0,40,up
    b,0,0,0,down
    b,zero,0,30,move
    b,0.02,0,60,up
    c,0,0,0,down
    c,0.01,0,30,jump

    """.write(toFile: input, atomically: true, encoding: .utf8)
    let result = run(["record", "--from", "csv", input, "-o", output])
    #expect(result.exitCode == .dataError)
    // Columns count bytes: 'zero' starts after "b," (3); 'jump' after
    // "c,0.01,0,30," (2 + 5 + 2 + 3 = 12, so 13).
    #expect(
      result.error == """
        Error: \(input):6:3: expected a time in seconds, found 'zero'
        Error: \(input):9:13: expected an event ('down', 'move', 'up' or 'cancel'), found 'jump'

        """)
    #expect(Self.traces(try String(contentsOfFile: output, encoding: .utf8)).map(\.id) == ["a"])
  }

  @Test func brokenHeaderLeavesNoOutputFile() throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("pans.csv").path
    // A line with commas is CSV to --from auto, so the CSV reader says
    // what is wrong with the header.
    let result = run(["record", "-o", output], input: "time,x,y\n0,0,0\n")
    #expect(result.exitCode == .dataError)
    #expect(
      result.error
        == Self.readingCSV
        + "Error: <stdin>:1:1: expected a header with the columns t, x and y; 't' is missing in "
        + "'time,x,y'\n"
        + "Error: No trace recorded from standard input: no touch was found in it (1 problem), "
        + "read as CSV samples; if it is something else, choose it with --from\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func recordingWithoutATraceFailsUnlessLenient() throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("pans.csv").path
    // One tap: a move of 3 pt is inside the slop.
    let taps = "t,x,y\n0,0,0\n0.05,0,3\n0.1,0,3\n"
    let cause =
      "No trace recorded from standard input: its only touch was a tap: it never moved more "
      + "than the slop, 10 pt (see --slop and --scale)\n"
    assertRun(
      ["record", "--from", "csv", "-o", output], input: taps, stderr: "Error: " + cause,
      exit: .dataError)
    #expect(!FileManager.default.fileExists(atPath: output))
    // With --lenient it is a warning, and the file holds the header alone.
    assertRun(
      ["record", "--from", "csv", "-o", output, "--lenient"], input: taps,
      stderr: "Warning: " + cause, exit: .success)
    #expect(
      try String(contentsOfFile: output, encoding: .utf8)
        == "# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy,x,y\n")
    // With a slop of 2 pt the same touch is a pan.
    assertRun(["record", "--from", "csv", "--slop", "2"], input: taps, stderr: "", exit: .success)
  }

  @Test(arguments: [
    // Two taps, in seconds: 4 and 6 pt, both within the slop.
    (
      "trace,t,x,y\na,0,0,0\na,0.1,4,0\nb,1,0,0\nb,1.1,0,6\n", ["--from", "csv"],
      "all 2 of its touches were taps: none moved more than the slop, 10 pt (see --slop and "
        + "--scale)"
    ),
    (
      "t,x,y\n", ["--from", "stdin"],
      "no touch was found in it, read as CSV samples; if it is something else, choose it with "
        + "--from"
    ),
    ("", [], "it is empty"),
    ("# only a comment\n\n", [], "it is empty"),
  ])
  func eachCauseOfNoTraceIsSaid(_ input: String, _ arguments: [String], _ cause: String) {
    let result = run(["record"] + arguments, input: input)
    #expect(result.exitCode == .dataError)
    #expect(result.error.hasSuffix("Error: No trace recorded from standard input: \(cause)\n"))
  }

  @Test func existingOutputIsKeptWithoutForce() throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("pans.csv").path
    try "keep me\n".write(toFile: output, atomically: true, encoding: .utf8)
    assertRun(
      ["record", "-o", output], input: Self.samples,
      stderr: "Error: '\(output)' already exists; pass --force to replace it\n",
      exit: .cannotCreate)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me\n")
    assertRun(
      ["record", "-o", output, "--force", "--estimator", "last-delta"], input: Self.samples,
      stdout: "", exit: .success)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == Self.expected)
  }

  @Test func missingInputExitsWithNoInputAndCreatesNothing() throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("pans.csv").path
    assertRun(
      ["record", "--from", "libinput", "nope.yml", "-o", output],
      stderr: "Error: No such file 'nope.yml'\n", exit: .noInput)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test(arguments: [
    (
      ["--from", "stdin", "file.csv"],
      "Unexpected argument 'file.csv': --from stdin reads standard input"
    ),
    (["--from", "getevent"], "Missing expected argument '<input>'"),
    (["--from", "terminal", "x"], "Unexpected argument 'x': --from terminal reads the terminal"),
    (
      ["--scale", "0"],
      "The value '0' is invalid for '--scale <px-per-pt>'. Please provide a number greater than 0."
    ),
    (
      ["--slop", "-1"],
      "The value '-1' is invalid for '--slop <pt>'. Please provide a number from 0 to 10000."
    ),
  ])
  func badCommandLinesExitWithUsage(_ arguments: [String], _ message: String) {
    let result = run(["record"] + arguments)
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix("Error: \(message)\n"), "\(result.error)")
  }

  @Test func badVariantIsAUsageError() {
    let result = run(["record", "--from", "terminal", "--variant", "nope"])
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix("Error: The value 'nope' is invalid for '--variant <spec>': "))
  }

  @Test func helpDocumentsEverySourceWithAnExample() {
    let result = run(["record", "--help"])
    #expect(result.exitCode == .success)
    let examples = result.output.components(separatedBy: "\nEXAMPLES:\n").last
    for source in ["csv", "stdin", "getevent", "evemu", "libinput", "terminal"] {
      #expect(result.output.contains("\n  \(source) "), "\(source) in the sources list")
      #expect(examples?.contains("--from \(source)") == true, "\(source) example")
    }
    #expect(result.output.contains("\n  auto      (default) "))
    #expect(run(["help", "record"]).output == result.output)
  }

  @Test func appenderUndoesTheLastTrace() throws {
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("pans.csv").path
    var io = BufferedIO()
    var appender = try TraceAppender(
      path: path, format: .csv, columns: CSVColumns(velocity: false, location: false),
      replacing: false, io: &io)
    let trace = { (id: String) in
      Trace(
        id: id,
        events: [
          PanEvent(time: .zero, phase: .began, translation: .zero),
          PanEvent(time: .milliseconds(10), phase: .ended, translation: Vector2D(x: 1, y: 2)),
        ])
    }
    let header = "# gesturetrace: 1\ntrace,t,phase,tx,ty\n"
    let a = "a,0,began,0,0\na,0.01,ended,1,2\n"
    let c = "c,0,began,0,0\nc,0.01,ended,1,2\n"
    try appender.append(trace("a"), io: &io)
    try appender.append(trace("b"), io: &io)
    // Each trace is on disk as soon as it is appended.
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(header + a + "b,"))
    #expect(try appender.removeLast())
    #expect(try String(contentsOfFile: path, encoding: .utf8) == header + a)
    try appender.append(trace("c"), io: &io)
    #expect(appender.count == 2)
    appender.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == header + a + c)
    var stdout = try TraceAppender(
      path: "-", format: .csv, columns: CSVColumns(velocity: false, location: false),
      replacing: false, io: &io)
    try stdout.append(trace("a"), io: &io)
    #expect(try !stdout.removeLast())
    #expect(io.output == header + a)
  }
}
