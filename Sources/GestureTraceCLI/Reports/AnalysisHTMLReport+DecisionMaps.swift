import GestureTrace

extension AnalysisHTMLReport {
  /// A decision map per transition (``DecisionMapChart``), with what it
  /// shows and, per variant, the traces it gets wrong nearest its boundary.
  func decisionMaps(_ summary: AnalysisSummary) -> String {
    guard !summary.decisionMaps.isEmpty else { return "" }
    let specs = analysis.plan.variants.map(\.spec)
    var text = "<h3>Decision maps</h3>\n"
    for map in summary.decisionMaps {
      let sentences = DecisionMapSentences(map: map, specs: specs)
      text += "<h4>\(HTMLText.escaped(map.transition))</h4>\n"
      text += "<p class=\"note\">\(HTMLText.escaped(sentences.caption))</p>\n"
      guard map.hasMap, map.traceCount > 0 else { continue }
      text += DecisionMapChart.rendered(map, specs: specs)
      let misses = sentences.misses
      if !misses.isEmpty {
        text += "<ul class=\"note\">\n"
        for line in misses { text += "<li>\(HTMLText.escaped(line))</li>\n" }
        text += "</ul>\n"
      }
    }
    return text
  }
}
