import GestureTrace

/// The sentences a report opens with, per transition: how many labelled
/// traces its variants were scored on and their label mix, the baseline of
/// always answering the more common label, which variant is best (only when
/// the Holm-corrected McNemar tests say it beats each other variant and the
/// baseline), which variants are below the baseline, and how many
/// comparisons the p-values are corrected for.
struct EvidenceSentences {
  let summary: AnalysisSummary
  /// Each variant's spec, in plan order.
  let specs: [String]
  /// Wraps a variant's spec (Markdown code spans).
  var code: (String) -> String = { $0 }
  /// What the labels are, as an adjective of the traces: "150 labelled
  /// traces meant for it" (say, "synthetically labelled").
  var labelled = "labelled"
  /// What an accuracy measures agreement with: "[2] … agrees with the
  /// labels on 96.7 %" (say, "the synthetic model of intent").
  var agreement = "the labels"

  /// One paragraph per transition with scored traces: a first sentence
  /// with the counts and the baseline, then the verdict.
  var paragraphs: [(title: String, sentences: [String])] {
    summary.evidence.map { evidence in
      (title: evidence.transition, sentences: sentences(evidence))
    }
  }

  /// A note on labelled traces that name no target or another transition,
  /// or `nil`.
  var scopeNote: String? {
    var notes: [String] = []
    if summary.untargetedCount > 0, summary.evidence.count > 1 {
      notes.append(
        "\(counted(summary.untargetedCount, "labelled trace")) name no target transition "
          + "(metadata 'target'), so every variant is scored on them")
    }
    if summary.unscoredCount > 0 {
      notes.append(
        "\(counted(summary.unscoredCount, "labelled trace")) meant for transitions no variant "
          + "here has are not scored")
    }
    guard !notes.isEmpty else { return nil }
    return notes.joined(separator: "; ") + "."
  }

  /// The sentences of one transition.
  func sentences(_ evidence: TransitionEvidence) -> [String] {
    var result: [String] = []
    result.append(
      "\(counted(evidence.scoredCount, labelled + " trace")) meant for it ("
        + Self.mix(evidence.labelMix) + "); always answering '\(evidence.majority)' is right for "
        + "\(percent(evidence.baseline)).")
    let leader = evidence.leader
    if evidence.variants.count == 1 {
      result.append(
        "\(name(leader)) agrees with \(agreement) on \(accuracy(leader, evidence)); "
          + againstBaseline(leader, evidence) + ".")
      return result
    }
    let others = evidence.variants.filter { $0 != leader }
    if let best = evidence.best {
      var sentence =
        "Best: \(name(best)), agreeing with \(agreement) on \(accuracy(best, evidence)); it "
        + beatsOthers(best, others, evidence)
      if let published = evidence.published, published != best, others.count > 1 {
        sentence += ", the published \(name(published)) by \(points(best, published, evidence))"
      }
      result.append(sentence + "; " + againstBaseline(best, evidence) + ".")
    } else {
      // The variant the leader fails to beat most clearly: the largest
      // adjusted p.
      let closest = others.max { a, b in
        let x = evidence.adjustedP(leader, against: a) ?? 1
        let y = evidence.adjustedP(leader, against: b) ?? 1
        return x != y ? x < y : a > b
      }!
      let closestP = evidence.adjustedP(leader, against: closest) ?? 1
      let beaten = beats(leader, closest, evidence)
      var sentence =
        "No variant is best: \(name(leader)) leads, agreeing with \(agreement) on "
        + accuracy(leader, evidence)
      if beaten {
        sentence += ", and " + beatsOthers(leader, others, evidence)
      } else {
        sentence +=
          ", but not significantly above \(name(closest)) (\(percentAccuracy(closest, evidence)), "
          + "p \(pText(closestP)))"
        if let published = evidence.published, published != leader, published != closest {
          sentence +=
            "; it is \(points(leader, published, evidence)) above the published "
            + "\(name(published)) (p \(pText(evidence.adjustedP(leader, against: published))))"
        }
      }
      result.append(sentence + "; " + againstBaseline(leader, evidence) + ".")
    }
    if let balanced = evidence.balancedLeader, balanced != leader {
      result.append(
        "Balanced accuracy leads with \(name(balanced)) instead ("
          + percent(evidence.scores[balanced]?.balancedAccuracy) + " vs "
          + percent(evidence.scores[leader]?.balancedAccuracy) + ").")
    }
    // NB: the leader's own sentence already says where it stands.
    result += baselineSentences(others, evidence)
    let pairCount = evidence.comparisons - evidence.variants.count
    result.append(
      "Each p is exact McNemar, Holm-adjusted over \(evidence.comparisons) comparisons ("
        + counted(pairCount, "pair") + " of variants, \(evidence.variants.count) against the "
        + "baseline).")
    return result
  }

  /// "96 complete, 54 cancel".
  static func mix(_ labels: [TransitionEvidence.LabelCount]) -> String {
    labels.map { "\($0.count) \($0.label)" }.joined(separator: ", ")
  }

