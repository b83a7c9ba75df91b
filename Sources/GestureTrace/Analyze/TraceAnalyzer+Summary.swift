extension TraceAnalyzer {
  /// The main numbers of an analysis: what each variant decided, how well
  /// it matched the intent labels (per source of labels), and exact quantiles of the traces'
  /// features — the numbers of `gesturetrace analyze`'s report, computed by
  /// the same code.
  public struct Summary: Sendable, Hashable {
    /// The number of traces analyzed.
    public let traceCount: Int
    /// The traces left out: in pixels with no scale to convert them by.
    public let leftOutCount: Int
    /// One per variant, in the analyzer's order.
    public let variants: [VariantSummary]
    /// The distributions of the traces' features (duration, samples,
    /// sampling interval, path length, net distance, straightness,
    /// reversals, peak speed, release speed, pause before lift), in the
    /// report's order.
    public let features: [FeatureQuantiles]
  }

  /// What one variant decided across the traces.
  public struct VariantSummary: Sendable, Hashable {
    /// The variant's spec as given.
    public let spec: String
    /// Each outcome decided, in order (complete, cancel, then pages), with
    /// its count of the traces and 95 % Wilson interval; a transition
    /// that decides complete or cancel always lists both.
    public let outcomes: [OutcomeRate]
    /// How often the variant decided as the traces' intent labels say, on
    /// the labelled traces meant for its transition or for none (metadata
    /// `target`), against the labels of the first source in
    /// ``LabelSource`` order (people's before corrections' before the
    /// synthetic model's); `nil` when no such trace is labelled.
    public let intent: IntentAgreement?
    /// The same against each source of labels that labelled such a trace,
    /// in ``LabelSource`` order: sources are never pooled.
    public let intentBySource: [IntentAgreement]
    /// The exact median time from a trace's first event to the decision,
    /// in seconds; `nil` without traces.
    public let medianDecisionTime: Double?
    /// The exact median time from a trace's first event to rest, in
    /// seconds; `nil` without traces.
    public let medianSettleTime: Double?

    /// The rate of one outcome: 0 of the traces when never decided.
    public func rate(of outcome: TransitionOutcome) -> Rate {
      outcomes.first { $0.outcome == outcome }?.rate
        ?? Rate(count: 0, total: outcomes.first?.rate.total ?? 0)
    }
  }

  /// One outcome a variant decided, with how often.
  public struct OutcomeRate: Sendable, Hashable {
    /// The outcome.
    public let outcome: TransitionOutcome
    /// The traces decided so, of all traces.
    public let rate: Rate
  }

  /// A count of traces out of a total, with the 95 % Wilson interval of
  /// the rate.
  public struct Rate: Sendable, Hashable {
    /// The traces counted.
    public let count: Int
    /// The traces they are counted among.
    public let total: Int
    /// The lower bound of the 95 % Wilson interval, in 0…1 (0 without
    /// traces).
    public let lower: Double
    /// The upper bound of the 95 % Wilson interval, in 0…1 (1 without
    /// traces).
    public let upper: Double

    /// `count` of `total`, with its interval.
    init(count: Int, total: Int) {
      self.count = count
      self.total = total
      let interval = WilsonInterval(successes: count, trials: total)
      lower = interval.lower
      upper = interval.upper
    }

    /// count / total; `nil` without traces.
    public var fraction: Double? { total > 0 ? Double(count) / Double(total) : nil }
  }

  /// How one variant's decisions compare with the traces' intent labels.
  ///
  /// A variant completes a trace when it decides `complete`, or a page
  /// other than the one the gesture started on. A variant of a transition
  /// with more than two stops is scored on stop labels instead: it decides
  /// as meant when it settles on the stop the label names.
  public struct IntentAgreement: Sendable, Hashable {
    /// The labelled traces decided as meant, of those scored.
    public let accuracy: Rate
    /// Where the labels come from.
    public let labelSource: LabelSource
    /// The more common label among the traces scored (`complete` on a
    /// tie): what the baseline always answers. With stop labels, see
    /// ``majorityLabel``.
    public let majority: TraceIntent
    /// What the baseline always answers: ``majority``'s word, or, with stop
    /// labels, the most common stop (the first by name on a tie).
    public let majorityLabel: String
    /// The traces whose label is ``majorityLabel``: the accuracy of always
    /// answering it, on the same traces — what ``accuracy`` must beat.
    public let baseline: Rate
    /// Labelled `complete` and completed.
    public let completedAsMeant: Int
    /// Labelled `cancel` and not completed.
    public let cancelledAsMeant: Int

    init(_ score: IntentScore, source: LabelSource) {
      accuracy = Rate(count: score.correct, total: score.total)
      labelSource = source
      majority = score.majority
      majorityLabel = score.majorityLabel
      baseline = Rate(
        count: score.majorityStop?.meant ?? max(score.meantComplete, score.meantCancel),
        total: score.total)
      completedAsMeant = score.truePositives
      cancelledAsMeant = score.trueNegatives
    }
  }

  /// Exact quantiles of one feature over the traces.
  public struct FeatureQuantiles: Sendable, Hashable {
    /// The feature's name, as the report names it ("duration").
    public let name: String
    /// Its unit ("ms", "pt", "pt/s"), or empty.
    public let unit: String
    /// The values at ``probabilities``; empty without traces.
    public let values: [Double]

    /// The probabilities of ``values``: 0.05, 0.25, 0.5, 0.75 and 0.95.
    public static var probabilities: [Double] { FeatureSummary.probabilities }
  }

  /// The summary of every trace added and merged.
  ///
  /// - Complexity: O(*n*) in the number of traces, for the quantiles.
  public func summary() -> Summary {
    Summary(accumulator.summaries().overall, leftOutCount: leftOut.count)
  }
}

extension TraceAnalyzer.Summary {
  /// The public numbers of a report's summary.
  init(_ summary: AnalysisSummary, leftOutCount: Int) {
    traceCount = summary.traceCount
    self.leftOutCount = leftOutCount
    variants = summary.variants.indices.map { index in
      let variant = summary.variants[index]
      let total = variant.outcomes.reduce(0) { $0 + $1.count }
      let agreements = summary.scoring.compactMap { scoring -> TraceAnalyzer.IntentAgreement? in
        guard scoring.intent.indices.contains(index), scoring.intent[index].total > 0 else {
          return nil
        }
        return TraceAnalyzer.IntentAgreement(scoring.intent[index], source: scoring.source)
      }
      return TraceAnalyzer.VariantSummary(
        spec: variant.spec,
        outcomes: variant.outcomes.map {
          TraceAnalyzer.OutcomeRate(
            outcome: $0.outcome, rate: TraceAnalyzer.Rate(count: $0.count, total: total))
        },
        intent: agreements.first, intentBySource: agreements,
        medianDecisionTime: variant.medianDecisionTime,
        medianSettleTime: variant.medianSettleTime)
    }
    features = summary.features.map {
      TraceAnalyzer.FeatureQuantiles(name: $0.name, unit: $0.unit, values: $0.quantiles)
    }
  }
}
