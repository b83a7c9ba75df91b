/// How one variant's outcomes compare with the intent labels of traces:
/// a confusion matrix with accuracy, precision and recall.
///
/// "Positive" is `complete`. A pager's page outcome counts as `complete`
/// when it differs from the page the gesture started on.
///
/// A transition with more than two stops is scored on stop labels
/// (`intent: full`) instead: a trace is decided as meant when the stop the
/// variant settles on is the one its label names, and ``stops`` counts,
/// per label, the traces meant for it, those decided as meant and those
/// decided there. The baseline then always answers the most common stop
/// label, the first in byte order of the names on a tie; balanced accuracy
/// is the mean recall over the labels that occur.
package struct IntentScore: Sendable, Hashable {
  /// The counts of one stop label.
  package struct StopTally: Sendable, Hashable {
    /// The stop's name.
    package var name: String
    /// Traces labelled with this stop.
    package var meant = 0
    /// Of those, the traces the variant settled on this stop.
    package var correct = 0
    /// Scored traces the variant settled on this stop, whatever their label.
    package var decided = 0

    /// Counts of nothing for a stop.
    init(name: String, meant: Int = 0, correct: Int = 0, decided: Int = 0) {
      self.name = name
      self.meant = meant
      self.correct = correct
      self.decided = decided
    }
  }

  /// Meant complete, did complete.
  package var truePositives = 0
  /// Meant complete, did cancel.
  package var falseNegatives = 0
  /// Meant cancel, did complete.
  package var falsePositives = 0
  /// Meant cancel, did cancel.
  package var trueNegatives = 0

  /// Per stop label or stop decided, sorted by name (byte order): the
  /// scores of a transition with more than two stops; empty otherwise.
  package var stops: [StopTally] = []

  package init() {}

  /// Whether the score counts stop labels (a transition with more than two
  /// stops).
  package var isMultiStop: Bool { !stops.isEmpty }

  /// Counts one trace labelled with a stop, which the variant settled on
  /// `decided` (a stop's name when its outcome is a stop).
  package mutating func add(meantStop meant: String, decided: String) {
    let meantIndex = tallyIndex(meant)
    stops[meantIndex].meant += 1
    if meant == decided {
      stops[meantIndex].correct += 1
      stops[meantIndex].decided += 1
    } else {
      stops[tallyIndex(decided)].decided += 1
    }
  }

  /// The index of the tally called `name`, added in name order if absent.
  private mutating func tallyIndex(_ name: String) -> Int {
    // NB: a few stops: a linear search keeps the list sorted and small.
    var position = 0
    while position < stops.count {
      let other = stops[position].name
      if other == name { return position }
      if Self.precedes(name, other) { break }
      position += 1
    }
    stops.insert(StopTally(name: name), at: position)
    return position
  }

  /// Byte order of the names' UTF-8, which no locale or normalization
  /// changes.
  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

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
    for tally in other.stops {
      let index = tallyIndex(tally.name)
      stops[index].meant += tally.meant
      stops[index].correct += tally.correct
      stops[index].decided += tally.decided
    }
  }

  /// The number of labelled traces.
  package var total: Int {
    truePositives + falseNegatives + falsePositives + trueNegatives
      + stops.reduce(0) { $0 + $1.meant }
  }

  /// The fraction decided as meant; `nil` without labels.
  package var accuracy: Double? {
    total > 0 ? Double(correct) / Double(total) : nil
  }

  /// The number decided as meant.
  package var correct: Int {
    truePositives + trueNegatives + stops.reduce(0) { $0 + $1.correct }
  }

  /// The 95 % Wilson interval of ``accuracy``.
  package var accuracyInterval: WilsonInterval {
    WilsonInterval(successes: correct, trials: total)
  }

  /// The number meant to complete.
  var meantComplete: Int { truePositives + falseNegatives }

  /// The number meant to cancel.
  var meantCancel: Int { falsePositives + trueNegatives }

  /// The more common label: what the baseline always answers (`complete`
  /// when the labels are tied).
  package var majority: TraceIntent { meantCancel > meantComplete ? .cancel : .complete }

  /// The stop label with the most traces, the first by name on a tie;
  /// `nil` unless stop labels are counted.
  var majorityStop: StopTally? {
    // NB: `stops` is in name order and only a larger count replaces the
    // one kept, so a tie keeps the first name.
    var best: StopTally?
    for tally in stops where tally.meant > (best?.meant ?? 0) { best = tally }
    return best ?? stops.first
  }

  /// What the baseline always answers: ``majority``'s word, or the
  /// ``majorityStop``'s name when stops are counted.
  package var majorityLabel: String {
    majorityStop?.name ?? majority.rawValue
  }

  /// The accuracy of always answering ``majorityLabel`` on the same traces;
  /// `nil` without labels.
  package var baseline: Double? {
    guard total > 0 else { return nil }
    if let best = majorityStop { return Double(best.meant) / Double(total) }
    return Double(max(meantComplete, meantCancel)) / Double(total)
  }

  /// The mean of the recall of `complete` and of `cancel` (with stops, of
  /// each stop label that occurs): 0.5 (1 / labels) for any answer that
  /// ignores the gesture; `nil` unless two labels occur.
  package var balancedAccuracy: Double? {
    if isMultiStop {
      let labels = stops.filter { $0.meant > 0 }
      guard labels.count > 1 else { return nil }
      return labels.reduce(0) { $0 + Double($1.correct) / Double($1.meant) }
        / Double(labels.count)
    }
    guard meantComplete > 0, meantCancel > 0 else { return nil }
    let completeRecall = Double(truePositives) / Double(meantComplete)
    let cancelRecall = Double(trueNegatives) / Double(meantCancel)
    return (completeRecall + cancelRecall) / 2
  }

  /// The variant against always answering ``majorityLabel``, paired trace
  /// by trace: it alone is right on the other labels' traces it got right,
  /// the baseline alone on the majority label's traces it got wrong.
  package var againstBaseline: McNemarTest {
    if let best = majorityStop {
      return McNemarTest(onlyFirst: correct - best.correct, onlySecond: best.meant - best.correct)
    }
    return majority == .complete
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
