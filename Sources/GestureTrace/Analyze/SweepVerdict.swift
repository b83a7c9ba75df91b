/// What a sweep's or a grid's accuracies support: the values as good as the
/// best within its 95 % interval (the plateau), the value to suggest (the
/// plateau's middle), whether the best lies at an edge of the swept range,
/// and how the suggestion does on traces it was not chosen on.
///
/// Values are cells of a grid of `rows` × `columns`, numbered row by row; a
/// sweep is one column. The rules:
/// - The best is the highest accuracy, the lowest cell number on ties.
/// - The plateau is the cells connected to the best (sharing a side) whose
///   accuracy is at least the lower end of the best's 95 % Wilson interval;
///   for a sweep, the run of consecutive values around the best.
/// - The suggestion is the plateau cell nearest its centre (the mean row
///   and column), the lowest cell number on ties: a sweep's plateau's
///   middle value, the lower of two middles.
/// - The best is at an edge when it lies on the first or last row or column
///   of a dimension with more than one value: the optimum may lie outside.
package struct SweepVerdict: Sendable, Hashable {
  /// The cell of the best value.
  package var best: Int
  /// The plateau's cells, in increasing order.
  package var plateau: [Int]
  /// The cell of the suggested value.
  package var suggestion: Int
  /// Whether the best lies on an edge of the range.
  package var isAtEdge: Bool

  /// The verdict on per-cell scores of a grid with `columns` columns (1 for
  /// a sweep); `nil` when no cell was scored.
  package init?(scores: [IntentScore], columns: Int = 1) {
    guard let first = scores.indices.first(where: { scores[$0].total > 0 }) else { return nil }
    let columns = max(columns, 1)
    let rows = (scores.count + columns - 1) / columns
    var best = first
    for index in scores.indices where scores[index].total > 0 {
      if Self.isBetter(scores[index], than: scores[best]) { best = index }
    }
    let floor = scores[best].accuracyInterval.lower
    // The cells reachable from the best through cells at or above the floor.
    var onPlateau = Array(repeating: false, count: scores.count)
    var queue = [best]
    onPlateau[best] = true
    while let cell = queue.popLast() {
      let (row, column) = (cell / columns, cell % columns)
      var neighbours: [Int] = []
      if row > 0 { neighbours.append(cell - columns) }
      if row < rows - 1, cell + columns < scores.count { neighbours.append(cell + columns) }
      if column > 0 { neighbours.append(cell - 1) }
      if column < columns - 1, cell + 1 < scores.count { neighbours.append(cell + 1) }
      for next in neighbours where !onPlateau[next] && (scores[next].accuracy ?? -1) >= floor {
        onPlateau[next] = true
        queue.append(next)
      }
    }
    plateau = scores.indices.filter { onPlateau[$0] }
    // NB: the centre in sums, so that distances compare exactly as
    // integers: (count·row − Σrows)² + (count·column − Σcolumns)².
    let count = plateau.count
    let rowSum = plateau.reduce(0) { $0 + $1 / columns }
    let columnSum = plateau.reduce(0) { $0 + $1 % columns }
    func distance(_ cell: Int) -> Int {
      let dr = count * (cell / columns) - rowSum
      let dc = count * (cell % columns) - columnSum
      return dr * dr + dc * dc
    }
    suggestion = plateau.min { distance($0) < distance($1) } ?? best
    let (row, column) = (best / columns, best % columns)
    isAtEdge =
      (rows > 1 && (row == 0 || row == rows - 1))
      || (columns > 1 && (column == 0 || column == columns - 1))
    self.best = best
  }

  /// Whether `a` decided more traces as meant than `b`, as a fraction.
  // NB: compared as cross products of counts, so that equal fractions tie
  // exactly whatever their rounding.
  private static func isBetter(_ a: IntentScore, than b: IntentScore) -> Bool {
    a.correct * b.total > b.correct * a.total
  }

  /// The cross-validation fold a trace belongs to, fixed by its id: FNV-1a
  /// of the id's UTF-8 bytes modulo `folds`, so that the folds do not
  /// depend on file order, jobs or pieces.
  package static func fold(ofTraceID id: String, folds: Int) -> Int {
    Int(CSVTraceDecoder.hash(id) % UInt64(max(folds, 1)))
  }

  /// The held-out score of the suggestion: for each fold, the cell is
  /// suggested from the other folds' scores and scored on this fold's.
  ///
  /// - Parameters:
  ///   - scores: `scores[cell][fold]`.
  ///   - columns: The grid's columns (1 for a sweep).
  /// - Returns: The folds' scores at their suggestions, added up; `nil`
  ///   without scored traces.
  package static func heldOut(_ scores: [[IntentScore]], columns: Int = 1) -> IntentScore? {
    guard let folds = scores.first?.count, folds > 1 else { return nil }
    var total = IntentScore()
    for fold in 0..<folds {
      let training = scores.map { perFold in
        var sum = IntentScore()
        for other in 0..<folds where other != fold { sum.merge(perFold[other]) }
        return sum
      }
      guard let verdict = SweepVerdict(scores: training, columns: columns) else { continue }
      total.merge(scores[verdict.suggestion][fold])
    }
    return total.total > 0 ? total : nil
  }
}
