import GestureTrace

/// The sentences a report opens with, per transition: how many labelled
/// traces its variants were scored on, the baseline of always answering the
/// more common label, which variant is best (only when the McNemar test
/// says so) and by how much it beats the published one and the baseline.
struct EvidenceSentences {
  let summary: AnalysisSummary
  /// Each variant's spec, in plan order.
  let specs: [String]
  /// Wraps a variant's spec (Markdown code spans).
  var code: (String) -> String = { $0 }

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

  private func sentences(_ evidence: TransitionEvidence) -> [String] {
    var result: [String] = []
    result.append(
      "\(counted(evidence.scoredCount, "labelled trace")) meant for it; always answering '"
        + "\(evidence.majority)' is right for \(percent(evidence.baseline)).")
    let leader = evidence.leader
    if evidence.variants.count == 1 {
      result.append(
        "\(name(leader, evidence)) is as meant for \(accuracy(leader, evidence)); "
          + againstBaseline(leader, evidence) + ".")
      return result
    }
    if let best = evidence.best {
      var sentence =
        "Best: \(name(best, evidence)), as meant for \(accuracy(best, evidence)); it beats "
        + "each other variant at p < 0.05 (largest p \(pText(evidence.leaderP)))"
      if let published = evidence.published, published != best {
        sentence +=
          ", the published \(name(published, evidence)) by \(points(best, published, evidence))"
      }
      result.append(sentence + "; " + againstBaseline(best, evidence) + ".")
    } else {
      // The variant the leader fails to beat most clearly: the largest p.
      let others = evidence.variants.filter { $0 != leader }
      let closest = others.max { a, b in
        let x = evidence.test(leader, against: a)?.pValue ?? 1
        let y = evidence.test(leader, against: b)?.pValue ?? 1
        return x != y ? x < y : a > b
      }!
      var sentence =
        "No variant is clearly better: \(name(leader, evidence)) leads with "
        + "\(accuracy(leader, evidence)), but not significantly above "
        + "\(name(closest, evidence)) (\(percentAccuracy(closest, evidence)), "
        + "p \(pText(evidence.test(leader, against: closest)?.pValue)))"
      if let published = evidence.published, published != leader, published != closest {
        let p = evidence.test(leader, against: published)?.pValue
        sentence +=
          "; it is \(points(leader, published, evidence)) above the published "
          + "\(name(published, evidence)) (p \(pText(p)))"
      }
      result.append(sentence + "; " + againstBaseline(leader, evidence) + ".")
    }
    // NB: the leader's own sentence already says whether it beats the
    // baseline.
    let below = evidence.variants.filter { $0 != leader && !beatsBaseline($0, evidence) }
    if !below.isEmpty {
      let listed = below.map { summary.label($0) }.joined(separator: ", ")
      result.append(
        below.count == 1
          ? "\(listed) does not beat the baseline."
          : "\(listed) do not beat the baseline.")
    }
    return result
  }

  // MARK: - Pieces

  private func name(_ index: Int, _ evidence: TransitionEvidence) -> String {
    summary.label(index) + " " + code(specs[index])
  }

  private func correct(_ index: Int, _ evidence: TransitionEvidence) -> Int {
    evidence.scores[index]?.correct ?? 0
  }

  /// "86.0 % (79.6 % – 90.6 %)".
  private func accuracy(_ index: Int, _ evidence: TransitionEvidence) -> String {
    guard let score = evidence.scores[index], let value = score.accuracy else { return "–" }
    let interval = score.accuracyInterval
    return percent(value) + " (" + percent(interval.lower) + " – " + percent(interval.upper) + ")"
  }

  /// "92.0 %".
  private func percentAccuracy(_ index: Int, _ evidence: TransitionEvidence) -> String {
    evidence.scores[index]?.accuracy.map(percent) ?? "–"
  }

  /// "12.0 points".
  private func points(_ a: Int, _ b: Int, _ evidence: TransitionEvidence) -> String {
    let x = evidence.scores[a]?.accuracy ?? 0
    let y = evidence.scores[b]?.accuracy ?? 0
    return fixed((x - y) * 100, 1) + " points"
  }

  private func beatsBaseline(_ index: Int, _ evidence: TransitionEvidence) -> Bool {
    (evidence.scores[index]?.accuracy ?? 0) > evidence.baseline
  }

  /// "22.0 points above the baseline (p < 0.001)" or "it does not beat the
  /// baseline (64.0 %)".
  private func againstBaseline(_ index: Int, _ evidence: TransitionEvidence) -> String {
    guard let score = evidence.scores[index], let value = score.accuracy else { return "" }
    let p = score.againstBaseline.pValue
    if value > evidence.baseline {
      let difference = fixed((value - evidence.baseline) * 100, 1)
      return p < TransitionEvidence.significance
        ? "\(difference) points above the baseline (p \(pText(p)))"
        : "\(difference) points above the baseline, not significantly (p \(pText(p)))"
    }
    return "it does not beat the baseline (\(percent(evidence.baseline)))"
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

private func percent(_ value: Double) -> String { fixed(value * 100, 1) + " %" }

private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
