/// What a sweep's or a grid's accuracies support, and what they cannot
/// decide: the values as good as the best within its 95 % interval (the
/// plateau), whether they pin the value down at all, the value to suggest
/// when they do, and whether the plateau runs into an end of the swept
/// range.
///
/// Values are cells of a grid of `rows` × `columns`, numbered row by row; a
/// sweep is one column (its values are the rows). The rules:
/// - The best is the highest accuracy, the lowest cell number on ties.
/// - The plateau is the set of every cell whose accuracy is at least the
///   lower end of the best's 95 % Wilson interval (``floor``). No accuracy
///   exceeds the best's, so these are exactly the cells whose accuracy lies
///   within that interval. The set need not be contiguous: a sweep's
///   plateau is shown as its runs of consecutive values (``runs(of:)``),
///   such as "40–70, 95–160".
/// - The data do not identify the value (``isIdentified`` is false, the
///   curve is flat) when the plateau holds more than half of the cells:
///   `2 × plateau > cells`. Then no value is suggested.
/// - Otherwise the suggestion is the middle of the best's region: the
///   plateau cells connected to the best through plateau cells sharing a
///   side (for a sweep, the run of consecutive plateau values containing
///   the best), at the cell nearest the region's centre (the mean row and
///   column), the lowest cell number on ties — a run's middle value, the
///   lower of two middles. Widening the range or refining the step moves
///   it only as far as the run itself moves (by at most half a step when
///   the run lies inside the range).
/// - The plateau reaches an end of a dimension (``rowEnds``,
///   ``columnEnds``) when it holds a cell of its first or last row (or
///   column) and that dimension has more than one value: values beyond the
///   range may be as good, so the range should be widened. This looks at
///   the whole plateau, not only the best.
package struct SweepVerdict: Sendable, Hashable {
  /// Which ends of one swept dimension the plateau reaches.
  package struct Ends: Sendable, Hashable {
    /// The plateau holds the dimension's lowest value.
    package var low = false
    /// The plateau holds the dimension's highest value.
    package var high = false

    /// Whether either end is reached.
    package var any: Bool { low || high }

    /// Ends as given.
    package init(low: Bool = false, high: Bool = false) {
      self.low = low
      self.high = high
    }
  }

  /// The cell of the best value.
  package var best: Int
  /// The lower end of the best's 95 % Wilson interval: a cell is on the
  /// plateau when its accuracy is at least this.
  package var floor: Double
  /// Every cell on the plateau, in increasing order.
  package var plateau: [Int]
  /// The plateau cells connected to the best (a sweep's run containing the
  /// best), in increasing order.
  package var region: [Int]
  /// The cell at the middle of ``region``: what the rule picks, which is
  /// suggested only when ``isIdentified``.
  package var candidate: Int
  /// The number of cells (values of a sweep).
  package var cellCount: Int
  /// Whether the plateau holds at most half of the cells, so that the data
  /// pin the value down; `false` means the curve is flat.
  package var isIdentified: Bool
  /// The ends of the rows' range (a sweep's values) the plateau reaches.
  package var rowEnds: Ends
  /// The ends of the columns' range the plateau reaches (never for a
  /// sweep).
  package var columnEnds: Ends

  /// The suggested cell: ``candidate`` when the data identify the value,
  /// `nil` when the curve is flat.
  package var suggestion: Int? { isIdentified ? candidate : nil }

  /// Whether the plateau reaches an end of the swept range in any
  /// dimension.
  package var isAtEdge: Bool { rowEnds.any || columnEnds.any }

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
    let onPlateau = scores.map { ($0.accuracy ?? -1) >= floor }
    plateau = scores.indices.filter { onPlateau[$0] }
    // The plateau cells reachable from the best through plateau cells.
    var inRegion = Array(repeating: false, count: scores.count)
    var queue = [best]
    inRegion[best] = true
    while let cell = queue.popLast() {
      let (row, column) = (cell / columns, cell % columns)
      var neighbours: [Int] = []
      if row > 0 { neighbours.append(cell - columns) }
      if row < rows - 1, cell + columns < scores.count { neighbours.append(cell + columns) }
      if column > 0 { neighbours.append(cell - 1) }
      if column < columns - 1, cell + 1 < scores.count { neighbours.append(cell + 1) }
      for next in neighbours where !inRegion[next] && onPlateau[next] {
        inRegion[next] = true
        queue.append(next)
      }
    }
    region = scores.indices.filter { inRegion[$0] }
    // NB: the centre in sums, so that distances compare exactly as
    // integers: (count·row − Σrows)² + (count·column − Σcolumns)².
    let count = region.count
    let rowSum = region.reduce(0) { $0 + $1 / columns }
    let columnSum = region.reduce(0) { $0 + $1 % columns }
    func distance(_ cell: Int) -> Int {
      let dr = count * (cell / columns) - rowSum
      let dc = count * (cell % columns) - columnSum
      return dr * dr + dc * dc
    }
    candidate = region.min { distance($0) < distance($1) } ?? best
    cellCount = scores.count
    isIdentified = 2 * plateau.count <= scores.count
    var rowEnds = Ends()
    var columnEnds = Ends()
    for cell in plateau {
      let (row, column) = (cell / columns, cell % columns)
      if rows > 1 {
        if row == 0 { rowEnds.low = true }
        if row == rows - 1 { rowEnds.high = true }
      }
      if columns > 1 {
        if column == 0 { columnEnds.low = true }
        if column == columns - 1 { columnEnds.high = true }
      }
    }
    self.rowEnds = rowEnds
    self.columnEnds = columnEnds
    self.floor = floor
    self.best = best
  }

  /// The runs of consecutive numbers in `cells` (increasing), as closed
  /// ranges in order: [1, 2, 3, 6, 8, 9] gives 1...3, 6...6, 8...9. A
  /// sweep's plateau's runs are its ranges of values.
  package static func runs(of cells: [Int]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    for cell in cells {
      if let last = result.last, last.upperBound + 1 == cell {
        result[result.count - 1] = last.lowerBound...cell
      } else {
        result.append(cell...cell)
      }
    }
    return result
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
    Int(TraceIDHash.of(id) % UInt64(max(folds, 1)))
  }

  /// The k-fold check of the procedure: for each fold, the rule is re-run
  /// on the other folds' scores and its ``candidate`` scored on this
  /// fold's (see ``HeldOutCheck``).
  ///
  /// - Parameters:
  ///   - scores: `scores[cell][fold]`.
  ///   - columns: The grid's columns (1 for a sweep).
  /// - Returns: Each fold's choice and the held-out scores; `nil` without
  ///   two folds or without scored held-out traces.
  package static func heldOut(_ scores: [[IntentScore]], columns: Int = 1) -> HeldOutCheck? {
    guard let folds = scores.first?.count, folds > 1 else { return nil }
    var check = HeldOutCheck(choices: Array(repeating: nil, count: folds))
    for fold in 0..<folds {
      let training = scores.map { perFold in
        var sum = IntentScore()
        for other in 0..<folds where other != fold { sum.merge(perFold[other]) }
        return sum
      }
      guard let verdict = SweepVerdict(scores: training, columns: columns) else { continue }
      check.choices[fold] = verdict.candidate
      if !verdict.isIdentified { check.unidentifiedFolds += 1 }
      check.score.merge(scores[verdict.candidate][fold])
    }
    return check.score.total > 0 ? check : nil
  }
}

