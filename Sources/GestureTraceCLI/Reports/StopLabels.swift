import GestureTrace

/// The stop labels of a transition with more than two stops, as the intent
/// tables show them: one column per stop, in order along the track, then
/// any other label met; each cell is the traces labelled with that stop the
/// variant settled on, of those labelled with it.
struct StopLabels {
  /// The column names: the stops' names; empty for a transition that
  /// completes or cancels.
  let names: [String]

  /// What the columns mean.
  static let note =
    "Per stop (in order along the track): the traces labelled with that stop the variant "
    + "settled on, of those labelled with it; the baseline always answers the most common "
    + "stop label (the first by name on a tie)."

  /// The stop labels of one transition's evidence.
  init(_ evidence: TransitionEvidence, summary: AnalysisSummary) {
    guard let first = evidence.variants.first, evidence.scores[first]?.isMultiStop == true
    else {
      names = []
      return
    }
    var names = first < summary.variants.count ? summary.variants[first].stops : []
    for index in evidence.variants {
      for tally in evidence.scores[index]?.stops ?? [] where tally.meant > 0 {
        if !names.contains(tally.name) { names.append(tally.name) }
      }
    }
    self.names = names
  }

  /// The cells of one variant's score: `correct/meant` per stop.
  func cells(_ score: IntentScore) -> [String] {
    names.map { name in
      let tally = score.stops.first { $0.name == name }
      return "\(tally?.correct ?? 0)/\(tally?.meant ?? 0)"
    }
  }
}
