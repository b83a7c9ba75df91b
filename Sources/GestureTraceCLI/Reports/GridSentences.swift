import GestureTrace

/// What a grid of two sweeps supports, in sentences shared by the text,
/// Markdown and HTML reports, as ``SweepSentences`` says it of a sweep: the
/// plateau is every cell within the best's interval (counted, with the
/// rows and columns it spans, since a set of cells has no ranges to list);
/// flat when it holds more than half of the cells; otherwise the suggested
/// cell nearest the centre of the plateau cells connected to the best; the
/// held-out check with each fold's pick; and the ends of either range the
/// plateau reaches.
struct GridSentences {
  let grid: GridSummary

  var sentences: [String] {
    let (rows, columns) = grid.parameters
    if grid.hasNoEffect {
      return ["No effect: no trace's outcome changes anywhere on the grid."]
    }
    guard let verdict = grid.verdict else {
      return ["No labelled trace is meant for this transition, so no cell is suggested."]
    }
    func name(_ cell: Int) -> String {
      let (row, column) = grid.values(ofCell: cell)
      return "\(rows) \(row.reportText), \(columns) \(column.reportText)"
    }
    let best = grid.cells[verdict.best].score
    var result = [
      SweepSentences.bestSentence(name(verdict.best), best, flat: !verdict.isIdentified)
    ]
    let rowSpan = span(verdict.plateau.map { grid.values(ofCell: $0).row })
    let columnSpan = span(verdict.plateau.map { grid.values(ofCell: $0).column })
    let spans = "\(rows) \(rowSpan), \(columns) \(columnSpan)"
    let within = "at least \(percent(verdict.floor))"
    let counted = "\(verdict.plateau.count) of \(verdict.cellCount) cells"
    if let suggestion = verdict.suggestion {
      let inSample = percent(grid.cells[suggestion].score.accuracy)
      var sentence = "Plateau (every cell whose accuracy lies within that interval, \(within)): "
      sentence += "\(counted), \(spans); suggested: \(name(suggestion)), nearest the centre "
      sentence += "of the plateau cells connected to the best. In sample there: \(inSample)."
      result.append(sentence)
    } else {
      var sentence = "Flat: \(counted) are within that interval (\(within)), \(spans). "
      sentence += "The data do not identify the pair, so no cell is suggested."
      result.append(sentence)
    }
    result.append(
      SweepSentences.heldOutSentence(grid.heldOut) { cells in
        guard !cells.isEmpty else { return "nothing" }
        let values = cells.map { grid.values(ofCell: $0) }
        if Set(cells).count == 1 {
          return "(\(name(cells[0]))) on every fold"
        }
        let each = values.map { "(\($0.row.reportText), \($0.column.reportText))" }
        let rowSpan = span(values.map(\.row), joiner: "…")
        let columnSpan = span(values.map(\.column), joiner: "…")
        return "\(rows) \(rowSpan), \(columns) \(columnSpan) (\(each.joined(separator: ", ")))"
      })
    var ends: [String] = []
    for (parameter, reached, values) in [
      (rows, verdict.rowEnds, grid.rowValues), (columns, verdict.columnEnds, grid.columnValues),
    ] {
      if reached.low, let low = values.first {
        ends.append("the start of \(parameter)'s range (\(low.reportText))")
      }
      if reached.high, let high = values.last {
        ends.append("the end of \(parameter)'s range (\(high.reportText))")
      }
    }
    if let last = ends.last {
      let listed =
        ends.count == 1 ? last : ends.dropLast().joined(separator: ", ") + " and " + last
      let them = verdict.rowEnds.any && verdict.columnEnds.any ? "them" : "it"
      result.append(
        "Edge: the plateau reaches \(listed): widen \(them); values beyond may be as good.")
    }
    return result
  }

  /// "20–50" (or "20…50" with that joiner) or "20": the lowest and highest
  /// of `values`.
  private func span(_ values: [Double], joiner: String = "–") -> String {
    guard let low = values.min(), let high = values.max() else { return "" }
    return low == high ? low.reportText : low.reportText + joiner + high.reportText
  }
}
