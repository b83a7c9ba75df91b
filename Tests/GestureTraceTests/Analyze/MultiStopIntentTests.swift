import Testing

@testable import GestureTrace

/// Intent scored on stop labels for a transition with more than two stops
/// (the tests' own ``MyPanel``, registered in a catalog as an app would),
/// on a corpus whose every number is worked out by hand below.
@Suite struct MultiStopIntentTests {
  static let nearest = try! Variant(parsing: "my-panel", in: MyPanel.catalog)
  static let projected = try! Variant(parsing: "my-panel:projection=0.2", in: MyPanel.catalog)
  static let plan = AnalysisPlan(variants: [nearest, projected])

  static func labelled(
    _ id: String, _ distance: Double, velocity: Double, _ label: String?,
    target: String? = "my-panel"
  ) -> Trace {
    var trace = verticalDrag([distance], releaseVelocity: Vector2D(x: 0, y: velocity))
    trace.id = id
    trace.metadata["intent"] = label
    trace.metadata.target = target
    return trace
  }

  /// The panel rests at half (400); stops full 100, half 400, tip 700, so
  /// with d = the release translation + p × velocity it settles on full
  /// below −150, tip above 150, half between.
  ///
  /// | trace | d | v | meant | [1] p = 0 | [2] p = 0.2 | p = 0.1 |
  /// |---|---|---|---|---|---|---|
  /// | h1 | 20 | 0 | half | half ✓ | half ✓ | half ✓ |
  /// | h2 | −60 | 0 | half | half ✓ | half ✓ | half ✓ |
  /// | h3 | 100 | 0 | half | half ✓ | half ✓ | half ✓ |
  /// | h4 | −100 | −400 | half | half ✓ | full (−180) ✗ | half (−140) ✓ |
  /// | h5 | 120 | 250 | half | half ✓ | tip (170) ✗ | half (145) ✓ |
  /// | h6 | −170 | 500 | half | full ✗ | half (−70) ✓ | half (−120) ✓ |
  /// | h7 | 40 | 0 | half | half ✓ | half ✓ | half ✓ |
  /// | h8 | 180 | −400 | half | tip ✗ | half (100) ✓ | half (140) ✓ |
  /// | f1 | −250 | 0 | full | full ✓ | full ✓ | full ✓ |
  /// | f2 | −200 | −100 | full | full ✓ | full (−220) ✓ | full ✓ |
  /// | f3 | −80 | −1000 | full | half ✗ | full (−280) ✓ | full (−180) ✓ |
  /// | f4 | −120 | −600 | full | half ✗ | full (−240) ✓ | full (−180) ✓ |
  /// | f5 | −100 | −200 | full | half ✗ | half (−140) ✗ | half (−120) ✗ |
  /// | f6 | −160 | 0 | full | full ✓ | full ✓ | full ✓ |
  /// | f7 | −300 | 0 | full | full ✓ | full ✓ | full ✓ |
  /// | t1 | 200 | 0 | tip | tip ✓ | tip ✓ | tip ✓ |
  /// | t2 | 90 | 800 | tip | half ✗ | tip (250) ✓ | tip (170) ✓ |
  /// | t3 | 300 | 0 | tip | tip ✓ | tip ✓ | tip ✓ |
  /// | t4 | 60 | 300 | tip | half ✗ | half (120) ✗ | half (90) ✗ |
  /// | t5 | 160 | −150 | tip | tip ✓ | half (130) ✗ | half (145) ✗ |
  /// | u1 | 0 | 0 | none | half | half | half |
  /// | x1 | 0 | 0 | complete (no target) | half, not scored | | |
  /// | y1 | −250 | 0 | full, for player-sheet | full, not scored | | |
  ///
  /// Labels: half 8, full 7, tip 5 of 20 scored. [1] is right on 6 + 4 + 3
  /// = 13, [2] on 6 + 6 + 3 = 15, p = 0.1 on 8 + 6 + 3 = 17.
  static let corpus: [Trace] = [
    labelled("h1", 20, velocity: 0, "half"),
    labelled("h2", -60, velocity: 0, "half"),
    labelled("h3", 100, velocity: 0, "half"),
    labelled("h4", -100, velocity: -400, "half"),
    labelled("h5", 120, velocity: 250, "half"),
    labelled("h6", -170, velocity: 500, "half"),
    labelled("h7", 40, velocity: 0, "half", target: nil),
    labelled("h8", 180, velocity: -400, "half"),
    labelled("f1", -250, velocity: 0, "full"),
    labelled("f2", -200, velocity: -100, "full"),
    labelled("f3", -80, velocity: -1000, "full"),
    labelled("f4", -120, velocity: -600, "full"),
    labelled("f5", -100, velocity: -200, "full"),
    labelled("f6", -160, velocity: 0, "full"),
    labelled("f7", -300, velocity: 0, "full"),
    labelled("t1", 200, velocity: 0, "tip"),
    labelled("t2", 90, velocity: 800, "tip"),
    labelled("t3", 300, velocity: 0, "tip"),
    labelled("t4", 60, velocity: 300, "tip"),
    labelled("t5", 160, velocity: -150, "tip"),
    labelled("u1", 0, velocity: 0, nil),
    labelled("x1", 0, velocity: 0, "complete", target: nil),
    labelled("y1", -250, velocity: 0, "full", target: "player-sheet"),
  ]

