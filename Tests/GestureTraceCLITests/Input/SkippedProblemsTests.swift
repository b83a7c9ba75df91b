import Foundation
import Testing

@testable import GestureTraceCLI

@Suite struct SkippedProblemsTests {
  /// Two good traces (a, e) and three bad ones: b and d have a number that
  /// is not finite ('b,0,began,' is 10 bytes), c starts with 'changed'
  /// ('c,0,' is 4 bytes). a drags 90 pt down, past lyrics-swap's 80 pt.
  static let mixed = """
    trace,t,phase,tx,ty
    a,0,began,0,0
    a,0.5,changed,0,90
    a,1,ended,0,100
    b,0,began,NaN,0
    b,1,ended,0,5
    c,0,changed,0,0
    c,1,ended,0,5
    d,0,began,1e400,0
    d,1,ended,0,5
    e,0,began,0,0
    e,1,ended,0,-100

    """

  static let summary =
    "Skipped 3 bad traces: 2 × expected a finite number for 'tx' (first at <stdin>:5:11), "
    + "1 × expected the first event to be 'began' (at <stdin>:7:5)\n"

  @Test func convertKeepsTheGoodTracesAndSaysWhatItSkipped() {
    let result = run(["convert", "-", "--to", "jsonl", "--lenient"], input: Self.mixed)
    #expect(result.exitCode == .success)
    #expect(result.error == Self.summary)
    #expect(
      result.output.split(separator: "\n").map { $0.prefix(10) } == [
        #"{"id":"a","#, #"{"id":"e","#,
      ])
  }

  @Test func withoutLenientTheFirstProblemEndsTheCommand() {
    assertRun(
      ["convert", "-", "--to", "jsonl"], input: Self.mixed, stdout: "",
      stderr: "Error: <stdin>:5:11: expected a finite number for 'tx', found 'NaN'\n",
      exit: .dataError)
  }

  @Test func infoReplayAndAnalyzeSkipTheSameTraces() {
    let info = run(["info", "-", "--lenient"], input: Self.mixed)
    #expect(info.exitCode == .success)
    #expect(info.output.contains("  traces              2\n  events              5\n"))
    #expect(info.error == Self.summary)

    // a swaps at its 'changed' event, 90 pt down; e never passes 80 pt.
    let replay = run(
      ["replay", "-", "--variant", "lyrics-swap", "--format", "csv", "--lenient"],
      input: Self.mixed)
    #expect(replay.exitCode == .success)
    #expect(replay.output == "trace,lyrics-swap\na,complete\ne,cancel\n")
    #expect(replay.error == Self.summary)

    let timeline = run(
      ["replay", "-", "--variant", "lyrics-swap", "--trace", "e", "--lenient"], input: Self.mixed)
    #expect(timeline.exitCode == .success)
    #expect(timeline.output.hasPrefix("Trace e: 2 events"))

    let analyze = run(["analyze", "-", "--lenient"], input: Self.mixed)
    #expect(analyze.exitCode == .success)
    #expect(analyze.output.hasPrefix("2 traces from 1 file"))
    #expect(analyze.error == Self.summary)
  }

  @Test func validateListsTheProblemsButPassesWhenLenient() {
    let strict = run(["validate", "-"], input: Self.mixed)
    let lenient = run(["validate", "-", "--lenient"], input: Self.mixed)
    #expect(strict.exitCode == .dataError)
    #expect(lenient.exitCode == .success)
    // The same report either way: every problem with its place.
    #expect(lenient.output == strict.output)
    #expect(lenient.output.contains("<stdin>:5:11: expected a finite number for 'tx'"))
  }

  @Test func recordSkipsBadSamplesAndExitsZero() {
    // Line 3 has 3 fields of 4, which drops its gesture up to the next
    // 'down'; line 7 moves after the lift ('1.3,0,130,' is 10 bytes); line 9
    // has y = NaN ('2.1,0,' is 6 bytes). Lines 4–6 and 10–12 make two pans.
    let samples = """
      t,x,y,event
      0,0,0,down
      0.1,0,50
      1,0,0,down
      1.1,0,60,move
      1.2,0,120,up
      1.3,0,130,move
      2,0,0,down
      2.1,0,NaN,move
      2.2,0,0,down
      2.3,0,70,move
      2.4,0,140,up

      """
    let result = run(["record", "--from", "csv", "-", "-o", "-", "--lenient"], input: samples)
    #expect(result.exitCode == .success)
    #expect(result.output.components(separatedBy: ",ended,").count - 1 == 2)
    #expect(
      result.error
        == "Skipped 3 problems: 1 × expected 4 fields as in the header (at <stdin>:3:1), "
        + "1 × expected 'down' to start a gesture (at <stdin>:7:11), "
        + "1 × expected a finite number for 'y' (at <stdin>:9:7)\n")
    // Without --lenient each problem is an error and the run fails.
    let strict = run(["record", "-", "-o", "-"], input: samples)
    #expect(strict.exitCode == .dataError)
    #expect(strict.error.components(separatedBy: "Error: <stdin>:").count - 1 == 3)
  }

  @Test func summaryCountsProblemsAndTracesApart() {
    let skipped = SkippedProblems()
    #expect(skipped.summary == nil)
    // Two problems of one trace, and one that belongs to no trace.
    skipped.add(
      .init(line: 2, column: 6, message: "expected x, found y", traceID: "g1"), in: "a.csv")
    skipped.add(.init(line: 5, column: 1, message: "expected z; more", traceID: "g1"), in: "a.csv")
    skipped.add(.init(line: 1, column: 1, message: "expected x, found w"), in: "b.csv")
    #expect(
      skipped.summary
        == "Skipped 3 problems (1 bad trace): 2 × expected x (first at a.csv:2:6), "
        + "1 × expected z (at a.csv:5:1)\n")
    let single = SkippedProblems()
    single.add(.init(line: 1, column: 1, message: "expected a header"), in: "-")
    #expect(single.summary == "Skipped 1 problem: 1 × expected a header (at <stdin>:1:1)\n")
  }

  @Test(arguments: [
    ("expected a finite number for 'tx', found 'NaN'", "expected a finite number for 'tx'"),
    (
      "expected a header with the columns t, x and y; 'y' is missing in 't,x'",
      "expected a header with the columns t, x and y"
    ),
    (
      "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'x'",
      "expected a phase ('began', 'changed', 'ended' or 'cancelled')"
    ),
    ("expected at least one event", "expected at least one event"),
  ])
  func kindIsWhatWasExpected(message: String, kind: String) {
    #expect(SkippedProblems.kind(of: message) == kind)
  }

  @Test func problemsFromSeveralFilesAddUp() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.mixed.utf8).write(to: directory.appendingPathComponent("a.csv"))
    try Data(
      (#"{"id":"x","events":[{"t":0,"phase":"ended","tx":0,"ty":0}]}"# + "\n").utf8
    ).write(to: directory.appendingPathComponent("b.jsonl"))
    let result = run(["info", directory.path, "--lenient"])
    #expect(result.exitCode == .success)
    // b.jsonl's trace starts with 'ended' (its event is at column 21, after
    // `{"id":"x","events":[`), but only a.csv's place is shown, as first.
    let a = directory.path + "/a.csv"
    let b = directory.path + "/b.jsonl"
    #expect(
      result.error
        == "Skipped 4 bad traces: 2 × expected a finite number for 'tx' (first at \(a):5:11), "
        + "2 × expected the first event to be 'began' (first at \(a):7:5)\n")
    #expect(result.output.contains("\(b)\n  traces              0\n"))
  }
}
