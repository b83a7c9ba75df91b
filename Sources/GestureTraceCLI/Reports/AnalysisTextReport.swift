import GestureTrace

/// An analysis as aligned text tables (within 100 columns) or as Markdown.
struct AnalysisTextReport {
  let analysis: Analysis
  let files: [String]
  let markdown: Bool
  /// The traces read but left out: not in points, with no scale.
  var leftOut = 0
  /// The most rows of a trace list (disagreements, near thresholds).
  var listRows = 10

  func rendered() -> String {
    let plan = analysis.plan
    var text = markdown ? "# GestureTrace analysis\n\n" : ""
    let count = analysis.overall.traceCount
    text += fitted(
      "\(count) trace\(count == 1 ? "" : "s") from \(files.count) file"
        + (files.count == 1 ? "" : "s") + ": " + files.map(literal).joined(separator: ", ")
        + (leftOut > 0 ? " (\(leftOut) left out: pixels with no scale)" : ""), indent: 2)
    text += markdown ? "\n" : ""
    text += provenance(analysis.overall)
    text += sections(analysis.overall, level: 2)
    for group in analysis.groups {
      let title =
        "Group \(literal(plan.groupBy ?? "")) = \(literal(group.name)) "
        + "(\(counted(group.traceCount, "trace")))"
      text += heading(title, level: 2)
      text += provenance(group)
      text += sections(group, level: 3)
    }
    return text
  }

  /// Where the labels come from and what accuracy on them measures.
  private func provenance(_ summary: AnalysisSummary) -> String {
    var text = ""
    for sentence in ProvenanceSentences(summary: summary).opening {
      text += markdown ? sentence + "\n" : fitted(sentence, indent: 0)
    }
    if let note = EvidenceSentences(summary: summary, specs: []).scopeNote {
      text += markdown ? note + "\n" : fitted(note, indent: 0)
    }
    return text
  }

  /// One part per transition: its traces, its evidence per label source,
  /// its variants in a sentence each, then its tables.
  private func sections(_ summary: AnalysisSummary, level: Int) -> String {
    var text = ""
    for section in summary.sections {
      let mix = ProvenanceSentences.traceMix(section)
      text += heading(
        "\(literal(section.name)) (\(counted(section.traceCount, "trace")) meant for it"
          + (mix.isEmpty ? "" : ": " + mix) + ")", level: level)
      text += opening(section)
      text += "Variants, in a sentence each:\n" + (markdown ? "\n" : "")
      for (index, variant) in section.variants.enumerated() {
        text += fitted(
          (markdown ? "- " : "  ") + section.label(index) + " \(code(variant.spec))"
            + headline(section, index)
            + (stabilityTables(section).map { $0.headline(index) } ?? ""), indent: 6)
      }
      text += body(section, level: level + 1)
    }
    return text
  }

  private func body(_ summary: AnalysisSummary, level: Int) -> String {
    var text = outcomes(summary, level: level)
    if summary.variants.count > 1 { text += agreement(summary, level: level) }
    text += disagreements(summary, level: level)
    text += nearThreshold(summary, level: level)
    text += stability(summary, level: level)
    text += intent(summary, level: level)
    text += decisionMaps(summary, level: level)
    text += sweeps(summary, level: level)
    text += features(summary, level: level)
    return text
  }

  /// A line and its newline; in text, wrapped at 100 columns with the
  /// continuation lines indented (Markdown reflows lines itself).
  // NB: a long file list or variant spec would otherwise break the report's
  // 100-column promise.
  private func fitted(_ line: String, indent: Int) -> String {
    guard !markdown, line.count > 100 else { return line + "\n" }
    // NB: a number stays with its unit, an interval whole, and a p-value
    // with its sign.
    let glued = line.replacing(" %", with: "\u{00A0}%").replacing(" – ", with: "\u{00A0}–\u{00A0}")
      .replacing("p < ", with: "p\u{00A0}<\u{00A0}").replacing("p = ", with: "p\u{00A0}=\u{00A0}")
    let lead = glued.prefix { $0 == " " }
    let words = HelpText.wrapLines(String(glued.dropFirst(lead.count)), width: 100 - lead.count)
    let pad = String(repeating: " ", count: indent)
    let lines =
      [lead + words[0]]
      + HelpText.wrapLines(words.dropFirst().joined(separator: " "), width: 100 - indent)
      .map { pad + $0 }
    return lines.map { $0.replacing("\u{00A0}", with: " ") + "\n" }.joined()
  }

