import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct ExportCommandTests {
  /// Two pure y drags for the lyrics card without locations: `far` ends
  /// past its 80 pt (complete), `edge` stops at exactly 80 (cancel). Times
  /// in seconds: `far` lasts 0.05, `edge` 0.0301.
  let noLocations = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy
    far,0,began,0,12,,
    far,0.0125,changed,0,40.5,,
    far,0.03,changed,0,80.01,,
    far,0.05,ended,0,80.01,0,0
    edge,0,began,0,12,,
    edge,0.0301,ended,0,80,0,0

    """

  /// A drag with locations: the touch began 10 pt above its first
  /// location (the pan's translation includes the slop), held still at the
  /// start, moved, and paused 0.2 s before the lift.
  let withLocations = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy,x,y
    # trace p1 target: lyrics-swap
    p1,0,began,0,10,,,200,410
    p1,0.1,changed,0,10,,,200,410
    p1,0.15,changed,0,60,,,200,460
    p1,0.2,changed,0,110,,,200,510
    p1,0.4,ended,0,110,0,0,200,510

    """

  /// A trace file in a temporary folder.
  private func file(_ text: String, name: String = "traces.csv") throws -> String {
    let path = try temporaryDirectory().appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The durations in `wait(…)` calls, in nanoseconds, read exactly from
  /// their decimal literals.
  private func waits(in source: String) -> [Int64] {
    source.split(separator: "\n").compactMap { line in
      guard let open = line.range(of: "eventGenerator.wait("), let close = line.lastIndex(of: ")")
      else { return nil }
      let literal = line[open.upperBound..<close]
      let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
      let whole = Int64(parts[0])! * 1_000_000_000
      guard parts.count == 2 else { return whole }
      let digits = String(parts[1]).padding(toLength: 9, withPad: "0", startingAt: 0)
      return whole + Int64(digits)!
    }
  }

  @Test func hammerTestOfATraceWithLocationsTypeChecksAndItsDelaysAddUpToItsDuration() throws {
    let path = try file(withLocations)
    let result = run(["export", path, "--trace", "p1"])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    // The touch-down is the first location less its translation: (200, 400).
    #expect(source.contains("try eventGenerator.fingerDown(at: CGPoint(x: 200, y: 400))\n"))
    #expect(source.contains("fingerMove(to: CGPoint(x: 200, y: 410))  // began"))
    #expect(source.contains("fingerMove(to: CGPoint(x: 200, y: 510))"))
    // The still event moves nothing; the lift repeats the last position.
    #expect(source.components(separatedBy: "fingerMove(").count - 1 == 3)
    #expect(source.hasSuffix("    try eventGenerator.fingerUp()\n" + expectation + "  }\n}\n"))
    // 0.1 + 0.05 + 0.05 + 0.2 s: the trace's 0.4 s.
    #expect(waits(in: source) == [100_000_000, 50_000_000, 50_000_000, 200_000_000])
    #expect(waits(in: source).reduce(0, +) == 400_000_000)
    // Lines fit in 100 columns but those naming the (long) temporary path.
    #expect(source.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.contains(path) })
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  /// The closing lines for p1 under its target, lyrics-swap: its offset
  /// reaches 110 > 80 at 0.2 s (the swap), which settles 0.33 s later.
  private let expectation = """
        // GestureTrace's replay (a virtual clock, from the first event) decided:
        //   lyrics-swap: complete, decided at 0.2 s, settled at 0.53 s
        // Assert that your view's state shows the same outcome:
        // expected: lyrics-swap → complete

    """

  @Test func hammerTestOfATraceWithoutLocationsNeedsAStartPoint() throws {
    let path = try file(noLocations)
    let refused = run(["export", path, "--trace", "far"])
    #expect(refused.exitCode == .usage)
    #expect(
      refused.error.hasPrefix(
        "Error: Trace 'far' has no locations (x,y columns) to replay; pass --start X,Y"))
    let result = run(
      ["export", path, "--trace", "far", "--start", "100,200.5", "--variant", "lyrics-swap"])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    // Positions: the start plus each translation.
    #expect(source.contains("fingerDown(at: CGPoint(x: 100, y: 200.5))\n"))
    #expect(source.contains("fingerMove(to: CGPoint(x: 100, y: 212.5))  // began"))
    #expect(source.contains("fingerMove(to: CGPoint(x: 100, y: 241))\n"))
    #expect(source.contains("fingerMove(to: CGPoint(x: 100, y: 280.51))\n"))
    #expect(source.contains("positions from its translations from the start point (100, 200.5)"))
    // 0.0125 + 0.0175 + 0.02 s = 0.05 s.
    #expect(waits(in: source) == [12_500_000, 17_500_000, 20_000_000])
    #expect(source.contains("// expected: lyrics-swap → complete\n"))
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  @Test func severalTracesGiveOneTestEachWithWhatTheReplayDecided() throws {
    let path = try file(noLocations)
    let result = run(
      ["export", path, "--start", "0,0", "--variant", "lyrics-swap", "--variant", "player-sheet"])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    #expect(source.components(separatedBy: "func testTrace_").count - 1 == 2)
    #expect(source.contains("func testTrace_far() throws {"))
    #expect(source.contains("func testTrace_edge() throws {"))
    // far passes 80 pt; edge stops at 80, not past it. The sheet opens
    // upwards: both drags go down and release at 0, which completes.
    let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      lines.filter { $0.hasPrefix("// expected:") } == [
        "// expected: lyrics-swap → complete", "// expected: player-sheet → complete",
        "// expected: lyrics-swap → cancel", "// expected: player-sheet → complete",
      ])
    // Each test's delays add up to its trace's duration.
    #expect(waits(in: source).reduce(0, +) == 50_000_000 + 30_100_000)
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  @Test func xcuitestReplaysStartEndSpeedAndHoldAndSaysWhatItCannot() throws {
    let path = try file(withLocations)
    let result = run(["export", path, "--to", "xcuitest"])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    #expect(source.contains("What it cannot reproduce: the path between the start and the end"))
    #expect(source.contains("let start = origin.withOffset(CGVector(dx: 200, dy: 400))\n"))
    #expect(source.contains("let end = origin.withOffset(CGVector(dx: 200, dy: 510))\n"))
    // Still from 0 to 0.1 s (the press), moving until 0.2 s, then still
    // until the lift at 0.4 s (the hold). It releases at 0 pt/s, so the
    // drag goes at its mean speed: 110 pt (from the touch-down) in 0.1 s.
    #expect(source.contains("forDuration: 0.1, thenDragTo: end,\n"))
    #expect(
      source.contains(
        "withVelocity: XCUIGestureVelocity(1100 * pixelsPerPoint), thenHoldForDuration: 0.2)"))
    #expect(source.contains("// expected: lyrics-swap → complete\n"))
    // Lines fit in 100 columns but those naming the (long) temporary path.
    #expect(source.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.contains(path) })
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  @Test func aShippedTraceExportsToBothFrameworks() throws {
    let path = packageRoot.appendingPathComponent("traces/player-sheet.csv").path
    for framework in ["hammer", "xcuitest"] {
      let result = run(["export", path, "--trace", "player-sheet-000002", "--to", framework])
      #expect(result.exitCode == .success, "\(result.error)")
      #expect(result.output.contains("// expected: player-sheet → complete\n"))
      let problems = SwiftTypecheck.problems(in: result.output)
      #expect(problems == nil, "\(framework): \(problems ?? "")")
    }
  }

  @Test func testNamesAreIdentifiersAndDistinct() {
    #expect(
      SwiftLiteral.testNames(["a-b", "a_b", "a.b", "é1"])
        == ["testTrace_a_b", "testTrace_a_b_2", "testTrace_a_b_3", "testTrace__1"])
  }

  @Test(arguments: [
    (["--trace", "nope"], 64, "Error: No trace 'nope' in '"),
    (["--start", "1"], 64, "Error: The value '1' is invalid for '--start <x,y>'."),
    (["--to", "espresso"], 64, "Error: The value 'espresso' is invalid for '--to <framework>'"),
    (["--variant", "nope"], 64, "Error: Invalid variant 'nope'"),
  ])
  func badCommandLinesAreUsageErrors(
    _ arguments: [String], _ code: Int32, _ message: String
  ) throws {
    let path = try file(withLocations)
    let result = run(["export", path] + arguments)
    #expect(result.exitCode.rawValue == code)
    #expect(result.error.hasPrefix(message), "\(result.error)")
  }
}