  static let traces = corpus.map { TraceAnalysis($0, plan: plan) }
  static let summary = AnalysisSummary(name: "all", traces: traces, plan: plan)

  @Test func stopLabelsAreReadAndOnlyStopLabelsAreScored() {
    #expect(Self.corpus[0].metadata.intendedStop == "half")
    #expect(Self.corpus[0].metadata.intent == nil)
    #expect(Self.corpus[21].metadata.intendedStop == nil)
    #expect(Self.traces[21].intent == .complete)
    #expect(Self.summary.labelledCount == 22)
    #expect(Self.summary.untargetedCount == 2)
    // x1 (a complete label) and y1 (meant for the player sheet).
    #expect(Self.summary.unscoredCount == 2)
    #expect(Self.summary.intent.map(\.total) == [20, 20])
  }

  @Test func outcomesAreStopsListedInTrackOrder() {
    let first = Self.summary.variants[0]
    #expect(first.stops == ["full", "half", "tip"])
    // [1] over the 22 traces meant for the panel (y1 is meant for the
    // player sheet): full h6 f1 f2 f6 f7; tip h8 t1 t3 t5.
    #expect(first.outcomes.map(\.outcome) == [.stop("full"), .stop("half"), .stop("tip")])
    #expect(first.outcomes.map(\.count) == [5, 13, 4])
    // [2]: full h4 f1 f2 f3 f4 f6 f7; tip h5 t1 t2 t3.
    #expect(Self.summary.variants[1].outcomes.map(\.count) == [7, 11, 4])
  }