  /// ": completes 54.0 % (48.1–59.9 %); as meant for 52.4 % of labelled
  /// traces (best)".
  private func headline(_ summary: AnalysisSummary, _ index: Int) -> String {
    guard index < summary.variants.count else { return "" }
    let variant = summary.variants[index]
    var text: String
    if variant.bySource.count > 1 {
      let parts = variant.bySource.enumerated().map { position, part in
        let rate = Self.rateText(outcomes: part.outcomes, stops: variant.stops, percent: percent)
        return (position == 0 ? rate : String(rate.drop { $0 != " " }.dropFirst()))
          + " of the \(part.total) \(ProvenanceSentences.traceNoun(part.source)) traces"
      }
      text = ": " + ProvenanceSentences.listed(parts)
    } else if let complete = variant.outcomes.first(where: { $0.outcome == .complete }) {
      text =
        ": completes " + percent(complete.rate) + " (" + percent(complete.interval.lower)
        + " – " + percent(complete.interval.upper) + ")"
    } else if !variant.stops.isEmpty {
      // NB: the first of the most decided stops in track order.
      let top = variant.outcomes.reduce(nil as OutcomeCount?) { best, next in
        next.count > (best?.count ?? -1) ? next : best
      }
      text = top.map { ": settles on \($0.outcome) most (" + percent($0.rate) + ")" } ?? ""
    } else {
      let top = variant.outcomes.max { $0.count < $1.count }
      text = top.map { ": settles on page \($0.outcome) most (" + percent($0.rate) + ")" } ?? ""
    }
    for scoring in summary.scoring where index < scoring.intent.count {
      let score = scoring.intent[index]
      let noun = ProvenanceSentences.shortLabelNoun(scoring.source)
      if let accuracy = score.accuracy {
        let interval = score.accuracyInterval
        text +=
          "; agrees with " + percent(accuracy) + " (" + percent(interval.lower) + " – "
          + percent(interval.upper) + ") of " + "\(score.total) " + noun(score.total)
          + " (" + EvidenceSentences.mix(score.labelMix) + "; baseline " + percent(score.baseline)
          + ")"
      }
    }
    if summary.scoring.isEmpty, summary.labelledCount == 0 {
      text += "; no labelled trace meant for it"
    }
    return text
  }

  /// "completes 54.0 % (48.1 % – 59.9 %)", or the stop or page decided
  /// most.
  static func rateText(
    outcomes: [OutcomeCount], stops: [String], percent: (Double?) -> String
  ) -> String {
    if let complete = outcomes.first(where: { $0.outcome == .complete }) {
      return "completes " + percent(complete.rate) + " (" + percent(complete.interval.lower)
        + " – " + percent(complete.interval.upper) + ")"
    }
    let top = outcomes.reduce(nil as OutcomeCount?) { best, next in
      next.count > (best?.count ?? -1) ? next : best
    }
    guard let top else { return "" }
    let name = stops.isEmpty ? "page \(top.outcome)" : top.outcome.description
    return "settles on \(name) most (" + percent(top.rate) + ")"
  }

  /// A transition's scored traces, baseline and verdict, per label
  /// source.
  private func opening(_ section: AnalysisSummary) -> String {
    var text = ""
    for scoring in section.scoring {
      let sentences = EvidenceSentences(
        summary: section.scored(by: scoring), specs: section.variants.map(\.spec), code: code)
      for paragraph in sentences.paragraphs {
        let title = ProvenanceSentences.against(scoring.source)
        if markdown {
          text += "- **\(title)**: " + paragraph.sentences.joined(separator: " ") + "\n"
        } else {
          for (position, sentence) in paragraph.sentences.enumerated() {
            text += fitted(
              position == 0 ? "  " + title + ": " + sentence : "    " + sentence, indent: 4)
          }
        }
      }
    }
    return text + (markdown && !text.isEmpty ? "\n" : "")
  }

