import Foundation
import Testing

@testable import GestureTraceCLI

/// Two outputs of one run are never one file (issue 29): `-o X
/// --sweeps-csv X` is refused with exit 73 before anything is written,
/// whether the two paths are the same name, a hard or symbolic link to
/// one file, or two spellings of one new file, and X keeps its bytes.
@Suite struct DistinctOutputsTests {
  static let lyrics = packageRoot.appendingPathComponent("traces/lyrics-swap.csv").path
  static let sweep = ["--sweep", "lyrics-swap.dismissalOffset=40...160:60"]

  /// The ways two paths in `directory` can name one file: X itself, a hard
  /// link and a symbolic link to an existing X, and a new file spelled two
  /// ways.
  static func pairs(in directory: URL) throws -> [(first: String, second: String)] {
    let existing = directory.appendingPathComponent("report.txt").path
    try "keep\n".write(toFile: existing, atomically: false, encoding: .utf8)
    let hard = directory.appendingPathComponent("hard.txt").path
    try FileManager.default.linkItem(atPath: existing, toPath: hard)
    let soft = directory.appendingPathComponent("soft.txt").path
    try FileManager.default.createSymbolicLink(atPath: soft, withDestinationPath: existing)
    let new = directory.appendingPathComponent("new.txt").path
    let spelled = directory.path + "/./new.txt"
    return [(existing, existing), (existing, hard), (existing, soft), (new, spelled)]
  }

  static func check(
    _ arguments: (String, String) -> [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (first, second) in try pairs(in: directory) {
      let result = run(arguments(first, second) + ["--force"])
      #expect(result.exitCode == .cannotCreate, "\(result.error)", sourceLocation: sourceLocation)
      #expect(
        result.error.contains("--output and --sweeps-csv name the same file"),
        "\(result.error)", sourceLocation: sourceLocation)
      // The existing file keeps its bytes; the new one is not made.
      let kept = try String(
        contentsOf: directory.appendingPathComponent("report.txt"), encoding: .utf8)
      #expect(kept == "keep\n", sourceLocation: sourceLocation)
      #expect(
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent("new.txt").path),
        sourceLocation: sourceLocation)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(
        names.sorted() == ["hard.txt", "report.txt", "soft.txt"], sourceLocation: sourceLocation)
    }
  }

  @Test func analyzeRefusesTwoOutputsThatAreOneFile() throws {
    try Self.check { first, second in
      ["analyze", Self.lyrics, "--variant", "lyrics-swap"] + Self.sweep
        + ["-o", first, "--sweeps-csv", second]
    }
  }

  @Test func mergeRefusesTwoOutputsThatAreOneFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let partial = directory.appendingPathComponent("lyrics.part").path
    let made = run(
      ["analyze", Self.lyrics, "--variant", "lyrics-swap"] + Self.sweep
        + ["--partial", "-o", partial])
    #expect(made.exitCode == .success, "\(made.error)")
    try Self.check { first, second in
      ["merge", partial, "-o", first, "--sweeps-csv", second]
    }
  }

  /// Two different files are still written, each whole.
  @Test func twoDifferentOutputsAreBothWritten() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report.txt").path
    let sweeps = directory.appendingPathComponent("sweeps.csv").path
    let result = run(
      ["analyze", Self.lyrics, "--variant", "lyrics-swap"] + Self.sweep
        + ["-o", report, "--sweeps-csv", sweeps])
    #expect(result.exitCode == .success, "\(result.error)")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let csv = try String(contentsOfFile: sweeps, encoding: .utf8)
    #expect(text.contains("SWEEP (lyrics-swap.dismissalOffset=40...160:60)"))
    // A header and one row per value (40, 100, 160).
    #expect(csv.split(separator: "\n").count == 4)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.sorted() == ["report.txt", "sweeps.csv"])
  }
}
