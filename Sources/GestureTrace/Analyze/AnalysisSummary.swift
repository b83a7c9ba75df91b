/// The numbers of an analysis over a set of traces: outcomes per variant
/// with intervals, agreement between variants, disagreements with their
/// reasons, near-threshold traces, feature distributions, intent scores
/// and sweeps.
package struct AnalysisSummary: Sendable, Hashable {
  /// "all", or a group's metadata value.
  package var name: String
  /// The number of traces.
  package var traceCount: Int
  /// One per variant, in order.
  package var variants: [VariantSummary]
  /// `agreement[i][j]`: the fraction of traces on which variants i and j
  /// decided alike (see ``TraceAnalysis/decidesAlike(_:_:)``).
  package var agreement: [[Double]]
  /// How many traces the variants did not all decide alike.
  package var disagreementCount: Int
  /// The first ``listLimit`` of them, in input order.
  package var disagreements: [Disagreement]
  /// How many runs came within ``nearBand`` of a threshold.
  package var nearThresholdCount: Int
  /// The first ``listLimit`` of them.
  package var nearThreshold: [NearThreshold]
  /// Distributions of the main features.
  package var features: [FeatureSummary]
  /// The number of traces with an intent label.
  package var labelledCount: Int
  /// Each variant's agreement with intent (when any trace is labelled).
  package var intent: [IntentScore]
  /// Variant indices ordered by accuracy, best first (empty without labels).
  package var ranking: [Int]
  /// One per sweep.
  package var sweeps: [SweepSummary]

  /// The most disagreements and near-threshold runs listed.
  package static let listLimit = 1_000
  /// A run is near a threshold when its peak is within this fraction of
  /// the threshold's value (above or below).
  package static let nearBand = 0.1

  /// Summarizes analyzed traces.
  package init(name: String, traces: [TraceAnalysis], plan: AnalysisPlan) {
    self.name = name
    traceCount = traces.count
    let variantCount = plan.variants.count
    variants = plan.variants.indices.map { index in
      VariantSummary(spec: plan.variants[index].spec, runs: traces.map { $0.runs[index] })
    }
    var same = [[Int]](repeating: [Int](repeating: 0, count: variantCount), count: variantCount)
    var disagreementCount = 0
    var disagreements: [Disagreement] = []
    var nearCount = 0
    var near: [NearThreshold] = []
    var labelled = 0
    var scores = [IntentScore](repeating: IntentScore(), count: variantCount)
    for trace in traces {
      var disagree = false
      for i in 0..<variantCount {
        for j in 0..<variantCount {
          if trace.decidesAlike(i, j) { same[i][j] += 1 } else { disagree = true }
        }
      }
      if disagree {
        disagreementCount += 1
        if disagreements.count < Self.listLimit {
          disagreements.append(Disagreement(trace: trace))
        }
      }
      for (index, run) in trace.runs.enumerated() {
        for (threshold, peak) in zip(run.thresholds, run.peaks)
        where threshold.value > 0 && peak.isFinite
          && (peak - threshold.value).magnitude <= Self.nearBand * threshold.value
        {
          nearCount += 1
          if near.count < Self.listLimit {
            near.append(
              NearThreshold(
                trace: trace.features.id, variant: index, threshold: threshold.name,
                value: threshold.value, peak: peak, outcome: run.outcome.outcome))
          }
        }
      }
      if let intent = trace.intent {
        labelled += 1
        for index in 0..<variantCount {
          scores[index].add(meant: intent, completed: trace.completed(index))
        }
      }
    }
    let total = Double(max(traces.count, 1))
    agreement = same.map { row in row.map { traces.isEmpty ? 1 : Double($0) / total } }
    self.disagreementCount = disagreementCount
    self.disagreements = disagreements
    nearThresholdCount = nearCount
    nearThreshold = near
    labelledCount = labelled
    intent = labelled > 0 ? scores : []
    ranking =
      labelled > 0
      ? Array(0..<variantCount).sorted { a, b in
        let (x, y) = (scores[a].accuracy ?? 0, scores[b].accuracy ?? 0)
        return x != y ? x > y : a < b
      } : []
    features = FeatureSummary.all(traces)
    sweeps = plan.sweeps.indices.map { index in
      SweepSummary(sweep: plan.sweeps[index], index: index, traces: traces)
    }
  }
}

/// One variant's outcomes across traces.
package struct VariantSummary: Sendable, Hashable {
  /// The spec as given.
  package var spec: String
  /// Each outcome seen, in order (complete, cancel, pages), with its count,
  /// rate and 95 % Wilson interval.
  package var outcomes: [OutcomeCount]
  /// Median time from the first event to the decision, seconds.
  package var medianDecisionTime: Double?
  /// Median time from the first event to rest, seconds.
  package var medianSettleTime: Double?

  init(spec: String, runs: [VariantRun]) {
    self.spec = spec
    var counts: [TransitionOutcome: Int] = [:]
    for run in runs { counts[run.outcome.outcome, default: 0] += 1 }
    var seen = Array(counts.keys).sorted()
    // Always show complete and cancel for two-state transitions.
    if !seen.contains(where: { if case .page = $0 { true } else { false } }) {
      seen = [.complete, .cancel]
    }
    outcomes = seen.map { outcome in
      OutcomeCount(outcome: outcome, count: counts[outcome] ?? 0, total: runs.count)
    }
    medianDecisionTime = Quantiles(runs.map(\.outcome.decidedAt.seconds)).median
    medianSettleTime = Quantiles(runs.map(\.outcome.settledAt.seconds)).median
  }

  /// The count of `outcome`.
  package func count(of outcome: TransitionOutcome) -> Int {
    outcomes.first { $0.outcome == outcome }?.count ?? 0
  }
}

