/// What the intent labels say about the variants of one transition, scored
/// on the labelled traces meant for it: each variant's accuracy against the
/// baseline of always answering the more common label, and whether one
/// variant beats every other.
///
/// Variants of one transition are scored on the same traces (those whose
/// `target` is the transition, and those with none), so they are compared
/// in pairs, and each with the baseline, with the exact ``McNemarTest``.
/// The comparisons of a transition are one family, Holm-corrected together
/// (``HolmCorrection``): with k variants, its k(k − 1)/2 pairs and k tests
/// against the baseline, ``comparisons`` in all, whichever of them a
/// report prints. The family does not depend on which variant leads, so
/// looking at the data first to pick the leader costs nothing extra.
///
/// One is called ``best`` only when it is more accurate than each other
/// variant of its transition with an adjusted p < ``significance`` *and*
/// more accurate than the baseline with an adjusted p < ``significance``
/// (``BaselineStanding/above``): a variant that does not beat always
/// answering the more common label is never best.
package struct TransitionEvidence: Sendable, Hashable {
  /// Where a variant stands against the baseline, after the correction.
  package enum BaselineStanding: String, Sendable, Hashable {
    /// More accurate than the baseline, adjusted p < ``significance``.
    case above
    /// Neither significantly above nor below it.
    case level
    /// Less accurate than the baseline, adjusted p < ``significance``.
    case below
  }

  /// How many traces carry one label.
  package struct LabelCount: Sendable, Hashable {
    /// `complete`, `cancel` or a stop's name.
    package var label: String
    /// The scored traces with that label.
    package var count: Int
  }

  /// The transition's name.
  package var transition: String
  /// The indices of its variants in the plan, in plan order.
  package var variants: [Int]
  /// The variant with the transition's published values, if analyzed.
  package var published: Int?
  /// The labelled traces each of its variants was scored on.
  package var scoredCount: Int
  /// The label mix of those traces (``IntentScore/labelMix``): `complete`
  /// then `cancel`, or the stop labels that occur in name order.
  package var labelMix: [LabelCount]
  /// The more common label on those traces: `complete`, `cancel` or, for
  /// a transition with more than two stops, the most common stop
  /// (``IntentScore/majorityLabel``).
  package var majority: String
  /// The accuracy of always answering ``majority``.
  package var baseline: Double
  /// Each variant's score, by plan index (only ``variants``' entries are
  /// for this transition).
  package var scores: [Int: IntentScore]
  /// The variant with the highest accuracy (the first in plan order on a
  /// tie).
  package var leader: Int
  /// The variant with the highest balanced accuracy (the ``leader`` on a
  /// tie with it, else the first in plan order); `nil` when no variant has
  /// one (a single label).
  package var balancedLeader: Int?
  /// The leader when it beats each other variant and the baseline at an
  /// adjusted p < ``significance``; `nil` when it does not or there is one
  /// variant.
  package var best: Int?
  /// The largest adjusted p of the leader against another variant: how
  /// sure the claim that it beats them all is; `nil` with one variant.
  package var leaderP: Double?
  /// The number of tests in the transition's family: k(k − 1)/2 pairs and
  /// k against the baseline, for k variants.
  package var comparisons: Int
  /// `pairs[i][j]` for plan indices: the test of variant i against j.
  package var pairs: [Int: [Int: McNemarTest]]
  /// `adjustedPairP[i][j]`: the Holm-adjusted p of ``pairs```[i][j]`
  /// (the same for `[j][i]`).
  var adjustedPairP: [Int: [Int: Double]]
  /// The Holm-adjusted p of each variant's test against the baseline
  /// (``IntentScore/againstBaseline``), by plan index.
  package var adjustedBaselineP: [Int: Double]

  /// The level below which an adjusted p is called significant.
  package static let significance = 0.05

  /// The evidence per transition, in the order the transitions first
  /// appear among the variants; a transition with no scored trace is left
  /// out.
  ///
  /// - Parameters:
  ///   - transitions: Each variant's transition name.
  ///   - published: Whether each variant has its transition's published
  ///     values.
  ///   - scores: Each variant's score on the traces meant for it.
  ///   - onlyFirst: `onlyFirst[i * n + j]`: labelled traces scored for both
  ///     i and j where i matched intent and j did not.
  package static func grouped(
    transitions: [String], published: [Bool], scores: [IntentScore], onlyFirst: [Int]
  ) -> [TransitionEvidence] {
    let n = transitions.count
    var order: [String] = []
    for name in transitions where !order.contains(name) { order.append(name) }
    return order.compactMap { name in
      let members = transitions.indices.filter { transitions[$0] == name && $0 < scores.count }
      guard let first = members.first, scores[first].total > 0 else { return nil }
      return TransitionEvidence(
        transition: name, members: members, published: members.first { published[$0] },
        scores: scores
      ) { i, j in
        McNemarTest(onlyFirst: onlyFirst[i * n + j], onlySecond: onlyFirst[j * n + i])
      }
    }
  }

  /// The evidence of one transition's `members` (plan indices, in order),
  /// with `test(i, j)` the paired test of i against j.
  init(
    transition: String, members: [Int], published: Int?, scores: [IntentScore],
    test: (Int, Int) -> McNemarTest
  ) {
    let first = members[0]
    var pairs: [Int: [Int: McNemarTest]] = [:]
    var family: [Double] = []
    var pairOrder: [(Int, Int)] = []
    for (position, i) in members.enumerated() {
      for j in members[(position + 1)...] {
        let forward = test(i, j)
        pairs[i, default: [:]][j] = forward
        pairs[j, default: [:]][i] = McNemarTest(
          onlyFirst: forward.onlySecond, onlySecond: forward.onlyFirst)
        family.append(forward.pValue)
        pairOrder.append((i, j))
      }
    }
    family += members.map { scores[$0].againstBaseline.pValue }
    let adjusted = HolmCorrection.adjusted(family)
    var adjustedPairP: [Int: [Int: Double]] = [:]
    for (position, (i, j)) in pairOrder.enumerated() {
      adjustedPairP[i, default: [:]][j] = adjusted[position]
      adjustedPairP[j, default: [:]][i] = adjusted[position]
    }
    var adjustedBaselineP: [Int: Double] = [:]
    for (position, index) in members.enumerated() {
      adjustedBaselineP[index] = adjusted[pairOrder.count + position]
    }

    let leader = members.max { a, b in
      let (x, y) = (scores[a].correct, scores[b].correct)
      return x != y ? x < y : a > b
    }!
    let balanced = members.compactMap { index in
      scores[index].balancedAccuracy.map { (index: index, value: $0) }
    }
    let balancedLeader = balanced.max { a, b in
      if a.value != b.value { return a.value < b.value }
      // NB: on a tie the leader wins, then the first in plan order.
      if a.index == leader || b.index == leader { return b.index == leader }
      return a.index > b.index
    }?.index
    let others = members.filter { $0 != leader }
    let leaderP = others.compactMap { adjustedPairP[leader]?[$0] }.max()
    let beatsAll = others.allSatisfy { other in
      scores[leader].correct > scores[other].correct
        && (adjustedPairP[leader]?[other] ?? 1) < Self.significance
    }
    self.transition = transition
    self.variants = members
    self.published = published
    self.scoredCount = scores[first].total
    self.labelMix = scores[first].labelMix
    self.majority = scores[first].majorityLabel
    self.baseline = scores[first].baseline ?? 0
    self.scores = Dictionary(uniqueKeysWithValues: members.map { ($0, scores[$0]) })
    self.leader = leader
    self.balancedLeader = balancedLeader
    self.leaderP = leaderP
    self.comparisons = family.count
    self.pairs = pairs
    self.adjustedPairP = adjustedPairP
    self.adjustedBaselineP = adjustedBaselineP
    self.best = nil
    if !others.isEmpty, beatsAll, standing(leader) == .above { self.best = leader }
  }

  /// The test of variant `i` against variant `j` (plan indices).
  package func test(_ i: Int, against j: Int) -> McNemarTest? { pairs[i]?[j] }

  /// The Holm-adjusted p of variant `i` against variant `j`.
  package func adjustedP(_ i: Int, against j: Int) -> Double? { adjustedPairP[i]?[j] }

  /// Where variant `index` stands against the baseline after the
  /// correction; `nil` for a variant not of this transition.
  package func standing(_ index: Int) -> BaselineStanding? {
    guard let score = scores[index], let accuracy = score.accuracy,
      let p = adjustedBaselineP[index]
    else { return nil }
    guard p < Self.significance else { return .level }
    if accuracy > baseline { return .above }
    return accuracy < baseline ? .below : .level
  }
}
