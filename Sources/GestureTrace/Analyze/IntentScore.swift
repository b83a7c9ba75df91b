/// How one variant's outcomes compare with the intent labels of traces:
/// a confusion matrix with accuracy, precision and recall.
///
/// "Positive" is `complete`. A pager's page outcome counts as `complete`
/// when it differs from the page the gesture started on.
package struct IntentScore: Sendable, Hashable {
  /// Meant complete, did complete.
  package var truePositives = 0
  /// Meant complete, did cancel.
  package var falseNegatives = 0
  /// Meant cancel, did complete.
  package var falsePositives = 0
  /// Meant cancel, did cancel.
  package var trueNegatives = 0

  package init() {}

  /// Counts one labelled trace.
  package mutating func add(meant: TraceIntent, completed: Bool) {
    switch (meant, completed) {
    case (.complete, true): truePositives += 1
    case (.complete, false): falseNegatives += 1
    case (.cancel, true): falsePositives += 1
    case (.cancel, false): trueNegatives += 1
    }
  }

  /// Adds another score's counts.
  package mutating func merge(_ other: IntentScore) {
    truePositives += other.truePositives
    falseNegatives += other.falseNegatives
    falsePositives += other.falsePositives
    trueNegatives += other.trueNegatives
  }

  /// The number of labelled traces.
  package var total: Int { truePositives + falseNegatives + falsePositives + trueNegatives }

  /// The fraction decided as meant; `nil` without labels.
  package var accuracy: Double? {
    total > 0 ? Double(truePositives + trueNegatives) / Double(total) : nil
  }

  /// The number decided as meant.
  package var correct: Int { truePositives + trueNegatives }

  /// The 95 % Wilson interval of ``accuracy``.
  package var accuracyInterval: WilsonInterval {
    WilsonInterval(successes: correct, trials: total)
  }

  /// The number meant to complete.
  package var meantComplete: Int { truePositives + falseNegatives }

  /// The number meant to cancel.
  package var meantCancel: Int { falsePositives + trueNegatives }

  /// The more common label: what the baseline always answers (`complete`
  /// when the labels are tied).
  package var majority: TraceIntent { meantCancel > meantComplete ? .cancel : .complete }

  /// The accuracy of always answering ``majority`` on the same traces;
  /// `nil` without labels.
  package var baseline: Double? {
    total > 0 ? Double(max(meantComplete, meantCancel)) / Double(total) : nil
  }

  /// The mean of the recall of `complete` and of `cancel`: 0.5 for any
  /// answer that ignores the gesture; `nil` unless both labels occur.
  package var balancedAccuracy: Double? {
    guard meantComplete > 0, meantCancel > 0 else { return nil }
    let completeRecall = Double(truePositives) / Double(meantComplete)
    let cancelRecall = Double(trueNegatives) / Double(meantCancel)
    return (completeRecall + cancelRecall) / 2
  }

  /// The variant against always answering ``majority``, paired trace by
  /// trace: it alone is right on the minority label's traces it got right,
  /// the baseline alone on the majority label's traces it got wrong.
  package var againstBaseline: McNemarTest {
    majority == .complete
      ? McNemarTest(onlyFirst: trueNegatives, onlySecond: falseNegatives)
      : McNemarTest(onlyFirst: truePositives, onlySecond: falsePositives)
  }

  /// Of the traces completed, the fraction meant to complete; `nil` when
  /// none completed.
  package var precision: Double? {
    let completed = truePositives + falsePositives
    return completed > 0 ? Double(truePositives) / Double(completed) : nil
  }

  /// Of the traces meant to complete, the fraction completed; `nil` when
  /// none was meant to.
  package var recall: Double? {
    let meant = truePositives + falseNegatives
    return meant > 0 ? Double(truePositives) / Double(meant) : nil
  }
}
