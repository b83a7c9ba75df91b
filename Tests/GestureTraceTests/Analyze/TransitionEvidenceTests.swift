import Testing

@testable import GestureTrace

/// The verdicts of one transition's evidence, from confusion counts and
/// discordant pairs chosen by hand; every p below is worked out from the
/// binomial with p = ½ and Holm's adjustment over the family of the
/// transition: its pairs of variants, then each variant against the
/// baseline.
@Suite struct TransitionEvidenceTests {
  static func score(tp: Int, fn: Int, fp: Int, tn: Int) -> IntentScore {
    var score = IntentScore()
    score.truePositives = tp
    score.falseNegatives = fn
    score.falsePositives = fp
    score.trueNegatives = tn
    return score
  }

  /// Two variants of one transition, [0] published; `onlyFirst` and
  /// `onlySecond` are the traces only [0], only [1], decided as meant.
  static func evidence(
    _ first: IntentScore, _ second: IntentScore, onlyFirst: Int, onlySecond: Int
  ) -> TransitionEvidence {
    let all = TransitionEvidence.grouped(
      transitions: ["t", "t"], published: [true, false], scores: [first, second],
      onlyFirst: [0, onlyFirst, onlySecond, 0])
    #expect(all.count == 1)
    return all[0]
  }

  static func close(_ a: Double?, _ b: Double) -> Bool { ((a ?? -1) - b).magnitude <= 1e-12 }

  /// 10 complete, 10 cancel; the baseline answers complete (a tie) and is
  /// right on 10. [1] is right on all 20, [0] on 14 (wrong on 6 cancels).
  ///
  /// - pair: [1] alone right on 6, [0] on none: 2 × ½⁶ = 0.03125.
  /// - [0] vs baseline: [0] alone right on its 4 cancels, the baseline on
  ///   no trace: 2 × ½⁴ = 0.125.
  /// - [1] vs baseline: 10 to 0: 2 × ½¹⁰ = 0.001953125.
  ///
  /// Holm over 3: 3 × 0.001953125 = 0.005859375; 2 × 0.03125 = 0.0625;
  /// max(0.0625, 0.125) = 0.125. Raw, the pair's 0.03125 < 0.05 would
  /// name [1] best; adjusted, 0.0625 does not.
  @Test func aRawPBelowFivePercentNamesNoBestOnceAdjusted() throws {
    let evidence = Self.evidence(
      Self.score(tp: 10, fn: 0, fp: 6, tn: 4), Self.score(tp: 10, fn: 0, fp: 0, tn: 10),
      onlyFirst: 0, onlySecond: 6)
    #expect(evidence.comparisons == 3)
    #expect(evidence.leader == 1)
    let pair = try #require(evidence.test(1, against: 0))
    #expect(pair == McNemarTest(onlyFirst: 6, onlySecond: 0))
    #expect(Self.close(pair.pValue, 0.03125))
    #expect(Self.close(evidence.adjustedP(1, against: 0), 0.0625))
    #expect(Self.close(evidence.adjustedP(0, against: 1), 0.0625))
    #expect(Self.close(evidence.adjustedBaselineP[0], 0.125))
    #expect(Self.close(evidence.adjustedBaselineP[1], 0.005859375))
    #expect(Self.close(evidence.leaderP, 0.0625))
    #expect(evidence.standing(1) == .above)
    #expect(evidence.standing(0) == .level)
    #expect(evidence.best == nil)
  }

  /// As above but [0] is wrong on 8 cancels: pair 8 to 0, 2 × ½⁸ =
  /// 0.0078125; [0] vs baseline 2 to 0, 2 × ½² = 0.5. Holm over 3:
  /// 0.005859375, 2 × 0.0078125 = 0.015625, 0.5: [1] beats [0] and the
  /// baseline, so it is best.
  @Test func aLeaderBeatingEveryVariantAndTheBaselineAfterAdjustmentIsBest() {
    let evidence = Self.evidence(
      Self.score(tp: 10, fn: 0, fp: 8, tn: 2), Self.score(tp: 10, fn: 0, fp: 0, tn: 10),
      onlyFirst: 0, onlySecond: 8)
    #expect(Self.close(evidence.adjustedP(1, against: 0), 0.015625))
    #expect(Self.close(evidence.adjustedBaselineP[0], 0.5))
    #expect(evidence.best == 1)
    #expect(Self.close(evidence.leaderP, 0.015625))
  }