  // MARK: - Sections

  private func outcomes(_ summary: AnalysisSummary, level: Int) -> String {
    // NB: traces from more than one source are counted apart, never pooled.
    let split = summary.variants.contains { $0.bySource.count > 1 }
    var rows = [
      ["variant"] + (split ? ["traces from"] : [])
        + ["outcome", "traces", "rate", "95 % interval", "decided p50", "settled p50"]
    ]
    for (index, variant) in summary.variants.enumerated() {
      let parts: [(source: String, outcomes: [OutcomeCount])] =
        split
        ? variant.bySource.map { (ProvenanceSentences.traceNoun($0.source), $0.outcomes) }
        : [("", variant.outcomes)]
      for (part, piece) in parts.enumerated() {
        for (position, count) in piece.outcomes.enumerated() {
          let first = part == 0 && position == 0
          rows.append(
            [first ? summary.label(index) : ""] + (split ? [position == 0 ? piece.source : ""] : [])
              + [
                outcomeLabel(count.outcome),
                String(count.count), percent(count.rate),
                percent(count.interval.lower) + " – " + percent(count.interval.upper),
                first ? seconds(variant.medianDecisionTime) : "",
                first ? seconds(variant.medianSettleTime) : "",
              ])
        }
      }
    }
    let pages = summary.variants.contains {
      $0.outcomes.contains { if case .page = $0.outcome { true } else { false } }
    }
    var note = pages ? "Pagers count each page they settled on (0 = first page).\n" : ""
    if summary.variants.contains(where: { !$0.stops.isEmpty }) {
      note += "Views between more than two stops count each stop they settled on, in track order.\n"
    }
    return heading("Outcomes (\(counted(summary.traceCount, "trace")))", level: level)
      + table(rows, left: split ? 3 : 2)
      + note
  }

  private func agreement(_ summary: AnalysisSummary, level: Int) -> String {
    let labels = summary.variants.indices.map { summary.label($0) }
    var rows = [[""] + labels]
    for (index, row) in summary.agreement.enumerated() {
      rows.append([labels[index]] + row.map { percent($0) })
    }
    return heading("Agreement (share of traces two variants decided alike)", level: level)
      + table(rows, left: 1)
  }

  private func disagreements(_ summary: AnalysisSummary, level: Int) -> String {
    guard summary.variants.count > 1 else { return "" }
    var text = heading(
      "Disagreements (\(summary.disagreementCount) of \(counted(summary.traceCount, "trace")))",
      level: level)
    guard !summary.disagreements.isEmpty else {
      return text + "None: every variant decided alike.\n"
    }
    let shown = summary.disagreements.prefix(listRows)
    if markdown {
      var rows = [["trace"] + summary.variants.indices.map { summary.label($0) } + ["why"]]
      for item in shown {
        rows.append([literal(item.trace)] + item.outcomes.map(\.description) + [item.reason])
      }
      text += table(rows, left: rows[0].count)
    } else {
      // NB: the reason goes on its own line so rows stay within 100 columns;
      // with many variants, outcomes are abbreviated to c, x and page numbers.
      let traceWidth = shown.map(\.trace.count).max() ?? 0
      let compact = traceWidth + 2 + summary.variants.count * 10 > 98
      var rows = [["trace"] + summary.variants.indices.map { summary.label($0) }]
      for item in shown {
        rows.append(
          [literal(item.trace)] + item.outcomes.map { compact ? abbreviated($0) : $0.description })
      }
      let lines = TextTable(rows: rows, leftAligned: rows[0].count).rendered(indent: 2)
        .split(separator: "\n")
      if compact {
        // NB: stop names are written out; said only when a variant has stops.
        let stops = summary.variants.contains { !$0.stops.isEmpty } ? ", a name = the stop" : ""
        text += "  c = complete, x = cancel, a number = the page settled on\(stops)\n"
      }
      text += lines[0] + "\n"
      for (line, item) in zip(lines.dropFirst(), shown) {
        text += line + "\n      " + item.reason + "\n"
      }
    }
    if summary.disagreementCount > listRows {
      text +=
        "… and \(summary.disagreementCount - listRows) more (all of them in --format json or csv).\n"
    }
    return text
  }

