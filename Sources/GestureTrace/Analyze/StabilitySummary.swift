/// How often each variant's decisions flip under each perturbation of
/// ``Perturbation/all`` (`analyze --stability`), with the most fragile
/// traces.
///
/// Each variant counts the traces meant for its transition (their
/// `target`) or naming none, as intent is scored.
package struct StabilitySummary: Sendable, Hashable {
  /// The perturbations' names, in the order of each variant's ``VariantStability/flips``.
  package var perturbations: [String]
  /// One per variant, in order.
  package var variants: [VariantStability]

  /// The most fragile traces listed per variant.
  package static let listLimit = 10

  /// The names of the perturbations whose bits are set in `mask`, in
  /// order.
  package func names(_ mask: UInt64) -> [String] {
    perturbations.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { perturbations[$0] }
  }
}

/// One variant's flips.
package struct VariantStability: Sendable, Hashable {
  /// The traces counted: those meant for the variant's transition or
  /// naming none.
  package var traceCount: Int
  /// Per perturbation, the traces whose decision it flips.
  package var flips: [FlipShare]
  /// The traces whose decision some perturbation flips.
  package var any: FlipShare
  /// The traces flipped by the most perturbations, most first, ties in
  /// input order; at most ``StabilitySummary/listLimit``.
  package var fragile: [FragileTrace]
}

/// A number of traces whose decision flips, out of the traces counted.
package struct FlipShare: Sendable, Hashable {
  /// How many traces.
  package var count: Int
  /// count / traces (0 without traces).
  package var rate: Double
  /// The 95 % Wilson interval of the rate.
  package var interval: WilsonInterval

  init(count: Int, total: Int) {
    self.count = count
    rate = total > 0 ? Double(count) / Double(total) : 0
    interval = WilsonInterval(successes: count, trials: total)
  }
}

/// A trace whose decision flips under some perturbation, with how far its
/// replay as recorded came from a threshold.
package struct FragileTrace: Sendable, Hashable {
  /// The trace id.
  package var trace: String
  /// The perturbations that flip it: bit `k` for
  /// ``StabilitySummary/perturbations``[`k`].
  package var flips: UInt64
  /// What the variant decided on the trace as recorded.
  package var outcome: TransitionOutcome
  /// The threshold whose value the run's peak came closest to (relative
  /// to the value), if the variant has one with a positive value.
  package var threshold: String?
  /// That threshold's value.
  package var value: Double?
  /// The largest value its property reached.
  package var peak: Double?

  /// How many perturbations flip it.
  package var flipCount: Int { flips.nonzeroBitCount }

  /// A record from its parts, as a partial summary keeps them.
  init(
    trace: String, flips: UInt64, outcome: TransitionOutcome, threshold: String?,
    value: Double?, peak: Double?
  ) {
    self.trace = trace
    self.flips = flips
    self.outcome = outcome
    self.threshold = threshold
    self.value = value
    self.peak = peak
  }

  /// The record of variant run `run` of `trace`, flipped by `flips`.
  init(trace: String, run: VariantRun, flips: UInt64) {
    self.trace = trace
    self.flips = flips
    outcome = run.outcome.outcome
    var best = Double.infinity
    let thresholds = run.thresholds
    for k in 0..<min(thresholds.count, run.peakCount) {
      let value = thresholds[k].value
      let peak = run.peak(at: k)
      guard value > 0, peak.isFinite else { continue }
      let distance = (peak - value).magnitude / value
      if distance < best {
        best = distance
        threshold = thresholds[k].name
        self.value = value
        self.peak = peak
      }
    }
  }
}
