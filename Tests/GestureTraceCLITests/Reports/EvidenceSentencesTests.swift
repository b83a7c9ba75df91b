import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The opening sentences of one transition, from confusion counts and
/// discordant pairs chosen by hand (the p-values are worked out in
/// ``TransitionEvidenceTests`` of the library: exact McNemar, Holm over the
/// transition's pairs and baseline tests).
@Suite struct EvidenceSentencesTests {
  static func score(tp: Int, fn: Int, fp: Int, tn: Int) -> IntentScore {
    var score = IntentScore()
    score.truePositives = tp
    score.falseNegatives = fn
    score.falsePositives = fp
    score.trueNegatives = tn
    return score
  }

  static let empty = AnalysisSummary(name: "all", traces: [], plan: AnalysisPlan(variants: []))

  /// The sentences of variants "a" and "b" ([0] published), with the
  /// traces only [0] and only [1] decided as meant.
  static func sentences(
    _ first: IntentScore, _ second: IntentScore, onlyFirst: Int, onlySecond: Int,
    labelled: String = "labelled", agreement: String = "the labels"
  ) -> [String] {
    let evidence = TransitionEvidence.grouped(
      transitions: ["t", "t"], published: [true, false], scores: [first, second],
      onlyFirst: [0, onlyFirst, onlySecond, 0])[0]
    var builder = EvidenceSentences(summary: empty, specs: ["a", "b"])
    builder.labelled = labelled
    builder.agreement = agreement
    return builder.sentences(evidence)
  }

