extension AnalysisPlan {
  /// Per variant, the perturbations under which it decides `trace`
  /// differently than in `runs` (its replays of the trace as recorded):
  /// bit `k` stands for ``perturbations``[`k`]. Empty when the plan has no
  /// perturbations.
  ///
  /// A decision flips when the outcome differs: complete against cancel,
  /// or another page.
  // NB: each perturbed trace is made once and replayed through every
  // variant; the outcome alone is asked for (no thresholds watched).
  package func flips(of trace: borrowing Trace, runs: [VariantRun]) -> [UInt64] {
    guard !perturbations.isEmpty else { return [] }
    let prototypes = prototypes.transitions
    var flips = [UInt64](repeating: 0, count: prototypes.count)
    for (bit, perturbation) in perturbations.enumerated() {
      let perturbed = perturbation.applied(to: trace)
      for index in prototypes.indices {
        let outcome = replayer.outcome(of: perturbed, from: prototypes[index]).outcome
        if outcome != runs[index].outcome.outcome { flips[index] |= 1 << UInt64(bit) }
      }
    }
    return flips
  }
}