/// How well the sweep's procedure — find the plateau, take the middle of
/// the best's region — does on traces it did not see: k-fold
/// cross-validation by trace id (``SweepVerdict/fold(ofTraceID:folds:)``).
///
/// For each fold, the rule is re-run on the other folds and the cell it
/// picks (its ``SweepVerdict/candidate``, even when that fold's training
/// curve is flat) is scored on the fold's traces. The folds' choices
/// differ: ``choices`` shows how much, and ``score`` is the accuracy of the
/// procedure, not of any one value. ``baseline`` is always answering the
/// most common label of the same held-out traces (every cell scores the
/// same traces, so ``score``'s label counts are theirs).
package struct HeldOutCheck: Sendable, Hashable {
  /// Per fold, the cell the rule picked on the other folds; `nil` when
  /// they had no labelled trace.
  package var choices: [Int?]
  /// The folds whose other folds' plateau was flat (no value identified),
  /// though their candidate is still scored.
  package var unidentifiedFolds = 0
  /// The held-out traces' scores at their folds' choices, added up.
  package var score = IntentScore()

  /// A check of no fold yet.
  package init(choices: [Int?], unidentifiedFolds: Int = 0, score: IntentScore = IntentScore()) {
    self.choices = choices
    self.unidentifiedFolds = unidentifiedFolds
    self.score = score
  }

  /// The cells chosen, one per fold that chose, in fold order.
  package var chosen: [Int] { choices.compactMap { $0 } }

  /// The accuracy of always answering ``baselineLabel`` on the held-out
  /// traces; `nil` without them.
  package var baseline: Double? { score.baseline }

  /// The label the baseline always answers: the held-out traces' most
  /// common.
  package var baselineLabel: String { score.majorityLabel }

  /// The procedure against the baseline on the held-out traces, paired
  /// trace by trace (exact McNemar).
  package var againstBaseline: McNemarTest { score.againstBaseline }
}
