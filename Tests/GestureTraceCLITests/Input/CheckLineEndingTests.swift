import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Tables are split on bytes, as the trace readers split them: LF or CR LF
/// ends a line, a UTF-8 byte-order mark before the first is skipped, a
/// carriage return alone is refused where it is, and columns count bytes.
@Suite struct CheckLineEndingTests {
  /// The drags table with every line feed written as `ending`, after
  /// `start`.
  private func dragsTable(ending: String, start: String = "") -> [UInt8] {
    Array(
      (start + GestureTraceCLITests.dragsTable.replacingOccurrences(of: "\n", with: ending)).utf8)
  }

  @Test(arguments: [
    ("LF", "\n", ""), ("CR LF", "\r\n", ""), ("BOM, LF", "\n", "\u{FEFF}"),
    ("BOM, CR LF", "\r\n", "\u{FEFF}"),
  ])
  func crlfAndAByteOrderMarkReadAsLineFeeds(_ label: String, _ ending: String, _ start: String)
    throws
  {
    let bytes = dragsTable(ending: ending, start: start)
    let (_, table) = try checkFixture(table: bytes)
    let result = run(["check", table, "--format", "json"])
    #expect(result.exitCode == .success, "\(label): \(result.error)")
    #expect(result.output.contains("\"traces\": 5") || result.output.contains("\"traces\":5"))
    let parsed = try ExpectedOutcomes(bytes: bytes, name: "t.csv")
    let plain = try ExpectedOutcomes(text: GestureTraceCLITests.dragsTable, name: "t.csv")
    #expect(parsed.preamble == plain.preamble)
    #expect(parsed.inputs == ["drags.csv"])
    #expect(parsed.rows.map(\.trace) == plain.rows.map(\.trace))
    #expect(parsed.rows.map(\.line) == plain.rows.map(\.line))
    #expect(parsed.rows.map(\.cells) == plain.rows.map(\.cells))
  }

  /// The same problem at the same line and column whatever the endings.
  @Test(arguments: [
    ("trace,lyrics-swap\na50,maybe\n", ":2:5: expected 'complete'"),
    ("trace,lyrics-swap\r\na50,maybe\r\n", ":2:5: expected 'complete'"),
    ("\u{FEFF}trace,lyrics-swap\r\na50,maybe\r\n", ":2:5: expected 'complete'"),
    ("\u{FEFF}tracks,lyrics-swap\r\n", ":1:1: expected the header"),
    ("\u{FEFF}trace,lyrics-swop\r\n", ":1:7: expected a variant spec, found 'lyrics-swop'"),
    ("trace,lyrics-swap\r\na50,cancel,cancel\r\n", ":2:12: expected 2 fields"),
    // Columns count bytes: 'é' is two.
    ("trace,lyrics-swap\né,maybe\n", ":2:4: expected 'complete'"),
    ("trace,lyrics-swap\n\"a\u{600}\",maybe\n", ":2:7: expected 'complete'"),
    // A carriage return alone is refused where it is.
    ("trace,lyrics-swap\ra50,cancel\r", ":1:18: expected a line feed after a carriage return"),
    ("trace,lyrics-swap\na50\r,cancel\n", ":2:4: expected a line feed after a carriage return"),
    ("# input: drags.csv\r\r\ntrace,lyrics-swap\n", ":1:19: expected a line feed after"),
  ])
  func problemsArePlacedInBytesWhateverTheLineEndings(_ text: String, _ message: String) throws {
    let (folder, table) = try checkFixture(table: Array(text.utf8))
    let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode == .dataError)
    #expect(result.error.hasPrefix("Error: \(table)\(message)"), "\(result.error)")
  }

  @Test func theEndOfTheFileIsPlacedAfterTheLastLine() {
    #expect(
      throws: ExpectedOutcomes.Problem.data(
        "t.csv:2:1: expected the header 'trace,<variant>,…' of 'replay --format csv', found the "
          + "end of the file")
    ) {
      try ExpectedOutcomes(text: "# input: a.csv\r\n", name: "t.csv")
    }
    #expect(
      throws: ExpectedOutcomes.Problem.data(
        "t.csv:1:1: expected the header 'trace,<variant>,…' of 'replay --format csv', found the "
          + "end of the file")
    ) {
      try ExpectedOutcomes(text: "\u{FEFF}", name: "t.csv")
    }
  }

  @Test func updateWritesLineFeeds() throws {
    let (_, table) = try checkFixture(table: dragsTable(ending: "\r\n", start: "\u{FEFF}"))
    let result = run(["check", table, "--update"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(try String(contentsOfFile: table, encoding: .utf8) == GestureTraceCLITests.dragsTable)
  }
}
