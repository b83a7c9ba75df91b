import GestureTrace

extension AnalysisFormat {
  /// Every report format, in the order of the `--format` values.
  static let all: [AnalysisFormat] = [.text, .markdown, .json, .csv, .html]

  /// Plain text for a terminal (``AnalysisTextReport``).
  static let text = AnalysisFormat(name: "text", drawsDecisionMaps: true) { analysis, files, left in
    AnalysisTextReport(analysis: analysis, files: files, markdown: false, leftOut: left).rendered()
  }

  /// The text report as Markdown.
  static let markdown = AnalysisFormat(name: "markdown", drawsDecisionMaps: true) {
    analysis, files, left in
    AnalysisTextReport(analysis: analysis, files: files, markdown: true, leftOut: left).rendered()
  }

  /// JSON (``AnalysisJSONReport``); it does not say how many were left out.
  static let json = AnalysisFormat(name: "json", drawsDecisionMaps: false) { analysis, files, _ in
    AnalysisJSONReport(analysis: analysis, files: files).rendered()
  }

  /// One CSV row per trace (``AnalysisCSVReport``), no summary.
  // NB: the command streams CSV rows as traces are analyzed; this renders
  // the rows of the traces an analysis keeps (its samples).
  static let csv = AnalysisFormat(name: "csv", hasSummary: false, drawsDecisionMaps: false) {
    analysis, _, _ in
    let report = AnalysisCSVReport(plan: analysis.plan)
    return report.header() + analysis.traces.map(report.row).joined()
  }

  /// A self-contained HTML page with charts (``AnalysisHTMLReport``).
  static let html = AnalysisFormat(name: "html", drawsDecisionMaps: true) { analysis, files, left in
    AnalysisHTMLReport(analysis: analysis, files: files, leftOut: left).rendered()
  }
}
