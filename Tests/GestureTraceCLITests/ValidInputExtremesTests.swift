import Foundation
import Testing

@testable import GestureTraceCLI

/// Valid input at the edges of what the format accepts: any finite double,
/// any time in its range, any numeric option value. Nothing traps, nothing
/// prints `nan` or `inf`, bad values are problems or usage errors.
/// (docs/reliability.md, "Valid input at the limits")
@Suite struct ValidInputExtremesTests {
  /// Translations of 1e19 (beyond `Int64`), 1e300, -1e308 and 1.7e308,
  /// whose differences, squares and speeds overflow a double.
  static let hugeValues = """
    trace,t,phase,tx,ty
    g1,0,began,0,0
    g1,0.01,changed,1e19,5
    g1,0.02,ended,1e19,10
    g2,1,began,0,0
    g2,1.01,changed,1e300,-1e300
    g2,1.02,ended,-1e308,1.7e308
    g3,2,began,0,0
    g3,2.01,changed,1.7e308,1.7e308
    g3,2.02,ended,-1.7e308,-1.7e308
    g4,3,began,0,0
    g4,3.01,ended,10,20

    """

  /// Whether a report shows a NaN or an infinity as a word.
  static func showsNonFinite(_ text: String) -> Bool {
    text.lowercased().contains(/(^|[^a-z])(nan|inf|infinity)([^a-z]|$)/)
  }

