import GestureTrace

/// An analysis as JSON, schema version 1 (docs/analysis-json.md): every
/// number of the text report, with rates as fractions and times in
/// seconds. Per-trace numbers are the CSV report's job; the JSON keeps the
/// sample traces' records only, so its size does not grow with the input.
struct AnalysisJSONReport {
  let analysis: Analysis
  let files: [String]

  /// The schema version.
  static let version = 1

  func rendered() -> String {
    let plan = analysis.plan
    var fields: [(String, String)] = [
      ("version", String(Self.version)),
      ("tool", jsonString("gesturetrace \(TraceTool.version)")),
      ("files", array(files.map(jsonString))),
      ("variants", array(plan.variants.map { jsonString($0.spec) })),
      ("sweeps", array(plan.sweeps.map { jsonString($0.spec) })),
      ("groupBy", plan.groupBy.map(jsonString) ?? "null"),
      ("estimators", array(VelocityEstimator.allCases.map { jsonString($0.name) })),
      ("overall", summary(analysis.overall)),
      ("groups", array(analysis.groups.map(summary), separator: ",\n")),
      ("samples", array(analysis.traces.prefix(Analysis.sampleLimit).map(trace), separator: ",\n")),
    ]
    if plan.groupBy == nil { fields.removeAll { $0.0 == "groups" } }
    return object(fields, separator: ",\n") + "\n"
  }

  private func summary(_ summary: AnalysisSummary) -> String {
    object([
      ("name", jsonString(summary.name)),
      ("traces", String(summary.traceCount)),
      ("variants", array(summary.variants.map(variant))),
      ("agreement", array(summary.agreement.map { array($0.map(number)) })),
      ("disagreementCount", String(summary.disagreementCount)),
      (
        "disagreements",
        array(
          summary.disagreements.map { item in
            object([
              ("trace", jsonString(item.trace)),
              ("outcomes", array(item.outcomes.map { jsonString($0.description) })),
              ("reason", jsonString(item.reason)),
            ])
          })
      ),
      ("nearThresholdBand", number(AnalysisSummary.nearBand)),
      ("nearThresholdCount", String(summary.nearThresholdCount)),
      (
        "nearThreshold",
        array(
          summary.nearThreshold.map { item in
            object([
              ("trace", jsonString(item.trace)), ("variant", String(item.variant)),
              ("threshold", jsonString(item.threshold)), ("value", number(item.value)),
              ("peak", number(item.peak)), ("outcome", jsonString(item.outcome.description)),
            ])
          })
      ),
      ("labelled", String(summary.labelledCount)),
      (
        "intent",
        array(
          summary.intent.map { score in
            object([
              ("accuracy", number(score.accuracy)), ("precision", number(score.precision)),
              ("recall", number(score.recall)),
              ("meantCompleteDidComplete", String(score.truePositives)),
              ("meantCompleteDidCancel", String(score.falseNegatives)),
              ("meantCancelDidComplete", String(score.falsePositives)),
              ("meantCancelDidCancel", String(score.trueNegatives)),
            ])
          })
      ),
      ("ranking", array(summary.ranking.map(String.init))),
      (
        "sweeps",
        array(
          summary.sweeps.map { sweep in
            object([
              ("spec", jsonString(sweep.spec)), ("parameter", jsonString(sweep.parameter)),
              (
                "points",
                array(
                  sweep.points.map { point in
                    object([
                      ("value", number(point.value)),
                      ("completionRate", number(point.completionRate)),
                      ("accuracy", number(point.accuracy)),
                    ])
                  })
              ),
              ("best", number(sweep.best)),
            ])
          })
      ),
      (
        "features",
        array(
          summary.features.map { feature in
            object([
              ("name", jsonString(feature.name)), ("unit", jsonString(feature.unit)),
              ("quantiles", array(feature.quantiles.map(number))),
              (
                "histogram",
                object([
                  ("lower", number(feature.histogram.lower)),
                  ("binWidth", number(feature.histogram.binWidth)),
                  ("counts", array(feature.histogram.counts.map(String.init))),
                ])
              ),
            ])
          })
      ),
    ])
  }

  private func variant(_ variant: VariantSummary) -> String {
    object([
      ("spec", jsonString(variant.spec)),
      (
        "outcomes",
        array(
          variant.outcomes.map { count in
            object([
              ("outcome", jsonString(count.outcome.description)), ("count", String(count.count)),
              ("rate", number(count.rate)), ("low", number(count.interval.lower)),
              ("high", number(count.interval.upper)),
            ])
          })
      ),
      ("medianDecisionTime", number(variant.medianDecisionTime)),
      ("medianSettleTime", number(variant.medianSettleTime)),
    ])
  }

  private func trace(_ trace: TraceAnalysis) -> String {
    let features = trace.features
    return object([
      ("trace", jsonString(features.id)),
      ("intent", trace.intent.map { jsonString($0.rawValue) } ?? "null"),
      ("group", trace.group.map(jsonString) ?? "null"),
      ("duration", number(features.duration)),
      ("samples", String(features.eventCount)),
      ("samplingMedian", number(trace.samplingMedian)),
      ("samplingJitter", number(trace.samplingJitter)),
      ("longestGap", number(trace.longestGap)),
      ("pathLength", number(features.pathLength)),
      ("netTranslation", vector(features.netTranslation)),
      ("netDistance", number(features.netDistance)),
      ("dominantAxis", jsonString(features.dominantAxis)),
      ("straightness", number(features.straightness)),
      ("reversals", String(features.reversals)),
      ("peakSpeed", number(features.peakSpeed)),
      ("releaseVelocity", vector(features.releaseVelocity)),
      ("recordedReleaseVelocity", features.recordedReleaseVelocity.map(vector) ?? "null"),
      ("estimatedReleaseVelocities", array(trace.estimatedVelocities.map { $0.map(vector) ?? "null" })),
      ("pauseBeforeLift", number(features.pauseBeforeLift)),
      (
        "runs",
        array(
          trace.runs.map { run in
            object([
              ("outcome", jsonString(run.outcome.outcome.description)),
              ("decidedAt", run.outcome.decidedAt.description),
              ("settledAt", run.outcome.settledAt.description),
              (
                "thresholds",
                array(
                  zip(run.thresholds, zip(run.crossings, run.peaks)).map { threshold, pair in
                    object([
                      ("name", jsonString(threshold.name)), ("value", number(threshold.value)),
                      ("crossedAt", pair.0.map(\.description) ?? "null"),
                      ("peak", number(pair.1)),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }

  // MARK: - JSON text

  private func object(_ fields: [(String, String)], separator: String = ",") -> String {
    "{" + fields.map { jsonString($0.0) + ":" + $0.1 }.joined(separator: separator) + "}"
  }

  private func array(_ items: [String], separator: String = ",") -> String {
    separator.contains("\n") && !items.isEmpty
      ? "[\n" + items.joined(separator: separator) + "\n]"
      : "[" + items.joined(separator: separator) + "]"
  }

  private func vector(_ vector: Vector2D) -> String {
    array([number(vector.x), number(vector.y)])
  }

  private func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return value.shortText
  }
}