  private func nearThreshold(_ summary: AnalysisSummary, level: Int) -> String {
    guard summary.nearThresholdCount > 0 else { return "" }
    let band = Int(AnalysisSummary.nearBand * 100)
    var text = heading(
      "Near thresholds (\(counted(summary.nearThresholdCount, "run")) peaked within ±\(band) % of one)",
      level: level)
    var rows = [["trace", "variant", "threshold", "value", "peak", "outcome"]]
    for item in summary.nearThreshold.prefix(listRows) {
      rows.append([
        literal(item.trace), summary.label(item.variant), literal(item.threshold),
        fixed(item.value, 1),
        fixed(item.peak, 2), item.outcome.description,
      ])
    }
    text += table(rows, left: 3)
    if summary.nearThresholdCount > listRows {
      text += "… and \(summary.nearThresholdCount - listRows) more.\n"
    }
    return text
  }

  private func stabilityTables(_ summary: AnalysisSummary) -> StabilityTables? {
    summary.stability.map {
      StabilityTables(
        stability: $0, percent: percent, listRows: listRows, numbers: summary.numbers)
    }
  }

  private func stability(_ summary: AnalysisSummary, level: Int) -> String {
    guard let tables = stabilityTables(summary) else { return "" }
    var text = heading(tables.title, level: level)
    text += table([tables.sharesHeader] + tables.sharesRows, left: 1)
    text += table([tables.perturbationHeader] + tables.perturbationRows, left: 1)
    let fragile = tables.fragile
    if fragile.isEmpty {
      text += "No decision flips.\n"
    } else {
      text += (markdown ? "" : "  ") + "Most fragile (flipped by the most perturbations):\n"
      text += markdown ? "\n" : ""
      // NB: the id and the threshold's name come from input.
      let rows = fragile.map { fragile in
        tables.fragileRow(fragile.variant, fragile.item).enumerated().map { column, cell in
          column == 0 || column == 3 ? literal(cell) : cell
        }
      }
      if markdown {
        text += table([tables.fragileHeader] + rows, left: 4)
      } else {
        // NB: the perturbations go on their own line, as a disagreement's
        // reason does, so rows stay within 100 columns.
        let lines = TextTable(
          rows: [Array(tables.fragileHeader.dropLast())] + rows.map { Array($0.dropLast()) },
          leftAligned: 4
        ).rendered(indent: 2).split(separator: "\n")
        text += lines[0] + "\n"
        for (line, row) in zip(lines.dropFirst(), rows) {
          text += line + "\n" + fitted("      flipped by " + row[row.count - 1], indent: 6)
        }
      }
    }
    let note = StabilityTables.note
    text +=
      markdown
      ? "\n" + note + "\n" : HelpText.wrapLines(note, width: 100).map { $0 + "\n" }.joined()
    return text
  }

  private func intent(_ summary: AnalysisSummary, level: Int) -> String {
    summary.scoring.map { intent(summary.scored(by: $0), source: $0.source, level: level) }
      .joined()
  }