  @Test func accuracyBaselineAndBalancedAccuracyAreAsWorkedOut() {
    let (first, second) = (Self.summary.intent[0], Self.summary.intent[1])
    #expect(first.isMultiStop)
    #expect(first.correct == 13)
    #expect(first.accuracy == 13.0 / 20)
    #expect(second.accuracy == 15.0 / 20)
    #expect(first.majorityLabel == "half")
    #expect(first.baseline == 8.0 / 20)
    // The mean recall over full, half and tip (added in that order).
    #expect(first.balancedAccuracy == (4.0 / 7 + 6.0 / 8 + 3.0 / 5) / 3)
    #expect(second.balancedAccuracy == (6.0 / 7 + 6.0 / 8 + 3.0 / 5) / 3)
    #expect(
      first.stops == [
        .init(name: "full", meant: 7, correct: 4, decided: 5),
        .init(name: "half", meant: 8, correct: 6, decided: 11),
        .init(name: "tip", meant: 5, correct: 3, decided: 4),
      ])
    #expect(first.precision == nil && first.recall == nil)
  }

  @Test func mcNemarCountsAgainstTheBaselineAndBetweenVariants() {
    let (first, second) = (Self.summary.intent[0], Self.summary.intent[1])
    // Against always half: right on 4 full + 3 tip; wrong on h6 and h8.
    #expect(first.againstBaseline == McNemarTest(onlyFirst: 7, onlySecond: 2))
    // 2 × (1 + 9 + 36) / 2⁹, to rounding.
    #expect((first.againstBaseline.pValue - 92.0 / 512).magnitude < 1e-12)
    // [2]: right on 6 full + 3 tip; wrong on h4 and h5.
    #expect(second.againstBaseline == McNemarTest(onlyFirst: 9, onlySecond: 2))
    // 2 × (1 + 11 + 55) / 2¹¹.
    #expect((second.againstBaseline.pValue - 134.0 / 2048).magnitude < 1e-12)
    let evidence = try! #require(Self.summary.evidence.first)
    #expect(Self.summary.evidence.count == 1)
    #expect(evidence.majority == "half")
    #expect(evidence.baseline == 0.4)
    #expect(evidence.scoredCount == 20)
    // [1] alone right on h4 h5 t5; [2] alone on h6 h8 f3 f4 t2.
    #expect(evidence.test(0, against: 1) == McNemarTest(onlyFirst: 3, onlySecond: 5))
    #expect(evidence.leader == 1)
    #expect(evidence.best == nil)
    // 2 × (1 + 8 + 28 + 56) / 2⁸, the largest of the family of 3: Holm
    // leaves it (1 × 186/256 against 2 × 92/512 and 3 × 134/2048).
    #expect(((evidence.leaderP ?? 0) - 186.0 / 256).magnitude < 1e-12)
    #expect(((evidence.adjustedBaselineP[0] ?? 0) - 184.0 / 512).magnitude < 1e-12)
    #expect(((evidence.adjustedBaselineP[1] ?? 0) - 402.0 / 2048).magnitude < 1e-12)
    #expect(evidence.labelMix.map(\.label) == ["full", "half", "tip"])
  }

  @Test func variantsAgreeWhenTheySettleOnTheSameStop() {
    // They differ on h4 h5 h6 h8 f3 f4 t2 t5: 14 of the 22 traces meant
    // for the panel alike (y1 is meant for the player sheet).
    #expect(Self.summary.agreement[0][1] == 14.0 / 22)
    #expect(Self.summary.disagreementCount == 8)
    #expect(
      Self.summary.disagreements.map(\.trace) == ["h4", "h5", "h6", "h8", "f3", "f4", "t2", "t5"])
  }

  @Test func aStopOtherThanTheStartCountsAsCompleting() {
    #expect(TraceAnalysis.isCompletion(.stop("half"), startPage: nil, startStop: "half") == false)
    #expect(TraceAnalysis.isCompletion(.stop("tip"), startPage: nil, startStop: "half"))
    #expect(Self.plan.startStops == ["half", "half"])
  }

  @Test func tiedStopLabelsMakeTheFirstNameTheBaseline() {
    var score = IntentScore()
    score.add(meantStop: "tip", decided: "tip")
    score.add(meantStop: "full", decided: "tip")
    #expect(score.majorityLabel == "full")
    #expect(score.baseline == 0.5)
    #expect(score.balancedAccuracy == 0.5)
    #expect(score.againstBaseline == McNemarTest(onlyFirst: 1, onlySecond: 1))
  }

  @Test func aSweepOfTheProjectionFindsTheMiddleValue() throws {
    let sweep = try Sweep(parsing: "my-panel.projection=0...0.2:0.1", in: MyPanel.catalog)
    let plan = AnalysisPlan(variants: [Self.nearest], sweeps: [sweep])
    let summary = AnalysisSummary(
      name: "all", traces: Self.corpus.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    let result = try #require(summary.sweeps.first)
    #expect(result.points.map(\.score.correct) == [13, 17, 15])
    #expect(result.points.map(\.score.total) == [20, 20, 20])
    // Leaving half: 9, 9 and 11 of the 22 traces meant for the panel (y1,
    // meant for the player sheet, is not counted).
    let rates: [Double] = [9.0 / 22, 9.0 / 22, 11.0 / 22]
    #expect(result.points.map(\.completionRate) == rates)
    // h4 h5 h6 h8 f3 f4 t2 t5 settle on another stop at some value.
    #expect(result.changingTraces == 8)
    #expect(result.startStop == "half")
    let verdict = try #require(result.verdict)
    #expect(verdict.best == 1)
    // The Wilson lower bound of 17/20 is 0.6396: 13/20 and 15/20 are above,
    // so all 3 values are on the plateau: flat, nothing suggested; the
    // rule's candidate is the middle, and both ends are reached.
    #expect(verdict.plateau == [0, 1, 2])
    #expect(!verdict.isIdentified && verdict.suggestion == nil && result.suggested == nil)
    #expect(verdict.candidate == 1)
    #expect(verdict.rowEnds == .init(low: true, high: true))
    // The held-out baseline always answers the most common stop label of
    // the same 20 traces: half, 8 of them.
    let heldOut = try #require(result.heldOut)
    #expect(heldOut.score.total == 20 && heldOut.choices.count == SweepSummary.folds)
    #expect(heldOut.baselineLabel == "half" && heldOut.baseline == 8.0 / 20)
  }

  @Test func splitAccumulatorsMergeAndAPartialReadsBackTheSame() throws {
    var whole = AnalysisAccumulator(plan: Self.plan)
    for trace in Self.traces { whole.add(trace) }
    var first = AnalysisAccumulator(plan: Self.plan)
    var second = AnalysisAccumulator(plan: Self.plan)
    for trace in Self.traces.prefix(9) { first.add(trace) }
    for trace in Self.traces.dropFirst(9) { second.add(trace) }
    first.merge(second)
    #expect(first.summary(name: "all", plan: Self.plan) == Self.summary)
    #expect(whole.summary(name: "all", plan: Self.plan) == Self.summary)

    var counts = ""
    whole.appendCounts(to: &counts)
    #expect(counts.contains("[0,0,0,0,[[\"full\",7,4,5],[\"half\",8,6,11],[\"tip\",5,3,4]]]"))
    let line = try PartialLine(Array(counts.utf8), number: 1)
    let read = try AnalysisAccumulator(counts: line.object, in: line, plan: Self.plan)
    #expect(read.scores == whole.scores)
    var again = ""
    read.appendCounts(to: &again)
    #expect(again == counts)
  }
}

