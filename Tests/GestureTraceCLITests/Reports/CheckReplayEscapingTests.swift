import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// No control character from input (file names, ids) reaches the terminal
/// raw in check's and replay's text reports, nor breaks check's JUnit XML
/// or starts a line of replay's CSV timeline.
@Suite struct CheckReplayEscapingTests {
  /// A name with an escape sequence, a bell and a line break.
  static let hostile = "n\u{1B}[2J\u{07}\nx"
  /// It as the reports show it.
  static let escaped = "n\\u001b[2J\\u0007\\u000ax"

  /// Whether the text holds a control character other than a line feed.
  private func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
  }

  /// The first drag of the check corpus, with another id.
  private func drag(_ id: String) -> Trace {
    var decoder = CSVTraceDecoder()
    for item in decoder.decode(CheckCommandTests.corpus) {
      if case .trace(let trace, _) = item { return Trace(id: id, events: trace.events) }
    }
    return Trace(id: id)
  }

  /// A report of one changed decision and one `*` cell.
  private func report() throws -> CheckReport {
    let variant = try Variant(parsing: "lyrics-swap")
    let changed = CheckReport.CheckedTrace(
      id: Self.hostile, line: 2, expected: [.outcome(.complete)], now: [.cancel], reasons: [nil])
    let either = CheckReport.CheckedTrace(
      id: "b\u{1B}", line: 3, expected: [.any], now: [.cancel], reasons: [nil])
    return CheckReport(
      table: "t" + Self.hostile + ".csv", inputs: [], variants: [variant],
      traces: [changed, either], unlistedCount: 0)
  }

  @Test func checkTextEscapesTheTableAndIds() throws {
    let text = try report().text()
    #expect(!hasControls(text))
    #expect(text.contains("against t\(Self.escaped).csv; 1 accept"))
    #expect(text.contains("  \(Self.escaped) [1]: expected complete, now cancel\n"))
    // The line break in the names starts no line.
    #expect(!text.contains("\nx"))
  }

  @Test func checkJUnitIsWellFormedXMLWithoutControls() throws {
    let xml = try report().junit()
    #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    let parsed = try JUnitStructure(parsing: xml)
    #expect(parsed.problems.isEmpty)
    #expect(parsed.suites[0].cases.count == 2)
    #expect(parsed.suites[0].cases[0].failure?.text.contains("line 2 of tn[2J") == true)
  }

  @Test func replayOutcomeTextEscapesIds() throws {
    let variant = try Variant(parsing: "lyrics-swap")
    var report = ReplayOutcomeReport(variants: [variant], format: .text, fps: 120)
    var text = report.header()
    let trace = drag(Self.hostile)
    report.add(trace: trace.id, outcomes: [Replayer().outcome(of: trace, with: variant)], to: &text)
    text += report.footer()
    #expect(!hasControls(text))
    #expect(text.hasPrefix("trace"))
    #expect(text.contains(Self.escaped + "  "))
  }

  @Test func replayTimelineTextAndCSVEscapeTheId() throws {
    let variant = try Variant(parsing: "lyrics-swap")
    let trace = drag(Self.hostile)
    let timeline = Replayer().timeline(of: trace, with: variant)
    let report = ReplayTimelineReport(
      trace: trace, variants: [variant], timelines: [timeline], fps: 120)
    let text = report.rendered(.text)
    #expect(!hasControls(text))
    #expect(text.hasPrefix("Trace \(Self.escaped): 3 events"))
    let csv = report.rendered(.csv)
    #expect(!hasControls(csv))
    // Comment lines, then the header: no line of the summary is data.
    let lines = csv.split(separator: "\n")
    let header = try #require(lines.firstIndex { $0.hasPrefix("t,") })
    #expect(lines[..<header].allSatisfy { $0.hasPrefix("# ") })
  }

  @Test func checkOfATableNamedWithControlsPrintsThemEscaped() throws {
    let name = "t" + Self.hostile + ".csv"
    let (folder, table) = try checkFixture(table: Array(dragsTable.utf8), name: name)
    let result = run(["check", table])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!hasControls(result.output))
    #expect(result.output.contains("t\(Self.escaped).csv"))
    // And in its errors.
    try "trace,lyrics-swap\nzz,cancel\n".write(toFile: table, atomically: true, encoding: .utf8)
    let missing = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(missing.exitCode == .usage)
    #expect(!hasControls(missing.error))
  }

  @Test func replayWarningsEscapeTheInputsName() throws {
    let elsewhere = try temporaryDirectory()
    let input = elsewhere.appendingPathComponent("d" + Self.hostile + ".csv").path
    try CheckCommandTests.corpus.write(toFile: input, atomically: true, encoding: .utf8)
    let folder = try temporaryDirectory()
    let result = run([
      "replay", input, "--variant", "lyrics-swap", "--format", "csv", "-o",
      folder.appendingPathComponent("t.csv").path,
    ])
    #expect(result.exitCode == .success)
    #expect(!hasControls(result.error))
    #expect(result.error.contains("d\(Self.escaped).csv"))
  }

  @Test func replayMessagesQuoteLongIdsShort() throws {
    let id = String(repeating: "i", count: 10_000)
    let folder = try temporaryDirectory()
    let file = folder.appendingPathComponent("long.csv").path
    try "trace,t,phase,tx,ty\n\(id),0,began,0,0\n\(id),1,ended,0,90\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let missing = run(["replay", file, "--variant", "lyrics-swap", "--trace", "x"])
    #expect(missing.exitCode == .usage)
    #expect(missing.error.contains("such as '\(String(repeating: "i", count: 40))…'"))
    #expect(missing.error.utf8.count < 2_000)
    let long = run([
      "replay", file, "--variant", "lyrics-swap", "--trace", id, "--max-frames", "1",
    ])
    #expect(long.exitCode == .dataError)
    #expect(
      long.error.hasPrefix("Error: The timeline of trace '\(String(repeating: "i", count: 40))…'"))
    #expect(long.error.utf8.count < 1_000)
  }
}
