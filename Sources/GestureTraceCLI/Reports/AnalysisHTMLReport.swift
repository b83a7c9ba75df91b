import GestureTrace

/// An analysis as one self-contained HTML page: the text report's numbers
/// as tables, with inline SVG charts of outcome rates, sample translation
/// curves, the agreement between variants, feature histograms and sweeps.
// NB: the page refers to nothing outside itself (no fonts, scripts, styles
// or images from elsewhere; the only URL is the SVG namespace) and holds no
// date, so the same analysis always gives the same bytes.
struct AnalysisHTMLReport {
  let analysis: Analysis
  let files: [String]
  /// The traces read but left out: not in points, with no scale.
  var leftOut = 0
  /// The most rows of a trace list (disagreements, near thresholds).
  var listRows = 20

  func rendered() -> String {
    let curves = analysis.samples.map(SampleCurve.init)
    var page = Self.head
    page += "<h1>GestureTrace analysis</h1>\n" + header()
    page += sections(analysis.overall, id: "all", curves: curves)
    let key = analysis.plan.groupBy ?? ""
    for (index, summary) in analysis.groups.enumerated() {
      let members = curves.indices.filter { group(ofSample: $0) == summary.name }.map { curves[$0] }
      page += "<section id=\"group-\(index + 1)\">\n<h2>"
      page += escaped("Group \(key) = \(summary.name) (\(traces(summary.traceCount)))") + "</h2>\n"
      page += provenance(summary)
      page += sections(summary, id: "group-\(index + 1)", curves: members) + "</section>\n"
    }
    return page + "</body>\n</html>\n"
  }

  /// One section per transition, of the traces meant for it.
  private func sections(_ summary: AnalysisSummary, id: String, curves: [SampleCurve]) -> String {
    var text = ""
    for (index, section) in summary.sections.enumerated() {
      let mix = ProvenanceSentences.traceMix(section)
      let meant = curves.filter { curve in
        curve.trace.metadata.target.map { $0 == section.name } ?? true
      }
      text += self.section(
        section,
        title: "\(section.name) (\(traces(section.traceCount)) meant for it"
          + (mix.isEmpty ? "" : ": " + mix) + ")",
        id: "\(id)-transition-\(index + 1)", curves: meant)
    }
    return text
  }

  /// Where the labels come from and what accuracy on them measures.
  private func provenance(_ summary: AnalysisSummary) -> String {
    var text = ""
    for sentence in ProvenanceSentences(summary: summary).opening {
      text += "<p class=\"provenance\">\(escaped(sentence))</p>\n"
    }
    if let note = EvidenceSentences(summary: summary, specs: []).scopeNote {
      text += "<p class=\"note\">\(escaped(note))</p>\n"
    }
    return text
  }

  /// The group of sample `index`, from the analysis of the same trace.
  private func group(ofSample index: Int) -> String? {
    guard analysis.traces.indices.contains(index),
      analysis.traces[index].features.id == analysis.samples[index].id
    else { return nil }
    return analysis.traces[index].group
  }

  // MARK: - Page

