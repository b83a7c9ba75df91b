import GestureTrace

/// An analysis as JSON, schema version 2 (docs/analysis-json.md): every
/// number of the text report, with rates as fractions and times in
/// seconds. Per-trace numbers are the CSV report's job; the JSON keeps the
/// sample traces' records only, so its size does not grow with the input.
struct AnalysisJSONReport {
  let analysis: Analysis
  let files: [String]

  /// The schema version.
  static let version = 2

  // NB: written into one buffer as it goes (``JSONText``) rather than
  // built from the strings of its parts joined level by level: a report
  // lists up to a thousand disagreements and near-threshold runs per
  // summary, and each part's own strings and arrays cost more than its
  // text.
  func rendered() -> String {
    let plan = analysis.plan
    var json = JSONText()
    json.object(breaksLines: true) { json in
      json.key("version")
      json.integer(Self.version)
      json.key("tool")
      json.string("gesturetrace \(TraceTool.version)")
      json.key("files")
      json.array { json in for file in files { json.string(file) } }
      json.key("variants")
      json.array { json in for variant in plan.variants { json.string(variant.spec) } }
      json.key("sweeps")
      json.array { json in for sweep in plan.sweeps { json.string(sweep.spec) } }
      json.key("groupBy")
      json.string(plan.groupBy)
      json.key("estimators")
      json.array { json in
        for estimator in VelocityEstimator.analyzed { json.string(estimator.name) }
      }
      json.key("overall")
      summary(analysis.overall, into: &json)
      if plan.groupBy != nil {
        json.key("groups")
        json.array(breaksLines: true) { json in
          for group in analysis.groups { summary(group, into: &json) }
        }
      }
      json.key("samples")
      json.array(breaksLines: true) { json in
        for sample in analysis.traces.prefix(Analysis.sampleLimit) { trace(sample, into: &json) }
      }
    }
    json.newline()
    return json.text
  }

  /// The whole analysis (or a group): its counts by label source, what
  /// they mean, and one object per transition.
  private func summary(_ summary: AnalysisSummary, into json: inout JSONText) {
    json.object { json in
      json.key("name")
      json.string(summary.name)
      json.key("traces")
      json.integer(summary.traceCount)
      sources(summary, into: &json)
      json.key("provenance")
      json.array { json in
        for sentence in ProvenanceSentences(summary: summary).opening { json.string(sentence) }
      }
      json.key("labelled")
      json.integer(summary.labelledCount)
      json.key("targets")
      json.array { json in for target in summary.targets { json.string(target) } }
      json.key("untargeted")
      json.integer(summary.untargetedCount)
      json.key("unscored")
      json.integer(summary.unscoredCount)
      json.key("transitions")
      json.array(breaksLines: true) { json in
        for section in summary.sections { self.section(section, into: &json) }
      }
    }
  }

  /// The traces and the labelled traces per label source.
  private func sources(_ summary: AnalysisSummary, into json: inout JSONText) {
    json.key("sources")
    counts(summary.sourceCounts, into: &json)
    json.key("labelledSources")
    counts(summary.labelledCounts, into: &json)
  }

  /// A count per label source, by name.
  private func counts(_ counts: [Int], into json: inout JSONText) {
    json.object { json in
      json.key("human")
      json.integer(counts[LabelSource.human.rawValue])
      json.key("correction")
      json.integer(counts[LabelSource.correction.rawValue])
      json.key("synthetic")
      json.integer(counts[LabelSource.synthetic.rawValue])
    }
  }

