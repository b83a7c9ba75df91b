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
  package var variants: [VariantOutcomes]
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
  /// The transitions the traces were made for (their `target` metadata),
  /// sorted by name.
  package var targets: [String]
  /// The number of traces with an intent label.
  package var labelledCount: Int
  /// Labelled traces that name no target transition: scored for every
  /// variant.
  package var untargetedCount: Int
  /// Labelled traces meant for a transition that no variant has: scored
  /// for none.
  package var unscoredCount: Int
  /// Each variant's agreement with intent on the labelled traces meant for
  /// its transition (when any trace is labelled).
  package var intent: [IntentScore]
  /// Variant indices ordered by accuracy, highest first (empty without
  /// labels); accuracies of different transitions come from different
  /// traces, so only ``evidence`` compares them.
  var ranking: [Int]
  /// Per transition: its variants against their baseline and each other.
  package var evidence: [TransitionEvidence]
  /// One per sweep.
  package var sweeps: [SweepSummary]
  /// One per grid of two sweeps of the same variant.
  package var grids: [GridSummary]
  /// How decisions flip under perturbations; `nil` unless asked for
  /// (`analyze --stability`).
  package var stability: StabilitySummary?
  /// Each variant's number in reports (its place among all the plan's
  /// variants, from 1).
  package var numbers: [Int]
  /// Per ``LabelSource`` (by raw value): the traces counted (for a
  /// transition's section, those meant for it).
  package var sourceCounts: [Int] = Array(repeating: 0, count: LabelSource.allCases.count)
  /// Per ``LabelSource``: the labelled traces among them (for a section,
  /// those scored for its variants).
  package var labelledCounts: [Int] = Array(repeating: 0, count: LabelSource.allCases.count)
  /// The scores and evidence of each label source that labelled a trace;
  /// sources are never pooled. ``intent`` and ``evidence`` are the first's.
  package var scoring: [SourceScoring] = []
  /// The label source each sweep, then each grid, is scored on (the first
  /// of ``LabelSource`` order with a scored label), or `nil`.
  package var sweepSources: [LabelSource?] = []
  /// One summary per transition (``AnalysisPlan/transitionNames``), of its
  /// variants, sweeps and grids on the traces meant for it; empty in a
  /// section itself.
  package var sections: [AnalysisSummary] = []
  /// Each transition's decision map (``DecisionMap``).
  package var decisionMaps: [DecisionMap] = []

  /// The most disagreements and near-threshold runs listed.
  package static let listLimit = 1_000
  /// A run is near a threshold when its peak is within this fraction of
  /// the threshold's value (above or below).
  package static let nearBand = 0.1

  /// Summarizes analyzed traces.
  package init(name: String, traces: [TraceAnalysis], plan: AnalysisPlan) {
    var accumulator = AnalysisAccumulator(plan: plan)
    for trace in traces { accumulator.add(trace) }
    self = accumulator.summary(name: name, plan: plan)
  }

  init(
    name: String, traceCount: Int, variants: [VariantOutcomes], agreement: [[Double]],
    disagreementCount: Int, disagreements: [Disagreement], nearThresholdCount: Int,
    nearThreshold: [NearThreshold], features: [FeatureSummary], targets: [String],
    labelledCount: Int,
    untargetedCount: Int, unscoredCount: Int, intent: [IntentScore], ranking: [Int],
    evidence: [TransitionEvidence],
    sweeps: [SweepSummary], grids: [GridSummary] = []
  ) {
    self.name = name
    self.traceCount = traceCount
    self.variants = variants
    self.agreement = agreement
    self.disagreementCount = disagreementCount
    self.disagreements = disagreements
    self.nearThresholdCount = nearThresholdCount
    self.nearThreshold = nearThreshold
    self.features = features
    self.targets = targets
    self.labelledCount = labelledCount
    self.untargetedCount = untargetedCount
    self.unscoredCount = unscoredCount
    self.intent = intent
    self.ranking = ranking
    self.evidence = evidence
    self.sweeps = sweeps
    self.grids = grids
    numbers = variants.indices.map { $0 + 1 }
  }

  /// How reports name variant `index`: `[3]`.
  package func label(_ index: Int) -> String {
    "[\(numbers.indices.contains(index) ? numbers[index] : index + 1)]"
  }

  /// The label sources that labelled a trace counted here.
  package var labelSources: [LabelSource] {
    LabelSource.allCases.filter { labelledCounts[$0.rawValue] > 0 }
  }

  /// The traces counted here from `source`.
  package func count(of source: LabelSource) -> Int { sourceCounts[source.rawValue] }
}

