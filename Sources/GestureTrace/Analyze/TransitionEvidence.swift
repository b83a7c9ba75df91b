/// What the intent labels say about the variants of one transition, scored
/// on the labelled traces meant for it: each variant's accuracy against the
/// baseline of always answering the more common label, and whether one
/// variant beats every other.
///
/// Variants of one transition are scored on the same traces (those whose
/// `target` is the transition, and those with none), so they are compared
/// in pairs with the exact ``McNemarTest``. One is called ``best`` only
/// when it is more accurate than each other variant of its transition with
/// p < ``significance``.
package struct TransitionEvidence: Sendable, Hashable {
  /// The transition's name.
  package var transition: String
  /// The indices of its variants in the plan, in plan order.
  package var variants: [Int]
  /// The variant with the transition's published values, if analyzed.
  package var published: Int?
  /// The labelled traces each of its variants was scored on.
  package var scoredCount: Int
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
  /// The variant that beats each other one at p < ``significance``; `nil`
  /// when none does or there is one variant.
  package var best: Int?
  /// The largest p of the leader against another variant: how sure the
  /// claim that it is best is; `nil` with one variant.
  package var leaderP: Double?
  /// `pairs[i][j]` for plan indices: the test of variant i against j.
  package var pairs: [Int: [Int: McNemarTest]]

  /// The level below which a difference is called significant.
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
      var pairs: [Int: [Int: McNemarTest]] = [:]
      for i in members {
        for j in members where j != i {
          pairs[i, default: [:]][j] = McNemarTest(
            onlyFirst: onlyFirst[i * n + j], onlySecond: onlyFirst[j * n + i])
        }
      }
      let leader = members.max { a, b in
        let (x, y) = (scores[a].correct, scores[b].correct)
        return x != y ? x < y : a > b
      }!
      let others = members.filter { $0 != leader }
      let leaderP = others.map { pairs[leader]![$0]!.pValue }.max()
      let beatsAll = others.allSatisfy { other in
        scores[leader].correct > scores[other].correct
          && pairs[leader]![other]!.pValue < significance
      }
      return TransitionEvidence(
        transition: name, variants: members,
        published: members.first { published[$0] }, scoredCount: scores[first].total,
        majority: scores[first].majorityLabel, baseline: scores[first].baseline ?? 0,
        scores: Dictionary(uniqueKeysWithValues: members.map { ($0, scores[$0]) }),
        leader: leader, best: !others.isEmpty && beatsAll ? leader : nil, leaderP: leaderP,
        pairs: pairs)
    }
  }

  /// The test of variant `i` against variant `j` (plan indices).
  package func test(_ i: Int, against j: Int) -> McNemarTest? { pairs[i]?[j] }
}
