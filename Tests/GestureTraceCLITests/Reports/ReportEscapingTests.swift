import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Text and Markdown reports escape every control character of a string
/// from input — file names, group names, trace ids — so an ESC sequence
/// or a line feed never reaches the terminal or starts a line (issue 29).
@Suite struct ReportEscapingTests {
  static let escape = "\u{1b}[31m"

  /// A drag up 100 pt, with `metadata`.
  static func drag(_ id: String, _ metadata: [String: String]) -> Trace {
    var trace = Trace(
      id: id,
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(time: .milliseconds(50), phase: .changed, translation: Vector2D(x: 0, y: -100)),
        PanEvent(time: .milliseconds(100), phase: .ended, translation: Vector2D(x: 0, y: -100)),
      ])
    for (key, value) in metadata { trace.metadata[key] = value }
    return trace
  }

  @Test(arguments: [false, true])
  func groupNamesAndFileNamesAreEscaped(markdown: Bool) throws {
    let plan = AnalysisPlan(
      variants: [try Variant(parsing: "lyrics-swap")], groupBy: "source")
    let traces = [Self.drag("a", ["source": "red\(Self.escape)x\nnext"])]
    let analysis = Analysis(traces: traces.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    let text = AnalysisTextReport(
      analysis: analysis, files: ["in\(Self.escape).csv"], markdown: markdown
    ).rendered()
    #expect(!text.contains("\u{1b}"))
    #expect(!text.contains("x\nnext"))
    // Text headings are in capitals: the escapes too (\U001B).
    #expect(text.lowercased().contains("u001b"))
    #expect(text.lowercased().contains("u000a"))
  }

  /// A trace file whose name holds an ESC sequence, in a directory
  /// analyzed whole: the report names it escaped.
  @Test func aFileNamedWithAnEscapeIsEscapedInTheReport() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "in\(Self.escape).csv"
    try "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.5,changed,0,90\ng1,1,ended,0,100\n".write(
      to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
    for format in ["text", "markdown"] {
      let result = run(["analyze", directory.path, "--format", format])
      #expect(result.exitCode == .success, "\(result.error)")
      #expect(!result.output.contains("\u{1b}"), "\(format)")
      #expect(result.output.contains("in\\u001b[31m.csv") || result.output.contains("u001b"))
    }
  }
}