  private static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>GestureTrace analysis</title>
    <style>
    body { font: 14px/1.45 system-ui, sans-serif; color: #222; background: #fff;
      margin: 0 auto; padding: 16px 24px 48px; max-width: 1280px; }
    h1 { font-size: 26px; margin: 8px 0 4px; }
    h2 { font-size: 21px; margin: 36px 0 4px; padding-top: 8px; border-top: 2px solid #ddd; }
    h3 { font-size: 16px; margin: 26px 0 6px; }
    code { font: 13px ui-monospace, monospace; background: #f3f3f3; padding: 0 3px; }
    table { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
    th, td { border-bottom: 1px solid #e2e2e2; padding: 3px 10px; text-align: left;
      vertical-align: top; }
    th { background: #f5f5f5; font-weight: 600; }
    td.n, th.n { text-align: right; white-space: nowrap; }
    .charts { display: flex; flex-wrap: wrap; gap: 12px; }
    svg { max-width: 100%; height: auto; }
    .note { color: #555; font-size: 13px; margin: 4px 0; }
    </style>
    </head>
    <body>

    """

  private func header() -> String {
    let plan = analysis.plan
    let count = analysis.overall.traceCount
    var text = "<p>\(count) trace\(count == 1 ? "" : "s") from \(files.count) file"
    text += (files.count == 1 ? "" : "s") + ": "
    text += files.map { "<code>\(escaped($0))</code>" }.joined(separator: ", ")
    text += (leftOut > 0 ? " (\(leftOut) left out: pixels with no scale)" : "") + "</p>\n"
    text += provenance(analysis.overall)
    text += "<p>Variants (numbered as in every chart and table):</p>\n<ol>\n"
    for variant in plan.variants { text += "<li><code>\(escaped(variant.spec))</code></li>\n" }
    text += "</ol>\n"
    text += "<p class=\"note\">Replayed at \(plan.replayer.framesPerSecond) frames per second; "
    text += "release velocities of traces without recorded ones estimated by "
    text += "<code>\(escaped(plan.replayer.estimator.name))</code>."
    if let key = plan.groupBy {
      text += " Grouped by <code>\(escaped(key))</code>: "
      text +=
        analysis.groups.enumerated().map { index, group in
          "<a href=\"#group-\(index + 1)\">\(escaped(group.name))</a>"
        }.joined(separator: ", ") + "."
    }
    return text + "</p>\n"
  }

  private func section(
    _ summary: AnalysisSummary, title: String, id: String, curves: [SampleCurve]
  ) -> String {
    var text = "<section id=\"\(id)\" data-transition=\"\(escaped(summary.name))\">\n"
    text += "<h2>\(escaped(title))</h2>\n"
    // NB: the evidence first: the per-transition accuracies are what the
    // report is read for.
    for scoring in summary.scoring {
      let sentences = EvidenceSentences(
        summary: summary.scored(by: scoring), specs: summary.variants.map(\.spec))
      for paragraph in sentences.paragraphs {
        text += "<p class=\"evidence\"><strong>"
        text += escaped(ProvenanceSentences.against(scoring.source)) + "</strong>: "
        text += escaped(paragraph.sentences.joined(separator: " ")) + "</p>\n"
      }
    }
    text += summary.scoring.map { intent(summary.scored(by: $0), source: $0.source) }.joined()
    text += decisionMaps(summary)
    text += outcomes(summary)
    text += translationCurves(curves, of: summary)
    if summary.variants.count > 1 {
      text += "<h3>Agreement</h3>\n<p class=\"note\">The share of traces two variants "
      text += "decided alike.</p>\n" + AnalysisHTMLCharts.agreement(summary)
    }
    text += disagreements(summary)
    text += nearThreshold(summary)
    text += stability(summary)
    text += sweeps(summary)
    text += features(summary)
    return text + "</section>\n"
  }

  // MARK: - Sections

  private func outcomes(_ summary: AnalysisSummary) -> String {
    var text = "<h3>Outcomes (\(traces(summary.traceCount)))</h3>\n"
    text += "<p class=\"note\">Bars: the share of traces with each outcome; whiskers: the 95 % "
    text += "Wilson interval.</p>\n"
    text += AnalysisHTMLCharts.outcomes(summary)
    var rows: [[String]] = []
    for (index, variant) in summary.variants.enumerated() {
      for (position, count) in variant.outcomes.enumerated() {
        let first = position == 0
        rows.append([
          first ? summary.label(index) : "", first ? variant.spec : "",
          AnalysisHTMLCharts.outcomeName(count.outcome), String(count.count),
          percent(count.rate),
          percent(count.interval.lower) + " – " + percent(count.interval.upper),
          first ? seconds(variant.medianDecisionTime) : "",
          first ? seconds(variant.medianSettleTime) : "",
        ])
      }
    }
    text += table(
      [
        "variant", "spec", "outcome", "traces", "rate", "95 % interval", "decided p50",
        "settled p50",
      ],
      rows, left: 3)
    let pages = summary.variants.contains { variant in
      variant.outcomes.contains { if case .page = $0.outcome { true } else { false } }
    }
    if pages {
      text += "<p class=\"note\">Pagers count each page they settled on (0 = first page).</p>\n"
    }
    return text
  }

  private func translationCurves(_ curves: [SampleCurve], of summary: AnalysisSummary) -> String {
    var text = "<h3>Translation over time (\(curves.count) sample traces)</h3>\n"
    guard !curves.isEmpty else { return text + "<p>No sample traces.</p>\n" }
    text += "<p class=\"note\">The first traces read (\(Analysis.sampleLimit)) and the first "
    text += "\(SampleSelection.perTarget) meant for each transition, one chart per variant "
    text += "showing the traces meant for its transition (or for none): each line is a trace's "
    text += "translation along its dominant axis, coloured by what the variant decided, with a "
    text += "dot at the decision. "
    text += "Dashed lines: the variant's thresholds that are distances (they compare magnitudes, "
    text += "so they are drawn on both signs).</p>\n<div class=\"charts\">\n"
    for number in summary.numbers {
      let variant = analysis.plan.variants[number - 1]
      text += TranslationCurveChart(
        index: number - 1, variant: variant, samples: curves, replayer: analysis.plan.replayer
      ).rendered()
    }
    return text + "</div>\n"
  }

  private func disagreements(_ summary: AnalysisSummary) -> String {
    guard summary.variants.count > 1 else { return "" }
    var text = "<h3>Disagreements (\(summary.disagreementCount) of \(summary.traceCount) "
    text += "traces)</h3>\n"
    guard !summary.disagreements.isEmpty else {
      return text + "<p>None: every variant decided alike.</p>\n"
    }
    let labels = summary.variants.indices.map { summary.label($0) }
    let rows = summary.disagreements.prefix(listRows).map { item in
      [item.trace] + item.outcomes.map(AnalysisHTMLCharts.outcomeName) + [item.reason]
    }
    text += table(["trace"] + labels + ["why"], rows, left: 1, trailingLeft: true)
    if summary.disagreementCount > listRows {
      text += "<p class=\"note\">… and \(summary.disagreementCount - listRows) more "
      text += "(all of them in <code>--format json</code> or <code>csv</code>).</p>\n"
    }
    return text
  }

  private func nearThreshold(_ summary: AnalysisSummary) -> String {
    guard summary.nearThresholdCount > 0 else { return "" }
    let band = Int(AnalysisSummary.nearBand * 100)
    let runs = summary.nearThresholdCount == 1 ? "1 run" : "\(summary.nearThresholdCount) runs"
    var text = "<h3>Near thresholds (\(runs) peaked within "
    text += "±\(band) % of one)</h3>\n"
    let rows = summary.nearThreshold.prefix(listRows).map { item in
      [
        item.trace, summary.label(item.variant), item.threshold, fixed(item.value, 1),
        fixed(item.peak, 2), AnalysisHTMLCharts.outcomeName(item.outcome),
      ]
    }
    text += table(["trace", "variant", "threshold", "value", "peak", "outcome"], rows, left: 3)
    if summary.nearThresholdCount > listRows {
      text += "<p class=\"note\">… and \(summary.nearThresholdCount - listRows) more.</p>\n"
    }
    return text
  }

  private func stability(_ summary: AnalysisSummary) -> String {
    guard let stability = summary.stability else { return "" }
    let tables = StabilityTables(
      stability: stability, percent: percent, listRows: listRows, numbers: summary.numbers)
    var text = "<h3>\(escaped(tables.title))</h3>\n"
    text += table(tables.sharesHeader, tables.sharesRows, left: 1)
    text += table(tables.perturbationHeader, tables.perturbationRows, left: 1)
    let rows = tables.fragile.map { tables.fragileRow($0.variant, $0.item) }
    if rows.isEmpty {
      text += "<p>No decision flips.</p>\n"
    } else {
      text += "<p>Most fragile (flipped by the most perturbations):</p>\n"
      text += table(tables.fragileHeader, rows, left: 4, trailingLeft: true)
    }
    return text + "<p class=\"note\">\(escaped(StabilityTables.note))</p>\n"
  }

  private func intent(_ summary: AnalysisSummary, source: LabelSource) -> String {
    guard summary.labelledCount > 0 else { return "" }
    var text = "<h3>Intent ("
    text += escaped(ProvenanceSentences.labelNoun(source, count: summary.labelledCount))
    text += " of \(summary.traceCount) traces)</h3>\n"
    text += "<p class=\"note\">Each variant is scored on the labelled traces meant for its "
    text += "transition (metadata <code>target</code>) and those that name none. Bars: "
    text += "accuracy with its 95 % Wilson interval; dashed line: the baseline of always "
    text += "answering the more common label. "
    text += "Each p is " + escaped(EvidenceTable.pNote)
    text += "</p>\n"
    let specs = summary.variants.map(\.spec)
    for evidence in summary.evidence {
      text += "<h4>\(escaped(ProvenanceSentences.against(source))): "
      text += "\(escaped(EvidenceTable.headline(evidence)))</h4>\n"
      text += AccuracyChart.rendered(evidence, specs: specs, label: summary.label)
      let reference = evidence.published ?? evidence.leader
      let stops = StopLabels(evidence, summary: summary)
      let rows = evidence.variants.compactMap { index -> [String]? in
        guard let score = evidence.scores[index], let accuracy = score.accuracy else { return nil }
        let interval = score.accuracyInterval
        return [
          summary.label(index) + (index == evidence.best ? " best" : ""), specs[index],
          String(score.total), percent(accuracy),
          percent(interval.lower) + " – " + percent(interval.upper),
          percent(score.balancedAccuracy), fixed((accuracy - evidence.baseline) * 100, 1),
          pNumber(evidence.adjustedBaselineP[index]),
          index == reference ? "" : pNumber(evidence.adjustedP(index, against: reference)),
        ]
          + (stops.names.isEmpty
            ? [
              String(score.truePositives), String(score.falseNegatives),
              String(score.falsePositives), String(score.trueNegatives),
            ] : stops.cells(score))
      }
      // NB: a two-row header keeps the confusion matrix narrow: meant (the
      // label) over did (the variant's outcome).
      let head =
        "<thead><tr><th rowspan=\"2\">variant</th><th rowspan=\"2\">spec</th>"
        + [
          "scored", "accuracy", "95 % interval", "balanced", "points above baseline",
          "p vs baseline", "p vs " + summary.label(reference),
        ].map { "<th class=\"n\" rowspan=\"2\">\($0)</th>" }.joined()
        + (stops.names.isEmpty
          ? "<th colspan=\"2\">meant complete</th><th colspan=\"2\">meant cancel</th></tr>\n<tr>"
            + String(
              repeating: "<th class=\"n\">did complete</th><th class=\"n\">did cancel</th>",
              count: 2)
          : "<th colspan=\"\(stops.names.count)\">meant (settled there / labelled)</th></tr>\n<tr>"
            + stops.names.map { "<th class=\"n\">\(escaped($0))</th>" }.joined())
        + "</tr></thead>\n"
      text += table([], rows, left: 2, head: head)
      if !stops.names.isEmpty { text += "<p class=\"note\">\(escaped(StopLabels.note))</p>\n" }
    }
    text += "<p class=\"note\">Balanced accuracy is the mean of the recalls of "
    text += "<code>complete</code> and <code>cancel</code>; p-values are exact two-sided "
    text += "McNemar tests on the same traces, Holm-adjusted per transition. A pager completes "
    text += "when it settles on another "
    text += "page than it started on.</p>\n"
    return text
  }

  private func sweeps(_ summary: AnalysisSummary) -> String {
    var text = ""
    for sweep in summary.sweeps {
      text += "<h3>Sweep <code>\(escaped(sweep.spec))</code></h3>\n"
      text += AnalysisHTMLCharts.sweep(sweep)
      for sentence in SweepSentences(sweep: sweep).sentences {
        text += "<p>\(escaped(sentence))</p>\n"
      }
      let rows = sweep.points.enumerated().map { index, point in
        var mark = ""
        if let verdict = sweep.verdict {
          if index == verdict.suggestion { mark = " (suggested)" }
          if index == verdict.best {
            mark = index == verdict.suggestion ? " (best, suggested)" : " (best)"
          }
        }
        return [
          point.value.reportText, percent(point.completionRate), percent(point.accuracy) + mark,
        ]
      }
      text += "<details><summary>Every value</summary>\n"
      let rate = AnalysisTextReport.rateName(sweep)
      text += table(
        [sweep.parameter, rate == "complete rate" ? "completion rate" : rate, "accuracy"], rows,
        left: 0)
      text += "</details>\n"
    }
    for grid in summary.grids {
      text += "<h3>Grid <code>\(escaped(grid.spec))</code></h3>\n"
      text += "<p class=\"note\">Accuracy per cell; outlined: the plateau (the suggested cell "
      text += "in red).</p>\n"
      text += GridHeatMap.rendered(grid)
      for sentence in GridSentences(grid: grid).sentences {
        text += "<p>\(escaped(sentence))</p>\n"
      }
    }
    return text
  }

  private func features(_ summary: AnalysisSummary) -> String {
    let shown = summary.features.filter { !$0.quantiles.isEmpty }
    guard !shown.isEmpty else { return "" }
    var text = "<h3>Features</h3>\n<div class=\"charts\">\n"
    for feature in shown { text += AnalysisHTMLCharts.histogram(feature) }
    text += "</div>\n"
    let rows = shown.map { feature in
      let name = feature.unit.isEmpty ? feature.name : "\(feature.name) (\(feature.unit))"
      let places = feature.name == "straightness" ? 3 : 1
      return [name] + feature.quantiles.map { fixed($0, places) }
    }
    return text + table(["feature", "p5", "p25", "p50", "p75", "p95"], rows, left: 1)
  }

  // MARK: - Formatting

  /// A table; the first `left` columns (and the last, with `trailingLeft`)
  /// are text, the others right-aligned numbers. Cells are escaped; `head`,
  /// when given, is the `<thead>` element to use instead of `header`.
  private func table(
    _ header: [String], _ rows: [[String]], left: Int, trailingLeft: Bool = false,
    head: String? = nil
  ) -> String {
    func cell(_ tag: String, _ column: Int, _ count: Int, _ text: String) -> String {
      let isText = column < left || (trailingLeft && column == count - 1)
      return "<\(tag)\(isText ? "" : " class=\"n\"")>\(escaped(text))</\(tag)>"
    }
    var text = "<table>\n"
    if let head {
      text += head
    } else {
      text += "<thead><tr>"
      text += header.enumerated().map { cell("th", $0, header.count, $1) }.joined()
      text += "</tr></thead>\n"
    }
    text += "<tbody>\n"
    for row in rows {
      text += "<tr>" + row.enumerated().map { cell("td", $0, row.count, $1) }.joined() + "</tr>\n"
    }
    return text + "</tbody>\n</table>\n"
  }

  private func escaped(_ text: String) -> String { HTMLText.escaped(text) }

  private func traces(_ count: Int) -> String { count == 1 ? "1 trace" : "\(count) traces" }
}
