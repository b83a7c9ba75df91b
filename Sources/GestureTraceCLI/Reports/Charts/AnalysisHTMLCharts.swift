import GestureTrace

/// The charts of an analysis summary as inline SVG: outcome rates with
/// intervals, the agreement heat map, feature histograms and sweep curves.
enum AnalysisHTMLCharts {
  // MARK: - Outcome rates

  /// One bar per outcome of each variant, with its 95 % Wilson interval as
  /// an error bar and the count, rate and interval written beside it.
  static func outcomes(_ summary: AnalysisSummary) -> String {
    let rowHeight = 20.0
    let gap = 10.0
    let rows = summary.variants.reduce(0) { $0 + $1.outcomes.count }
    let top = 12.0
    let plotTop = top + 4
    let height =
      plotTop + Double(rows) * rowHeight + Double(max(summary.variants.count - 1, 0)) * gap + 40
    let (barLeft, barRight) = (310.0, 610.0)
    var canvas = SVGCanvas(
      width: 860, height: height,
      title: "Outcome rates per variant with 95 % Wilson intervals (\(summary.traceCount) traces)")
    let scale = canvas.percentAxis("rate (%)", left: barLeft, right: barRight, top: plotTop)
    let plotBottom = height - 30
    var rowTop = plotTop
    for (index, variant) in summary.variants.enumerated() {
      canvas.text(
        summary.label(index) + " " + shortened(variant.spec, to: 36), x: 4, y: rowTop + 14,
        bold: true)
      for count in variant.outcomes {
        let name = outcomeName(count.outcome)
        let colour = OutcomePalette.colour(of: count.outcome, stops: variant.stops)
        let middle = rowTop + rowHeight / 2
        canvas.text(name, x: barLeft - 6, y: middle + 4, anchor: .end)
        let rate = percent(count.rate)
        let interval = percent(count.interval.lower) + "–" + percent(count.interval.upper)
        canvas.rect(
          x: barLeft, y: rowTop + 4, width: scale(count.rate * 100) - barLeft,
          height: rowHeight - 8, fill: colour,
          tooltip: "\(summary.label(index)) \(variant.spec): \(name) \(count.count) of "
            + "\(summary.traceCount), \(rate) % (95 % interval \(interval) %)")
        let (low, high) = (scale(count.interval.lower * 100), scale(count.interval.upper * 100))
        canvas.line(x1: low, y1: middle, x2: high, y2: middle, stroke: "#111", width: 1.5)
        canvas.line(x1: low, y1: middle - 5, x2: low, y2: middle + 5, stroke: "#111", width: 1.5)
        canvas.line(x1: high, y1: middle - 5, x2: high, y2: middle + 5, stroke: "#111", width: 1.5)
        canvas.text(
          "\(count.count)/\(summary.traceCount) = \(rate) % [\(interval) %]",
          x: barRight + 10, y: middle + 4, size: 10.5)
        rowTop += rowHeight
      }
      rowTop += gap
    }
    canvas.line(x1: barLeft, y1: plotTop, x2: barLeft, y2: plotBottom, stroke: "#777")
    return canvas.rendered()
  }

  // MARK: - Agreement

  /// A variants × variants grid, each cell shaded by the share of traces
  /// the two variants decided alike, with the share printed.
  static func agreement(_ summary: AnalysisSummary) -> String {
    let count = summary.agreement.count
    let cell = count > 8 ? 44.0 : 64.0
    let (left, top) = (48.0, 40.0)
    let side = Double(count) * cell
    var canvas = SVGCanvas(
      width: left + side + 20, height: top + side + 20,
      title: "Agreement between variants: share of traces decided alike")
    canvas.text("variant", x: left + side / 2, y: 12, anchor: .middle, size: 10)
    for index in 0..<count {
      let label = summary.label(index)
      canvas.text(label, x: left + (Double(index) + 0.5) * cell, y: top - 8, anchor: .middle)
      canvas.text(label, x: left - 8, y: top + (Double(index) + 0.5) * cell + 4, anchor: .end)
    }
    for (row, values) in summary.agreement.enumerated() {
      for (column, value) in values.enumerated() {
        let (x, y) = (left + Double(column) * cell, top + Double(row) * cell)
        let a = summary.variants.indices.contains(row) ? summary.variants[row].spec : ""
        let b = summary.variants.indices.contains(column) ? summary.variants[column].spec : ""
        canvas.rect(
          x: x, y: y, width: cell - 2, height: cell - 2, fill: heat(value),
          tooltip:
            "\(summary.label(row)) \(a) and \(summary.label(column)) \(b): \(percent(value)) % alike"
        )
        canvas.text(
          percent(value) + " %", x: x + cell / 2 - 1, y: y + cell / 2 + 3, anchor: .middle,
          size: count > 8 ? 9 : 11, fill: value > 0.6 ? "#fff" : "#111")
      }
    }
    return canvas.rendered()
  }

  /// A blue from near white (0) to dark (1).
  static func heat(_ value: Double) -> String {
    let t = value.isFinite ? min(max(value, 0), 1) : 0
    let (from, to) = ((240.0, 246.0, 252.0), (8.0, 69.0, 148.0))
    func channel(_ a: Double, _ b: Double) -> Int { Int((a + (b - a) * t).rounded()) }
    return OutcomePalette.hex(
      channel(from.0, to.0), channel(from.1, to.1), channel(from.2, to.2))
  }

  // MARK: - Features