  /// 16 complete, 4 cancel: the baseline answers complete, right on 16
  /// (80 %). [0] is right on 10 completes and 4 cancels (70 %); [1] only
  /// on the 4 cancels (20 %).
  ///
  /// - pair: [0] alone right on 10: 2 × ½¹⁰ = 0.001953125.
  /// - [0] vs baseline: 4 (its cancels) to 6 (its missed completes):
  ///   2 × (1 + 10 + 45 + 120 + 210) / 2¹⁰ = 772/1024 = 0.75390625.
  /// - [1] vs baseline: 4 to 16: 2 × (1 + 20 + 190 + 1140 + 4845) / 2²⁰
  ///   = 12392/1048576.
  ///
  /// Holm over 3: 3 × 0.001953125 = 0.005859375; 2 × 12392/1048576 =
  /// 24784/1048576 ≈ 0.0236; 0.75390625. [0] beats [1], yet it is below
  /// the baseline, so not best; [1] is significantly below it.
  @Test func aLeaderThatDoesNotBeatTheBaselineIsNotBest() {
    let evidence = Self.evidence(
      Self.score(tp: 10, fn: 6, fp: 0, tn: 4), Self.score(tp: 0, fn: 16, fp: 0, tn: 4),
      onlyFirst: 10, onlySecond: 0)
    #expect(evidence.baseline == 0.8)
    #expect(evidence.leader == 0)
    #expect(Self.close(evidence.adjustedP(0, against: 1), 0.005859375))
    #expect(Self.close(evidence.adjustedBaselineP[0], 0.75390625))
    #expect(Self.close(evidence.adjustedBaselineP[1], 24784.0 / 1_048_576))
    #expect(evidence.standing(0) == .level)
    #expect(evidence.standing(1) == .below)
    #expect(evidence.best == nil)
    #expect(
      evidence.labelMix == [
        .init(label: "complete", count: 16), .init(label: "cancel", count: 4),
      ])
  }

  /// 16 complete, 4 cancel. [0] completes everything: 16 right (80 %),
  /// balanced (1 + 0) / 2 = 0.5. [1] is right on 11 completes and the 4
  /// cancels: 15 (75 %), balanced (11/16 + 1) / 2 = 0.84375. Accuracy
  /// leads with [0], balanced accuracy with [1].
  @Test func balancedAccuracyCanNameAnotherLeader() {
    let evidence = Self.evidence(
      Self.score(tp: 16, fn: 0, fp: 4, tn: 0), Self.score(tp: 11, fn: 5, fp: 0, tn: 4),
      onlyFirst: 5, onlySecond: 4)
    #expect(evidence.leader == 0)
    #expect(evidence.balancedLeader == 1)
    // 5 to 4: 2 × (1 + 9 + 36 + 84 + 126) / 2⁹ = 1; and so after Holm.
    #expect(Self.close(evidence.adjustedP(0, against: 1), 1))
    #expect(evidence.best == nil)
  }

  /// With one variant the family is its test against the baseline alone,
  /// left as it is; no variant is best.
  @Test func oneVariantIsOneComparison() {
    let all = TransitionEvidence.grouped(
      transitions: ["t"], published: [true], scores: [Self.score(tp: 10, fn: 6, fp: 0, tn: 4)],
      onlyFirst: [0])
    #expect(all[0].comparisons == 1)
    #expect(Self.close(all[0].adjustedBaselineP[0], 0.75390625))
    #expect(all[0].best == nil)
    #expect(all[0].leaderP == nil)
    #expect(all[0].balancedLeader == 0)
  }

  /// Three variants: 3 pairs and 3 baseline tests, 6 comparisons.
  @Test func threeVariantsMakeSixComparisons() {
    let score = Self.score(tp: 5, fn: 1, fp: 1, tn: 3)
    let all = TransitionEvidence.grouped(
      transitions: ["t", "t", "t"], published: [false, true, false],
      scores: [score, score, score], onlyFirst: Array(repeating: 0, count: 9))
    #expect(all[0].comparisons == 6)
    #expect(all[0].published == 1)
    // All tied: the first leads on both measures.
    #expect(all[0].leader == 0)
    #expect(all[0].balancedLeader == 0)
  }

  /// A stop score's mix lists the stop labels that occur, by name.
  @Test func aStopScoresLabelMixListsTheLabelsThatOccur() {
    var score = IntentScore()
    score.add(meantStop: "half", decided: "half")
    score.add(meantStop: "full", decided: "tip")
    score.add(meantStop: "full", decided: "full")
    #expect(score.labelMix == [.init(label: "full", count: 2), .init(label: "half", count: 1)])
  }
}
