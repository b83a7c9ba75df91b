import Testing

@testable import GestureTrace
@testable import GestureTraceCLI

@Suite struct SweepSentencesTests {
  /// `correct` of `total` traces meant to complete decided as meant.
  static func score(_ correct: Int, of total: Int) -> IntentScore {
    var score = IntentScore()
    for index in 0..<total { score.add(meant: .complete, completed: index < correct) }
    return score
  }

  /// A sweep's summary from per-value, per-fold scores.
  static func summary(_ spec: String, _ foldScores: [[IntentScore]]) throws -> SweepSummary {
    SweepSummary(
      sweep: try Sweep(parsing: spec), completes: foldScores.map { _ in 0 },
      foldScores: foldScores, changingTraces: 1, traceCount: 50)
  }

  /// Scores of 20 traces per value, all in fold 0, so that no fold's
  /// others have traces left to score it on.
  static func inOneFold(_ correct: [Int]) -> [[IntentScore]] {
    correct.map { [Self.score($0, of: 20)] + Array(repeating: IntentScore(), count: 4) }
  }

  /// 16/20 at 30 (interval 58.4 %–91.9 %); 15/20 at 20, 14/20 at 60 and
  /// 12/20 at 80 are within it, 11/20 at 50 is not: three ranges, 4 of 10
  /// values; the suggestion is the lower middle of 20–30.
  @Test func aPlateauInPiecesIsShownAsItsRanges() throws {
    let sweep = try Self.summary(
      "lyrics-swap.dismissalOffset=10...100:10",
      Self.inOneFold([10, 15, 16, 10, 11, 14, 8, 12, 5, 5]))
    #expect(
      SweepSentences(sweep: sweep).sentences == [
        "Best dismissalOffset 30: 80.0 % of 20 labelled traces (58.4 % – 91.9 %); always "
          + "answering 'complete' scores 100.0 %.",
        "Plateau (every value whose accuracy lies within that interval, at least 58.4 %): "
          + "20–30, 60, 80 (4 of 10 values); suggested: 20, the middle of 20–30, the range "
          + "holding the best. In sample there: 75.0 %.",
        "Held out: too few labelled traces to hold any out.",
      ])
  }

  /// 14, 15, 16, 15, 14 and 12 of 20 are within 16/20's interval, 10/20
  /// is not: 6 of 7 values, flat; both ends are reached.
  @Test func aFlatSweepNamesNoValueAndItsEdges() throws {
    let sweep = try Self.summary(
      "lyrics-swap.dismissalOffset=10...70:10", Self.inOneFold([14, 15, 16, 15, 14, 10, 12]))
    #expect(sweep.suggested == nil)
    let sentences = SweepSentences(sweep: sweep).sentences
    // Not "Best": the data do not single 30 out.
    #expect(
      sentences[0]
        == "Highest accuracy at dismissalOffset 30: 80.0 % of 20 labelled traces (58.4 % – "
        + "91.9 %); always answering 'complete' scores 100.0 %.")
    #expect(
      sentences[1]
        == "Flat: 6 of 7 values are within that interval (at least 58.4 %): 10–50, 70. The data "
        + "do not identify dismissalOffset, so no value is suggested.")
    #expect(
      sentences.last
        == "Edge: the plateau reaches the start of the range (10) and the end of the range "
        + "(70): widen it; values beyond may be as good.")
  }

  /// The folds of SweepVerdictTests' worked example (values 10…50): the
  /// procedure picks 50, 50, 50, 10, 10 and is right on 28 of 50 held-out
  /// traces (Wilson 42.3 %–68.8 %), against 35 for always 'complete';
  /// McNemar 0 against 7, p = 2 / 2⁷ = 0.016.
  @Test func theHeldOutLineShowsEachFoldsPickAndTheBaseline() throws {
    func fold(_ correct: Int) -> IntentScore {
      var score = IntentScore()
      for index in 0..<7 { score.add(meant: .complete, completed: index < correct) }
      for index in 0..<3 { score.add(meant: .cancel, completed: index >= correct - 7) }
      return score
    }
    let correct = [
      [10, 10, 10, 5, 5], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [6, 6, 6, 10, 10],
    ]
    let sweep = try Self.summary(
      "lyrics-swap.dismissalOffset=10...50:10", correct.map { $0.map(fold) })
    #expect(sweep.foldChoices == [50, 50, 50, 10, 10])
    #expect(sweep.plateauRanges.map { [$0.low, $0.high] } == [[10, 10], [50, 50]])
    #expect(
      SweepSentences(sweep: sweep).sentences == [
        "Best dismissalOffset 10: 80.0 % of 50 labelled traces (67.0 % – 88.8 %); always "
          + "answering 'complete' scores 70.0 %.",
        "Plateau (every value whose accuracy lies within that interval, at least 67.0 %): "
          + "10, 50 (2 of 5 values); suggested: 10, the best, alone in its range. In sample "
          + "there: 80.0 %.",
        "Held out (5 folds by trace id): the procedure, re-run on 4 of 5 folds, picks 10…50 "
          + "(50, 50, 50, 10, 10); scored on the fold left out each time, it is right for "
          + "56.0 % (42.3 % – 68.8 %) of 50 traces vs 70.0 % for always answering 'complete' "
          + "on the same traces (p = 0.016, exact McNemar). This is the accuracy of the "
          + "procedure, not of one value.",
        "Edge: the plateau reaches the start of the range (10) and the end of the range (50): "
          + "widen it; values beyond may be as good.",
      ])
  }

  /// 3 × 3, best 18/20 in the middle (interval 69.9 %–97.2 %); the cross
  /// of 16/20 and the corner 17/20 are within it: 4 of 9 cells, touching
  /// every end of both ranges; the suggestion is the best itself.
  @Test func aGridSaysItsPlateauCellsSpansAndEdges() throws {
    let grid = try SweepGrid(
      rows: try Sweep(parsing: "lyrics-swap.dismissalOffset=10...30:10"),
      columns: try Sweep(parsing: "lyrics-swap.fadeOffset=10...30:10"))
    let scores = [10, 16, 10, 16, 18, 10, 10, 10, 17].map {
      [Self.score($0, of: 20)] + Array(repeating: IntentScore(), count: 4)
    }
    let summary = GridSummary(
      grid: grid, completes: Array(repeating: 0, count: 9), foldScores: scores,
      changingTraces: 1, traceCount: 20)
    #expect(
      GridSentences(grid: summary).sentences == [
        "Best dismissalOffset 20, fadeOffset 20: 90.0 % of 20 labelled traces (69.9 % – "
          + "97.2 %); always answering 'complete' scores 100.0 %.",
        "Plateau (every cell whose accuracy lies within that interval, at least 69.9 %): 4 of "
          + "9 cells, dismissalOffset 10–30, fadeOffset 10–30; suggested: dismissalOffset 20, "
          + "fadeOffset 20, nearest the centre of the plateau cells connected to the best. In "
          + "sample there: 90.0 %.",
        "Held out: too few labelled traces to hold any out.",
        "Edge: the plateau reaches the start of dismissalOffset's range (10), the end of "
          + "dismissalOffset's range (30), the start of fadeOffset's range (10) and the end of "
          + "fadeOffset's range (30): widen them; values beyond may be as good.",
      ])
  }
}