/// One variant's outcomes on the traces from one label source.
package struct SourceOutcomes: Sendable, Hashable {
  /// Where the traces (or their labels) come from.
  package var source: LabelSource
  /// The traces counted.
  package var total: Int
  /// Each outcome with its count, rate and interval, as in
  /// ``VariantOutcomes/outcomes``.
  package var outcomes: [OutcomeCount]

  init(source: LabelSource, total: Int, counts: [TransitionOutcome: Int], stops: [String]) {
    self.source = source
    self.total = total
    outcomes =
      VariantOutcomes(
        spec: "", counts: counts, total: total, medianDecisionTime: nil, medianSettleTime: nil,
        stops: stops
      ).outcomes
  }
}

/// The variants' scores against the labels from one source, and what they
/// say per transition.
package struct SourceScoring: Sendable, Hashable {
  /// Where the labels come from.
  package var source: LabelSource
  /// The labelled traces from it (in a transition's section, those its
  /// variants were scored on).
  package var labelledCount: Int
  /// Each variant's score.
  package var intent: [IntentScore]
  /// McNemar's pairs (``TransitionEvidence/grouped(transitions:published:scores:onlyFirst:)``).
  package var onlyFirst: [Int]
  /// Per transition with scored traces.
  package var evidence: [TransitionEvidence]
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
  /// The transitions (indices in ``AnalysisPlan/transitionNames``; in a
  /// section, `[0]`) whose variants decided the trace differently.
  package var transitions: [Int]
  /// "released at −120 pt/s (y) after 95 pt in 310 ms", and the pause
  /// before lift when longer than 50 ms.
  package var reason: String {
    var reason = "released at \(Self.rounded(velocity)) pt/s (\(axis))"
    reason += " after \(Self.rounded(distance)) pt in \(Self.rounded(duration * 1000)) ms"
    if pauseBeforeLift > 0.05 {
      reason += ", paused \(Self.rounded(pauseBeforeLift * 1000)) ms before lift"
    }
    return reason
  }
  // NB: the numbers behind the reason are kept and the text made only when
  // read: every piece of a file keeps up to a thousand disagreements, and
  // most are dropped when pieces are merged.
  let axis: String
  let velocity: Double
  let distance: Double
  let duration: Double
  let pauseBeforeLift: Double

  init(trace: borrowing TraceAnalysis, transitions: [Int]) {
    self.trace = trace.features.id
    self.transitions = transitions
    outcomes = trace.runs.map(\.outcome.outcome)
    let features = trace.features
    let onY = features.dominantAxis == "y"
    axis = features.dominantAxis
    velocity = onY ? features.releaseVelocity.y : features.releaseVelocity.x
    distance = onY ? features.netTranslation.y : features.netTranslation.x
    duration = features.duration
    pauseBeforeLift = features.pauseBeforeLift
  }

  /// A disagreement from its numbers, as a partial summary keeps them.
  init(
    trace: String, outcomes: [TransitionOutcome], axis: String, velocity: Double,
    distance: Double, duration: Double, pauseBeforeLift: Double, transitions: [Int]
  ) {
    self.transitions = transitions
    self.trace = trace
    self.outcomes = outcomes
    self.axis = axis
    self.velocity = velocity
    self.distance = distance
    self.duration = duration
    self.pauseBeforeLift = pauseBeforeLift
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.trace == rhs.trace && lhs.outcomes == rhs.outcomes && lhs.reason == rhs.reason
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(trace)
    hasher.combine(outcomes)
    hasher.combine(reason)
  }

  /// A whole number, or one decimal below 10.
  static func rounded(_ value: Double) -> String {
    guard value.isFinite else { return value.description }
    // NB: `Int64(_:)` traps beyond ±9.2e18 (a translation of 1e19 points is
    // valid input); from 1e15 on a double has no decimals to round anyway.
    if value.magnitude >= 1e15 { return value.shortestDescription }
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

/// How a summary works out each column of per-trace numbers (a feature's
/// distribution, a variant's median times): one after another by default;
/// the command line spreads them over its threads.
package struct ColumnSummarizer: Sendable {
  /// Runs `body` for every index below `count`, in any order, possibly
  /// several at once; returns when all are done.
  package var forEach: @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void

  /// Works on the columns with `forEach`.
  package init(forEach: @escaping @Sendable (Int, @Sendable (Int) -> Void) -> Void) {
    self.forEach = forEach
  }

  /// One column at a time, on the calling thread.
  package static let serial = ColumnSummarizer { count, body in
    for index in 0..<count { body(index) }
  }
}

/// What a summary works out from its columns, written by whichever thread
/// works on a column; each slot is written once, then read.
final class ColumnResults: @unchecked Sendable {
  // NB: raw storage, so that threads writing different slots never access
  // one Swift variable at once.
  private let features: UnsafeMutablePointer<FeatureSummary?>
  private let medians: UnsafeMutablePointer<Double?>
  private let featureCount: Int
  private let medianCount: Int

  init(features featureCount: Int, medians medianCount: Int) {
    self.featureCount = featureCount
    self.medianCount = medianCount
    features = .allocate(capacity: featureCount)
    features.initialize(repeating: nil, count: featureCount)
    medians = .allocate(capacity: medianCount)
    medians.initialize(repeating: nil, count: medianCount)
  }

  deinit {
    features.deinitialize(count: featureCount)
    features.deallocate()
    medians.deinitialize(count: medianCount)
    medians.deallocate()
  }

  /// Sets feature `index`'s distribution.
  func setFeature(_ summary: FeatureSummary, at index: Int) { features[index] = summary }

  /// Sets median `index`.
  func setMedian(_ median: Double?, at index: Int) { medians[index] = median }

  /// The features' distributions, once all are set.
  var allFeatures: [FeatureSummary] { (0..<featureCount).map { features[$0]! } }

  /// The medians, once all are set.
  var allMedians: [Double?] { (0..<medianCount).map { medians[$0] } }
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
  static let probabilities = [0.05, 0.25, 0.5, 0.75, 0.95]

  init(name: String, unit: String, values: [Double]) {
    self.name = name
    self.unit = unit
    // NB: one pass for the range, one to count the quantiles' rank bins,
    // one to copy the values of the rank bins that hold the quantiles'
    // ranks or one of the histogram's edges; the histogram's counts come
    // from the rank bins' and those values. The values are not changed.
    (histogram, quantiles) = values.withUnsafeBufferPointer { values in
      let range = ValueRange(values)
      let rankBins = RankBins(range: range)
      let rankCounts = rankBins.counts(of: values)
      var quantiles: [Double] = []
      let histogram = Histogram(
        range: range, bins: 12, rankBins: rankBins, rankCounts: rankCounts
      ) { straddling, visit in
        quantiles = Quantiles.values(
          at: Self.probabilities, of: values, range: range, counts: rankCounts,
          visiting: straddling, visit)
      }
      return (histogram, quantiles)
    }
  }

  /// A feature of the summary: its name, unit and value for one trace.
  struct Column: Sendable {
    let name: String
    let unit: String
    let value: @Sendable (TraceAnalysis) -> Double
  }

  /// The main features, in report order.
  static let table: [Column] = [
    Column(name: "duration", unit: "ms", value: { $0.features.duration * 1000 }),
    Column(name: "samples", unit: "", value: { Double($0.features.eventCount) }),
    Column(name: "sampling interval", unit: "ms", value: { $0.samplingMedian * 1000 }),
    Column(name: "path length", unit: "pt", value: { $0.features.pathLength }),
    Column(name: "net distance", unit: "pt", value: { $0.features.netDistance }),
    Column(name: "straightness", unit: "", value: { $0.features.straightness }),
    Column(name: "reversals", unit: "", value: { Double($0.features.reversals) }),
    Column(name: "peak speed", unit: "pt/s", value: { $0.features.peakSpeed }),
    Column(name: "release speed", unit: "pt/s", value: { $0.features.releaseSpeed }),
    Column(
      name: "pause before lift", unit: "ms", value: { $0.features.pauseBeforeLift * 1000 }),
  ]

  /// Appends a trace's value of each feature of ``table``, in its order.
  // NB: the same numbers as the table's closures, read directly: ten
  // closure calls (each retaining its context) cost more than the numbers
  // for every trace. A test checks that both agree.
  static func appendValues(of trace: TraceAnalysis, to values: inout [Double]) {
    values.append(trace.features.duration * 1000)
    values.append(Double(trace.features.eventCount))
    values.append(trace.samplingMedian * 1000)
    values.append(trace.features.pathLength)
    values.append(trace.features.netDistance)
    values.append(trace.features.straightness)
    values.append(Double(trace.features.reversals))
    values.append(trace.features.peakSpeed)
    values.append(trace.features.releaseSpeed)
    values.append(trace.features.pauseBeforeLift * 1000)
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
  /// The traces whose outcome is not the same at every value; 0 means the
  /// parameter has no effect over the range.
  package var changingTraces: Int
  /// The plateau, suggestion and edge (see ``SweepVerdict``); `nil`
  /// without labelled traces meant for the sweep's transition, or when the
  /// sweep has no effect.
  package var verdict: SweepVerdict?
  /// The procedure re-run on all folds but one and scored on that one, for
  /// each fold in turn (k-fold cross-validation by trace id), with each
  /// fold's choice; `nil` without a verdict.
  package var heldOut: HeldOutCheck?

  /// The number of cross-validation folds.
  package static let folds = 5

  /// Whether no trace's outcome changes across the range.
  package var hasNoEffect: Bool { changingTraces == 0 }

  /// The value with the highest accuracy (the lowest such value on ties);
  /// `nil` without a verdict.
  package var best: Double? { verdict.map { points[$0.best].value } }

  /// The suggested value: the middle of the plateau's run containing the
  /// best; `nil` without a verdict or when the curve is flat.
  package var suggested: Double? { verdict?.suggestion.map { points[$0].value } }

  /// The plateau's ranges of values, (low, high) per run of consecutive
  /// values (low = high for a lone value); empty without a verdict.
  package var plateauRanges: [(low: Double, high: Double)] {
    guard let verdict else { return [] }
    return SweepVerdict.runs(of: verdict.plateau).map {
      (points[$0.lowerBound].value, points[$0.upperBound].value)
    }
  }

  /// Per fold, the value the procedure picked on the other folds (`nil`
  /// for a fold that picked none); empty without a held-out check.
  package var foldChoices: [Double?] {
    heldOut?.choices.map { $0.map { points[$0].value } } ?? []
  }

  /// For a transition with more than two stops, the stop the view rests
  /// at: each value's completion rate is how often it leaves that stop.
  package var startStop: String?

  init(
    sweep: Sweep, completes: [Int], foldScores: [[IntentScore]], changingTraces: Int,
    traceCount: Int
  ) {
    spec = sweep.spec
    parameter = sweep.parameter
    startStop = sweep.variants.first?.track.flatMap { $0.isMultiStop ? $0.start : nil }
    let scores = foldScores.map { folds in
      var sum = IntentScore()
      for score in folds { sum.merge(score) }
      return sum
    }
    var points: [SweepPoint] = []
    for (position, value) in sweep.values.enumerated() {
      points.append(
        SweepPoint(
          value: value,
          completionRate: traceCount == 0
            ? 0 : Double(completes[position]) / Double(traceCount),
          score: scores[position]))
    }
    self.points = points
    self.changingTraces = changingTraces
    verdict = changingTraces == 0 ? nil : SweepVerdict(scores: scores)
    heldOut = verdict == nil ? nil : SweepVerdict.heldOut(foldScores)
  }
}

/// One value of a sweep.
package struct SweepPoint: Sendable, Hashable {
  /// The parameter's value.
  package var value: Double
  /// The fraction of traces that completed (or changed page).
  package var completionRate: Double
  /// The score against intent of the labelled traces meant for the sweep's
  /// transition.
  package var score: IntentScore
  /// The fraction decided as labelled; `nil` without labels.
  package var accuracy: Double? { score.accuracy }
}
