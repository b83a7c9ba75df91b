import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Ids that start with `#` (and others a CSV writer must quote) survive
/// every command that writes them: `convert` both ways (the copying fast
/// paths and the general path), `repair`, `record`, and the tables of
/// `replay --format csv`, which `check` reads and `check --update`
/// rewrites; `analyze --format csv` quotes them too. Before, a bare `#a`
/// row was read back as a comment: `convert` dropped the trace and `check`
/// never checked it.
@Suite struct HashIdCommandRoundTripTests {
  /// Ids a CSV writer must quote, and plain ones around them.
  static let ids = [
    "#a", "plain", "#", "##", "#\"q\"", "#,c", "a,b", "x\"y", "#日本", "#é", "a#", "#-1",
  ]

  /// A trace of three events with metadata.
  static func trace(_ id: String, _ index: Int) -> Trace {
    var metadata = TraceMetadata()
    metadata["intent"] = index % 2 == 0 ? "complete" : "cancel"
    return Trace(
      id: id,
      events: [
        PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0)),
        PanEvent(
          time: .milliseconds(16), phase: .changed,
          translation: Vector2D(x: 0, y: Double(40 + 5 * index))),
        PanEvent(
          time: .milliseconds(33), phase: .ended,
          translation: Vector2D(x: 0, y: Double(50 + 7 * index))),
      ],
      metadata: metadata)
  }

  /// The JSON Lines text of traces.
  static func jsonLines(_ traces: [Trace]) -> String {
    var text = ""
    for trace in traces { JSONLinesEncoder().encode(trace, into: &text) }
    return text
  }

  /// The ids of the traces in a trace file, and its problems.
  static func ids(in path: String) throws -> (ids: [String], problems: Int) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var csv = CSVTraceDecoder()
    var json = JSONLinesDecoder()
    let items = text.hasPrefix("{") ? json.decode(text) : csv.decode(text)
    var ids: [String] = []
    var problems = 0
    for item in items {
      switch item {
      case .trace(let trace, _): ids.append(trace.id)
      case .problem: problems += 1
      }
    }
    return (ids, problems)
  }

  @Test(arguments: [1, 2, 4])
  func convertKeepsEveryTraceBothWays(jobs: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    // Plain traces before and after: pieces the fast paths take, with the
    // quoted ones among them.
    let plain = (0..<200).map { Self.trace("p\($0)", $0) }
    let quoted = Self.ids.enumerated().map { Self.trace($0.element, $0.offset) }
    let traces = plain.prefix(100) + quoted + plain.suffix(100)
    let original = Self.jsonLines(Array(traces))
    try Data(original.utf8).write(to: URL(fileURLWithPath: path("in.jsonl")))
    let jobs = ["--jobs", "\(jobs)"]
    let toCSV = run(["convert", path("in.jsonl"), "--to", "csv", "-o", path("out.csv")] + jobs)
    #expect(toCSV.exitCode == .success, "\(toCSV.error)")
    let csv = try String(contentsOfFile: path("out.csv"), encoding: .utf8)
    #expect(csv.contains("\n\"#a\",0,began,0,0\n"))
    #expect(try Self.ids(in: path("out.csv")).ids == traces.map(\.id))
    let back = run(["convert", path("out.csv"), "--to", "jsonl", "-o", path("back.jsonl")] + jobs)
    #expect(back.exitCode == .success, "\(back.error)")
    #expect(try String(contentsOfFile: path("back.jsonl"), encoding: .utf8) == original)
    // CSV → CSV and repair keep them too.
    let again = run(["convert", path("out.csv"), "--to", "csv", "-o", path("again.csv")] + jobs)
    #expect(again.exitCode == .success, "\(again.error)")
    #expect(try String(contentsOfFile: path("again.csv"), encoding: .utf8) == csv)
    let repaired = run(["repair", path("in.jsonl"), "--to", "csv", "-o", path("repaired.csv")])
    #expect(repaired.exitCode == .success, "\(repaired.error)")
    #expect(try String(contentsOfFile: path("repaired.csv"), encoding: .utf8) == csv)
  }

  @Test func replayTablesListEveryTraceAndCheckChecksEveryRow() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let traces = Self.ids.enumerated().map { Self.trace($0.element, $0.offset) }
    try Data(Self.jsonLines(traces).utf8).write(to: URL(fileURLWithPath: path("in.jsonl")))
    let table = path("expected.csv")
    let made = run([
      "replay", path("in.jsonl"), "--variant", "lyrics-swap", "--format", "csv", "-o", table,
    ])
    #expect(made.exitCode == .success, "\(made.error)")
    let text = try String(contentsOfFile: table, encoding: .utf8)
    #expect(text.contains("\n\"#a\","))
    // check reads a row per trace: with every row's outcome flipped, every
    // trace is reported.
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
    #expect(rows.count == traces.count)
    let flipped = text.replacingOccurrences(of: ",complete\n", with: ",CANCEL\n")
      .replacingOccurrences(of: ",cancel\n", with: ",complete\n")
      .replacingOccurrences(of: ",CANCEL\n", with: ",cancel\n")
    try Data(flipped.utf8).write(to: URL(fileURLWithPath: table))
    let checked = run(["check", table, "--format", "json"])
    #expect(checked.exitCode == .failure, "\(checked.error)")
    let json = try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any]
    #expect(json?["decisions"] as? Int == traces.count)
    #expect(json?["traces"] as? Int == traces.count)
    #expect(json?["changed"] as? Int == traces.count, "\(checked.output)")
    #expect(json?["unlisted"] as? Int == 0)
    // --update writes the table replay wrote, every row kept.
    #expect(run(["check", table, "--update"]).exitCode == .success)
    #expect(try String(contentsOfFile: table, encoding: .utf8) == text)
  }

  @Test func analyzeCSVReportQuotesHashIDs() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.jsonl").path
    let traces = Self.ids.enumerated().map { Self.trace($0.element, $0.offset) }
    try Data(Self.jsonLines(traces).utf8).write(to: URL(fileURLWithPath: input))
    let result = run(["analyze", input, "--variant", "lyrics-swap", "--format", "csv"])
    #expect(result.exitCode == .success, "\(result.error)")
    let lines = result.output.split(separator: "\n")
    // A header and one row per trace, none of them a comment.
    #expect(lines.count == traces.count + 1)
    #expect(!lines.contains { $0.hasPrefix("#") })
    #expect(lines.contains { $0.hasPrefix("\"#a\",") })
  }
}
