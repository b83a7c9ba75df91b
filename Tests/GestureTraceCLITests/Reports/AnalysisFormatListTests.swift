import Testing

@testable import GestureTraceCLI

/// Walks ``AnalysisFormat/all``: every report format is accepted by
/// `analyze --format` and `merge --format`, listed in their help and in
/// the usage errors, and renders its own kind of report.
@Suite struct AnalysisFormatListTests {
  /// How each format's report of traces/lyrics-swap.csv begins.
  static let openings = [
    "text": "150 traces from 1 file: traces/lyrics-swap.csv\n",
    "markdown": "# GestureTrace analysis\n\n150 traces from 1 file: traces/lyrics-swap.csv",
    "json": "{\"version\":2,\n\"tool\":\"gesturetrace ",
    "csv": "trace,lyrics-swap,lyrics-swap:axis=both,intent,duration_ms,",
    "html": "<!DOCTYPE html>\n<html lang=\"en\">\n",
  ]

  @Test func namesAreTheHandWrittenOnesInOrder() {
    #expect(AnalysisFormat.all.map(\.name) == ["text", "markdown", "json", "csv", "html"])
    #expect(AnalyzeCommand.format.option.allowedValues == AnalysisFormat.all.map(\.name))
    #expect(MergeCommand.format.option.allowedValues == AnalysisFormat.all.map(\.name))
    #expect(Set(Self.openings.keys) == Set(AnalysisFormat.all.map(\.name)))
  }

  @Test(arguments: AnalysisFormat.all.map(\.name))
  func everyFormatIsAcceptedAndRendersItsReport(_ name: String) throws {
    let format = try #require(AnalysisFormat(rawValue: name))
    #expect(format.name == name)
    for command in ["analyze", "merge"] {
      let help = run([command, "--help"]).output.split(whereSeparator: \.isWhitespace)
      #expect(help.joined(separator: " ").contains("values: text, markdown, json, csv, html"))
    }
    let path = packageRoot.appendingPathComponent("traces/lyrics-swap.csv").path
    let result = run(["analyze", path, "--format", name])
    #expect(result.exitCode == .success, "\(result.error)")
    let opening = try #require(Self.openings[name])
    #expect(
      result.output.replacingOccurrences(of: path, with: "traces/lyrics-swap.csv")
        .hasPrefix(opening))
  }

  @Test func sweepsErrorNamesTheFormatsWithASummary() {
    let result = run(["analyze", "--format", "csv", "--sweeps-csv", "/nonexistent/s.csv"])
    #expect(result.exitCode == .usage)
    #expect(
      result.error.hasPrefix(
        "Error: --sweeps-csv needs a summary: use it with --format text, markdown, json or html\n"
          + "Help:  --sweeps-csv <file>  Also write every sweep value and grid cell as a CSV row.\n"
      ))
    #expect(AnalysisFormat.all.filter { !$0.hasSummary }.map(\.name) == ["csv"])
  }

  @Test func onlyTextMarkdownAndHTMLComputeDecisionMaps() {
    let drawing = AnalysisFormat.all.filter(\.drawsDecisionMaps).map(\.name)
    #expect(drawing == ["text", "markdown", "html"])
  }
}
