import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// A folder holding `CheckCommandTests.corpus` as `drags.csv`, and the path
/// of a table `name` in it holding `bytes`: (folder, table).
func checkFixture(
  table bytes: [UInt8], name: String = "expected.csv"
) throws -> (folder: URL, table: String) {
  let folder = try temporaryDirectory()
  try CheckCommandTests.corpus.write(
    to: folder.appendingPathComponent("drags.csv"), atomically: true, encoding: .utf8)
  let table = folder.appendingPathComponent(name).path
  try Data(bytes).write(to: URL(fileURLWithPath: table))
  return (folder, table)
}

/// The table of the five drags under lyrics-swap, as replay writes it.
let dragsTable = """
  # input: drags.csv
  trace,lyrics-swap
  a50,cancel
  b65,cancel
  c75,cancel
  d85,complete
  e100,complete

  """

/// `check` reads a bounded table: at most 16 MiB, lines of at most 1 MiB,
/// and its messages quote at most 40 characters of it, escaped.
@Suite struct CheckTableBoundsTests {
  @Test func aTableLargerThanTheLimitIsRefusedWithoutBeingParsed() throws {
    // A valid table, then lines of a comment that take it past 16 MiB.
    let comment = "# " + String(repeating: "a", count: 1_000) + "\n"
    let count = ExpectedOutcomes.maximumBytes / comment.utf8.count + 1
    let bytes = Array((dragsTable + String(repeating: comment, count: count)).utf8)
    let (_, table) = try checkFixture(table: bytes)
    let result = run(["check", table])
    #expect(result.exitCode == .dataError)
    #expect(
      result.error == "Error: \(table): expected a table of at most 16 MiB, found a larger one\n")
  }

  @Test func theEndlessDeviceAsTheTableStopsAtTheLimit() throws {
    let (folder, _) = try checkFixture(table: [])
    let result = run(["check", "/dev/zero", folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode == .dataError)
    #expect(result.error.contains("/dev/zero: expected a table of at most 16 MiB"))
  }

  @Test func aTableOnStandardInputIsBoundedToo() {
    let text = String(repeating: "#\n", count: ExpectedOutcomes.maximumBytes / 2 + 1)
    let result = run(["check", "-", "traces"], input: text)
    #expect(result.exitCode == .dataError)
    #expect(
      result.error == "Error: <stdin>: expected a table of at most 16 MiB, found a larger one\n")
  }

  @Test func aLineLongerThanTheLimitIsRefusedAtItsLine() throws {
    let row = "a50," + String(repeating: "x", count: ExpectedOutcomes.maximumLineLength) + "\n"
    let (_, table) = try checkFixture(table: Array(("trace,lyrics-swap\n" + row).utf8))
    let result = run(["check", table])
    #expect(result.exitCode == .dataError)
    #expect(
      result.error == "Error: \(table):2:1: expected a line of at most 1048576 bytes, found a "
        + "longer one\n")
  }

  /// Each problem quotes the first 40 characters of what it found and an
  /// ellipsis, with control characters escaped.
  @Test(arguments: [
    // A cell of 100,000 bytes.
    (
      "trace,lyrics-swap\na50," + String(repeating: "y", count: 100_000) + "\n",
      ":2:5: expected 'complete', 'cancel', a page number or '*', found '"
        + String(repeating: "y", count: 40) + "…'"
    ),
    // A header of 100,000 bytes.
    (
      String(repeating: "z", count: 100_000) + ",lyrics-swap\n",
      ":1:1: expected the header 'trace,<variant>,…' of 'replay --format csv', found '"
        + String(repeating: "z", count: 40) + "…'"
    ),
    // An id with an escape sequence and a vertical tab in a quoted field.
    (
      "trace,lyrics-swap\n\"a\u{1B}[31m\u{0B}b\",cancel\n",
      ":2:1: expected a trace id, found 'a\\u001b[31m\\u000bb'"
    ),
    // A variant spec of 100,000 bytes.
    (
      "trace," + String(repeating: "v", count: 100_000) + "\n",
      ":1:7: expected a variant spec, found '" + String(repeating: "v", count: 40) + "…'"
    ),
    // After a quoted field, a character that is not a comma: quoted whole.
    ("trace,lyrics-swap\n\"a\"é,cancel\n", ":2:4: expected ',' after a quoted field, found 'é'"),
  ])
  func messagesQuoteAShortEscapedPrefix(_ text: String, _ message: String) throws {
    let (folder, table) = try checkFixture(table: Array(text.utf8))
    let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode == .dataError)
    #expect(result.error.hasPrefix("Error: \(table)\(message)"), "\(result.error.prefix(300))")
    #expect(result.error.utf8.count < 1_000 + table.utf8.count)
    #expect(!result.error.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0B}" })
  }

  @Test func valuesFromTheTableAreQuotedShortInOtherMessages() throws {
    // A trace the inputs do not hold, with a long id: listed by a prefix.
    let id = String(repeating: "w", count: 10_000)
    let (folder, table) = try checkFixture(table: Array("trace,lyrics-swap\n\(id),cancel\n".utf8))
    let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode == .usage)
    #expect(result.error.contains("'" + String(repeating: "w", count: 40) + "…' (line 2)"))
    #expect(result.error.utf8.count < 2_000 + 2 * table.utf8.count)
    // An estimator that names none.
    let estimator = "# estimator: " + String(repeating: "e", count: 10_000) + "\u{1B}\n"
    let (_, other) = try checkFixture(table: Array((estimator + dragsTable).utf8))
    let refused = run(["check", other])
    #expect(refused.exitCode == .dataError)
    #expect(
      refused.error.contains("its 'estimator' metadata '\(String(repeating: "e", count: 40))…'"))
    #expect(refused.error.utf8.count < 1_000 + other.utf8.count)
  }

  @Test func invalidUTF8IsRefusedAtItsByte() throws {
    let bytes = Array("trace,lyrics-swap\na50,can".utf8) + [0xFF] + Array("cel\n".utf8)
    let (folder, table) = try checkFixture(table: bytes)
    let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode == .dataError)
    #expect(result.error == "Error: \(table):2:8: expected UTF-8 text, found byte 0xFF\n")
  }

  @Test func aValidTableReadsAsBefore() throws {
    let (_, table) = try checkFixture(table: Array(dragsTable.utf8))
    let parsed = try ExpectedOutcomes(text: dragsTable, name: "t.csv")
    #expect(parsed.inputs == ["drags.csv"])
    #expect(parsed.inputPositions.map(\.line) == [1])
    #expect(parsed.inputPositions.map(\.column) == [10])
    #expect(parsed.preamble == ["# input: drags.csv"])
    #expect(parsed.rows.map(\.trace) == ["a50", "b65", "c75", "d85", "e100"])
    #expect(parsed.rows.map(\.line) == [3, 4, 5, 6, 7])
    #expect(
      parsed.rows.map { $0.cells.map(\.text) } == [
        ["cancel"], ["cancel"], ["cancel"], ["complete"], ["complete"],
      ])
    let result = run(["check", table])
    #expect(result.exitCode == .success, "\(result.error)")
  }
}