  /// One transition's part: its variants on the traces meant for it.
  private func section(_ summary: AnalysisSummary, into json: inout JSONText) {
    json.object { json in
      json.key("transition")
      json.string(summary.name)
      json.key("traces")
      json.integer(summary.traceCount)
      sources(summary, into: &json)
      json.key("numbers")
      json.array { json in for number in summary.numbers { json.integer(number) } }
      json.key("variants")
      json.array { json in for item in summary.variants { variant(item, into: &json) } }
      json.key("agreement")
      json.array { json in
        for row in summary.agreement {
          json.array { json in for value in row { json.number(value) } }
        }
      }
      json.key("disagreementCount")
      json.integer(summary.disagreementCount)
      json.key("disagreements")
      json.array { json in
        for item in summary.disagreements {
          json.object { json in
            json.key("trace")
            json.string(item.trace)
            json.key("outcomes")
            json.array { json in for outcome in item.outcomes { json.string(outcome.description) } }
            json.key("reason")
            json.string(item.reason)
          }
        }
      }
      json.key("nearThresholdBand")
      json.number(AnalysisSummary.nearBand)
      json.key("nearThresholdCount")
      json.integer(summary.nearThresholdCount)
      json.key("nearThreshold")
      json.array { json in
        for item in summary.nearThreshold {
          json.object { json in
            json.key("trace")
            json.string(item.trace)
            json.key("variant")
            json.integer(item.variant)
            json.key("threshold")
            json.string(item.threshold)
            json.key("value")
            json.number(item.value)
            json.key("peak")
            json.number(item.peak)
            json.key("outcome")
            json.string(item.outcome.description)
          }
        }
      }
      json.key("scoring")
      json.array { json in
        for scoring in summary.scoring {
          json.object { json in
            json.key("source")
            json.string(scoring.source.name)
            json.key("labelled")
            json.integer(scoring.labelledCount)
            json.key("intent")
            intent(scoring.intent, into: &json)
            json.key("evidence")
            json.array { json in
              for item in scoring.evidence { evidence(item, into: &json) }
            }
          }
        }
      }
      json.key("sweepSources")
      json.array { json in
        for source in summary.sweepSources { json.string(source?.name) }
      }
      json.key("sweeps")
      json.array { json in for sweep in summary.sweeps { self.sweep(sweep, into: &json) } }
      json.key("grids")
      json.array { json in for grid in summary.grids { self.grid(grid, into: &json) } }
      // NB: only with --stability, so that the report without it is
      // byte-identical to the one before.
      if let stability = summary.stability {
        json.key("stability")
        self.stability(stability, into: &json)
      }
      json.key("features")
      json.array { json in for item in summary.features { feature(item, into: &json) } }
    }
  }

  /// Each variant's score against one source's labels.
  private func intent(_ scores: [IntentScore], into json: inout JSONText) {
    json.array { json in
      for score in scores {
        json.object { json in
          json.key("scored")
          json.integer(score.total)
          json.key("correct")
          json.integer(score.correct)
          json.key("accuracy")
          json.number(score.accuracy)
          json.key("accuracyLow")
          json.number(score.total > 0 ? score.accuracyInterval.lower : nil)
          json.key("accuracyHigh")
          json.number(score.total > 0 ? score.accuracyInterval.upper : nil)
          json.key("balancedAccuracy")
          json.number(score.balancedAccuracy)
          json.key("baseline")
          json.number(score.baseline)
          json.key("baselineLabel")
          json.string(score.total > 0 ? score.majorityLabel : nil)
          json.key("baselineP")
          json.number(score.total > 0 ? score.againstBaseline.pValue : nil)
          json.key("precision")
          json.number(score.precision)
          json.key("recall")
          json.number(score.recall)
          json.key("meantCompleteDidComplete")
          json.integer(score.truePositives)
          json.key("meantCompleteDidCancel")
          json.integer(score.falseNegatives)
          json.key("meantCancelDidComplete")
          json.integer(score.falsePositives)
          json.key("meantCancelDidCancel")
          json.integer(score.trueNegatives)
          // NB: only for a transition with more than two stops, so that
          // other reports keep their bytes.
          if score.isMultiStop {
            json.key("stops")
            json.array { json in
              for tally in score.stops {
                json.object { json in
                  json.key("stop")
                  json.string(tally.name)
                  json.key("meant")
                  json.integer(tally.meant)
                  json.key("asMeant")
                  json.integer(tally.correct)
                  json.key("decided")
                  json.integer(tally.decided)
                }
              }
            }
          }
        }
      }
    }
  }

  private func evidence(_ evidence: TransitionEvidence, into json: inout JSONText) {
    json.object { json in
      json.key("transition")
      json.string(evidence.transition)
      json.key("variants")
      json.array { json in for index in evidence.variants { json.integer(index) } }
      json.key("published")
      if let published = evidence.published {
        json.integer(published)
      } else {
        json.literal("null")
      }
      json.key("scored")
      json.integer(evidence.scoredCount)
      json.key("baselineLabel")
      json.string(evidence.majority)
      json.key("baseline")
      json.number(evidence.baseline)
      json.key("labelMix")
      json.array { json in
        for item in evidence.labelMix {
          json.object { json in
            json.key("label")
            json.string(item.label)
            json.key("count")
            json.integer(item.count)
          }
        }
      }
      json.key("leader")
      json.integer(evidence.leader)
      json.key("balancedLeader")
      if let index = evidence.balancedLeader { json.integer(index) } else { json.literal("null") }
      json.key("best")
      if let best = evidence.best { json.integer(best) } else { json.literal("null") }
      json.key("correction")
      json.string("holm")
      json.key("comparisons")
      json.integer(evidence.comparisons)
      json.key("leaderP")
      json.number(evidence.leaderP)
      json.key("baselineTests")
      json.array { json in
        for index in evidence.variants {
          guard let score = evidence.scores[index] else { continue }
          let test = score.againstBaseline
          json.object { json in
            json.key("variant")
            json.integer(index)
            json.key("onlyVariant")
            json.integer(test.onlyFirst)
            json.key("onlyBaseline")
            json.integer(test.onlySecond)
            json.key("p")
            json.number(test.pValue)
            json.key("adjustedP")
            json.number(evidence.adjustedBaselineP[index])
            json.key("standing")
            json.string(evidence.standing(index)?.rawValue)
          }
        }
      }
      json.key("pairs")
      json.array { json in
        for i in evidence.variants {
          for j in evidence.variants where j > i {
            guard let test = evidence.test(i, against: j) else { continue }
            json.object { json in
              json.key("first")
              json.integer(i)
              json.key("second")
              json.integer(j)
              json.key("onlyFirst")
              json.integer(test.onlyFirst)
              json.key("onlySecond")
              json.integer(test.onlySecond)
              json.key("p")
              json.number(test.pValue)
              json.key("adjustedP")
              json.number(evidence.adjustedP(i, against: j))
            }
          }
        }
      }
    }
  }

