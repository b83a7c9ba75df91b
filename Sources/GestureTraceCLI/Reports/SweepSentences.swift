import GestureTrace

/// What a sweep supports, in sentences shared by the text, Markdown and HTML
/// reports: the best and the plateau as its ranges, then either the
/// suggested value or that the curve is flat (no value identified), the
/// held-out check of the procedure with each fold's pick and the baseline,
/// and an edge warning when the plateau reaches an end of the range; or
/// why there is no verdict.
struct SweepSentences {
  let sweep: SweepSummary

  var sentences: [String] {
    let name = sweep.parameter
    if sweep.hasNoEffect {
      let low = sweep.points.first?.value.reportText ?? ""
      let high = sweep.points.last?.value.reportText ?? ""
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
    var result = [
      Self.bestSentence(
        "\(name) \(best.value.reportText)", best.score, flat: !verdict.isIdentified)
    ]
    let ranges = sweep.plateauRanges.map(Self.range).joined(separator: ", ")
    let within = "at least \(percent(verdict.floor))"
    if let suggestion = verdict.suggestion {
      let region = SweepVerdict.runs(of: verdict.region).first.map {
        Self.range((points[$0.lowerBound].value, points[$0.upperBound].value))
      }
      let middle =
        verdict.region.count == 1
        ? "the best, alone in its range"
        : "the middle of \(region ?? ""), the range holding the best"
      let counted = "\(verdict.plateau.count) of \(verdict.cellCount) values"
      let value = points[suggestion].value.reportText
      let inSample = percent(points[suggestion].accuracy)
      var sentence = "Plateau (every value whose accuracy lies within that interval, \(within)): "
      sentence += "\(ranges) (\(counted)); suggested: \(value), \(middle). "
      sentence += "In sample there: \(inSample)."
      result.append(sentence)
    } else {
      var sentence = "Flat: \(verdict.plateau.count) of \(verdict.cellCount) values are within "
      sentence += "that interval (\(within)): \(ranges). The data do not identify "
      sentence += "\(name), so no value is suggested."
      result.append(sentence)
    }
    result.append(
      Self.heldOutSentence(sweep.heldOut) { cells in
        let values = cells.map { points[$0].value }
        guard let low = values.min(), let high = values.max() else { return "nothing" }
        let each = values.map(\.reportText).joined(separator: ", ")
        return low == high
          ? "\(low.reportText) on every fold" : "\(low.reportText)…\(high.reportText) (\(each))"
      })
    let ends = [
      verdict.rowEnds.low ? "the start of the range (\(points[0].value.reportText))" : nil,
      verdict.rowEnds.high
        ? "the end of the range (\(points[points.count - 1].value.reportText))" : nil,
    ].compactMap { $0 }
    if !ends.isEmpty {
      result.append(
        "Edge: the plateau reaches \(ends.joined(separator: " and ")): widen it; values "
          + "beyond may be as good.")
    }
    return result
  }

  /// "Best NAME: 80.0 % of 150 labelled traces (…); always answering 'x'
  /// scores 64.0 %." — for sweeps and grids; on a flat curve, where the
  /// data do not single it out, "Highest accuracy at NAME: …".
  static func bestSentence(_ name: String, _ best: IntentScore, flat: Bool) -> String {
    let interval = best.accuracyInterval
    let within = "(\(percent(interval.lower)) – \(percent(interval.upper)))"
    var sentence = flat ? "Highest accuracy at \(name): " : "Best \(name): "
    sentence += "\(percent(best.accuracy)) of \(best.total) labelled traces "
    sentence += "\(within); always answering '\(best.majorityLabel)' scores "
    sentence += "\(percent(best.baseline))."
    return sentence
  }

  /// The k-fold check of the procedure, for sweeps and grids: each fold's
  /// pick (described by `picks` from the chosen cells) and the held-out
  /// accuracy against the baseline on the same traces.
  static func heldOutSentence(_ heldOut: HeldOutCheck?, picks: ([Int]) -> String) -> String {
    let folds = SweepSummary.folds
    guard let heldOut else {
      return "Held out: too few labelled traces to hold any out."
    }
    let score = heldOut.score
    let interval = score.accuracyInterval
    let flat =
      heldOut.unidentifiedFolds == 0
      ? "" : " (flat on \(heldOut.unidentifiedFolds) of \(heldOut.choices.count) folds)"
    let accuracy =
      "\(percent(score.accuracy)) (\(percent(interval.lower)) – \(percent(interval.upper)))"
    let p = pText(heldOut.againstBaseline.pValue)
    var sentence = "Held out (\(folds) folds by trace id): the procedure, re-run on "
    sentence += "\(folds - 1) of \(folds) folds, picks \(picks(heldOut.chosen))\(flat); "
    sentence += "scored on the fold left out each time, it is right for \(accuracy) of "
    sentence += "\(score.total) traces vs \(percent(heldOut.baseline)) for always answering "
    sentence += "'\(heldOut.baselineLabel)' on the same traces (p \(p), exact McNemar). "
    sentence += "This is the accuracy of the procedure, not of one value."
    return sentence
  }

  /// "40–70", or "60" for a lone value.
  static func range(_ range: (low: Double, high: Double)) -> String {
    range.low == range.high
      ? range.low.reportText : range.low.reportText + "–" + range.high.reportText
  }
}
