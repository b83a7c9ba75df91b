import Testing

@testable import GestureTrace

/// Intent scored per transition, with baselines and McNemar tests, on a
/// small corpus whose every number is worked out by hand below.
@Suite struct IntentEvidenceTests {
  /// lyrics-swap swaps when |ty| passes 80 (published) or 30; the player
  /// sheet (closed) completes unless released moving down.
  static let plan = AnalysisPlan(variants: [
    try! Variant(parsing: "lyrics-swap"), try! Variant(parsing: "lyrics-swap:dismissalOffset=30"),
    try! Variant(parsing: "player-sheet"),
  ])

  static func labelled(
    _ id: String, _ values: [Double], _ intent: TraceIntent?, target: String?,
    velocity: Double = 0
  ) -> Trace {
    var trace = verticalDrag(values, releaseVelocity: Vector2D(x: 0, y: velocity))
    trace.id = id
    trace.metadata.intent = intent
    trace.metadata.target = target
    return trace
  }

  /// | trace | peak | meant | target | [1] 80 | [2] 30 | [3] sheet |
  /// |---|---|---|---|---|---|---|
  /// | a1 | 100 | complete | lyrics-swap | ✓ | ✓ | – |
  /// | a2 | 40 | complete | lyrics-swap | ✗ | ✓ | – |
  /// | a3 | 40 | cancel | lyrics-swap | ✓ | ✗ | – |
  /// | a4 | 20 | cancel | lyrics-swap | ✓ | ✓ | – |
  /// | a5 | 50 | complete | lyrics-swap | ✗ | ✓ | – |
  /// | a6 | 60 | complete | lyrics-swap | ✗ | ✓ | – |
  /// | b1 | −100, up | complete | player-sheet | – | – | ✓ |
  /// | b2 | 100, down | cancel | player-sheet | – | – | ✓ |
  /// | b3 | −50, down | complete | player-sheet | – | – | ✗ |
  /// | c1 | 100, down | complete | none | ✓ | ✓ | ✗ |
  /// | d1 | 100 | none | – | – | – | – |
  /// | e1 | 100 | cancel | music-card | – | – | – |
  static let corpus: [Trace] = [
    labelled("a1", [50, 100], .complete, target: "lyrics-swap"),
    labelled("a2", [40], .complete, target: "lyrics-swap"),
    labelled("a3", [40], .cancel, target: "lyrics-swap"),
    labelled("a4", [20], .cancel, target: "lyrics-swap"),
    labelled("a5", [50], .complete, target: "lyrics-swap"),
    labelled("a6", [60], .complete, target: "lyrics-swap"),
    labelled("b1", [-100], .complete, target: "player-sheet", velocity: -500),
    labelled("b2", [100], .cancel, target: "player-sheet", velocity: 500),
    labelled("b3", [-50], .complete, target: "player-sheet", velocity: 300),
    labelled("c1", [100], .complete, target: nil, velocity: 500),
    labelled("d1", [100], nil, target: nil),
    labelled("e1", [100], .cancel, target: "music-card"),
  ]

  static let traces = corpus.map { TraceAnalysis($0, plan: plan) }

  static let summary = AnalysisSummary(name: "all", traces: traces, plan: plan)

  @Test func eachVariantIsScoredOnlyOnTracesMeantForItsTransition() {
    let summary = Self.summary
    #expect(summary.labelledCount == 11)
    #expect(summary.untargetedCount == 1)
    #expect(summary.unscoredCount == 1)
    #expect(summary.intent.map(\.total) == [7, 7, 4])
  }