extension MultiStopIntentTests {
  /// The lines of a partial of `traces` for `plan`.
  static func partial(_ traces: ArraySlice<TraceAnalysis>, plan: AnalysisPlan) -> String {
    PartialReaderTests.partial(traces, plan: plan, files: ["panel.csv"])
  }

  /// The summary a partial reads back as, with the catalog given.
  static func readSummary(
    _ text: String, catalog: TransitionCatalog
  ) throws(PartialProblem) -> PartialSummary? {
    var reader = PartialReader(catalog: catalog)
    var last: PartialItem?
    for line in text.split(separator: "\n") { last = try reader.read(Array(line.utf8)) }
    try reader.finish()
    guard case .summary(let summary) = last else { return nil }
    return summary
  }

  @Test func partialsOfAMultiStopPlanMergeAsTheWholeAnalysis() throws {
    let sweep = try Sweep(parsing: "my-panel.projection=0...0.2:0.1", in: MyPanel.catalog)
    let plan = AnalysisPlan(variants: [Self.nearest, Self.projected], sweeps: [sweep])
    let traces = Self.corpus.map { TraceAnalysis($0, plan: plan) }
    let whole = AnalysisSummary(name: "all", traces: traces, plan: plan)
    var merged = try #require(
      try Self.readSummary(Self.partial(traces[..<11], plan: plan), catalog: MyPanel.catalog))
    let second = try #require(
      try Self.readSummary(Self.partial(traces[11...], plan: plan), catalog: MyPanel.catalog))
    merged.accumulator.merge(second.accumulator)
    let summary = merged.accumulator.overall.summary(name: "all", plan: plan)
    #expect(summary.intent == whole.intent)
    #expect(summary.sweeps == whole.sweeps)
    #expect(summary.evidence == whole.evidence)
    #expect(summary.variants.map(\.outcomes) == whole.variants.map(\.outcomes))
    // Without the catalog the app's transition is unknown.
    #expect(throws: PartialProblem.self) {
      _ = try Self.readSummary(Self.partial(traces[...], plan: plan), catalog: .builtIn)
    }
  }
}

extension MultiStopIntentTests {
  @Test func anAppsOwnPanelIsScoredThroughThePublicAnalyzer() throws {
    var analyzer = TraceAnalyzer(variants: [Self.nearest, Self.projected])
    for trace in Self.corpus { try analyzer.add(trace) }
    let summary = analyzer.summary()
    let first = try #require(summary.variants[0].intent)
    #expect(first.accuracy.count == 13 && first.accuracy.total == 20)
    #expect(first.majorityLabel == "half")
    #expect(first.baseline.count == 8)
    #expect(summary.variants[1].intent?.accuracy.count == 15)
    #expect(summary.variants[0].rate(of: .stop("full")).count == 5)
    // Written as a partial and read back with the catalog, the same numbers.
    let read = try TraceAnalyzer(
      partial: analyzer.partial(), name: "panel.partial", catalog: MyPanel.catalog)
    #expect(read.summary().variants.map(\.intent) == summary.variants.map(\.intent))
  }
}

