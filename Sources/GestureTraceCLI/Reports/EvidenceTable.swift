import GestureTrace

/// The pieces the intent tables of every format share: the line over a
/// transition's table and what its p columns are.
enum EvidenceTable {
  /// "150 traces (96 complete, 54 cancel); baseline (always 'complete')
  /// 64.0 %; p Holm-adjusted over 3 comparisons".
  static func headline(_ evidence: TransitionEvidence) -> String {
    let count = evidence.scoredCount
    var text =
      "\(count) trace\(count == 1 ? "" : "s") (" + EvidenceSentences.mix(evidence.labelMix)
      + "); baseline (always '\(evidence.majority)') " + fixed(evidence.baseline * 100, 1) + " %"
    if evidence.comparisons > 1 {
      text += "; p Holm-adjusted over \(evidence.comparisons) comparisons"
    }
    return text
  }

  /// What the p columns and the best mark mean, after "p: ".
  static let pNote =
    "exact McNemar against that baseline, and against the published variant (or the "
    + "leader), Holm-adjusted over the transition's comparisons (each pair of its variants and "
    + "each variant against the baseline); best: beats each other variant of its transition and "
    + "the baseline at adjusted p < 0.05."
}
