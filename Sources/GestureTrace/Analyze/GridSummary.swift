/// A grid of two sweeps across traces: each cell's completion rate and
/// accuracy, with the same plateau, suggestion, edge and held-out check as a
/// sweep (``SweepVerdict``).
package struct GridSummary: Sendable, Hashable {
  /// The grid's spec: "ROWS × COLUMNS".
  package var spec: String
  /// The specs of the sweeps of the rows and of the columns.
  package var specs: (rows: String, columns: String)
  /// The parameter of the rows, then of the columns.
  package var parameters: (rows: String, columns: String)
  /// The rows' values, in increasing order.
  package var rowValues: [Double]
  /// The columns' values, in increasing order.
  package var columnValues: [Double]
  /// One point per cell, row by row; a point's `value` is its row's value.
  package var cells: [SweepPoint]
  /// The traces whose outcome is not the same in every cell.
  package var changingTraces: Int
  /// The plateau, suggestion and edge; `nil` without labelled traces meant
  /// for the grid's transition, or when no outcome changes.
  package var verdict: SweepVerdict?
  /// The procedure re-run on all folds but one and scored on that one,
  /// with each fold's chosen cell.
  package var heldOut: HeldOutCheck?

  /// Whether no trace's outcome changes across the grid.
  package var hasNoEffect: Bool { changingTraces == 0 }

  /// The row and column values of a cell.
  package func values(ofCell cell: Int) -> (row: Double, column: Double) {
    (rowValues[cell / columnValues.count], columnValues[cell % columnValues.count])
  }

  init(
    grid: SweepGrid, completes: [Int], foldScores: [[IntentScore]], changingTraces: Int,
    traceCount: Int
  ) {
    spec = grid.spec
    specs = (grid.rows.spec, grid.columns.spec)
    parameters = (grid.rows.parameter, grid.columns.parameter)
    rowValues = grid.rows.values
    columnValues = grid.columns.values
    let scores = foldScores.map { folds in
      var sum = IntentScore()
      for score in folds { sum.merge(score) }
      return sum
    }
    let columns = grid.columns.values.count
    cells = scores.indices.map { cell in
      SweepPoint(
        value: grid.rows.values[cell / columns],
        completionRate: traceCount == 0 ? 0 : Double(completes[cell]) / Double(traceCount),
        score: scores[cell])
    }
    self.changingTraces = changingTraces
    verdict = changingTraces == 0 ? nil : SweepVerdict(scores: scores, columns: columns)
    heldOut = verdict == nil ? nil : SweepVerdict.heldOut(foldScores, columns: columns)
  }

  /// Whether two summaries hold the same numbers.
  package static func == (lhs: GridSummary, rhs: GridSummary) -> Bool {
    lhs.spec == rhs.spec && lhs.parameters == rhs.parameters && lhs.rowValues == rhs.rowValues
      && lhs.columnValues == rhs.columnValues && lhs.cells == rhs.cells
      && lhs.changingTraces == rhs.changingTraces && lhs.verdict == rhs.verdict
      && lhs.heldOut == rhs.heldOut
  }

  /// Hashes the spec and the cells.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(spec)
    hasher.combine(cells)
  }
}
