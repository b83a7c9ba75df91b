import Testing

@testable import GestureTrace

@Suite struct SweepVerdictTests {
  /// A score with `correct` of `total` traces decided as meant.
  static func score(_ correct: Int, of total: Int) -> IntentScore {
    var score = IntentScore()
    for index in 0..<total { score.add(meant: .complete, completed: index < correct) }
    return score
  }

  /// Best 16/20 = 80 %, Wilson 95 % interval 58.4 %–91.9 %: 15/20 and 14/20
  /// are within it, 10/20 and 8/20 are not.
  @Test func thePlateauIsTheRunWithinTheBestsInterval() throws {
    let scores = [(10, 20), (15, 20), (16, 20), (14, 20), (8, 20)].map { Self.score($0, of: $1) }
    let verdict = try #require(SweepVerdict(scores: scores))
    #expect(verdict.best == 2)
    #expect(verdict.plateau == [1, 2, 3])
    #expect(verdict.suggestion == 2)
    #expect(!verdict.isAtEdge)
  }

  @Test func aBestAtTheEndOfTheRangeIsAtTheEdge() throws {
    let low = try #require(
      SweepVerdict(scores: [(16, 20), (10, 20), (5, 20)].map { Self.score($0, of: $1) }))
    #expect(low.best == 0 && low.isAtEdge && low.plateau == [0] && low.suggestion == 0)
    let high = try #require(
      SweepVerdict(scores: [(5, 20), (10, 20), (16, 20)].map { Self.score($0, of: $1) }))
    #expect(high.best == 2 && high.isAtEdge)
    let single = try #require(SweepVerdict(scores: [Self.score(3, of: 4)]))
    #expect(!single.isAtEdge)
  }

  /// Ties go to the lower value; an even plateau suggests its lower middle.
  @Test func tiesAndEvenPlateaus() throws {
    let verdict = try #require(
      SweepVerdict(scores: [(15, 20), (16, 20), (16, 20), (15, 20)].map { Self.score($0, of: $1) }))
    #expect(verdict.best == 1)
    #expect(verdict.plateau == [0, 1, 2, 3])
    #expect(verdict.suggestion == 1)
    #expect(SweepVerdict(scores: [IntentScore(), IntentScore()]) == nil)
  }

  /// Value A is right on folds 0–3 and wrong on fold 4, B the reverse. Each
  /// fold's training folds choose A (3/4 or 4/4 against 1/4 or 0/4), which
  /// is right on folds 0–3 and wrong on fold 4: 4 of 5 held out.
  @Test func heldOutScoresEachFoldAtTheValueTheOthersChose() throws {
    let a = [1, 1, 1, 1, 0].map { Self.score($0, of: 1) }
    let b = [0, 0, 0, 0, 1].map { Self.score($0, of: 1) }
    let heldOut = try #require(SweepVerdict.heldOut([a, b]))
    #expect(heldOut.total == 5)
    #expect(heldOut.correct == 4)
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
  }
}
