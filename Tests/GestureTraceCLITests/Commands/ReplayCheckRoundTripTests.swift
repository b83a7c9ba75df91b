import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `replay --format csv` writes tables `check` reads back, whatever the
/// ids: a Prepend character (U+0600) at the end, a combining mark at the
/// start, quotes, commas, `#` at the start, traces read from CRLF files.
@Suite struct ReplayCheckRoundTripTests {
  /// The five drags of `CheckCommandTests.corpus` with other ids.
  private func drags(_ ids: [String]) -> [Trace] {
    var decoder = CSVTraceDecoder()
    var traces: [Trace] = []
    for item in decoder.decode(CheckCommandTests.corpus) {
      if case .trace(let trace, _) = item { traces.append(trace) }
    }
    return ids.enumerated().map { index, id in
      Trace(id: id, events: traces[index % traces.count].events)
    }
  }

  /// The traces written as a JSON Lines file in a new folder; the path.
  private func written(_ traces: [Trace]) throws -> (URL, String) {
    let folder = try temporaryDirectory()
    let path = folder.appendingPathComponent("ids.jsonl").path
    let encoder = TraceFileFormat.jsonl.makeEncoder(columns: CSVColumns(fitting: traces))
    var text = encoder.fileHeader()
    for trace in traces { encoder.encode(trace, into: &text) }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  /// replay → table → check: every trace checked, as expected; the
  /// table's rows are the ids in order.
  private func expectRoundTrip(
    _ ids: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (folder, traces) = try written(drags(ids))
    let table = folder.appendingPathComponent("expected.csv").path
    let made = run(
      [
        "replay", traces, "--variant", "lyrics-swap", "--variant", "lyrics-swap:axis=both",
        "--format", "csv", "-o", table,
      ])
    #expect(made.exitCode == .success, "\(made.error)", sourceLocation: sourceLocation)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: table)))
    let parsed = try ExpectedOutcomes(bytes: bytes, name: table)
    #expect(parsed.rows.map(\.trace) == ids, sourceLocation: sourceLocation)
    let checked = run(["check", table, "--format", "json"])
    #expect(checked.exitCode == .success, "\(checked.error)", sourceLocation: sourceLocation)
    #expect(
      checked.output.contains("\"decisions\": \(ids.count * 2)")
        || checked.output.contains("\"decisions\":\(ids.count * 2)"),
      sourceLocation: sourceLocation)
    #expect(
      checked.output.contains("\"unlisted\": 0") || checked.output.contains("\"unlisted\":0"),
      sourceLocation: sourceLocation)
  }

  @Test func awkwardIdsRoundTrip() throws {
    try expectRoundTrip([
      "a\u{600}", "\u{301}b", "q\"uote", "com,ma", "#hash", "\u{600}", "#,\"\u{600}",
      "\u{301}\u{600}#", "x\u{600},", "\"", "##",
    ])
  }

  /// Ids drawn from the awkward characters, many at a time, seeded.
  @Test(arguments: 1...8)
  func generatedIdsRoundTrip(seed: UInt64) throws {
    let alphabet: [String] = ["a", "\u{600}", "\u{301}", "\"", ",", "#", "é", "*", "\u{FEFF}"]
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var ids: [String] = []
    while ids.count < 40 {
      let id = (0..<(1 + next() % 6)).map { _ in alphabet[next() % alphabet.count] }.joined()
      if Trace.isValidID(id), !ids.contains(id) { ids.append(id) }
    }
    try expectRoundTrip(ids)
  }

  @Test func tracesFromACRLFFileRoundTrip() throws {
    let folder = try temporaryDirectory()
    let traces = folder.appendingPathComponent("drags.csv").path
    try CheckCommandTests.corpus.replacingOccurrences(of: "\n", with: "\r\n")
      .write(toFile: traces, atomically: true, encoding: .utf8)
    let table = folder.appendingPathComponent("expected.csv").path
    let made = run(["replay", traces, "--variant", "lyrics-swap", "--format", "csv", "-o", table])
    #expect(made.exitCode == .success)
    #expect(try String(contentsOfFile: table, encoding: .utf8) == dragsTable)
    #expect(run(["check", table]).exitCode == .success)
    // And the table itself saved with CR LF endings.
    try dragsTable.replacingOccurrences(of: "\n", with: "\r\n")
      .write(toFile: table, atomically: true, encoding: .utf8)
    #expect(run(["check", table]).exitCode == .success)
  }

  @Test func rowsOfIdsStartingWithAHashAreQuoted() {
    #expect(ReplayOutcomeReport.csvRow("#a", ["complete"]) == "\"#a\",complete\n")
    #expect(ReplayOutcomeReport.csvRow("#\"a", ["cancel"]) == "\"#\"\"a\",cancel\n")
    #expect(ReplayOutcomeReport.csvRow("a#", ["cancel"]) == "a#,cancel\n")
  }
}