  /// 14 of 20 is 70 % (Wilson 48.1 %–85.5 %) against always answering
  /// complete, right on 16 (80 %): [1] beats [2] (adjusted p 0.005859…)
  /// but not the baseline (0.7539…), and [2] at 4 of 20 is below it
  /// (24784/1048576 ≈ 0.024).
  @Test func aLeaderBelowTheBaselineIsNotBestAndAWorseVariantIsBelowIt() {
    let sentences = Self.sentences(
      Self.score(tp: 10, fn: 6, fp: 0, tn: 4), Self.score(tp: 0, fn: 16, fp: 0, tn: 4),
      onlyFirst: 10, onlySecond: 0)
    #expect(
      sentences == [
        "20 labelled traces meant for it (16 complete, 4 cancel); always answering 'complete' "
          + "is right for 80.0 %.",
        "No variant is best: [1] a leads, agreeing with the labels on 70.0 % (48.1 % – 85.5 %), "
          + "and beats [2] b (p = 0.006); it does not beat the baseline (70.0 % vs 80.0 %, "
          + "p = 0.754).",
        "[2] is below the baseline: 20.0 % vs 80.0 %, p = 0.024.",
        "Each p is exact McNemar, Holm-adjusted over 3 comparisons (1 pair of variants, 2 "
          + "against the baseline).",
      ])
  }

  /// [2] right on all 20 (Wilson 83.9 %–100 %), [1] misses 6 cancels: the
  /// pair's raw p 2/2⁶ = 0.031 adjusts to 0.0625, so no best; against the
  /// baseline (50 %) [2]'s 10 to 0 adjusts to 3 × 2/2¹⁰ = 0.0059, [1]'s
  /// 4 to 0 to 0.125.
  @Test func aRawPBelowFivePercentNoLongerNamesABest() {
    let sentences = Self.sentences(
      Self.score(tp: 10, fn: 0, fp: 6, tn: 4), Self.score(tp: 10, fn: 0, fp: 0, tn: 10),
      onlyFirst: 0, onlySecond: 6)
    #expect(
      sentences[1]
        == "No variant is best: [2] b leads, agreeing with the labels on 100.0 % "
        + "(83.9 % – 100.0 %), but not significantly above [1] a (70.0 %, p = 0.063); 50.0 "
        + "points above the baseline (p = 0.006).")
    #expect(sentences[2] == "[1] (70.0 %, p = 0.125) does not beat the baseline.")
    #expect(!sentences.joined().contains("Best"))
  }

  /// With 8 cancels missed by [1] the pair adjusts to 2 × 2/2⁸ = 0.016:
  /// [2] is best.
  @Test func aLeaderBeatingEveryVariantAndTheBaselineIsBest() {
    let sentences = Self.sentences(
      Self.score(tp: 10, fn: 0, fp: 8, tn: 2), Self.score(tp: 10, fn: 0, fp: 0, tn: 10),
      onlyFirst: 0, onlySecond: 8)
    #expect(
      sentences[1]
        == "Best: [2] b, agreeing with the labels on 100.0 % (83.9 % – 100.0 %); it beats [1] a "
        + "(p = 0.016); 50.0 points above the baseline (p = 0.006).")
    #expect(sentences[2] == "[1] (60.0 %, p = 0.500) does not beat the baseline.")
  }

  /// [1] completes everything (16 of 20, balanced 50 %); [2] is right on
  /// 15 (balanced (11/16 + 1)/2 = 84.4 %).
  @Test func balancedAccuracyNamingAnotherLeaderIsSaid() {
    let sentences = Self.sentences(
      Self.score(tp: 16, fn: 0, fp: 4, tn: 0), Self.score(tp: 11, fn: 5, fp: 0, tn: 4),
      onlyFirst: 5, onlySecond: 4)
    #expect(sentences.contains("Balanced accuracy leads with [2] b instead (84.4 % vs 50.0 %)."))
    #expect(sentences[1].hasPrefix("No variant is best: [1] a leads"))
  }

  /// What the labels are is the caller's to say.
  @Test func theLabelsAreNamedAsTheCallerSays() {
    let sentences = Self.sentences(
      Self.score(tp: 10, fn: 6, fp: 0, tn: 4), Self.score(tp: 0, fn: 16, fp: 0, tn: 4),
      onlyFirst: 10, onlySecond: 0, labelled: "synthetically labelled",
      agreement: "the synthetic model of intent")
    #expect(sentences[0].hasPrefix("20 synthetically labelled traces meant for it ("))
    #expect(sentences[1].contains("agreeing with the synthetic model of intent on 70.0 %"))
    #expect(!sentences.joined().contains("meant for 70"))
  }

  @Test func oneVariantIsComparedWithTheBaselineAlone() {
    let evidence = TransitionEvidence.grouped(
      transitions: ["t"], published: [true], scores: [Self.score(tp: 10, fn: 6, fp: 0, tn: 4)],
      onlyFirst: [0])[0]
    let sentences = EvidenceSentences(summary: Self.empty, specs: ["a"]).sentences(evidence)
    #expect(
      sentences == [
        "20 labelled traces meant for it (16 complete, 4 cancel); always answering 'complete' "
          + "is right for 80.0 %.",
        "[1] a agrees with the labels on 70.0 % (48.1 % – 85.5 %); it does not beat the baseline "
          + "(70.0 % vs 80.0 %, p = 0.754).",
      ])
    #expect(
      EvidenceTable.headline(evidence)
        == "20 traces (16 complete, 4 cancel); baseline (always 'complete') 80.0 %")
  }

  /// 16 complete, 4 cancel (baseline 80 %). [1] is right on 14 completes
  /// and the 4 cancels (90 %, Wilson 69.9 %–97.2 %); [2] and [3] only on
  /// the cancels (20 %).
  ///
  /// - [1] vs [2], [1] vs [3]: 14 to 0, 2/2¹⁴ ≈ 0.000122; [2] vs [3]: 0
  ///   to 0, 1.
  /// - [1] vs baseline: 4 to 2, 2 × (1 + 6 + 15)/2⁶ = 0.6875; [2], [3]:
  ///   4 to 16, 12392/2²⁰ ≈ 0.011818.
  ///
  /// Holm over 6: 6 × and 5 × 0.000122 (≤ 0.00073); 4 × 0.011818 =
  /// 0.04727 and 3 ×, raised to it; 2 × 0.6875 capped at 1; 1. [1] beats
  /// both others but not the baseline significantly: not best.
  @Test func threeVariantsWithTwoBelowTheBaseline() {
    let a = Self.score(tp: 14, fn: 2, fp: 0, tn: 4)
    let b = Self.score(tp: 0, fn: 16, fp: 0, tn: 4)
    let evidence = TransitionEvidence.grouped(
      transitions: ["t", "t", "t"], published: [true, false, false], scores: [a, b, b],
      onlyFirst: [0, 14, 14, 0, 0, 0, 0, 0, 0])[0]
    let sentences = EvidenceSentences(summary: Self.empty, specs: ["a", "b", "c"])
      .sentences(evidence)
    #expect(
      sentences == [
        "20 labelled traces meant for it (16 complete, 4 cancel); always answering 'complete' "
          + "is right for 80.0 %.",
        "No variant is best: [1] a leads, agreeing with the labels on 90.0 % (69.9 % – 97.2 %), "
          + "and beats each other variant (largest p < 0.001); 10.0 points above the baseline, "
          + "not significantly (p = 1.000).",
        "Below the baseline (80.0 %): [2] at 20.0 % (p = 0.047) and [3] at 20.0 % (p = 0.047).",
        "Each p is exact McNemar, Holm-adjusted over 6 comparisons (3 pairs of variants, 3 "
          + "against the baseline).",
      ])
  }
}
