/// An analysis as CSV, one row per trace: `trace`, then one column per
/// variant named by its spec as given holding its outcome (exactly
/// `replay --format csv`'s table), then the features, then each variant's
/// decision, settle and threshold-crossing times (seconds; empty when a
/// threshold was never crossed); with `--stability`, one column per
/// variant naming the perturbations that flip its decision (`;` between
/// them, empty when none does).
package struct AnalysisCSVReport: Sendable {
  /// The plan whose variants and options make the columns.
  package let plan: AnalysisPlan

  /// A report of traces analyzed with `plan`.
  package init(plan: AnalysisPlan) {
    self.plan = plan
  }

  /// The header line, ending with a line feed.
  package func header() -> String {
    var columns = ["trace"] + plan.variants.map(\.spec)
    columns += [
      "intent", "duration_ms", "samples", "sampling_median_ms", "sampling_jitter_ms",
      "longest_gap_ms", "path_length", "net_tx", "net_ty", "net_distance", "dominant_axis",
      "straightness", "reversals", "peak_speed", "release_vx", "release_vy", "recorded_vx",
      "recorded_vy",
    ]
    for estimator in VelocityEstimator.analyzed {
      columns += ["\(estimator.name)_vx", "\(estimator.name)_vy"]
    }
    columns.append("pause_before_lift_ms")
    if plan.groupBy != nil { columns.append("group") }
    let thresholds = plan.variants.map { $0.makeTransition().thresholds }
    for (variant, names) in zip(plan.variants, thresholds) {
      columns += ["\(variant.spec) decided_s", "\(variant.spec) settled_s"]
      columns += names.map { "\(variant.spec) \($0.name)_crossed_s" }
    }
    if !plan.perturbations.isEmpty { columns += plan.variants.map { "\($0.spec) flips" } }
    return columns.map(csvField).joined(separator: ",") + "\n"
  }

  /// A trace's row, ending with a line feed.
  package func row(_ trace: TraceAnalysis) -> String {
    let features = trace.features
    var cells = [csvField(features.id)] + trace.runs.map { $0.outcome.outcome.description }
    cells += [
      trace.intentLabel ?? "", number(features.duration * 1000),
      String(features.eventCount), number(trace.samplingMedian * 1000),
      number(trace.samplingJitter * 1000), number(trace.longestGap * 1000),
      number(features.pathLength), number(features.netTranslation.x),
      number(features.netTranslation.y), number(features.netDistance), features.dominantAxis,
      number(features.straightness), String(features.reversals), number(features.peakSpeed),
      number(features.releaseVelocity.x), number(features.releaseVelocity.y),
      number(features.recordedReleaseVelocity?.x), number(features.recordedReleaseVelocity?.y),
    ]
    for velocity in trace.estimatedVelocities {
      cells += [number(velocity?.x), number(velocity?.y)]
    }
    cells.append(number(features.pauseBeforeLift * 1000))
    if plan.groupBy != nil { cells.append(csvField(trace.group ?? "")) }
    for run in trace.runs {
      cells += [run.outcome.decidedAt.description, run.outcome.settledAt.description]
      cells += run.crossings.map { $0?.description ?? "" }
    }
    for mask in trace.flips {
      cells.append(
        plan.perturbations.indices.filter { mask & (1 << UInt64($0)) != 0 }
          .map { plan.perturbations[$0].name }.joined(separator: ";"))
    }
    return cells.joined(separator: ",") + "\n"
  }

  private func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return value.reportText
  }
}
