/// The running counts of ``StabilitySummary``: fed one trace at a time and
/// merged with the counts of the traces that follow, giving the same
/// summary for any split of the traces.
package struct StabilityAccumulator: Sendable {
  let perturbationCount: Int
  let transitions: [String]
  /// Per variant: the traces counted.
  var counted: [Int]
  /// `flipped[variant * perturbationCount + k]`: traces perturbation k
  /// flips.
  var flipped: [Int]
  /// Per variant: traces some perturbation flips.
  var anyFlipped: [Int]
  /// Per variant: the most fragile traces so far, most flips first, ties
  /// in input order.
  var fragile: [[FragileTrace]]

  /// Empty counts for a plan (nothing is counted without perturbations).
  init(plan: AnalysisPlan) {
    perturbationCount = plan.perturbations.count
    transitions = plan.transitions
    let variants = plan.perturbations.isEmpty ? 0 : plan.variants.count
    counted = Array(repeating: 0, count: variants)
    flipped = Array(repeating: 0, count: variants * perturbationCount)
    anyFlipped = Array(repeating: 0, count: variants)
    fragile = Array(repeating: [], count: variants)
  }

  /// Counts one trace, which follows every trace added so far.
  package mutating func add(_ trace: TraceAnalysis) {
    guard !trace.flips.isEmpty else { return }
    for variant in counted.indices
    where trace.target == nil
      || trace.target == transitions[variant]
    {
      counted[variant] += 1
      let mask = trace.flips[variant]
      guard mask != 0 else { continue }
      anyFlipped[variant] += 1
      for k in 0..<perturbationCount where mask & (1 << UInt64(k)) != 0 {
        flipped[variant * perturbationCount + k] += 1
      }
      if fragile[variant].count < StabilitySummary.listLimit
        || fragile[variant][fragile[variant].count - 1].flipCount < mask.nonzeroBitCount
      {
        Self.insert(
          FragileTrace(trace: trace.features.id, run: trace.runs[variant], flips: mask),
          into: &fragile[variant])
      }
    }
  }

  /// Adds the counts of the traces that follow these in input order.
  package mutating func merge(_ other: StabilityAccumulator) {
    for variant in counted.indices {
      counted[variant] += other.counted[variant]
      anyFlipped[variant] += other.anyFlipped[variant]
      for item in other.fragile[variant] { Self.insert(item, into: &fragile[variant]) }
    }
    for index in flipped.indices { flipped[index] += other.flipped[index] }
  }

  /// Puts a trace that follows every trace in `list` after those with as
  /// many flips or more, keeping at most ``StabilitySummary/listLimit``.
  // NB: the list of a merge is then the first of the lists' union in the
  // same order, so any split of the traces gives the same list.
  private static func insert(_ item: FragileTrace, into list: inout [FragileTrace]) {
    let count = item.flipCount
    let position = list.firstIndex { $0.flipCount < count } ?? list.count
    guard position < StabilitySummary.listLimit else { return }
    list.insert(item, at: position)
    if list.count > StabilitySummary.listLimit { list.removeLast() }
  }

  /// The summary, or `nil` when the plan has no perturbations.
  package func summary(plan: AnalysisPlan) -> StabilitySummary? {
    guard !plan.perturbations.isEmpty else { return nil }
    let variants = counted.indices.map { variant in
      VariantStability(
        traceCount: counted[variant],
        flips: (0..<perturbationCount).map {
          FlipShare(
            count: flipped[variant * perturbationCount + $0], total: counted[variant])
        },
        any: FlipShare(count: anyFlipped[variant], total: counted[variant]),
        fragile: fragile[variant])
    }
    return StabilitySummary(perturbations: plan.perturbations.map(\.name), variants: variants)
  }
}
