/// The per-transition and per-label-source parts of a summary.
extension AnalysisAccumulator {
  /// The traces meant for transition `section`, from every source.
  func meantTotal(_ section: Int) -> Int {
    let sources = LabelSource.allCases.count
    return meantCounts[(section * sources)..<((section + 1) * sources)].reduce(0, +)
  }

  /// The scores and evidence of each label source that labelled any
  /// trace, in ``LabelSource`` order.
  func sourceScorings(plan: AnalysisPlan) -> [SourceScoring] {
    LabelSource.allCases.compactMap { source in
      guard labelledCounts[source.rawValue] > 0 else { return nil }
      let start = source.rawValue * variantCount
      let intent = Array(scores[start..<(start + variantCount)])
      let pairs = variantCount * variantCount
      let onlyFirst = Array(
        self.onlyFirst[(source.rawValue * pairs)..<((source.rawValue + 1) * pairs)])
      return SourceScoring(
        source: source, labelledCount: labelledCounts[source.rawValue], intent: intent,
        onlyFirst: onlyFirst,
        evidence: TransitionEvidence.grouped(
          transitions: transitions, published: plan.published, scores: intent,
          onlyFirst: onlyFirst))
    }
  }

  /// The label source sweep (or grid) `index` is scored on: the first, in
  /// ``LabelSource`` order, that labelled a trace scored for it, so that
  /// people's labels are preferred and sources are never pooled; `nil`
  /// when none did.
  func sweepSource(_ index: Int) -> LabelSource? {
    let folds = SweepSummary.folds
    return LabelSource.allCases.first { source in
      sweepScores[index].contains { scores in
        scores[(source.rawValue * folds)..<((source.rawValue + 1) * folds)].contains {
          $0.total > 0
        }
      }
    }
  }

  /// Sweep (or grid) `index`'s per-value fold scores from one source.
  func foldScores(_ index: Int, source: LabelSource?) -> [[IntentScore]] {
    let folds = SweepSummary.folds
    let start = (source ?? .human).rawValue * folds
    return sweepScores[index].map { Array($0[start..<(start + folds)]) }
  }

  /// The summary of transition `section` alone: its variants, numbered as
  /// in `summary`, on the traces meant for it.
  func section(
    _ section: Int, of summary: AnalysisSummary, plan: AnalysisPlan, features: [FeatureSummary]
  ) -> AnalysisSummary {
    let members = variantTransitions.indices.filter { variantTransitions[$0] == section }
    let local = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
    let sweepMembers = plan.sweeps.indices.filter { sweepTransitionIndices[$0] == section }
    let gridMembers = plan.grids.indices.filter {
      sweepTransitionIndices[plan.sweeps.count + $0] == section
    }
    let sources = LabelSource.allCases.count
    let scoring = summary.scoring.compactMap { scoring -> SourceScoring? in
      let intent = members.map { scoring.intent[$0] }
      guard intent.contains(where: { $0.total > 0 }) || members.isEmpty else { return nil }
      var onlyFirst: [Int] = []
      for i in members {
        for j in members { onlyFirst.append(scoring.onlyFirst[i * variantCount + j]) }
      }
      return SourceScoring(
        source: scoring.source, labelledCount: intent.map(\.total).max() ?? 0, intent: intent,
        onlyFirst: onlyFirst,
        evidence: TransitionEvidence.grouped(
          transitions: members.map { transitions[$0] },
          published: members.map { plan.published[$0] }, scores: intent, onlyFirst: onlyFirst))
    }
    let primary = scoring.first
    var part = AnalysisSummary(
      name: plan.transitionNames[section], traceCount: meantTotal(section),
      variants: members.map { summary.variants[$0] },
      agreement: members.map { i in members.map { j in summary.agreement[i][j] } },
      disagreementCount: disagreementCounts[section],
      disagreements: summary.disagreements.compactMap { item in
        guard item.transitions.contains(section) else { return nil }
        var mine = item
        mine.outcomes = members.map { item.outcomes[$0] }
        mine.transitions = [0]
        return mine
      },
      nearThresholdCount: nearCounts[section],
      nearThreshold: summary.nearThreshold.compactMap { item in
        guard let index = local[item.variant] else { return nil }
        var mine = item
        mine.variant = index
        return mine
      },
      features: features, targets: summary.targets.filter { $0 == plan.transitionNames[section] },
      labelledCount: scoring.map(\.labelledCount).reduce(0, +), untargetedCount: 0,
      unscoredCount: 0, intent: primary?.intent ?? [],
      ranking: [], evidence: primary?.evidence ?? [],
      sweeps: sweepMembers.map { summary.sweeps[$0] },
      grids: gridMembers.map { summary.grids[$0] })
    part.numbers = members.map { $0 + 1 }
    part.decisionMaps = summary.decisionMaps.filter {
      $0.transition == plan.transitionNames[section]
    }
    part.sourceCounts = LabelSource.allCases.map { meantCounts[section * sources + $0.rawValue] }
    part.labelledCounts = LabelSource.allCases.map { source in
      scoring.first { $0.source == source }?.labelledCount ?? 0
    }
    part.scoring = scoring
    part.sweepSources =
      sweepMembers.map { summary.sweepSources[$0] }
      + gridMembers.map { summary.sweepSources[plan.sweeps.count + $0] }
    if let stability = summary.stability {
      part.stability = StabilitySummary(
        perturbations: stability.perturbations, variants: members.map { stability.variants[$0] })
    }
    return part
  }
}
