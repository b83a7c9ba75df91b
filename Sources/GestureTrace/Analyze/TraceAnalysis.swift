/// Everything the analyzer keeps of one trace: its features, its sampling,
/// its release velocity by every estimator, and each variant's run.
package struct TraceAnalysis: Sendable, Hashable {
  /// Transition-independent measurements (without the interval list).
  package var features: TraceFeatures
  /// Median interval between events, seconds (0 with one event).
  package var samplingMedian: Double
  /// Standard deviation of the intervals, seconds (0 with fewer than two).
  package var samplingJitter: Double
  /// Longest interval, seconds.
  package var longestGap: Double
  /// The release velocity re-estimated by each of
  /// ``VelocityEstimator/analyzed``, from translations alone.
  package var estimatedVelocities: [Vector2D?]
  /// The trace's intent label, if any.
  package var intent: TraceIntent?
  /// The transition the gesture was made for (metadata `target`), if
  /// named: its intent is scored only for that transition's variants, and
  /// reports chart it with them.
  package var target: String?
  /// The value of the group-by metadata key, if grouping.
  package var group: String?
  /// Where its label (or, unlabelled, the gesture) comes from.
  package var labelSource: LabelSource
  /// Each variant's replay, in the variants' order.
  package var runs: [VariantRun]
  /// Each sweep's outcomes: whether each value's variant completed.
  var sweepCompletions: [[Bool]]
  /// What a plan whose variants or sweeps settle on stops keeps of the
  /// trace (``TraceStops``); `nil` for other plans.
  // NB: one reference rather than its fields: the larger struct was copied
  // through memcpy for every trace
  // (docs/performance.md, "Notes moved from the code").
  package let stops: TraceStops?
  /// Per variant, the plan's perturbations that flip its decision (see
  /// ``AnalysisPlan/flips(of:runs:)``); empty without perturbations.
  package var flips: [UInt64]

  /// Analyzes one trace.
  ///
  /// - Parameters:
  ///   - keepsDetails: Whether to fill ``estimatedVelocities``,
  ///     ``samplingJitter`` and ``longestGap`` (reports need them for the
  ///     traces they list one by one, not for summaries); without, they are
  ///     empty and 0.
  ///   - runs: The variants' replays, when the caller has made them
  ///     (`replayer.run(trace, with:)` for each variant, in order).
  // NB: `borrowing`: an initializer takes its arguments as its own, so
  // every caller copied the trace and the plan (retaining a dozen arrays
  // and strings) for every trace.
  package init(
    _ trace: borrowing Trace, plan: borrowing AnalysisPlan, keepsDetails: Bool = true,
    runs: [VariantRun]? = nil
  ) {
    let replayer = plan.replayer
    var intervalMedian: Double?
    // NB: measured into the property itself: a local copied into it cost a
    // retain and a release of each of its parts for every trace.
    features =
      keepsDetails
      ? TraceFeatures(of: trace) : TraceFeatures(of: trace, intervalMedian: &intervalMedian)
    if keepsDetails {
      let intervals = Quantiles(features.intervals)
      samplingMedian = intervals.median ?? 0
      samplingJitter = intervals.count > 1 ? intervals.standardDeviation ?? 0 : 0
      longestGap = intervals.maximum ?? 0
      features.intervals = []
    } else {
      // NB: summaries need only the median; a selection finds it for less
      // than the sort the jitter needs (its sum runs in sorted order).
      samplingMedian = intervalMedian ?? 0
      samplingJitter = 0
      longestGap = 0
    }
    estimatedVelocities =
      keepsDetails
      ? VelocityEstimator.analyzed.map { trace.estimatedReleaseVelocity(using: $0) } : []
    intent = trace.metadata.intent
    target = trace.metadata.target
    labelSource = LabelSource(
      metadata: trace.metadata, isLabelled: intent != nil || trace.metadata["intent"] != nil)
    group = plan.groupBy.map { trace.metadata[$0] ?? "(none)" }
    if let runs {
      self.runs = runs
    } else {
      // NB: a loop here and no zip for absent sweeps, not the two maps: this
      // runs for every trace (docs/performance.md, "Notes moved from the
      // code").
      let prototypes = plan.prototypes.transitions
      var made: [VariantRun] = []
      made.reserveCapacity(prototypes.count)
      for prototype in prototypes { made.append(replayer.run(trace, from: prototype)) }
      self.runs = made
    }
    flips = plan.perturbations.isEmpty ? [] : plan.flips(of: trace, runs: self.runs)
    // NB: a trace's stop label is looked up only when a variant or sweep
    // settles on stops: a second metadata lookup for every unlabelled trace
    // cost more than the stops' whole scoring.
    var settledStops: [[String]] = []
    if plan.prototypes.sweeps.isEmpty {
      sweepCompletions = []
    } else {
      var completions: [[Bool]] = []
      for sweep in plan.prototypes.sweeps.indices {
        let pages = plan.sweepStartPages[sweep]
        let starts = plan.sweepStartStops[sweep]
        var completed: [Bool] = []
        var settled: [String] = []
        for (position, transition) in plan.prototypes.sweeps[sweep].enumerated() {
          let outcome = replayer.outcome(of: trace, from: transition).outcome
          completed.append(
            Self.isCompletion(outcome, startPage: pages[position], startStop: starts[position]))
          if starts[position] != nil { settled.append(outcome.description) }
        }
        completions.append(completed)
        settledStops.append(settled)
      }
      sweepCompletions = completions
    }
    stops =
      plan.scoresStops
      ? TraceStops(
        intendedStop: intent == nil ? trace.metadata.intendedStop : nil, sweepStops: settledStops)
      : nil
  }

  /// Whether an outcome counts as completing: `complete`, a page other
  /// than the one the gesture started on, or a stop other than the one the
  /// view rested at.
  static func isCompletion(
    _ outcome: TransitionOutcome, startPage: Int?, startStop: StopName? = nil
  ) -> Bool {
    switch outcome {
    case .complete: return true
    case .cancel: return false
    case .page(let page): return page != startPage
    case .stop(let name): return name != startStop
    }
  }

  /// Whether variants `i` and `j` decided alike: the same page when both
  /// are pagers, the same stop when both have more than two stops,
  /// otherwise both completing or both not (a pager completes when it
  /// changes page, a view between stops when it leaves its start stop).
  /// `plan` is the one the trace was analyzed with.
  func decidesAlike(_ i: Int, _ j: Int, plan: AnalysisPlan) -> Bool {
    let startPages = plan.startPages
    let startStops = plan.startStops
    if startPages[i] != nil, startPages[j] != nil {
      return runs[i].outcome.outcome == runs[j].outcome.outcome
    }
    if startStops[i] != nil, startStops[j] != nil {
      return runs[i].outcome.outcome == runs[j].outcome.outcome
    }
    return completed(i, plan: plan) == completed(j, plan: plan)
  }

  /// The index in `names` (``AnalysisPlan/transitionNames``) of the
  /// transition the trace is meant for: ``untargeted`` when it names none,
  /// ``elsewhere`` when it names one not among them.
  func targetIndex(in names: [String]) -> Int {
    guard let target else { return Self.untargeted }
    return names.firstIndex(of: target) ?? Self.elsewhere
  }

  /// ``targetIndex(in:)`` of a trace that names no target: it is meant for
  /// every transition.
  package static let untargeted = -1
  /// ``targetIndex(in:)`` of a trace meant for a transition the plan does
  /// not have: it is counted for none.
  package static let elsewhere = -2

  /// Whether the trace carries an intent label: `complete`, `cancel` or a
  /// stop's name.
  var isLabelled: Bool { intent != nil || intendedStop != nil }

  /// The intent label as written: `complete`, `cancel` or a stop's name.
  package var intentLabel: String? { intent?.rawValue ?? intendedStop }

  /// Whether a variant of `transition` scores this trace's intent: the
  /// trace is meant for that transition or for none, and labelled with a
  /// stop when the transition has more than two stops (`multiStop`),
  /// with `complete` or `cancel` otherwise.
  func isScored(by transition: String, multiStop: Bool = false) -> Bool {
    (multiStop ? intendedStop != nil : intent != nil) && (target == nil || target == transition)
  }

  /// Whether variant `index` completed; `plan` is the one the trace was
  /// analyzed with.
  package func completed(_ index: Int, plan: AnalysisPlan) -> Bool {
    Self.isCompletion(
      runs[index].outcome.outcome, startPage: plan.startPages[index],
      startStop: plan.startStops[index])
  }

  /// The stop the trace's intent label names (`intent: full`), if it names
  /// one and the plan scores stops.
  package var intendedStop: String? { stops?.intendedStop }

  /// Each sweep's stops: for a sweep of a transition with more than two
  /// stops, the stop each value's variant settled on; empty for others.
  var sweepStops: [[String]] { stops?.sweepStops ?? [] }
}

