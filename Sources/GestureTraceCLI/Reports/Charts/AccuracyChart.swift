import GestureTrace

/// One transition's variants against intent as inline SVG: a bar per
/// variant for its accuracy with the 95 % Wilson interval as an error bar,
/// and a dashed line at the baseline of always answering the more common
/// label.
enum AccuracyChart {
  static func rendered(
    _ evidence: TransitionEvidence, specs: [String],
    label: (Int) -> String = { "[\($0 + 1)]" }
  ) -> String {
    let rowHeight = 22.0
    let top = 26.0
    let height = top + Double(evidence.variants.count) * rowHeight + 40
    let (barLeft, barRight) = (310.0, 610.0)
    var canvas = SVGCanvas(
      width: 860, height: height,
      title: "\(evidence.transition): accuracy against intent with 95 % Wilson intervals "
        + "(\(evidence.scoredCount) labelled traces meant for it)")
    let scale = canvas.percentAxis("accuracy (%)", left: barLeft, right: barRight, top: top)
    let plotBottom = height - 30
    var rowTop = top
    for index in evidence.variants {
      guard let score = evidence.scores[index], let accuracy = score.accuracy else { continue }
      let middle = rowTop + rowHeight / 2
      let best = index == evidence.best ? " (best)" : ""
      canvas.text(
        label(index) + " " + shortened(specs[index], to: 40) + best, x: 4, y: middle + 4,
        bold: index == evidence.best)
      let interval = score.accuracyInterval
      let text =
        "\(score.correct)/\(score.total) = \(percent(accuracy)) % "
        + "[\(percent(interval.lower))–\(percent(interval.upper)) %]"
      canvas.rect(
        x: barLeft, y: rowTop + 4, width: scale(accuracy * 100) - barLeft, height: rowHeight - 8,
        fill: accuracy > evidence.baseline ? "#0072B2" : "#999999",
        tooltip: "\(label(index)) \(specs[index]): \(text)")
      let (low, high) = (scale(interval.lower * 100), scale(interval.upper * 100))
      canvas.line(x1: low, y1: middle, x2: high, y2: middle, stroke: "#111", width: 1.5)
      canvas.line(x1: low, y1: middle - 5, x2: low, y2: middle + 5, stroke: "#111", width: 1.5)
      canvas.line(x1: high, y1: middle - 5, x2: high, y2: middle + 5, stroke: "#111", width: 1.5)
      canvas.text(text, x: barRight + 10, y: middle + 4, size: 10.5)
      rowTop += rowHeight
    }
    let baseline = scale(evidence.baseline * 100)
    canvas.line(
      x1: baseline, y1: top - 6, x2: baseline, y2: plotBottom, stroke: "#D55E00", width: 2,
      dash: "5,3")
    canvas.text(
      "baseline: always '\(evidence.majority)' \(percent(evidence.baseline)) %",
      x: baseline, y: top - 10, anchor: .middle, size: 10.5)
    canvas.line(x1: barLeft, y1: top, x2: barLeft, y2: plotBottom, stroke: "#777")
    return canvas.rendered()
  }

  private static func percent(_ value: Double) -> String { AnalysisHTMLCharts.percent(value) }

  private static func shortened(_ text: String, to count: Int) -> String {
    AnalysisHTMLCharts.shortened(text, to: count)
  }
}
