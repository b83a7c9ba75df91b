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
}
