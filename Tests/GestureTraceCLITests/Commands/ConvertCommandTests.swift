import Foundation
import Testing

@testable import GestureTraceCLI

@Suite struct ConvertCommandTests {
  @Test(arguments: [1, 7, 2026] as [UInt64])
  func synthCSVToJSONLinesAndBackIsByteIdentical(seed: UInt64) {
    let csv = run(["synth", "--traces", "40", "--seed", "\(seed)"]).output
    let jsonl = run(["convert", "-", "--to", "jsonl"], input: csv)
    #expect(jsonl.exitCode == .success)
    #expect(jsonl.output.split(separator: "\n").count == 40)
    let back = run(["convert", "-", "--to", "csv"], input: jsonl.output)
    #expect(back.exitCode == .success)
    #expect(back.output == csv)
    // JSON Lines → CSV → JSON Lines is byte-identical too.
    #expect(run(["convert", "-", "--to", "jsonl"], input: back.output).output == jsonl.output)
  }

  @Test func synthIsDeterministic() {
    let a = run(["synth", "--traces", "25", "--seed", "9", "--format", "jsonl"]).output
    let b = run(["synth", "--traces", "25", "--seed", "9", "--format", "jsonl"]).output
    #expect(a == b)
    #expect(a != run(["synth", "--traces", "25", "--seed", "10", "--format", "jsonl"]).output)
  }

  @Test func synthOutputDoesNotDependOnJobs() {
    // 9,000 traces span three batches of 4,096, so two jobs interleave.
    let one = run(["synth", "--traces", "9000", "--seed", "4", "--jobs", "1"]).output
    let two = run(["synth", "--traces", "9000", "--seed", "4", "--jobs", "2"]).output
    #expect(one == two)
    #expect(one.components(separatedBy: "kind: ").count - 1 == 9000)
  }

  @Test func shippedTracesConvertLosslessly() throws {
    let names = ["samples/synth.csv", "player-sheet.csv", "music-card.csv", "recorded-fingers.csv"]
    for name in names {
      let text = try String(
        contentsOf: packageRoot.appendingPathComponent("traces/\(name)"), encoding: .utf8)
      let jsonl = run(["convert", "-", "--to", "jsonl"], input: text)
      #expect(jsonl.exitCode == .success, "\(jsonl.error)")
      let back = run(["convert", "-", "--to", "csv", "--from", "jsonl"], input: jsonl.output)
      #expect(back.output == text, "\(name)")
    }
  }

  @Test func scaleWritesPixelsAsTheTraceWrittenInPoints() {
    let points = LeftOutTracesTests.points
    let pixels = LeftOutTracesTests.pixels
    let unscaled = pixels.replacingOccurrences(of: "# trace g1 scale: 3\n", with: "")
    // Its own scale, or --scale for a trace without one.
    for (input, scale) in [(pixels, "3"), (pixels, "5"), (unscaled, "3")] {
      let result = run(["convert", "-", "--to", "csv", "--scale", scale], input: input)
      #expect(result.exitCode == .success, "\(result.error)")
      #expect(result.output == points, "--scale \(scale)")
    }
    // Points stay as they are; without --scale nothing is converted.
    #expect(run(["convert", "-", "--to", "csv", "--scale", "7"], input: points).output == points)
    #expect(run(["convert", "-", "--to", "csv"], input: unscaled).output == unscaled)
    // Back to JSON Lines and CSV, the points are unchanged.
    let jsonl = run(["convert", "-", "--to", "jsonl", "--scale", "3"], input: unscaled).output
    #expect(jsonl.contains("\"meta\":{\"units\":\"pt\",\"scale\":\"3\"}"))
    #expect(run(["convert", "-", "--to", "csv", "--from", "jsonl"], input: jsonl).output == points)
  }

  @Test(arguments: ["0", "-1", "abc", "inf"])
  func scaleMustBeAPositiveNumber(_ value: String) {
    let result = run(["convert", "-", "--to", "csv", "--scale", value], input: "")
    #expect(result.exitCode == .usage)
    #expect(
      result.error.hasPrefix("Error: The value '\(value)' is invalid for '--scale <px-per-pt>'."))
  }
}
