import GestureTrace

/// A grid of two sweeps as an inline SVG heat map: one cell per pair of
/// values, shaded by its accuracy (from the grid's lowest to its highest),
/// with the accuracy printed and the plateau and suggested cell outlined.
enum GridHeatMap {
  static func rendered(_ grid: GridSummary) -> String {
    let columns = grid.columnValues.count
    let cell = columns > 12 || grid.rowValues.count > 12 ? 40.0 : 56.0
    let (left, top) = (90.0, 56.0)
    let width = left + Double(columns) * cell + 20
    let height = top + Double(grid.rowValues.count) * cell + 30
    var canvas = SVGCanvas(
      width: width, height: height,
      title: "Grid \(grid.spec): accuracy per cell (\(grid.parameters.rows) by row, "
        + "\(grid.parameters.columns) by column)")
    canvas.text(
      grid.parameters.columns, x: left + Double(columns) * cell / 2, y: 14, anchor: .middle,
      size: 11, bold: true)
    canvas.text(grid.parameters.rows, x: 4, y: top - 24, size: 11, bold: true)
    for (index, value) in grid.columnValues.enumerated() {
      canvas.text(
        value.reportText, x: left + (Double(index) + 0.5) * cell, y: top - 8, anchor: .middle,
        size: 10)
    }
    for (index, value) in grid.rowValues.enumerated() {
      canvas.text(
        value.reportText, x: left - 8, y: top + (Double(index) + 0.5) * cell + 4, anchor: .end,
        size: 10)
    }
    // NB: shaded from the grid's lowest accuracy to its highest, so that
    // small differences show; the numbers are printed in every cell.
    let accuracies = grid.cells.compactMap(\.accuracy)
    let (lowest, highest) = (accuracies.min() ?? 0, accuracies.max() ?? 1)
    func shade(_ value: Double) -> Double {
      highest > lowest ? (value - lowest) / (highest - lowest) : 1
    }
    for (index, point) in grid.cells.enumerated() {
      let (row, column) = (index / columns, index % columns)
      let (x, y) = (left + Double(column) * cell, top + Double(row) * cell)
      let (rowValue, columnValue) = grid.values(ofCell: index)
      let accuracy = point.accuracy
      var mark = ""
      if let verdict = grid.verdict {
        if index == verdict.best { mark += " best" }
        if index == verdict.suggestion { mark += " suggested" }
        if verdict.plateau.contains(index), mark.isEmpty { mark = " plateau" }
      }
      let shown = accuracy.map { AnalysisHTMLCharts.percent($0) + " %" } ?? "–"
      canvas.rect(
        x: x, y: y, width: cell - 2, height: cell - 2,
        fill: accuracy.map { AnalysisHTMLCharts.heat(0.15 + 0.85 * shade($0)) } ?? "#eeeeee",
        tooltip: "\(grid.parameters.rows) \(rowValue.reportText), \(grid.parameters.columns) "
          + "\(columnValue.reportText): accuracy \(shown) of \(point.score.total)" + mark)
      if grid.verdict?.plateau.contains(index) == true {
        canvas.rect(
          x: x + 1, y: y + 1, width: cell - 4, height: cell - 4, fill: "none",
          stroke: index == grid.verdict?.suggestion ? "#b2182b" : "#e69f00")
      }
      canvas.text(
        shown, x: x + cell / 2 - 1, y: y + cell / 2 + 3, anchor: .middle, size: 9,
        fill: accuracy.map { 0.15 + 0.85 * shade($0) > 0.6 } == true ? "#fff" : "#111")
    }
    return canvas.rendered()
  }
}