/// What to analyze each trace with: variants, sweeps, the replayer and the
/// group-by key.
package struct AnalysisPlan: Sendable, Hashable {
  /// The variants, in report order.
  package var variants: [Variant]
  /// The sweeps.
  package var sweeps: [Sweep]
  /// The grids of pairs of sweeps; replayed after the sweeps, as if each
  /// were one more sweep of its cells.
  package var grids: [SweepGrid]
  /// The replayer (frame rate, estimator).
  package var replayer: Replayer
  /// The metadata key to group by, if any.
  package var groupBy: String?
  /// What each trace is re-decided under (`analyze --stability`; at most
  /// 64); none by default.
  package var perturbations: [Perturbation]
  /// Whether traces are placed on decision maps (``DecisionMapCollector``):
  /// by default; a report that shows no map and writes no partial can do
  /// without.
  var collectsDecisionMaps = true
  /// Each variant's start page (pagers) or `nil`.
  let startPages: [Int?]
  /// Each variant's transition name: labelled traces meant for another
  /// transition are not scored for it.
  package let transitions: [String]
  /// Whether each variant has its transition's published values.
  package let published: [Bool]
  /// The transitions of the variants, then of the sweeps and grids, each
  /// once, in that order: the report's sections.
  let transitionNames: [String]
  /// Each variant's index in ``transitionNames``.
  let variantTransitions: [Int]
  /// Each sweep's, then each grid's, index in ``transitionNames``.
  let sweepTransitionIndices: [Int]
  /// Each sweep's transition name, then each grid's.
  let sweepTransitions: [String]
  /// Each sweep value's start page.
  let sweepStartPages: [[Int?]]
  /// Each variant's start stop when its transition has more than two stops
  /// (``TransitionTrack/isMultiStop``), else `nil`: its outcomes are stops,
  /// and it is scored on stop labels.
  let startStops: [StopName?]
  /// Each sweep value's start stop, as ``startStops``.
  let sweepStartStops: [[StopName?]]
  /// Whether any variant or sweep value settles on stops: traces' stop
  /// labels are read only then.
  let scoresStops: Bool
  /// Each variant's stops in order along its track (by position) when it
  /// has more than two, else empty.
  let stopNames: [[String]]
  /// The variants' and sweep values' transitions at rest.
  let prototypes: Prototypes

  /// Creates a plan.
  package init(
    variants: [Variant], sweeps: [Sweep] = [], grids: [SweepGrid] = [],
    replayer: Replayer = Replayer(), groupBy: String? = nil,
    perturbations: [Perturbation] = []
  ) {
    precondition(perturbations.count <= 64, "A trace's flips are a 64-bit mask")
    self.variants = variants
    self.perturbations = perturbations
    self.sweeps = sweeps
    self.grids = grids
    // NB: a grid's cells are counted, scored and summarized as a sweep's
    // values are: they follow the sweeps in these lists.
    let sweepVariants = sweeps.map(\.variants) + grids.map(\.variants)
    self.replayer = replayer
    self.groupBy = groupBy
    startPages = variants.map { $0.makeTransition().startPage }
    transitions = variants.map(\.transition)
    published = variants.map { $0.values == (try? $0.sibling(parsing: $0.transition))?.values }
    sweepTransitions = sweepVariants.map { $0.first?.transition ?? "" }
    var names: [String] = []
    for name in transitions + sweepTransitions where !names.contains(name) { names.append(name) }
    transitionNames = names
    variantTransitions = transitions.map { names.firstIndex(of: $0)! }
    sweepTransitionIndices = sweepTransitions.map { names.firstIndex(of: $0)! }
    sweepStartPages = sweepVariants.map { $0.map { $0.makeTransition().startPage } }
    startStops = variants.map(Self.startStop)
    stopNames = variants.map { variant in
      guard let track = variant.track, track.isMultiStop else { return [] }
      return track.sortedStops.map(\.name)
    }
    sweepStartStops = sweepVariants.map { $0.map(Self.startStop) }
    scoresStops =
      startStops.contains { $0 != nil } || sweepStartStops.contains { $0.contains { $0 != nil } }
    prototypes = Prototypes(
      transitions: variants.map { ReplayPrototype($0.makeTransition()) },
      sweeps: sweepVariants.map { $0.map { ReplayPrototype($0.makeTransition()) } })
  }

  /// The same plan with transitions and lists of its own, for one thread
  /// to analyze many traces with.
  // NB: analyzing a trace retains and releases the plan's transitions and
  // lists; shared by two threads, their reference counts went back and
  // forth between the cores
  // (docs/performance.md, "Notes moved from the code").
  func copyForOneThread() -> AnalysisPlan {
    AnalysisPlan(
      variants: variants.map { $0 }, sweeps: sweeps.map { $0 }, grids: grids.map { $0 },
      replayer: replayer,
      groupBy: groupBy.map { String(decoding: Array($0.utf8), as: UTF8.self) },
      perturbations: perturbations
    ).collectingDecisionMaps(collectsDecisionMaps)
  }

  /// The same plan, placing traces on decision maps or not.
  package func collectingDecisionMaps(_ collects: Bool) -> AnalysisPlan {
    var plan = self
    plan.collectsDecisionMaps = collects
    return plan
  }

  /// The start stop of a variant whose transition has more than two stops.
  private static func startStop(_ variant: Variant) -> StopName? {
    guard let track = variant.track, track.isMultiStop else { return nil }
    return StopName(track.start)
  }

  /// Whether the variant at `index` decides among more than two stops.
  package func isMultiStop(_ index: Int) -> Bool { startStops[index] != nil }

  /// Transitions at rest, made once per plan rather than once per trace.
  struct Prototypes: Sendable, Hashable {
    let transitions: [ReplayPrototype]
    let sweeps: [[ReplayPrototype]]

    // NB: they follow from the variants and sweeps, which equality and
    // hashing already cover.
    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// Replays `trace` through the variant at `index` from its prepared
  /// transition, as ``TraceAnalysis`` does (for callers that time each
  /// variant's replays and pass them in).
  package func run(_ trace: Trace, variantAt index: Int) -> VariantRun {
    replayer.run(trace, from: prototypes.transitions[index])
  }
}