  private func intent(_ summary: AnalysisSummary, source: LabelSource, level: Int) -> String {
    guard summary.labelledCount > 0 else { return "" }
    var text = heading(
      "Intent (\(ProvenanceSentences.labelNoun(source, count: summary.labelledCount)) of "
        + "\(counted(summary.traceCount, "trace")))", level: level)
    for evidence in summary.evidence {
      text +=
        fitted(
          (markdown ? "\n**" : "") + ProvenanceSentences.against(source) + (markdown ? "**" : "")
            + ": " + EvidenceTable.headline(evidence), indent: 2) + (markdown ? "\n" : "")
      let reference = evidence.published ?? evidence.leader
      let compared = evidence.variants.count > 1
      let stops = StopLabels(evidence, summary: summary)
      var rows = [
        ["variant", "accuracy", "95 % interval", "balanced", "vs baseline", "p"]
          + (compared ? ["p vs " + summary.label(reference)] : [])
          + (stops.names.isEmpty ? ["c→c", "c→x", "x→c", "x→x"] : stops.names)
      ]
      for index in evidence.variants {
        guard let score = evidence.scores[index], let accuracy = score.accuracy else { continue }
        let interval = score.accuracyInterval
        let difference = (accuracy - evidence.baseline) * 100
        rows.append(
          [
            summary.label(index) + (index == evidence.best ? " best" : ""), percent(accuracy),
            percent(interval.lower) + " – " + percent(interval.upper),
            percent(score.balancedAccuracy),
            (difference > 0 ? "+" : "") + fixed(difference, 1),
            pNumber(evidence.adjustedBaselineP[index]),
          ]
            + (compared
              ? [index == reference ? "" : pNumber(evidence.adjustedP(index, against: reference))]
              : [])
            + (stops.names.isEmpty
              ? [
                String(score.truePositives), String(score.falseNegatives),
                String(score.falsePositives), String(score.trueNegatives),
              ] : stops.cells(score)))
      }
      text += table(rows, left: 1)
      if !stops.names.isEmpty {
        text += markdown ? StopLabels.note + "\n\n" : fitted("  " + StopLabels.note, indent: 2)
      }
    }
    // NB: stop labels have their own note under each table.
    let onlyStops =
      !summary.evidence.isEmpty
      && summary.evidence.allSatisfy { evidence in
        evidence.variants.first.flatMap { evidence.scores[$0] }?.isMultiStop == true
      }
    let note =
      onlyStops
      ? "Accuracy: decided as labelled; balanced: the mean of the recalls of the stop labels; "
        + "vs baseline: points above always answering the most common label; p: "
        + EvidenceTable.pNote
      : "Accuracy: decided as labelled; balanced: the mean of the recalls of complete and "
        + "cancel; vs baseline: points above always answering the more common label; p: "
        + EvidenceTable.pNote + " c = complete, x = cancel (meant→did)."
    text += markdown ? note + "\n" : HelpText.wrapLines(note, width: 100).map { $0 + "\n" }.joined()
    return text
  }

  private func sweeps(_ summary: AnalysisSummary, level: Int) -> String {
    var text = ""
    for sweep in summary.sweeps {
      text += heading("Sweep (\(code(sweep.spec)))", level: level)
      var rows = [[sweep.parameter, "", Self.rateName(sweep), "accuracy", "95 % interval"]]
      for (index, point) in sweep.points.enumerated() {
        let interval = point.score.accuracyInterval
        var marks: [String] = []
        if let verdict = sweep.verdict {
          if index == verdict.best { marks.append("best") }
          if index == verdict.suggestion { marks.append("suggested") }
          if verdict.plateau.contains(index) && marks.isEmpty { marks.append("plateau") }
        }
        rows.append([
          point.value.reportText, marks.joined(separator: ", "), percent(point.completionRate),
          percent(point.accuracy),
          point.score.total > 0 ? percent(interval.lower) + " – " + percent(interval.upper) : "–",
        ])
      }
      text += table(rows, left: 2)
      for sentence in SweepSentences(sweep: sweep).sentences {
        text += markdown ? sentence + "\n" : fitted(sentence, indent: 2)
      }
    }
    for grid in summary.grids {
      text += heading(
        "Grid (\(grid.rowValues.count) × \(grid.columnValues.count) cells)", level: level)
      text += fitted("Rows: " + code(grid.specs.rows), indent: 2)
      text += fitted("Columns: " + code(grid.specs.columns), indent: 2) + (markdown ? "\n" : "")
      // Rows: the first parameter's values; columns: the second's.
      var rows = [
        ["\(grid.parameters.rows) \\ \(grid.parameters.columns)"]
          + grid.columnValues.map(\.reportText)
      ]
      for (row, value) in grid.rowValues.enumerated() {
        var line = [value.reportText]
        for column in grid.columnValues.indices {
          let cell = row * grid.columnValues.count + column
          var mark = ""
          if let verdict = grid.verdict {
            if cell == verdict.suggestion {
              mark = "+"
            } else if cell == verdict.best {
              mark = "*"
            } else if verdict.plateau.contains(cell) {
              mark = "~"
            }
          }
          line.append(percent(grid.cells[cell].accuracy) + mark)
        }
        rows.append(line)
      }
      text += table(rows, left: 1)
      text += "Accuracy per cell; * best, + suggested, ~ plateau.\n"
      for sentence in GridSentences(grid: grid).sentences {
        text += markdown ? sentence + "\n" : fitted(sentence, indent: 2)
      }
    }
    return text
  }

