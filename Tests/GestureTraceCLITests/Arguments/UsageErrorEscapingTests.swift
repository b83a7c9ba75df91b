import Foundation
import Testing

@testable import GestureTraceCLI

/// A usage error quotes the command line's values with every control
/// character escaped, line feeds too: a value can neither drive the
/// terminal (ESC) nor start a line of its own: the error has as many
/// lines as for a plain value.
@Suite struct UsageErrorEscapingTests {
  /// A value with a line feed, ESC, a carriage return and a tab.
  static let hostile = "x\n\u{1B}[31mred\r\tend"
  static let escaped = "x\\u000a\\u001b[31mred\\u000d\\u0009end"

  /// Each command line that echoes `VALUE` in a usage error.
  static let commandLines: [[String]] = [
    ["replay", "IN", "--variant", "VALUE"],
    ["analyze", "IN", "--variant", "lyrics-swap", "--sweep", "VALUE"],
    ["analyze", "IN", "--variant", "lyrics-swap", "--sweep", "lyrics-swap.VALUE=1...2:1"],
    ["replay", "IN", "--variants-file", "VARIANTS", "--set", "VALUE"],
    ["replay", "IN", "--fps", "VALUE"],
    ["analyze", "IN", "--format", "VALUE"],
    ["convert", "IN", "--to", "VALUE"],
    ["export", "IN", "--start", "VALUE"],
    ["replay", "IN", "--VALUE"],
    ["info", "IN", "IN", "--bogus"],
    ["synth", "VALUE"],
    ["replay", "IN", "--variant", "lyrics-swap", "--trace", "g1", "--properties", "VALUE"],
  ]

  @Test(arguments: commandLines)
  func echoedValuesAreEscaped(commandLine: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let variants = directory.appendingPathComponent("variants.json").path
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: input))
    try Data(#"{"version": 1, "sets": {"a": ["lyrics-swap"]}}"#.utf8)
      .write(to: URL(fileURLWithPath: variants))
    func arguments(_ value: String) -> [String] {
      commandLine.map { word in
        word == "IN"
          ? input
          : word == "VARIANTS" ? variants : word.replacingOccurrences(of: "VALUE", with: value)
      }
    }
    let result = run(arguments(Self.hostile))
    #expect(result.exitCode == .usage, "\(result.error)")
    #expect(!result.error.contains("\u{1B}") && !result.error.contains("\r"))
    #expect(!result.error.contains("\t"))
    // As many lines as the same error for a plain value: the value starts
    // none of its own.
    let plain = run(arguments("nope"))
    #expect(plain.exitCode == .usage)
    let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
    let plainLines = plain.error.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == plainLines.count, "\(result.error)")
    #expect(lines.first?.hasPrefix("Error: ") == true, "\(result.error)")
    #expect(lines.filter { $0.hasPrefix("Error: ") }.count == 1)
    if !commandLine.contains("--bogus") {
      #expect(result.error.contains(Self.escaped), "\(result.error)")
    }
  }

  @Test func aVariantWithALineFeedStaysOnTheErrorLine() {
    let result = run(["replay", "-", "--variant", "lyrics-swap\nError: forged"])
    #expect(result.exitCode == .usage)
    #expect(
      result.error.hasPrefix("Error: Invalid variant 'lyrics-swap\\u000aError: forged': "),
      "\(result.error)")
    #expect(!result.error.contains("\nError: forged"))
  }
}
