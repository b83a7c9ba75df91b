import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `export` of valid traces at the format's limits: every number it writes
/// is a finite Swift literal, or the trace is refused (65) naming the
/// number; before, `inf` reached `CGPoint(x: inf, …)` and
/// `XCUIGestureVelocity(inf * …)` with exit 0 (issue 29).
@Suite struct ExportNonFiniteTests {
  /// A CSV trace file in a temporary folder.
  private func file(_ rows: String) throws -> String {
    let path = try temporaryDirectory().appendingPathComponent("extreme.csv").path
    try ("# gesturetrace: 1\n" + rows).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A refusal: exit 65, one message line naming the trace and the
  /// number, nothing written (no `-o` file either).
  private func expectRefused(
    _ rows: String, _ arguments: [String], saying reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = try file(rows)
    let output = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("Tests.swift").path
    let result = run(["export", path, "-o", output] + arguments)
    #expect(result.exitCode == .dataError, "\(result.error)", sourceLocation: sourceLocation)
    #expect(
      result.error
        == "Error: Trace 'g' cannot be exported: \(reason) is beyond the largest double "
        + "(±1.7976931348623157e+308), which a Swift test cannot write\n",
      sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: output), sourceLocation: sourceLocation)
  }

  @Test func aStartPlusATranslationPastTheLargestDoubleIsRefused() throws {
    // 1.7e308 + 1e308 overflows: the second event's x.
    try expectRefused(
      """
      trace,t,phase,tx,ty
      g,0,began,0,0
      g,0.01,changed,1e308,0
      g,0.02,ended,1e308,0

      """, ["--start", "1.7e308,0"], saying: "the position of its event 2's x")
  }

  @Test(arguments: ["hammer", "xcuitest"])
  func aTouchDownPastTheLargestDoubleIsRefused(_ framework: String) throws {
    // The touch-down is the first location less its translation:
    // -1.7e308 - 1.7e308.
    try expectRefused(
      """
      trace,t,phase,tx,ty,vx,vy,x,y
      g,0,began,1.7e308,0,,,-1.7e308,5
      g,0.01,ended,1.7e308,0,0,0,-1.7e308,5

      """, ["--to", framework], saying: "its touch-down point's x")
  }

  @Test func anInfiniteMeanSpeedIsRefused() throws {
    // 1.7e308 pt in a nanosecond, released at 0: the mean speed overflows.
    try expectRefused(
      """
      trace,t,phase,tx,ty,vx,vy,x,y
      g,0,began,0,0,,,0,0
      g,0.000000001,ended,1.7e308,0,0,0,1.7e308,0

      """, ["--to", "xcuitest"], saying: "its mean speed from start to end (0 s)")
  }

  @Test func anInfiniteReleaseSpeedIsRefused() throws {
    // A recorded velocity of (1.7e308, 1.7e308): its length overflows.
    try expectRefused(
      """
      trace,t,phase,tx,ty,vx,vy,x,y
      g,0,began,0,0,,,0,0
      g,0.01,ended,5,0,1.7e308,1.7e308,5,0

      """, ["--to", "xcuitest"], saying: "its release speed")
  }

  @Test func aSpeedWhosePixelsOverflowIsRefused() throws {
    // 1e308 pt/s is finite; times the 3 pixels per point the file uses, not.
    try expectRefused(
      """
      trace,t,phase,tx,ty,vx,vy,x,y
      g,0,began,0,0,,,0,0
      g,0.01,ended,5,0,1e308,0,5,0

      """, ["--to", "xcuitest"], saying: "its speed in pixels per second")
  }

  /// Extreme but writable traces: positions at the largest double, a
  /// negative zero, a nanosecond between events, a speed just below what
  /// overflows in pixels; each exports to both frameworks, prints no `inf`
  /// or `nan`, and type-checks.
  @Test(arguments: ["hammer", "xcuitest"])
  func extremeButFiniteTracesExportToCodeThatTypeChecks(_ framework: String) throws {
    let path = try file(
      """
      trace,t,phase,tx,ty,vx,vy,x,y
      huge,0,began,0,0,,,1.7976931348623157e308,-1.7976931348623157e308
      huge,0.01,ended,0,0,0,0,1.7976931348623157e308,-1.7976931348623157e308
      zero,0,began,0,0,,,-0,-0.0001
      zero,0.000000001,changed,1,0,,,1,0
      zero,0.000000002,ended,2,-0,0,0,2,-0
      fast,0,began,0,0,,,0,0
      fast,0.01,ended,1,0,5e307,0,1,0

      """)
    let result = run(["export", path, "--to", framework])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    #expect(!ValidInputExtremesTests.showsNonFinite(source), "\(source)")
    #expect(source.contains("1.7976931348623157e+308"))
    #expect(!source.contains("-0,") && !source.contains("-0)"))
    if framework == "xcuitest" {
      #expect(source.contains("XCUIGestureVelocity(5e+307 * pixelsPerPoint)"))
      // 2 pt (and 0.0001) in 2 ns, from the touch-down (0, -0.0001).
      #expect(source.contains("XCUIGestureVelocity(1000000001.25 * pixelsPerPoint)"))
    } else {
      #expect(source.contains("CGPoint(x: 1.7976931348623157e+308, y: -1.7976931348623157e+308)"))
      #expect(source.contains("try eventGenerator.wait(0.000000001)"))
    }
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  /// Random traces at the limits (seeded): each run is exported (0) or
  /// refused (65), never exported with a number that is not finite.
  @Test func randomExtremeTracesAreExportedFiniteOrRefused() throws {
    var generator = SplitMix64(seed: 29)
    let magnitudes = [
      "0", "-0", "1", "1e-300", "1e154", "1e300", "1.7e308", "1.7976931348623157e308",
    ]
    // Gaps between events: a nanosecond, a millisecond, a second.
    let gaps: [Int64] = [1, 1_000_000, 1_000_000_000]
    var outcomes: Set<ExitCode> = []
    for index in 0..<120 {
      func pick(_ values: [String]) -> String {
        let value = values[Int(generator.next() % UInt64(values.count))]
        return generator.next() % 2 == 0 || value.hasPrefix("-") ? value : "-" + value
      }
      var rows = "trace,t,phase,tx,ty,vx,vy,x,y\n"
      var time = TraceTime.zero
      for (event, phase) in ["began", "changed", "ended"].enumerated() {
        if event > 0 {
          time = time + TraceTime(nanoseconds: gaps[Int(generator.next() % 3)])
        }
        let velocity = phase == "ended" ? "\(pick(magnitudes)),\(pick(magnitudes))" : ","
        rows +=
          "g\(index),\(time),\(phase),\(pick(magnitudes)),\(pick(magnitudes)),\(velocity),"
          + "\(pick(magnitudes)),\(pick(magnitudes))\n"
      }
      let path = try file(rows)
      for framework in ["hammer", "xcuitest"] {
        let result = run(["export", path, "--to", framework])
        outcomes.insert(result.exitCode)
        #expect(result.exitCode == .success || result.exitCode == .dataError, "\(rows)")
        #expect(!ValidInputExtremesTests.showsNonFinite(result.output), "\(rows)")
        if result.exitCode == .dataError {
          #expect(result.error.contains("cannot be exported"), "\(result.error)")
        }
      }
    }
    // Both outcomes happen: the generator reaches the limits.
    #expect(outcomes == [.success, .dataError])
  }
}