  private func grid(_ grid: GridSummary, into json: inout JSONText) {
    let columns = grid.columnValues.count
    /// Each row's numbers as an array, one array per row.
    func rows(_ json: inout JSONText, _ body: (SweepPoint) -> Double?) {
      json.array { json in
        for row in grid.rowValues.indices {
          json.array { json in
            for cell in grid.cells[(row * columns)..<((row + 1) * columns)] {
              json.number(body(cell))
            }
          }
        }
      }
    }
    /// A cell as [row value, column value], or null.
    func pair(_ json: inout JSONText, _ cell: Int?) {
      guard let cell else { return json.literal("null") }
      let (row, column) = grid.values(ofCell: cell)
      json.array { json in
        json.number(row)
        json.number(column)
      }
    }
    let verdict = grid.verdict
    json.object { json in
      json.key("rows")
      json.string(grid.specs.rows)
      json.key("columns")
      json.string(grid.specs.columns)
      json.key("parameters")
      json.array { json in
        json.string(grid.parameters.rows)
        json.string(grid.parameters.columns)
      }
      json.key("rowValues")
      json.array { json in for value in grid.rowValues { json.number(value) } }
      json.key("columnValues")
      json.array { json in for value in grid.columnValues { json.number(value) } }
      json.key("completionRate")
      rows(&json) { $0.completionRate }
      json.key("accuracy")
      rows(&json) { $0.accuracy }
      json.key("scored")
      json.integer(grid.cells.first?.score.total ?? 0)
      json.key("changingTraces")
      json.integer(grid.changingTraces)
      json.key("noEffect")
      json.literal(grid.hasNoEffect ? "true" : "false")
      json.key("best")
      pair(&json, verdict?.best)
      json.key("suggested")
      pair(&json, verdict?.suggestion)
      json.key("plateau")
      if let verdict {
        json.array { json in for cell in verdict.plateau { pair(&json, cell) } }
      } else {
        json.literal("null")
      }
      json.plateauMembers(verdict)
      json.key("edge")
      json.literal(verdict?.isAtEdge == true ? "true" : "false")
      json.gridEdges(verdict)
      heldOut(grid.heldOut, into: &json)
      json.heldOutChoices(grid.heldOut, choice: pair)
    }
  }

  /// The members of a sweep's or grid's k-fold check.
  private func heldOut(_ check: HeldOutCheck?, into json: inout JSONText) {
    let heldOut = check?.score
    json.key("folds")
    json.integer(SweepSummary.folds)
    json.key("heldOutScored")
    json.integer(heldOut?.total ?? 0)
    json.key("heldOutAccuracy")
    json.number(heldOut?.accuracy)
    json.key("heldOutLow")
    json.number(heldOut.map { $0.accuracyInterval.lower })
    json.key("heldOutHigh")
    json.number(heldOut.map { $0.accuracyInterval.upper })
  }

  private func sweep(_ sweep: SweepSummary, into json: inout JSONText) {
    json.object { json in
      json.key("spec")
      json.string(sweep.spec)
      json.key("parameter")
      json.string(sweep.parameter)
      json.key("points")
      json.array { json in
        for point in sweep.points {
          json.object { json in
            json.key("value")
            json.number(point.value)
            json.key("completionRate")
            json.number(point.completionRate)
            json.key("accuracy")
            json.number(point.accuracy)
            json.key("scored")
            json.integer(point.score.total)
            json.key("accuracyLow")
            json.number(point.score.total > 0 ? point.score.accuracyInterval.lower : nil)
            json.key("accuracyHigh")
            json.number(point.score.total > 0 ? point.score.accuracyInterval.upper : nil)
          }
        }
      }
      json.key("best")
      json.number(sweep.best)
      json.key("changingTraces")
      json.integer(sweep.changingTraces)
      json.key("noEffect")
      json.literal(sweep.hasNoEffect ? "true" : "false")
      json.key("plateauLow")
      json.number(sweep.verdict.map { sweep.points[$0.plateau[0]].value })
      json.key("plateauHigh")
      json.number(sweep.verdict.map { sweep.points[$0.plateau[$0.plateau.count - 1]].value })
      json.key("suggested")
      json.number(sweep.suggested)
      json.sweepPlateau(sweep)
      json.key("edge")
      json.literal(sweep.verdict?.isAtEdge == true ? "true" : "false")
      heldOut(sweep.heldOut, into: &json)
      json.heldOutChoices(sweep.heldOut) { json, cell in
        json.number(cell.map { sweep.points[$0].value })
      }
    }
  }