extension MultiStopIntentTests {
  @Test func aPartialsStopCountsAreChecked() throws {
    var whole = AnalysisAccumulator(plan: Self.plan)
    for trace in Self.traces { whole.add(trace) }
    var counts = ""
    whole.appendCounts(to: &counts)
    let written = "[[\"full\",7,4,5],[\"half\",8,6,11],[\"tip\",5,3,4]]"
    let cases = [
      ("[[\"half\",8,6,11],[\"full\",7,4,5],[\"tip\",5,3,4]]", "expected stops in name order"),
      (
        "[[\"full\",7,8,8],[\"half\",8,6,11],[\"tip\",5,3,4]]",
        "expected a whole number from 0 to 7"
      ),
      ("[[\"no stop\",7,4,5],[\"half\",8,6,11],[\"tip\",5,3,4]]", "expected an outcome"),
    ]
    #expect(counts.contains(written))
    for (replacement, message) in cases {
      let broken = counts.replacing(written, with: replacement)
      let line = try PartialLine(Array(broken.utf8), number: 3)
      #expect {
        _ = try AnalysisAccumulator(counts: line.object, in: line, plan: Self.plan)
      } throws: { error in
        "\(error)".contains(message)
      }
    }
  }
}

extension MultiStopIntentTests {
  /// A grid of the projection (rows 0, 0.1, 0.2) and a bias of 0 or 25 pt
  /// added to the projected position (columns). With the bias the panel
  /// settles on full below d + p·v = −175 and on tip above 125. At p = 0,
  /// h6 (−170) turns half, right, and f6 (−160) half, wrong: 13 stays 13.
  /// At p = 0.1, h5 (145) and h8 (140) turn tip and f6 half, wrong, and t5
  /// (145) tip, right: 17 − 3 + 1 = 15. At p = 0.2, f6 turns half, wrong,
  /// and t5 (130) tip, right: 15.
  @Test func aGridOfAnAppsPanelScoresEachCellOnStops() throws {
    let sweeps = [
      try Sweep(parsing: "my-panel.projection=0...0.2:0.1", in: MyPanel.catalog),
      try Sweep(parsing: "my-panel.bias=0...25:25", in: MyPanel.catalog),
    ]
    let plan = AnalysisPlan(
      variants: [Self.nearest], sweeps: sweeps, grids: try SweepGrid.grids(of: sweeps))
    let summary = AnalysisSummary(
      name: "all", traces: Self.corpus.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    let grid = try #require(summary.grids.first)
    #expect(grid.cells.map(\.score.correct) == [13, 13, 17, 15, 15, 15])
    // Traces leaving half, of the 22 meant for the panel (y1 is not).
    let leaving: [Double] = [9, 7, 9, 11, 11, 11].map { $0 / 22 }
    #expect(grid.cells.map(\.completionRate) == leaving)
    let verdict = try #require(grid.verdict)
    #expect(verdict.best == 2)
    // Every cell is at or above 0.6396, the Wilson lower bound of 17/20:
    // flat. The candidate is nearest the centre, row 1, column 0.5: cells
    // 2 and 3 tie, 2 is first.
    #expect(verdict.plateau == [0, 1, 2, 3, 4, 5])
    #expect(!verdict.isIdentified && verdict.suggestion == nil)
    #expect(verdict.candidate == 2)
    #expect(verdict.isAtEdge)
  }
}

extension MultiStopIntentTests {
  /// Scaled by ±5 %, a release at 145 pt below half moves to 152.25 (tip,
  /// a flip) or 137.75 (half); one at −155 (full) to −162.75 (full) or
  /// −147.25 (half, a flip); one at 100 stays half either way. The fourth
  /// trace is meant for another transition and not counted.
  @Test func stabilityCountsAnotherStopAsAFlip() throws {
    let plan = AnalysisPlan(
      variants: [Self.nearest], perturbations: [.scaleUp, .scaleDown])
    let corpus = [
      Self.labelled("s1", 145, velocity: 0, "half"),
      Self.labelled("s2", -155, velocity: 0, "full"),
      Self.labelled("s3", 100, velocity: 0, "half"),
      Self.labelled("s4", 145, velocity: 0, "half", target: "player-sheet"),
    ]
    let summary = AnalysisSummary(
      name: "all", traces: corpus.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    let variant = try #require(summary.stability?.variants.first)
    #expect(variant.traceCount == 3)
    #expect(variant.flips.map(\.count) == [1, 1])
    #expect(variant.any.count == 2)
    #expect(variant.fragile.map(\.trace) == ["s1", "s2"])
    #expect(variant.fragile.map(\.outcome) == [.stop("half"), .stop("full")])
    #expect(variant.fragile.map(\.flips) == [0b01, 0b10])
  }
}