  /// One trace whose every length saturates (1e300 px at 1e-300 px per
  /// point): each feature's histogram is one bin around the largest double,
  /// found by the analyze fuzz target; its edges printed `inf`.
  @Test(arguments: ["html", "text", "markdown", "json", "csv"])
  func oneValueAtTheLargestDoubleHasFiniteHistogramEdges(format: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("px.jsonl").path
    let line =
      #"{"id":"px","meta":{"units":"px","scale":"1e-300","intent":"complete","#
      + #""target":"lyrics-swap"},"events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":0,"#
      + #""vy":0},{"t":0.01,"phase":"changed","tx":1e300,"ty":1e300,"vx":1e300,"vy":1e300},"#
      + #"{"t":0.02,"phase":"ended","tx":1e300,"ty":1e300,"vx":0,"vy":0}]}"# + "\n"
    try Data(line.utf8).write(to: URL(fileURLWithPath: path))
    let result = run([
      "analyze", path, "--sweep", "lyrics-swap.dismissalOffset=40...160:40", "--group-by",
      "source", "--format", format,
    ])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!Self.showsNonFinite(result.output), "\(result.output.prefix(2000))")
  }

  @Test(arguments: [
    ["analyze", "FILE", "--variant", "lyrics-swap", "--variant", "player-sheet"],
    [
      "analyze", "FILE", "--variant", "lyrics-swap", "--variant", "player-sheet", "--format",
      "json",
    ],
    [
      "analyze", "FILE", "--variant", "lyrics-swap", "--variant", "player-sheet", "--format",
      "markdown",
    ],
    [
      "analyze", "FILE", "--variant", "lyrics-swap", "--variant", "player-sheet", "--format",
      "html",
    ],
    [
      "analyze", "FILE", "--variant", "lyrics-swap", "--variant", "player-sheet", "--format",
      "csv",
    ],
    ["analyze", "FILE"],
    ["analyze", "FILE", "--sweep", "lyrics-swap.dismissalOffset=40...160:40", "--format", "html"],
    ["replay", "FILE", "--variant", "lyrics-swap"],
    ["replay", "FILE", "--variant", "player-sheet", "--format", "json"],
    ["replay", "FILE", "--variant", "music-card", "--format", "csv"],
    ["replay", "FILE", "--variant", "library-pager", "--trace", "g3"],
    ["info", "FILE"],
    ["validate", "FILE"],
    ["convert", "FILE", "--to", "jsonl"],
  ])
  func hugeFiniteValuesNeitherTrapNorPrintNaN(arguments: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("huge.csv").path
    try Data(Self.hugeValues.utf8).write(to: URL(fileURLWithPath: path))
    let result = run(arguments.map { $0 == "FILE" ? path : $0 })
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!Self.showsNonFinite(result.output), "\(result.output.prefix(2000))")
    #expect(!Self.showsNonFinite(result.error), "\(result.error)")
  }

  @Test(arguments: [
    (
      "CSV", "t.csv", "trace,t,phase,tx,ty\ng1,-9223372036,began,0,0\ng1,9223372036,ended,0,1\n",
      "2:4: expected a time within ±4000000000 seconds, found '-9223372036'"
    ),
    (
      "CSV, spaces", "t.csv", "trace,t,phase,tx,ty\ng1, 4000000000.000000001 ,began,0,0\n",
      "2:4: expected a time within ±4000000000 seconds, found '4000000000.000000001'"
    ),
    (
      "JSON Lines", "t.jsonl",
      #"{"id":"g1","events":[{"t":-9223372036,"phase":"began","tx":0,"ty":0},"#
        + #"{"t":9223372036,"phase":"ended","tx":0,"ty":1}]}"# + "\n",
      "1:27: expected a time within ±4000000000 seconds for 't', found '-9223372036'"
    ),
  ])
  func timeBeyondTheFormatsRangeIsAProblem(
    name: String, fileName: String, text: String, message: String
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(fileName).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = run(["info", path])
    #expect(result.exitCode == .dataError)
    let first = result.error.split(separator: "\n").first.map(String.init)
    #expect(first == "Error: \(path):\(message)")
  }

  @Test func timesAtTheLimitsGiveTheirTrueSpan() throws {
    // Before, −9223372036 s to 9223372036 s was valid and its duration
    // overflowed to −1710 ms; at the new limits every difference fits.
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("limits.csv").path
    try Data(
      "trace,t,phase,tx,ty\ng1,-4000000000,began,0,0\ng1,4000000000,ended,0,1\n".utf8
    ).write(to: URL(fileURLWithPath: path))
    let result = run(["info", path])
    #expect(result.exitCode == .success)
    #expect(result.output.contains("duration            8000000000000 – 8000000000000 ms"))
    let replayed = run(["replay", path, "--variant", "lyrics-swap"])
    #expect(replayed.exitCode == .success, "\(replayed.error)")
  }

  /// Every numeric option of every command, with values that are huge,
  /// tiny, not a number, hexadecimal, negative or empty: a usage error.
  @Test(arguments: [
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...10000:1e-15"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...10000:1e-14"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=-1e308...1e308:1"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=-1e308...1e308:1e300"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...1:0x1"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...1:nan"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...1:"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...1:-1"],
    ["analyze", "-", "--sweep", "lyrics-swap.dismissalOffset=0...inf:1"],
    ["analyze", "-", "--fps", "1e19"],
    ["analyze", "-", "--fps", "0x10"],
    ["analyze", "-", "--jobs", "99999999999999999999"],
    ["analyze", "-", "--jobs", "-1"],
    ["analyze", "-", "--variant", "lyrics-swap:dismissalOffset=1e19"],
    ["analyze", "-", "--variant", "lyrics-swap:dismissalOffset=0x10"],
    ["analyze", "-", "--variant", "lyrics-swap:dismissalOffset="],
    ["analyze", "-", "--variant", "lyrics-swap:dismissalOffset=nan"],
    ["replay", "-", "--variant", "lyrics-swap", "--fps", "-0"],
    ["replay", "-", "--variant", "lyrics-swap", "--fps", "1.5"],
    ["synth", "--traces", "1e19"],
    ["synth", "--traces", "0x10"],
    ["synth", "--traces", ""],
    ["synth", "--seed", "0x10"],
    ["synth", "--seed", "18446744073709551616"],
    ["synth", "--seed", ""],
    ["synth", "--rate", "0x10"],
    ["synth", "--rate", "1e-400"],
    ["synth", "--rate", "infinity"],
    ["synth", "--jobs", "1e3"],
    ["convert", "-", "--to", "csv", "--scale", "0x1p3"],
    ["convert", "-", "--to", "csv", "--scale", "1e-400"],
    ["convert", "-", "--to", "csv", "--scale", "nan"],
    ["record", "-", "--slop", "1e400"],
    ["record", "-", "--slop", "0x10"],
    ["record", "-", "--scale", "inf"],
    ["record", "-", "--fps", "1e19"],
  ])
  func everyNumericOptionIsTotal(arguments: [String]) {
    let result = run(arguments, input: "trace,t,phase,tx,ty\n")
    #expect(result.exitCode == .usage, "\(result.error)")
    #expect(result.error.hasPrefix("Error: "), "\(result.error)")
  }

  @Test(arguments: [
    (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (-1e308, 1.7e308),
    (0, 1e19), (1.7e308, 1.7e308), (-0x1p-1063, 0x1p-1063),
  ])
  func chartScalesOverHugeRangesHaveFiniteTicks(lower: Double, upper: Double) {
    for scale in [
      LinearScale(lower, upper, to: 40, 440), LinearScale.rounded(lower, upper, to: 40, 440),
    ] {
      #expect(scale(scale.lower) == 40)
      #expect(scale(scale.upper) == 440)
      let ticks = scale.ticks()
      #expect(!ticks.isEmpty)
      #expect(ticks.allSatisfy { $0.isFinite && scale($0).isFinite })
      #expect(!ticks.map(scale.label).contains { Self.showsNonFinite($0) })
    }
  }
}
