import Testing

@testable import GestureTrace

@Suite struct SweepVerdictTests {
  /// A score with `correct` of `total` traces decided as meant.
  static func score(_ correct: Int, of total: Int) -> IntentScore {
    var score = IntentScore()
    for index in 0..<total { score.add(meant: .complete, completed: index < correct) }
    return score
  }

  /// Scores of 20 traces each, `correct` decided as meant.
  static func scores(_ correct: [Int]) -> [IntentScore] {
    correct.map { Self.score($0, of: 20) }
  }

  /// Best 16/20 = 80 %, Wilson 95 % interval 58.4 %–91.9 %: 15/20, 14/20
  /// and 12/20 (60 %) are within it, wherever they lie; 11/20 (55 %),
  /// 10/20 and below are not. The plateau {1, 2, 5, 7} has three runs; the
  /// suggestion is the lower middle of 1...2, the run holding the best. 4 of
  /// 10 values: identified; neither end is reached.
  @Test func thePlateauIsEveryValueWithinTheBestsIntervalInRuns() throws {
    let verdict = try #require(
      SweepVerdict(scores: Self.scores([10, 15, 16, 10, 11, 14, 8, 12, 5, 5])))
    #expect(verdict.best == 2)
    #expect(abs(verdict.floor - 0.58398) < 1e-5)
    #expect(verdict.plateau == [1, 2, 5, 7])
    #expect(SweepVerdict.runs(of: verdict.plateau) == [1...2, 5...5, 7...7])
    #expect(verdict.region == [1, 2])
    #expect(verdict.isIdentified && verdict.cellCount == 10)
    #expect(verdict.candidate == 1 && verdict.suggestion == 1)
    #expect(!verdict.isAtEdge)
    #expect(verdict.rowEnds == .init() && verdict.columnEnds == .init())
  }

  @Test func runsSplitAtGaps() {
    #expect(SweepVerdict.runs(of: []) == [])
    #expect(SweepVerdict.runs(of: [4]) == [4...4])
    #expect(SweepVerdict.runs(of: [1, 2, 3, 6, 8, 9]) == [1...3, 6...6, 8...9])
  }

  /// Best 16/20 at 4 of 0…6; 14/20 and 15/20 above it are within its
  /// interval (floor 58.4 %): the plateau 4...6 reaches the end of the
  /// range though the best does not. Its middle, 5, is suggested (3 of 7
  /// values: identified). Mirrored, 15/20 at 0 reaches the start.
  @Test func aPlateauReachingAnEndIsAnEdgeWhereverTheBestIs() throws {
    let high = try #require(SweepVerdict(scores: Self.scores([5, 5, 8, 10, 16, 14, 15])))
    #expect(high.best == 4 && high.plateau == [4, 5, 6])
    #expect(high.isIdentified && high.suggestion == 5)
    #expect(high.isAtEdge && high.rowEnds == .init(low: false, high: true))
    let low = try #require(SweepVerdict(scores: Self.scores([15, 16, 10, 5, 5])))
    #expect(low.best == 1 && low.plateau == [0, 1] && low.suggestion == 0)
    #expect(low.rowEnds == .init(low: true, high: false))
    // A best at the end is, of course, a plateau at the end.
    let best = try #require(SweepVerdict(scores: Self.scores([16, 10, 5])))
    #expect(best.best == 0 && best.plateau == [0] && best.rowEnds.low && !best.rowEnds.high)
    // One value has no range to widen.
    let single = try #require(SweepVerdict(scores: [Self.score(3, of: 4)]))
    #expect(!single.isAtEdge)
  }

  /// 14, 15, 16, 15, 14 and 12 of 20 are within 16/20's interval (at least
  /// 58.4 %), 10/20 is not: 6 of 7 values, more than half, so the curve is
  /// flat: nothing is suggested, though the rule's candidate (the middle of
  /// 0...4) is kept for the held-out check. Both ends are reached.
  @Test func aPlateauOverMoreThanHalfTheValuesIdentifiesNothing() throws {
    let flat = try #require(SweepVerdict(scores: Self.scores([14, 15, 16, 15, 14, 10, 12])))
    #expect(flat.plateau == [0, 1, 2, 3, 4, 6])
    #expect(!flat.isIdentified)
    #expect(flat.suggestion == nil && flat.candidate == 2)
    #expect(flat.rowEnds == .init(low: true, high: true))
    // Exactly half is still identified; one more is not.
    let half = try #require(SweepVerdict(scores: Self.scores([16, 15, 5, 5])))
    #expect(half.plateau == [0, 1] && half.isIdentified && half.suggestion == 0)
    let more = try #require(SweepVerdict(scores: Self.scores([16, 15, 15, 5])))
    #expect(more.plateau == [0, 1, 2] && !more.isIdentified && more.suggestion == nil)
  }

  /// Ties go to the lower value; an even run suggests its lower middle.
  @Test func tiesAndEvenRuns() throws {
    let verdict = try #require(SweepVerdict(scores: Self.scores([5, 15, 16, 16, 15, 5, 5, 5, 5])))
    #expect(verdict.best == 2)
    #expect(verdict.plateau == [1, 2, 3, 4])
    #expect(verdict.suggestion == 2)
    #expect(SweepVerdict(scores: [IntentScore(), IntentScore()]) == nil)
  }

  /// Value A is right on folds 0–3 and wrong on fold 4, B the reverse. Each
  /// fold's training folds choose A (3/4 or 4/4 against 1/4 or 0/4), which
  /// is right on folds 0–3 and wrong on fold 4: 4 of 5 held out.
  @Test func heldOutScoresEachFoldAtTheValueTheOthersChose() throws {
    let a = [1, 1, 1, 1, 0].map { Self.score($0, of: 1) }
    let b = [0, 0, 0, 0, 1].map { Self.score($0, of: 1) }
    let heldOut = try #require(SweepVerdict.heldOut([a, b]))
    #expect(heldOut.choices == [0, 0, 0, 0, 0])
    #expect(heldOut.score.total == 5)
    #expect(heldOut.score.correct == 4)
  }

  /// A fold of 10 traces, 7 meant to complete and 3 to cancel, `correct`
  /// of them decided as meant (the complete ones first).
  static func fold(_ correct: Int) -> IntentScore {
    var score = IntentScore()
    for index in 0..<7 { score.add(meant: .complete, completed: index < correct) }
    for index in 0..<3 { score.add(meant: .cancel, completed: index >= correct - 7) }
    return score
  }

  /// Five values, five folds of 10 traces (7 complete, 3 cancel). Value 0
  /// is right on 10, 10, 10, 5, 5 of the folds' traces (40/50), value 4 on
  /// 6, 6, 6, 10, 10 (38/50), the others on 2 each.
  ///
  /// Leaving out fold 0, 1 or 2: value 0 has 30/40, value 4 32/40 — the
  /// best, alone in its run (floor 65.2 %; value 0 is on the plateau but
  /// apart), so 4 is picked. Leaving out fold 3 or 4: value 0 35/40 beats
  /// value 4's 28/40 (floor 73.9 %), so 0 is picked. The picks: 4, 4, 4, 0,
  /// 0, none flat (2 of 5 values at most). Scored on the folds left out:
  /// 6 + 6 + 6 + 5 + 5 = 28 of 50, all complete ones: 7 complete traces
  /// missed, no cancel one caught. The baseline (always complete) is right
  /// on 35 of the same 50; McNemar 0 against 7: p = 2 / 2⁷.
  @Test func heldOutShowsEachFoldsPickAndTheBaseline() throws {
    let scores = [
      [10, 10, 10, 5, 5], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [6, 6, 6, 10, 10],
    ].map { $0.map(Self.fold) }
    let heldOut = try #require(SweepVerdict.heldOut(scores))
    #expect(heldOut.choices == [4, 4, 4, 0, 0])
    #expect(heldOut.chosen == [4, 4, 4, 0, 0])
    #expect(heldOut.unidentifiedFolds == 0)
    #expect(heldOut.score.total == 50 && heldOut.score.correct == 28)
    #expect(heldOut.baseline == 0.7 && heldOut.baselineLabel == "complete")
    #expect(heldOut.againstBaseline == McNemarTest(onlyFirst: 0, onlySecond: 7))
    #expect(abs(heldOut.againstBaseline.pValue - 2.0 / 128) < 1e-15)
    // On all folds: 40/50 (floor 67.0 %) and 38/50: a plateau of two
    // values apart, at both ends; value 0 is suggested.
    let whole = scores.map { folds in
      folds.reduce(into: IntentScore()) { $0.merge($1) }
    }
    let verdict = try #require(SweepVerdict(scores: whole))
    #expect(verdict.plateau == [0, 4] && verdict.suggestion == 0)
    #expect(verdict.rowEnds == .init(low: true, high: true))
  }

  /// A fold whose other folds give a flat curve still picks the middle of
  /// its best's run, and is counted as flat.
  @Test func heldOutCountsFlatFolds() throws {
    // Two values, equally right on every fold: each training curve has
    // both on the plateau, 2 of 2 — flat; the candidate is value 0.
    let scores = [[3, 3, 3, 3, 3], [3, 3, 3, 3, 3]].map { $0.map { Self.score($0, of: 4) } }
    let heldOut = try #require(SweepVerdict.heldOut(scores))
    #expect(heldOut.choices == [0, 0, 0, 0, 0])
    #expect(heldOut.unidentifiedFolds == 5)
    #expect(heldOut.score.correct == 15 && heldOut.score.total == 20)
  }

  /// FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c, 1 modulo 5; of "s000001"
  /// 0xddf1708da552da25, 2 modulo 5.
  @Test func foldsComeFromTheTraceIDsHash() {
    #expect(SweepVerdict.fold(ofTraceID: "a", folds: 5) == 1)
    #expect(SweepVerdict.fold(ofTraceID: "s000001", folds: 5) == 2)
    #expect(SweepVerdict.fold(ofTraceID: "lyrics-swap-000007", folds: 5) == 0)
  }

  static let plan = AnalysisPlan(
    variants: [try! Variant(parsing: "lyrics-swap")],
    sweeps: [
      try! Sweep(parsing: "lyrics-swap.dismissalOffset=20...80:20"),
      try! Sweep(parsing: "lyrics-swap.springDamping=0.5...0.9:0.2"),
    ])

  /// Vertical drags peaking at 10–100 pt, meant to complete past 40 pt.
  static let traces: [Trace] = (0..<40).map { index in
    let peak = Double(10 + (index * 7) % 91)
    var trace = verticalDrag([peak / 2, peak])
    trace.id = "d\(index)"
    trace.metadata.intent = peak > 40 ? .complete : .cancel
    return trace
  }

  /// The spring's damping never changes a decision: no effect, no best;
  /// the folds are the same whatever order the traces come in.
  @Test func aSweepWithoutEffectNamesNoBestAndFoldsIgnoreOrder() throws {
    let forward = AnalysisSummary(
      name: "all", traces: Self.traces.map { TraceAnalysis($0, plan: Self.plan) },
      plan: Self.plan)
    let backward = AnalysisSummary(
      name: "all", traces: Self.traces.reversed().map { TraceAnalysis($0, plan: Self.plan) },
      plan: Self.plan)
    let damping = forward.sweeps[1]
    #expect(damping.hasNoEffect)
    #expect(damping.verdict == nil && damping.best == nil && damping.heldOut == nil)
    let offset = forward.sweeps[0]
    #expect(!offset.hasNoEffect)
    #expect(offset.changingTraces > 0)
    #expect(offset.heldOut != nil)
    #expect(backward.sweeps[0].heldOut == offset.heldOut)
    #expect(backward.sweeps[0].verdict == offset.verdict)
    // Peaks > 40 pt are meant complete: 40 decides them all as meant.
    #expect(offset.best == 40)
    #expect(offset.points[1].accuracy == 1)
    // Every fold picks 40 too: 40/40 on any four folds.
    #expect(offset.foldChoices == [40, 40, 40, 40, 40])
  }
}
