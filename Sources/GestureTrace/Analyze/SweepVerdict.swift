/// What a sweep's accuracies support: the values as good as the best within
/// its 95 % interval (the plateau), the value to suggest (the plateau's
/// middle), whether the best lies at an edge of the swept range, and how
/// the suggestion does on traces it was not chosen on.
///
/// The rules, for accuracies `a` of values in increasing order:
/// - The best is the highest accuracy, the lowest value on ties.
/// - The plateau is the run of consecutive values around the best whose
///   accuracy is at least the lower end of the best's 95 % Wilson interval.
/// - The suggestion is the plateau's middle value (the lower of the two
///   middles for an even count).
/// - The best is at an edge when it is the first or the last value of more
///   than one: the optimum may lie outside the range.
package struct SweepVerdict: Sendable, Hashable {
  /// The index of the best value.
  package var best: Int
  /// The indices of the plateau.
  package var plateau: ClosedRange<Int>
  /// The index of the suggested value.
  package var suggestion: Int
  /// Whether the best is the first or last of several values.
  package var isAtEdge: Bool

  /// The verdict on per-value scores; `nil` when no value was scored.
  package init?(scores: [IntentScore]) {
    guard let first = scores.indices.first(where: { scores[$0].total > 0 }) else { return nil }
    var best = first
    for index in scores.indices where scores[index].total > 0 {
      if Self.isBetter(scores[index], than: scores[best]) { best = index }
    }
    let floor = scores[best].accuracyInterval.lower
    func onPlateau(_ index: Int) -> Bool {
      (scores[index].accuracy ?? -1) >= floor
    }
    var low = best
    while low > 0, onPlateau(low - 1) { low -= 1 }
    var high = best
    while high < scores.count - 1, onPlateau(high + 1) { high += 1 }
    self.best = best
    plateau = low...high
    suggestion = low + (high - low) / 2
    isAtEdge = scores.count > 1 && (best == 0 || best == scores.count - 1)
  }

  /// Whether `a` decided more traces as meant than `b`, as a fraction.
  // NB: compared as cross products of counts, so that equal fractions tie
  // exactly whatever their rounding.
  private static func isBetter(_ a: IntentScore, than b: IntentScore) -> Bool {
    a.correct * b.total > b.correct * a.total
  }

  /// The folds of k-fold cross-validation a trace belongs to, fixed by its
  /// id: FNV-1a of the id's UTF-8 bytes modulo `folds`, so that the folds
  /// do not depend on file order, jobs or pieces.
  package static func fold(ofTraceID id: String, folds: Int) -> Int {
    Int(CSVTraceDecoder.hash(id) % UInt64(max(folds, 1)))
  }

  /// The held-out score of the suggestion: for each fold, the value is
  /// suggested from the other folds' scores and scored on this fold's.
  ///
  /// - Parameter scores: `scores[value][fold]`.
  /// - Returns: The folds' scores at their suggestions, added up; `nil`
  ///   without scored traces.
  package static func heldOut(_ scores: [[IntentScore]]) -> IntentScore? {
    guard let folds = scores.first?.count, folds > 1 else { return nil }
    var total = IntentScore()
    for fold in 0..<folds {
      let training = scores.map { perFold in
        var sum = IntentScore()
        for other in 0..<folds where other != fold { sum.merge(perFold[other]) }
        return sum
      }
      guard let verdict = SweepVerdict(scores: training) else { continue }
      total.merge(scores[verdict.suggestion][fold])
    }
    return total.total > 0 ? total : nil
  }
}
