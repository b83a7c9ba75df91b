import GestureTrace

/// What a grid of two sweeps supports, in sentences shared by the text,
/// Markdown and HTML reports, as ``SweepSentences`` says it of a sweep.
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
      return "\(rows) \(row.shortText), \(columns) \(column.shortText)"
    }
    let best = grid.cells[verdict.best].score
    let interval = best.accuracyInterval
    let plateauRows = verdict.plateau.map { grid.values(ofCell: $0).row }
    let plateauColumns = verdict.plateau.map { grid.values(ofCell: $0).column }
    var result = [
      "Best \(name(verdict.best)): \(percent(best.accuracy)) of \(best.total) labelled traces "
        + "(\(percent(interval.lower)) – \(percent(interval.upper))); always answering "
        + "'\(best.majorityLabel)' scores \(percent(best.baseline)). Plateau (cells within that "
        + "interval, connected to the best): \(verdict.plateau.count) of \(grid.cells.count), "
        + "\(rows) \(range(plateauRows)), \(columns) \(range(plateauColumns)); suggested: "
        + "\(name(verdict.suggestion)), nearest its centre."
    ]
    result.append(
      "In sample there: \(percent(grid.cells[verdict.suggestion].score.accuracy))"
        + SweepSentences.heldOutClause(grid.heldOut))
    if verdict.isAtEdge {
      result.append(
        "Edge: the best cell lies on the edge of the grid; the optimum may lie outside it, so "
          + "widen the range along that side.")
    }
    return result
  }

  private func range(_ values: [Double]) -> String {
    guard let low = values.min(), let high = values.max() else { return "" }
    return low == high ? low.shortText : low.shortText + "–" + high.shortText
  }

  private func percent(_ value: Double?) -> String {
    guard let value else { return "–" }
    return fixed(value * 100, 1) + " %"
  }
}