/// How often one outcome was decided.
package struct OutcomeCount: Sendable, Hashable {
  /// The outcome.
  package var outcome: TransitionOutcome
  /// How many traces.
  package var count: Int
  /// count / traces (0 without traces).
  package var rate: Double
  /// The 95 % Wilson interval of the rate.
  package var interval: WilsonInterval

  init(outcome: TransitionOutcome, count: Int, total: Int) {
    self.outcome = outcome
    self.count = count
    rate = total > 0 ? Double(count) / Double(total) : 0
    interval = WilsonInterval(successes: count, trials: total)
  }
}

/// A trace the variants decided differently, with the numbers that explain
/// why.
package struct Disagreement: Sendable, Hashable {
  /// The trace id.
  package var trace: String
  /// Each variant's outcome.
  package var outcomes: [TransitionOutcome]
  /// "released at −120 pt/s (y) after 95 pt in 310 ms", and the pause
  /// before lift when longer than 50 ms.
  package var reason: String

  init(trace: TraceAnalysis) {
    self.trace = trace.features.id
    outcomes = trace.runs.map(\.outcome.outcome)
    let features = trace.features
    let onY = features.dominantAxis == "y"
    let velocity = onY ? features.releaseVelocity.y : features.releaseVelocity.x
    let distance = onY ? features.netTranslation.y : features.netTranslation.x
    var reason = "released at \(Self.rounded(velocity)) pt/s (\(features.dominantAxis))"
    reason += " after \(Self.rounded(distance)) pt in \(Self.rounded(features.duration * 1000)) ms"
    if features.pauseBeforeLift > 0.05 {
      reason += ", paused \(Self.rounded(features.pauseBeforeLift * 1000)) ms before lift"
    }
    self.reason = reason
  }

  /// A whole number, or one decimal below 10.
  static func rounded(_ value: Double) -> String {
    guard value.isFinite else { return value.description }
    if value.magnitude >= 10 { return String(Int64(value.rounded())) }
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int64(tenths)) : tenths.description
  }
}

/// A run whose threshold property peaked close to the threshold.
package struct NearThreshold: Sendable, Hashable {
  /// The trace id.
  package var trace: String
  /// The variant's index.
  package var variant: Int
  /// The threshold's name.
  package var threshold: String
  /// The threshold's value.
  package var value: Double
  /// The largest value the property reached.
  package var peak: Double
  /// What the variant decided.
  package var outcome: TransitionOutcome
}

/// The distribution of one feature.
package struct FeatureSummary: Sendable, Hashable {
  /// The feature's name.
  package var name: String
  /// Its unit (may be empty).
  package var unit: String
  /// p5, p25, p50, p75, p95 (empty without traces).
  package var quantiles: [Double]
  /// Its histogram.
  package var histogram: Histogram

  /// The probabilities of ``quantiles``.
  package static let probabilities = [0.05, 0.25, 0.5, 0.75, 0.95]

  init(name: String, unit: String, values: [Double]) {
    self.name = name
    self.unit = unit
    let quantiles = Quantiles(values)
    self.quantiles = quantiles.isEmpty ? [] : Self.probabilities.map { quantiles.value(at: $0)! }
    histogram = Histogram(values)
  }

  /// The main features of a set of traces.
  static func all(_ traces: [TraceAnalysis]) -> [FeatureSummary] {
    let table: [(String, String, (TraceAnalysis) -> Double)] = [
      ("duration", "ms", { $0.features.duration * 1000 }),
      ("samples", "", { Double($0.features.eventCount) }),
      ("sampling interval", "ms", { $0.samplingMedian * 1000 }),
      ("path length", "pt", { $0.features.pathLength }),
      ("net distance", "pt", { $0.features.netDistance }),
      ("straightness", "", { $0.features.straightness }),
      ("reversals", "", { Double($0.features.reversals) }),
      ("peak speed", "pt/s", { $0.features.peakSpeed }),
      ("release speed", "pt/s", { $0.features.releaseSpeed }),
      ("pause before lift", "ms", { $0.features.pauseBeforeLift * 1000 }),
    ]
    return table.map { name, unit, value in
      FeatureSummary(name: name, unit: unit, values: traces.map(value))
    }
  }
}

/// A sweep's outcome rate (and accuracy) at each value.
package struct SweepSummary: Sendable, Hashable {
  /// The sweep as given.
  package var spec: String
  /// The parameter swept.
  package var parameter: String
  /// Value, completion rate and (with labels) accuracy, in value order.
  package var points: [SweepPoint]
  /// The value with the highest accuracy (the lowest such value on ties);
  /// `nil` without intent labels.
  package var best: Double?

  init(sweep: Sweep, index: Int, traces: [TraceAnalysis]) {
    spec = sweep.spec
    parameter = sweep.parameter
    var points: [SweepPoint] = []
    for (position, value) in sweep.values.enumerated() {
      var completes = 0
      var score = IntentScore()
      for trace in traces {
        let completed = trace.sweepCompletions[index][position]
        if completed { completes += 1 }
        if let intent = trace.intent { score.add(meant: intent, completed: completed) }
      }
      points.append(
        SweepPoint(
          value: value,
          completionRate: traces.isEmpty ? 0 : Double(completes) / Double(traces.count),
          accuracy: score.accuracy))
    }
    self.points = points
    var best: SweepPoint?
    for point in points {
      guard let accuracy = point.accuracy else { continue }
      if best == nil || accuracy > best!.accuracy! { best = point }
    }
    self.best = best?.value
  }
}

/// One value of a sweep.
package struct SweepPoint: Sendable, Hashable {
  /// The parameter's value.
  package var value: Double
  /// The fraction of traces that completed (or changed page).
  package var completionRate: Double
  /// The fraction decided as labelled; `nil` without labels.
  package var accuracy: Double?
}
