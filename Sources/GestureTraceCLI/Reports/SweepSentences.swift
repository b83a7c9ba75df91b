import GestureTrace

/// What a sweep supports, in sentences shared by the text, Markdown and HTML
/// reports: the plateau and its suggested middle, in-sample and held-out
/// accuracy, an edge warning, or why no value is suggested.
struct SweepSentences {
  let sweep: SweepSummary

  var sentences: [String] {
    let name = sweep.parameter
    if sweep.hasNoEffect {
      let low = sweep.points.first?.value.shortText ?? ""
      let high = sweep.points.last?.value.shortText ?? ""
      return [
        "No effect: no trace's outcome changes between \(name) \(low) and \(high), so no value "
          + "is better than another."
      ]
    }
    guard let verdict = sweep.verdict else {
      return ["No labelled trace is meant for this transition, so no value is suggested."]
    }
    let points = sweep.points
    let best = points[verdict.best]
    let interval = best.score.accuracyInterval
    var result: [String] = []
    let plateau =
      verdict.plateau.count == 1
      ? "only \(best.value.shortText)"
      : "\(points[verdict.plateau[0]].value.shortText)–"
        + "\(points[verdict.plateau[verdict.plateau.count - 1]].value.shortText)"
    result.append(
      "Best \(name) \(best.value.shortText): \(percent(best.accuracy)) of "
        + "\(best.score.total) labelled traces (\(percent(interval.lower)) – "
        + "\(percent(interval.upper))); always answering '\(best.score.majorityLabel)' "
        + "scores \(percent(best.score.baseline)). Plateau (accuracy within that interval): "
        + "\(plateau); suggested: \(points[verdict.suggestion].value.shortText), its middle.")
    let suggested = points[verdict.suggestion].score
    result.append(
      "In sample at \(points[verdict.suggestion].value.shortText): "
        + "\(percent(suggested.accuracy))" + Self.heldOutClause(sweep.heldOut))
    if verdict.isAtEdge {
      let side = verdict.best == 0 ? "below" : "above"
      result.append(
        "Edge: the best value \(best.value.shortText) is at the edge of the swept range; the "
          + "optimum may lie \(side) it, so widen the range.")
    }
    return result
  }

  /// "; held out (…): 72.7 % (65.0 % – 79.2 %) of 150." — the k-fold
  /// check of a suggestion, for sweeps and grids.
  static func heldOutClause(_ heldOut: IntentScore?) -> String {
    guard let heldOut else { return "; too few labelled traces to hold any out." }
    let held = heldOut.accuracyInterval
    return "; held out (chosen on \(SweepSummary.folds - 1) of \(SweepSummary.folds) folds by "
      + "trace id, scored on the fifth): \(percent(heldOut.accuracy)) "
      + "(\(percent(held.lower)) – \(percent(held.upper))) of \(heldOut.total)."
  }

  private static func percent(_ value: Double?) -> String {
    guard let value else { return "–" }
    return fixed(value * 100, 1) + " %"
  }

  private func percent(_ value: Double?) -> String {
    guard let value else { return "–" }
    return fixed(value * 100, 1) + " %"
  }
}
