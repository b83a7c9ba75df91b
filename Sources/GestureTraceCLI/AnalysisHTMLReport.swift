import GestureTrace

/// An analysis as one self-contained HTML page.
// NB: interim version: the text report in a page; charts come next.
struct AnalysisHTMLReport {
  let analysis: Analysis
  let files: [String]

  func rendered() -> String {
    let text = AnalysisTextReport(analysis: analysis, files: files, markdown: false).rendered()
    var escaped = ""
    for character in text {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      default: escaped.append(character)
      }
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>GestureTrace analysis</title></head>
      <body><pre>\(escaped)</pre></body></html>

      """
  }
}
