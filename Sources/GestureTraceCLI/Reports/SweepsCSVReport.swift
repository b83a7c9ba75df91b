import GestureTrace

/// The sweeps and grids of an analysis as CSV rows, one per swept value or
/// grid cell, for `analyze --sweeps-csv FILE`: `sweep` (its spec),
/// `row_parameter`, `row_value`, `column_parameter` and `column_value`
/// (empty for a sweep), `traces`, `completion_rate`, `scored`, `accuracy`,
/// `accuracy_low`, `accuracy_high` (95 % Wilson), and `mark`: `best`,
/// `suggested`, `best suggested` or `plateau`. Numbers are empty where
/// undefined.
struct SweepsCSVReport {
  let summary: AnalysisSummary

  static let header =
    "sweep,row_parameter,row_value,column_parameter,column_value,traces,completion_rate,"
    + "scored,accuracy,accuracy_low,accuracy_high,mark\n"

  func rendered() -> String {
    var text = Self.header
    for sweep in summary.sweeps {
      for (index, point) in sweep.points.enumerated() {
        text += row(
          spec: sweep.spec, rows: (sweep.parameter, point.value), columns: nil, point: point,
          mark: mark(index, sweep.verdict))
      }
    }
    for grid in summary.grids {
      for (index, point) in grid.cells.enumerated() {
        let values = grid.values(ofCell: index)
        text += row(
          spec: grid.spec, rows: (grid.parameters.rows, values.row),
          columns: (grid.parameters.columns, values.column), point: point,
          mark: mark(index, grid.verdict))
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

  private func row(
    spec: String, rows: (String, Double), columns: (String, Double)?, point: SweepPoint,
    mark: String
  ) -> String {
    let score = point.score
    let interval = score.accuracyInterval
    let cells = [
      csvField(spec), csvField(rows.0), rows.1.shortText, csvField(columns?.0 ?? ""),
      columns.map { $0.1.shortText } ?? "", String(summary.traceCount),
      point.completionRate.shortText, String(score.total),
      score.accuracy?.shortText ?? "", score.total > 0 ? interval.lower.shortText : "",
      score.total > 0 ? interval.upper.shortText : "", mark,
    ]
    return cells.joined(separator: ",") + "\n"
  }
}
