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