  private func feature(_ feature: FeatureSummary, into json: inout JSONText) {
    json.object { json in
      json.key("name")
      json.string(feature.name)
      json.key("unit")
      json.string(feature.unit)
      json.key("quantiles")
      json.array { json in for value in feature.quantiles { json.number(value) } }
      json.key("histogram")
      json.object { json in
        json.key("lower")
        json.number(feature.histogram.lower)
        json.key("binWidth")
        json.number(feature.histogram.binWidth)
        json.key("counts")
        json.array { json in for count in feature.histogram.counts { json.integer(count) } }
      }
    }
  }

  private func variant(_ variant: VariantOutcomes, into json: inout JSONText) {
    json.object { json in
      json.key("spec")
      json.string(variant.spec)
      json.key("outcomes")
      outcomes(variant.outcomes, into: &json)
      json.key("bySource")
      json.array { json in
        for part in variant.bySource {
          json.object { json in
            json.key("source")
            json.string(part.source.name)
            json.key("traces")
            json.integer(part.total)
            json.key("outcomes")
            outcomes(part.outcomes, into: &json)
          }
        }
      }
      json.key("medianDecisionTime")
      json.number(variant.medianDecisionTime)
      json.key("medianSettleTime")
      json.number(variant.medianSettleTime)
    }
  }

  private func outcomes(_ outcomes: [OutcomeCount], into json: inout JSONText) {
    json.array { json in
      for count in outcomes {
        json.object { json in
          json.key("outcome")
          json.string(count.outcome.description)
          json.key("count")
          json.integer(count.count)
          json.key("rate")
          json.number(count.rate)
          json.key("low")
          json.number(count.interval.lower)
          json.key("high")
          json.number(count.interval.upper)
        }
      }
    }
  }

  private func trace(_ trace: TraceAnalysis, into json: inout JSONText) {
    let features = trace.features
    json.object { json in
      json.key("trace")
      json.string(features.id)
      json.key("intent")
      json.string(trace.intentLabel)
      json.key("group")
      json.string(trace.group)
      json.key("duration")
      json.number(features.duration)
      json.key("samples")
      json.integer(features.eventCount)
      json.key("samplingMedian")
      json.number(trace.samplingMedian)
      json.key("samplingJitter")
      json.number(trace.samplingJitter)
      json.key("longestGap")
      json.number(trace.longestGap)
      json.key("pathLength")
      json.number(features.pathLength)
      json.key("netTranslation")
      json.vector(features.netTranslation)
      json.key("netDistance")
      json.number(features.netDistance)
      json.key("dominantAxis")
      json.string(features.dominantAxis)
      json.key("straightness")
      json.number(features.straightness)
      json.key("reversals")
      json.integer(features.reversals)
      json.key("peakSpeed")
      json.number(features.peakSpeed)
      json.key("releaseVelocity")
      json.vector(features.releaseVelocity)
      json.key("recordedReleaseVelocity")
      json.vector(features.recordedReleaseVelocity)
      json.key("estimatedReleaseVelocities")
      json.array { json in for velocity in trace.estimatedVelocities { json.vector(velocity) } }
      json.key("pauseBeforeLift")
      json.number(features.pauseBeforeLift)
      json.key("runs")
      json.array { json in for run in trace.runs { self.run(run, into: &json) } }
    }
  }

  private func run(_ run: VariantRun, into json: inout JSONText) {
    json.object { json in
      json.key("outcome")
      json.string(run.outcome.outcome.description)
      json.key("decidedAt")
      json.literal(run.outcome.decidedAt.description)
      json.key("settledAt")
      json.literal(run.outcome.settledAt.description)
      json.key("thresholds")
      json.array { json in
        for (threshold, (crossing, peak)) in zip(run.thresholds, zip(run.crossings, run.peaks)) {
          json.object { json in
            json.key("name")
            json.string(threshold.name)
            json.key("value")
            json.number(threshold.value)
            json.key("crossedAt")
            if let crossing { json.literal(crossing.description) } else { json.literal("null") }
            json.key("peak")
            json.number(peak)
          }
        }
      }
    }
  }
}
