/// One variant's outcomes across traces.
package struct VariantOutcomes: Sendable, Hashable {
  /// The spec as given.
  package var spec: String
  /// Each outcome seen, in order (complete, cancel, pages; the stops in
  /// their order along the track), with its count, rate and 95 % Wilson
  /// interval.
  package var outcomes: [OutcomeCount]
  /// For a transition with more than two stops, their names in order along
  /// the track (by position); empty otherwise.
  package var stops: [String]
  /// Median time from the first event to the decision, seconds.
  package var medianDecisionTime: Double?
  /// Median time from the first event to rest, seconds.
  package var medianSettleTime: Double?
  /// The outcomes per label source of the traces (every source with a
  /// trace meant for the variant's transition).
  package var bySource: [SourceOutcomes] = []

  init(
    spec: String, counts: [TransitionOutcome: Int], total: Int, medianDecisionTime: Double?,
    medianSettleTime: Double?, stops: [String] = []
  ) {
    self.spec = spec
    self.stops = stops
    var seen = Array(counts.keys).sorted()
    if !stops.isEmpty {
      // Every stop in track order, then anything else decided.
      let named = stops.compactMap { StopName($0).map(TransitionOutcome.stop) }
      seen = named + seen.filter { !named.contains($0) }
    } else if !seen.contains(where: { if case .page = $0 { true } else { false } }) {
      // Always show complete and cancel for two-state transitions.
      seen = [.complete, .cancel]
    }
    outcomes = seen.map { outcome in
      OutcomeCount(outcome: outcome, count: counts[outcome] ?? 0, total: total)
    }
    self.medianDecisionTime = medianDecisionTime
    self.medianSettleTime = medianSettleTime
  }

  /// The count of `outcome`.
  package func count(of outcome: TransitionOutcome) -> Int {
    outcomes.first { $0.outcome == outcome }?.count ?? 0
  }
}
