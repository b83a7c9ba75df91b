import GestureTrace

/// The sweeps and grids of an analysis as CSV rows, one per swept value or
/// grid cell, for `analyze --sweeps-csv FILE`: `sweep` (its spec),
/// `row_parameter`, `row_value`, `column_parameter` and `column_value`
/// (empty for a sweep), `traces`, `completion_rate`, `scored`, `accuracy`,
/// `accuracy_low`, `accuracy_high` (95 % Wilson), `mark`: `best`,
/// `suggested`, `best suggested` or `plateau`; then `on_plateau` (`yes` or
/// `no`: within the best's interval), `fold_picks` (the folds whose
/// procedure picked this value or cell) and, the same on every row of a
/// sweep or grid, `identified` (`yes`, or `no` when the plateau holds more
/// than half of the values: flat), `edge` (the ends the plateau reaches:
/// `low`, `high` for a sweep; `row-low`, `row-high`, `column-low`,
/// `column-high` for a grid; space-separated), `held_out_scored`,
/// `held_out_accuracy` and `held_out_baseline` (always the most common
/// label on the same held-out traces). Numbers are empty where undefined,
/// and so are the verdict's columns without a verdict.
struct SweepsCSVReport {
  let summary: AnalysisSummary

  static let header =
    "sweep,row_parameter,row_value,column_parameter,column_value,traces,completion_rate,"
    + "scored,accuracy,accuracy_low,accuracy_high,mark,on_plateau,fold_picks,identified,edge,"
    + "held_out_scored,held_out_accuracy,held_out_baseline\n"

  func rendered() -> String {
    var text = Self.header
    for sweep in summary.sweeps {
      for (index, point) in sweep.points.enumerated() {
        text += row(
          spec: sweep.spec, rows: (sweep.parameter, point.value), columns: nil, point: point,
          mark: mark(index, sweep.verdict)
            + verdictFields(index, sweep.verdict, sweep.heldOut, isGrid: false))
      }
    }
    for grid in summary.grids {
      for (index, point) in grid.cells.enumerated() {
        let values = grid.values(ofCell: index)
        text += row(
          spec: grid.spec, rows: (grid.parameters.rows, values.row),
          columns: (grid.parameters.columns, values.column), point: point,
          mark: mark(index, grid.verdict)
            + verdictFields(index, grid.verdict, grid.heldOut, isGrid: true))
      }
    }
    return text
  }

  private func mark(_ index: Int, _ verdict: SweepVerdict?) -> String {
    guard let verdict else { return "" }
    var marks: [String] = []
    if index == verdict.best { marks.append("best") }
    if index == verdict.suggestion { marks.append("suggested") }
    if marks.isEmpty && verdict.plateau.contains(index) { marks.append("plateau") }
    return marks.joined(separator: " ")
  }

  /// ",on_plateau,fold_picks,identified,edge,held_out_scored,
  /// held_out_accuracy,held_out_baseline" of one value or cell.
  private func verdictFields(
    _ index: Int, _ verdict: SweepVerdict?, _ heldOut: HeldOutCheck?, isGrid: Bool
  ) -> String {
    guard let verdict else { return ",,,,,,," }
    var edges: [String] = []
    let (rows, columns) = (verdict.rowEnds, verdict.columnEnds)
    if rows.low { edges.append(isGrid ? "row-low" : "low") }
    if rows.high { edges.append(isGrid ? "row-high" : "high") }
    if columns.low { edges.append("column-low") }
    if columns.high { edges.append("column-high") }
    let fields = [
      verdict.plateau.contains(index) ? "yes" : "no",
      heldOut.map { String($0.chosen.filter { $0 == index }.count) } ?? "",
      verdict.isIdentified ? "yes" : "no", edges.joined(separator: " "),
      heldOut.map { String($0.score.total) } ?? "",
      heldOut?.score.accuracy?.reportText ?? "", heldOut?.baseline?.reportText ?? "",
    ]
    return "," + fields.joined(separator: ",")
  }

  private func row(
    spec: String, rows: (String, Double), columns: (String, Double)?, point: SweepPoint,
    mark: String
  ) -> String {
    let score = point.score
    let interval = score.accuracyInterval
    let cells = [
      csvField(spec), csvField(rows.0), rows.1.reportText, csvField(columns?.0 ?? ""),
      columns.map { $0.1.reportText } ?? "", String(summary.traceCount),
      point.completionRate.reportText, String(score.total),
      score.accuracy?.reportText ?? "", score.total > 0 ? interval.lower.reportText : "",
      score.total > 0 ? interval.upper.reportText : "", mark,
    ]
    return cells.joined(separator: ",") + "\n"
  }
}