  /// A feature's histogram with its median marked.
  static func histogram(_ feature: FeatureSummary) -> String {
    let histogram = feature.histogram
    let unit = feature.unit.isEmpty ? "" : " (\(feature.unit))"
    let bins = histogram.counts.count
    let width =
      histogram.binWidth > 0 ? histogram.binWidth : max(0.5, histogram.lower.magnitude / 10)
    let low = histogram.binWidth > 0 ? histogram.lower : histogram.lower - width / 2
    // NB: the histogram's own edges, which stay finite for bins spanning
    // nearly the whole range of doubles (`low + width * n` overflows there).
    func edge(_ index: Int) -> Double {
      // NB: a single bin around one value next to the largest double
      // would reach past it; its edges saturate there.
      guard histogram.binWidth > 0 else { return (low + width * Double(index)).saturated }
      return index == 0 ? histogram.lower : histogram.upperEdge(index - 1)
    }
    let high = edge(max(bins, 1))
    let median = feature.quantiles.count == 5 ? feature.quantiles[2] : nil
    let places = feature.name == "straightness" ? 3 : 1
    var chart = SVGChart(
      title: "Histogram of \(feature.name)\(unit)"
        + (median.map { ", median \(fixed($0, places))" } ?? ""),
      width: 300, height: 190, x: (low, high), y: (0, Double(histogram.counts.max() ?? 1)),
      xTitle: feature.name + unit, yTitle: "traces",
      margins: .init(left: 44, right: 12, top: 24, bottom: 40), roundX: false)
    chart.canvas.text(feature.name + unit, x: 44, y: 14, bold: true)
    for (index, count) in histogram.counts.enumerated() where count > 0 {
      let (from, to) = (edge(index), edge(index + 1))
      chart.bar(
        from: from, to: to, height: Double(count), fill: "#56b4e9",
        tooltip: "\(fixed(from, places)) to \(fixed(to, places))\(unit): \(count)")
    }
    if let median {
      chart.verticalRule(at: median, label: "p50 " + fixed(median, places), stroke: "#b2182b")
    }
    return chart.rendered()
  }

  // MARK: - Sweeps

  /// Completion rate (and accuracy, with labels) against the swept value,
  /// with the best value marked.
  static func sweep(_ sweep: SweepSummary) -> String {
    let values = sweep.points.map(\.value)
    var chart = SVGChart(
      title: "Sweep \(sweep.spec): completion rate"
        + (sweep.best == nil ? "" : " and accuracy") + " by \(sweep.parameter)",
      width: 620, height: 280, x: (values.min() ?? 0, values.max() ?? 1), y: (0, 100),
      xTitle: sweep.parameter, yTitle: "rate (%)", roundX: false)
    let rate = sweep.points.map { (x: $0.value, y: $0.completionRate * 100) }
    let accuracy = sweep.points.compactMap { point in
      point.accuracy.map { (x: point.value, y: $0 * 100) }
    }
    var legend = [(label: "completion rate", colour: "#0072b2")]
    plateauBands(sweep, on: &chart)
    chart.polyline(rate, stroke: "#0072b2", width: 2)
    for point in rate {
      chart.dot(
        point, radius: 2.5, fill: "#0072b2",
        tooltip: "\(sweep.parameter) \(point.x.reportText): completion \(fixed(point.y, 1)) %")
    }
    if !accuracy.isEmpty {
      legend.append((label: "accuracy", colour: "#009e73"))
      chart.polyline(accuracy, stroke: "#009e73", width: 2)
      for point in accuracy {
        chart.dot(
          point, radius: 2.5, fill: "#009e73",
          tooltip: "\(sweep.parameter) \(point.x.reportText): accuracy \(fixed(point.y, 1)) %")
      }
    }
    if let suggested = sweep.suggested {
      chart.verticalRule(
        at: suggested, label: "suggested \(suggested.reportText)", stroke: "#b2182b")
    }
    chart.legend(legend)
    return chart.rendered()
  }

  /// The plateau's ranges as shaded bands, each reaching half a step
  /// beyond its ends (within the frame), with "flat" written when the data
  /// identify no value.
  private static func plateauBands(_ sweep: SweepSummary, on chart: inout SVGChart) {
    guard let verdict = sweep.verdict else { return }
    let values = sweep.points.map(\.value)
    let half = values.count > 1 ? (values[1] - values[0]) / 2 : 0
    let frame = chart.frame
    for range in sweep.plateauRanges {
      let left = max(frame.left, chart.x(range.low - half))
      let right = min(frame.right, chart.x(range.high + half))
      let label =
        range.low == range.high
        ? range.low.reportText : range.low.reportText + "–" + range.high.reportText
      chart.canvas.rect(
        x: left, y: frame.top, width: right - left, height: frame.bottom - frame.top,
        fill: "#fbe3b8", tooltip: "plateau \(label)")
    }
    if !verdict.isIdentified {
      chart.canvas.text(
        "flat: no value suggested", x: frame.left + 4, y: frame.top + 12, size: 10,
        fill: "#8a5a00")
    }
  }

  // MARK: - Text

  /// An outcome's name as reports write it.
  static func outcomeName(_ outcome: TransitionOutcome) -> String {
    if case .page(let page) = outcome { return "page \(page)" }
    return outcome.description
  }

  /// A fraction as a percentage with one decimal, without the sign.
  static func percent(_ fraction: Double) -> String { fixed(fraction * 100, 1) }

  /// `text`, cut to `limit` characters with an ellipsis.
  static func shortened(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}
