import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// One run takes at most ``AnalysisPlan/maximumVariants`` variants (from
/// `--variant` and `--variants-file` together), ``AnalysisPlan/maximumSweeps``
/// sweeps and ``AnalysisPlan/maximumSweepCells`` sweep values and grid
/// cells: one more is a usage error (exit 64) naming the cap, given before
/// any trace is read.
@Suite struct VariantCapTests {
  /// `count` distinct specs of one transition.
  static func specs(_ count: Int) -> [String] {
    (0..<count).map { "lyrics-swap:dismissalOffset=\(60 + $0)" }
  }

  /// A folder with one trace.
  static func folder() throws -> URL {
    let directory = try temporaryDirectory()
    try Data(OutputFileTests.traces.utf8).write(
      to: directory.appendingPathComponent("in.csv"))
    return directory
  }

  @Test func theCapsAreTheDocumentedOnes() {
    #expect(AnalysisPlan.maximumVariants == 256)
    #expect(AnalysisPlan.maximumSweeps == 64)
    #expect(AnalysisPlan.maximumSweepCells == 10_000)
  }

  @Test func theCapIsAcceptedAndOneMoreIsRefused() throws {
    #expect(throws: Never.self) { try VariantSelection.checkCount(256) }
    #expect(throws: CommandError.self) { try VariantSelection.checkCount(257) }
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    // 256: replayed, one column each.
    let accepted = run(
      ["replay", input, "--format", "csv"] + Self.specs(256).flatMap { ["--variant", $0] })
    #expect(accepted.exitCode == .success, "\(accepted.error)")
    let header = accepted.output.split(separator: "\n").first { $0.hasPrefix("trace,") }
    #expect(header?.split(separator: ",").count == 257)
    // 257, by each command that takes variants.
    for command in [
      ["replay", input], ["analyze", input], ["export", input, "--trace", "g1"], ["record", input],
    ] {
      let refused = run(command + Self.specs(257).flatMap { ["--variant", $0] })
      #expect(refused.exitCode == .usage, "\(command[0])")
      #expect(
        refused.error.hasPrefix(
          "Error: 257 variants given; at most 256 run at once (every pair of them is compared)"),
        "\(refused.error)")
    }
  }

  @Test func aVariantsFileCountsWithTheVariantOptions() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let file = directory.appendingPathComponent("variants.json").path
    let quoted = Self.specs(256).map { "\"\($0)\"" }.joined(separator: ",")
    try Data(#"{"version": 1, "sets": {"all": [\#(quoted)]}}"#.utf8)
      .write(to: URL(fileURLWithPath: file))
    let accepted = run(["replay", input, "--variants-file", file, "--format", "csv"])
    #expect(accepted.exitCode == .success, "\(accepted.error)")
    let refused = run(
      ["analyze", input, "--variants-file", file, "--variant", "lyrics-swap:dismissalOffset=1"])
    #expect(refused.exitCode == .usage)
    #expect(refused.error.hasPrefix("Error: 257 variants given; at most 256"), "\(refused.error)")
  }

  @Test func sweepsAreCappedByCountAndByCells() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    func sweeps(_ texts: [String]) -> [String] { texts.flatMap { ["--sweep", $0] } }
    // 65 sweeps of one value each.
    let many = (0..<65).map { "lyrics-swap.dismissalOffset=\(60 + $0)...\(60 + $0):1" }
    let refused = run(["analyze", input, "--variant", "lyrics-swap"] + sweeps(many))
    #expect(refused.exitCode == .usage)
    #expect(
      refused.error.hasPrefix("Error: 65 sweeps given; at most 64 run at once"), "\(refused.error)")
    let accepted = run(
      ["analyze", input, "--variant", "lyrics-swap", "--format", "json"]
        + sweeps(Array(many.prefix(64))))
    #expect(accepted.exitCode == .success, "\(accepted.error)")
    // 10 sweeps of 1,000 values, one parameter (no grid): 10,000 cells;
    // one more value is refused.
    let thousands = (0..<10).map {
      "lyrics-swap.dismissalOffset=\($0 * 1000 + 1)...\($0 * 1000 + 1000):1"
    }
    let over = run(
      ["analyze", input, "--variant", "lyrics-swap"]
        + sweeps(thousands + ["lyrics-swap.dismissalOffset=1...1:1"]))
    #expect(over.exitCode == .usage)
    #expect(
      over.error.hasPrefix("Error: The sweeps make 10001 values and grid cells; at most 10000"),
      "\(over.error)")
  }

  @Test func gridCellsCountBeforeTheGridsAreMade() throws {
    let rows = try Sweep(parsing: "player-sheet:rule=hammer.hammerDistance=20...40:10")
    let columns = try Sweep(parsing: "player-sheet:rule=hammer.hammerVelocity=0.2...0.8:0.2")
    let other = try Sweep(parsing: "player-sheet:rule=hammer.hammerDistance=50...60:10")
    // 3 + 4 values, and their grid of 3 × 4 cells.
    #expect(AnalysisPlan.sweepCells(of: [rows, columns]) == 3 + 4 + 12)
    // A second sweep of the same parameter makes no grid with the first
    // but one with the columns.
    #expect(AnalysisPlan.sweepCells(of: [rows, columns, other]) == 3 + 4 + 2 + 12 + 8)
    let grids = try SweepGrid.grids(of: [rows, columns, other])
    let cells =
      [rows, columns, other].map(\.values.count).reduce(0, +)
      + grids.map(\.variants.count).reduce(0, +)
    #expect(cells == AnalysisPlan.sweepCells(of: [rows, columns, other]))
  }
}