  @Test func accuracyBalancedAccuracyAndBaselineAreAsWorkedOut() {
    let (published, thirty, sheet) =
      (Self.summary.intent[0], Self.summary.intent[1], Self.summary.intent[2])
    #expect(
      [
        published.truePositives, published.falseNegatives, published.falsePositives,
        published.trueNegatives,
      ] == [2, 3, 0, 2])
    #expect(published.accuracy == 4.0 / 7)
    let publishedBalanced: Double = (2.0 / 5 + 1) / 2
    #expect(published.balancedAccuracy == publishedBalanced)
    #expect(published.baseline == 5.0 / 7)
    #expect(published.majority == .complete)
    #expect(published.accuracyInterval == WilsonInterval(successes: 4, trials: 7))
    #expect(thirty.accuracy == 6.0 / 7)
    #expect(thirty.balancedAccuracy == 0.75)
    #expect(sheet.accuracy == 0.5)
    #expect(sheet.baseline == 0.75)
    let sheetBalanced: Double = (1.0 / 3 + 1) / 2
    #expect(sheet.balancedAccuracy == sheetBalanced)
  }

  @Test func variantsOfOneTransitionAreComparedByMcNemar() throws {
    let evidence = Self.summary.evidence
    #expect(evidence.map(\.transition) == ["lyrics-swap", "player-sheet"])
    let swap = evidence[0]
    #expect(swap.variants == [0, 1])
    #expect(swap.published == 0)
    #expect(swap.scoredCount == 7)
    #expect(swap.leader == 1)
    let test = try #require(swap.test(1, against: 0))
    #expect(test.onlyFirst == 3)
    #expect(test.onlySecond == 1)
    // 2 × P(X ≤ 1), X ~ Binomial(4, ½) = 2 × 5/16.
    #expect((test.pValue - 0.625).magnitude <= 1e-12)
    #expect(swap.best == nil)
    // Against always answering 'complete': the published variant alone is
    // right on the 2 cancels, the baseline alone on the 3 missed completes:
    // 2 × (1 + 5 + 10) / 2⁵ = 1. [2] alone right on a4, the baseline on
    // no trace: 2 × ½ = 1.
    #expect(Self.summary.intent[0].againstBaseline == McNemarTest(onlyFirst: 2, onlySecond: 3))
    #expect(Self.summary.intent[1].againstBaseline == McNemarTest(onlyFirst: 1, onlySecond: 0))
    // Holm over the 3 comparisons: 3 × 0.625 is capped at 1, and the two
    // others are 1 already.
    #expect(swap.comparisons == 3)
    #expect(swap.leaderP == 1)
    #expect(swap.adjustedBaselineP == [0: 1, 1: 1])
    let sheet = evidence[1]
    #expect(sheet.variants == [2])
    #expect(sheet.best == nil)
    #expect(sheet.leaderP == nil)
    #expect(sheet.baseline == 0.75)
  }

  /// Six traces meant to complete that only the lower offset completes:
  /// the pair's raw p = 2/2⁶ = 0.03125, once enough to call it best. But
  /// [1] against always answering 'complete' is 0 to 6 (p 0.03125 too) and
  /// [2] ties that baseline (0 to 0, p 1): Holm over 3 gives the two
  /// 0.03125s 3 × and 2 × 0.03125, both 0.09375 after the running
  /// maximum. No best: [2] does not beat the pair's adjusted p nor the
  /// baseline. With five traces, 3 × 2/2⁵ = 0.1875.
  @Test(arguments: [(6, 0.09375), (5, 0.1875)])
  func aVariantThatTiesTheBaselineIsNotBest(count: Int, p: Double) {
    let traces = (0..<count).map {
      TraceAnalysis(
        Self.labelled("m\($0)", [40], .complete, target: "lyrics-swap"), plan: Self.plan)
    }
    let evidence = AnalysisSummary(name: "all", traces: traces, plan: Self.plan).evidence
    #expect(evidence.count == 1)
    #expect(evidence[0].leader == 1)
    #expect(((evidence[0].leaderP ?? -1) - p).magnitude <= 1e-12)
    #expect(((evidence[0].adjustedBaselineP[0] ?? -1) - p).magnitude <= 1e-12)
    #expect(evidence[0].standing(0) == .level)
    #expect(evidence[0].standing(1) == .level)
    #expect(evidence[0].best == nil)
  }

  @Test func mergingPartsKeepsThePairCounts() {
    var whole = AnalysisAccumulator(plan: Self.plan)
    for trace in Self.traces { whole.add(trace) }
    var first = AnalysisAccumulator(plan: Self.plan)
    var second = AnalysisAccumulator(plan: Self.plan)
    for trace in Self.traces.prefix(5) { first.add(trace) }
    for trace in Self.traces.dropFirst(5) { second.add(trace) }
    first.merge(second)
    #expect(first.summary(name: "all", plan: Self.plan).evidence == Self.summary.evidence)
    #expect(whole.summary(name: "all", plan: Self.plan).evidence == Self.summary.evidence)
  }

  @Test func sweepsScoreOnlyTracesMeantForTheirTransition() throws {
    let plan = AnalysisPlan(
      variants: [try Variant(parsing: "player-sheet")],
      sweeps: [try Sweep(parsing: "lyrics-swap.dismissalOffset=30...80:50")])
    let summary = AnalysisSummary(
      name: "all", traces: Self.corpus.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    // 30 pt decides a1–a6 and c1 as [2] does above, 80 pt as [1] does.
    #expect(summary.sweeps[0].points.map(\.accuracy) == [6.0 / 7, 4.0 / 7])
    #expect(summary.intent[0].total == 4)
  }
}