  // MARK: - Pieces

  private func name(_ index: Int) -> String {
    summary.label(index) + " " + code(specs[index])
  }

  /// Whether `a` is more accurate than `b` at an adjusted p below the level.
  private func beats(_ a: Int, _ b: Int, _ evidence: TransitionEvidence) -> Bool {
    (evidence.scores[a]?.correct ?? 0) > (evidence.scores[b]?.correct ?? 0)
      && (evidence.adjustedP(a, against: b) ?? 1) < TransitionEvidence.significance
  }

  /// "beats [2] x (p = 0.006)" or "beats each other variant (largest
  /// p = 0.012)".
  private func beatsOthers(
    _ index: Int, _ others: [Int], _ evidence: TransitionEvidence
  ) -> String {
    if others.count == 1 {
      return "beats \(name(others[0])) (p \(pText(evidence.adjustedP(index, against: others[0]))))"
    }
    return "beats each other variant (largest p \(pText(evidence.leaderP)))"
  }

  /// The other variants below the baseline, then those not above it.
  private func baselineSentences(
    _ others: [Int], _ evidence: TransitionEvidence
  ) -> [String] {
    var result: [String] = []
    let base = percent(evidence.baseline)
    let below = others.filter { evidence.standing($0) == .below }
    if below.count == 1 {
      result.append(
        "[\(below[0] + 1)] is below the baseline: \(percentAccuracy(below[0], evidence)) vs "
          + "\(base), p \(pText(evidence.adjustedBaselineP[below[0]])).")
    } else if !below.isEmpty {
      result.append(
        "Below the baseline (\(base)): "
          + listing(
            below.map { index in
              "\(summary.label(index)) at \(percentAccuracy(index, evidence)) "
                + "(p \(pText(evidence.adjustedBaselineP[index])))"
            }) + ".")
    }
    let level = others.filter { evidence.standing($0) == .level }
    if !level.isEmpty {
      let listed = level.map { index in
        "\(summary.label(index)) (\(percentAccuracy(index, evidence)), "
          + "p \(pText(evidence.adjustedBaselineP[index])))"
      }
      result.append(
        listing(listed) + (level.count == 1 ? " does" : " do") + " not beat the baseline.")
    }
    return result
  }

  /// "86.0 % (79.6 % – 90.6 %)".
  private func accuracy(_ index: Int, _ evidence: TransitionEvidence) -> String {
    guard let score = evidence.scores[index], let value = score.accuracy else { return "–" }
    let interval = score.accuracyInterval
    return percent(value) + " (" + percent(interval.lower) + " – " + percent(interval.upper) + ")"
  }

  /// "92.0 %".
  private func percentAccuracy(_ index: Int, _ evidence: TransitionEvidence) -> String {
    percent(evidence.scores[index]?.accuracy)
  }

  /// "12.0 points".
  private func points(_ a: Int, _ b: Int, _ evidence: TransitionEvidence) -> String {
    let x = evidence.scores[a]?.accuracy ?? 0
    let y = evidence.scores[b]?.accuracy ?? 0
    return fixed((x - y) * 100, 1) + " points"
  }

  /// "22.0 points above the baseline (p < 0.001)", "… not significantly
  /// (p = 0.420)", "it does not beat the baseline (60.7 % vs 64.0 %,
  /// p = 0.420)" or "it is below the baseline (47.3 % vs 64.0 %,
  /// p = 0.001)", with the adjusted p.
  private func againstBaseline(_ index: Int, _ evidence: TransitionEvidence) -> String {
    guard let score = evidence.scores[index], let value = score.accuracy,
      let standing = evidence.standing(index)
    else { return "" }
    let p = "p " + pText(evidence.adjustedBaselineP[index])
    let versus = "\(percent(value)) vs \(percent(evidence.baseline)), " + p
    switch standing {
    case .above:
      return "\(fixed((value - evidence.baseline) * 100, 1)) points above the baseline (\(p))"
    case .below:
      return "it is below the baseline (\(versus))"
    case .level where value > evidence.baseline:
      return
        "\(fixed((value - evidence.baseline) * 100, 1)) points above the baseline, not "
        + "significantly (\(p))"
    case .level:
      return "it does not beat the baseline (\(versus))"
    }
  }
}

/// A p-value as a table cell: "0.039", "<0.001", or "–" for `nil`.
func pNumber(_ p: Double?) -> String {
  guard let p else { return "–" }
  return p < 0.001 ? "<0.001" : fixed(p, 3)
}

/// "= 0.039", "< 0.001", or "–" for `nil`.
func pText(_ p: Double?) -> String {
  guard let p else { return "–" }
  return p < 0.001 ? "< 0.001" : "= " + fixed(p, 3)
}

/// "a", "a and b", "a, b and c".
private func listing(_ items: [String]) -> String {
  guard items.count > 1 else { return items.first ?? "" }
  return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
}

private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
