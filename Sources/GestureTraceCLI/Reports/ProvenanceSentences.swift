import GestureTrace

/// What a report says of where its labels come from: the opening sentence
/// with the count from each source, what accuracy on each measures, and
/// the phrases that head each source's scores.
struct ProvenanceSentences {
  let summary: AnalysisSummary

  /// Where the synthetic model of intent's sensitivity is shown.
  static let sensitivityDocument = "docs/intent-sensitivity.md"

  /// The opening sentences: the labelled traces by source, the unlabelled
  /// ones, and what accuracy on synthetic labels measures.
  var opening: [String] {
    let labelled = summary.labelledCounts
    let total = summary.traceCount
    let unlabelled = total - labelled.reduce(0, +)
    var parts: [String] = []
    for source in LabelSource.allCases where labelled[source.rawValue] > 0 {
      parts.append(Self.labelNoun(source, count: labelled[source.rawValue]))
    }
    var sentences: [String] = []
    if parts.isEmpty {
      sentences.append(
        "No trace carries an intent label: the report shows what each variant decides, "
          + "with no accuracy.")
    } else {
      var sentence = "Labels: " + Self.listed(parts)
      if unlabelled > 0 {
        let recorded = unlabelled - unlabelledSynthetic
        var kinds: [String] = []
        if recorded > 0 { kinds.append("\(recorded) recorded") }
        if unlabelledSynthetic > 0 { kinds.append("\(unlabelledSynthetic) synthetic") }
        sentence +=
          kinds.count == 1
          ? "; \(kinds[0]) trace\(unlabelled == 1 ? "" : "s") carry no label"
          : "; \(counted(unlabelled, "trace")) (\(Self.listed(kinds))) carry no label"
      }
      sentences.append(sentence + ".")
    }
    if labelled[LabelSource.synthetic.rawValue] > 0 {
      sentences.append(
        "Accuracy on synthetic labels measures agreement with the synthetic model of intent "
          + "of `synth --target`, not with people; \(Self.sensitivityDocument) shows how the "
          + "answers move with its assumptions.")
    }
    if summary.labelSources.count > 1 {
      sentences.append("Each source of labels is scored on its own, never pooled.")
    }
    return sentences
  }

  /// Synthetic traces with no label.
  private var unlabelledSynthetic: Int {
    let synthetic = LabelSource.synthetic.rawValue
    return summary.sourceCounts[synthetic] - summary.labelledCounts[synthetic]
  }

  /// "600 synthetic labels (the model of intent of `synth --target`)",
  /// "1 label from people".
  static func labelNoun(_ source: LabelSource, count: Int) -> String {
    let labels = count == 1 ? "label" : "labels"
    return switch source {
    case .human: "\(count) \(labels) from people"
    case .correction: "\(count) \(labels) inferred from corrections"
    case .synthetic: "\(count) synthetic \(labels) (the model of intent of `synth --target`)"
    }
  }

  /// The noun for `count` labels from a source, short: "synthetic
  /// labels", "label from people".
  static func shortLabelNoun(_ source: LabelSource) -> (Int) -> String {
    { count in
      let labels = count == 1 ? "label" : "labels"
      return switch source {
      case .human: "\(labels) from people"
      case .correction: "\(labels) from corrections"
      case .synthetic: "synthetic \(labels)"
      }
    }
  }

  /// What a source's scores are against: "Against people's labels".
  static func against(_ source: LabelSource) -> String {
    switch source {
    case .human: "Against people's labels"
    case .correction: "Against labels inferred from corrections (what people did next)"
    case .synthetic: "Against the synthetic model of intent (not people)"
    }
  }

  /// How traces from a source are counted: "recorded", "synthetic".
  static func traceNoun(_ source: LabelSource) -> String {
    switch source {
    case .human: "recorded"
    case .correction: "recorded (labelled by corrections)"
    case .synthetic: "synthetic"
    }
  }

  /// A section's traces by source: "150 synthetic, 22 recorded".
  static func traceMix(_ summary: AnalysisSummary) -> String {
    LabelSource.allCases.compactMap { source in
      let count = summary.count(of: source)
      return count > 0 ? "\(count) \(traceNoun(source))" : nil
    }.joined(separator: ", ")
  }

  /// "a, b and c".
  static func listed(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
  }
}

extension AnalysisSummary {
  /// The same summary with the scores and evidence of one label source.
  func scored(by scoring: SourceScoring) -> AnalysisSummary {
    var summary = self
    summary.intent = scoring.intent
    summary.evidence = scoring.evidence
    summary.labelledCount = scoring.labelledCount
    return summary
  }
}

private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