  /// Per transition with labelled traces, the traces each variant gets
  /// wrong nearest its decision boundary (the HTML report draws the maps).
  private func decisionMaps(_ summary: AnalysisSummary, level: Int) -> String {
    let maps = summary.decisionMaps.filter { map in map.points.contains { $0.label != nil } }
    guard !maps.isEmpty else { return "" }
    var text = heading("Wrong nearest the boundary (decision maps)", level: level)
    let specs = analysis.plan.variants.map(\.spec)
    for map in maps {
      let sentences = DecisionMapSentences(map: map, specs: specs, literal: literal)
      text += fitted((markdown ? "" : "  ") + sentences.caption, indent: 2) + (markdown ? "\n" : "")
      for line in sentences.misses { text += fitted((markdown ? "- " : "    ") + line, indent: 6) }
      text += markdown ? "\n" : ""
    }
    return text
  }

  private func features(_ summary: AnalysisSummary, level: Int) -> String {
    var rows = [["feature", "p5", "p25", "p50", "p75", "p95"]]
    for feature in summary.features where !feature.quantiles.isEmpty {
      let name = feature.unit.isEmpty ? feature.name : "\(feature.name) (\(feature.unit))"
      let places = feature.name == "straightness" ? 3 : 1
      rows.append([name] + feature.quantiles.map { fixed($0, places) })
    }
    return heading("Features", level: level) + table(rows, left: 1)
  }

  // MARK: - Formatting

  private func heading(_ title: String, level: Int) -> String {
    if markdown { return "\n" + String(repeating: "#", count: level) + " " + title + "\n\n" }
    // Text headings: the words before any parenthesis in capitals.
    let cut = title.firstIndex(of: "(") ?? title.endIndex
    return "\n" + title[..<cut].uppercased() + title[cut...] + "\n"
  }

  private func table(_ rows: [[String]], left: Int) -> String {
    if markdown {
      var text = "| " + rows[0].map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |\n"
      text += "|" + rows[0].indices.map { $0 < left ? " --- |" : " ---: |" }.joined() + "\n"
      for row in rows.dropFirst() {
        text +=
          "| " + row.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |\n"
      }
      return text + "\n"
    }
    return TextTable(rows: rows, leftAligned: left).rendered(indent: 2, width: 100)
  }

  /// What a sweep's rate counts: `complete rate`, or for a view between
  /// more than two stops, how often it leaves its start stop.
  static func rateName(_ sweep: SweepSummary) -> String {
    sweep.startStop.map { "leaves \($0) rate" } ?? "complete rate"
  }

  /// `c`, `x` or the page number.
  private func abbreviated(_ outcome: TransitionOutcome) -> String {
    switch outcome {
    case .complete: return "c"
    case .cancel: return "x"
    case .page(let index): return String(index)
    case .stop(let name): return name.description
    }
  }

  /// `complete`, `cancel` or `page N`.
  private func outcomeLabel(_ outcome: TransitionOutcome) -> String {
    if case .page(let index) = outcome { return "page \(index)" }
    return outcome.description
  }

  private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private func code(_ text: String) -> String { markdown ? "`\(text)`" : text }

  /// Text from the traces (ids, metadata values) as Markdown shows it
  /// literally: HTML and Markdown punctuation escaped, so a trace id cannot
  /// inject markup into a report. Plain text is unchanged.
  // NB: `<`, `>` and `&` become entities (a backslash does not stop raw HTML
  // in CommonMark); the rest of the ASCII punctuation that can start markup
  // gets a backslash. `|` is the table's to escape (in a heading it is
  // plain text).
  private func literal(_ text: String) -> String {
    // NB: control characters (ESC, line feeds) are escaped in every
    // format, so a name from input cannot drive the terminal that shows
    // the report or start a line of its own.
    let text = text.escapingControlCharacters
    guard markdown else { return text }
    var escaped = ""
    for character in text {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "#", "!", "~":
        escaped += "\\" + String(character)
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
