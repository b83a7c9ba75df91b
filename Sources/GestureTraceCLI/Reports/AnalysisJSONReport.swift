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
      json.integer("version", Self.version)
      json.string("tool", "gesturetrace \(TraceTool.version)")
      json.array("files") { json in for file in files { json.string(file) } }
      json.array("variants") { json in for variant in plan.variants { json.string(variant.spec) } }
      json.array("sweeps") { json in for sweep in plan.sweeps { json.string(sweep.spec) } }
      json.string("groupBy", plan.groupBy)
      json.array("estimators") { json in
        for estimator in VelocityEstimator.analyzed { json.string(estimator.name) }
      }
      json.key("overall")
      summary(analysis.overall, into: &json)
      if plan.groupBy != nil {
        json.array("groups", breaksLines: true) { json in
          for group in analysis.groups { summary(group, into: &json) }
        }
      }
      json.array("samples", breaksLines: true) { json in
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
      json.string("name", summary.name)
      json.integer("traces", summary.traceCount)
      sources(summary, into: &json)
      json.array("provenance") { json in
        for sentence in ProvenanceSentences(summary: summary).opening { json.string(sentence) }
      }
      json.integer("labelled", summary.labelledCount)
      json.array("targets") { json in for target in summary.targets { json.string(target) } }
      json.integer("untargeted", summary.untargetedCount)
      json.integer("unscored", summary.unscoredCount)
      json.array("transitions", breaksLines: true) { json in
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
      json.integer("human", counts[LabelSource.human.rawValue])
      json.integer("correction", counts[LabelSource.correction.rawValue])
      json.integer("synthetic", counts[LabelSource.synthetic.rawValue])
    }
  }

  /// One transition's part: its variants on the traces meant for it.
  private func section(_ summary: AnalysisSummary, into json: inout JSONText) {
    json.object { json in
      json.string("transition", summary.name)
      json.integer("traces", summary.traceCount)
      sources(summary, into: &json)
      json.array("numbers") { json in for number in summary.numbers { json.integer(number) } }
      json.array("variants") { json in for item in summary.variants { variant(item, into: &json) } }
      json.array("agreement") { json in
        for row in summary.agreement {
          json.array { json in for value in row { json.number(value) } }
        }
      }
      json.integer("disagreementCount", summary.disagreementCount)
      json.array("disagreements") { json in
        for item in summary.disagreements {
          json.object { json in
            json.string("trace", item.trace)
            json.array("outcomes") { json in
              for outcome in item.outcomes { json.string(outcome.description) }
            }
            json.string("reason", item.reason)
          }
        }
      }
      json.number("nearThresholdBand", AnalysisSummary.nearBand)
      json.integer("nearThresholdCount", summary.nearThresholdCount)
      json.array("nearThreshold") { json in
        for item in summary.nearThreshold {
          json.object { json in
            json.string("trace", item.trace)
            json.integer("variant", item.variant)
            json.string("threshold", item.threshold)
            json.number("value", item.value)
            json.number("peak", item.peak)
            json.string("outcome", item.outcome.description)
          }
        }
      }
      json.array("scoring") { json in
        for scoring in summary.scoring {
          json.object { json in
            json.string("source", scoring.source.name)
            json.integer("labelled", scoring.labelledCount)
            json.key("intent")
            intent(scoring.intent, into: &json)
            json.array("evidence") { json in
              for item in scoring.evidence { evidence(item, into: &json) }
            }
          }
        }
      }
      json.array("sweepSources") { json in
        for source in summary.sweepSources { json.string(source?.name) }
      }
      json.array("sweeps") { json in for sweep in summary.sweeps { self.sweep(sweep, into: &json) }
      }
      json.array("grids") { json in for grid in summary.grids { self.grid(grid, into: &json) } }
      // NB: only with --stability, so that the report without it is
      // byte-identical to the one before.
      if let stability = summary.stability {
        json.key("stability")
        self.stability(stability, into: &json)
      }
      json.array("features") { json in for item in summary.features { feature(item, into: &json) } }
    }
  }

  /// Each variant's score against one source's labels.
  private func intent(_ scores: [IntentScore], into json: inout JSONText) {
    json.array { json in
      for score in scores {
        json.object { json in
          json.integer("scored", score.total)
          json.integer("correct", score.correct)
          json.number("accuracy", score.accuracy)
          json.number("accuracyLow", score.total > 0 ? score.accuracyInterval.lower : nil)
          json.number("accuracyHigh", score.total > 0 ? score.accuracyInterval.upper : nil)
          json.number("balancedAccuracy", score.balancedAccuracy)
          json.number("baseline", score.baseline)
          json.string("baselineLabel", score.total > 0 ? score.majorityLabel : nil)
          json.number("baselineP", score.total > 0 ? score.againstBaseline.pValue : nil)
          json.number("precision", score.precision)
          json.number("recall", score.recall)
          json.integer("meantCompleteDidComplete", score.truePositives)
          json.integer("meantCompleteDidCancel", score.falseNegatives)
          json.integer("meantCancelDidComplete", score.falsePositives)
          json.integer("meantCancelDidCancel", score.trueNegatives)
          // NB: only for a transition with more than two stops, so that
          // other reports keep their bytes.
          if score.isMultiStop {
            json.array("stops") { json in
              for tally in score.stops {
                json.object { json in
                  json.string("stop", tally.name)
                  json.integer("meant", tally.meant)
                  json.integer("asMeant", tally.correct)
                  json.integer("decided", tally.decided)
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
      json.string("transition", evidence.transition)
      json.array("variants") { json in for index in evidence.variants { json.integer(index) } }
      json.integer("published", evidence.published)
      json.integer("scored", evidence.scoredCount)
      json.string("baselineLabel", evidence.majority)
      json.number("baseline", evidence.baseline)
      json.array("labelMix") { json in
        for item in evidence.labelMix {
          json.object { json in
            json.string("label", item.label)
            json.integer("count", item.count)
          }
        }
      }
      json.integer("leader", evidence.leader)
      json.integer("balancedLeader", evidence.balancedLeader)
      json.integer("best", evidence.best)
      json.string("correction", "holm")
      json.integer("comparisons", evidence.comparisons)
      json.number("leaderP", evidence.leaderP)
      json.array("baselineTests") { json in
        for index in evidence.variants {
          guard let score = evidence.scores[index] else { continue }
          let test = score.againstBaseline
          json.object { json in
            json.integer("variant", index)
            json.integer("onlyVariant", test.onlyFirst)
            json.integer("onlyBaseline", test.onlySecond)
            json.number("p", test.pValue)
            json.number("adjustedP", evidence.adjustedBaselineP[index])
            json.string("standing", evidence.standing(index)?.rawValue)
          }
        }
      }
      json.array("pairs") { json in
        for i in evidence.variants {
          for j in evidence.variants where j > i {
            guard let test = evidence.test(i, against: j) else { continue }
            json.object { json in
              json.integer("first", i)
              json.integer("second", j)
              json.integer("onlyFirst", test.onlyFirst)
              json.integer("onlySecond", test.onlySecond)
              json.number("p", test.pValue)
              json.number("adjustedP", evidence.adjustedP(i, against: j))
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
      json.string("rows", grid.specs.rows)
      json.string("columns", grid.specs.columns)
      json.array("parameters") { json in
        json.string(grid.parameters.rows)
        json.string(grid.parameters.columns)
      }
      json.array("rowValues") { json in for value in grid.rowValues { json.number(value) } }
      json.array("columnValues") { json in for value in grid.columnValues { json.number(value) } }
      json.key("completionRate")
      rows(&json) { $0.completionRate }
      json.key("accuracy")
      rows(&json) { $0.accuracy }
      json.integer("scored", grid.cells.first?.score.total ?? 0)
      json.integer("changingTraces", grid.changingTraces)
      json.literal("noEffect", grid.hasNoEffect ? "true" : "false")
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
      json.literal("edge", verdict?.isAtEdge == true ? "true" : "false")
      json.gridEdges(verdict)
      heldOut(grid.heldOut, into: &json)
      json.heldOutChoices(grid.heldOut, choice: pair)
    }
  }

  /// The members of a sweep's or grid's k-fold check.
  private func heldOut(_ check: HeldOutCheck?, into json: inout JSONText) {
    let heldOut = check?.score
    json.integer("folds", SweepSummary.folds)
    json.integer("heldOutScored", heldOut?.total ?? 0)
    json.number("heldOutAccuracy", heldOut?.accuracy)
    json.number("heldOutLow", heldOut.map { $0.accuracyInterval.lower })
    json.number("heldOutHigh", heldOut.map { $0.accuracyInterval.upper })
  }

  private func sweep(_ sweep: SweepSummary, into json: inout JSONText) {
    json.object { json in
      json.string("spec", sweep.spec)
      json.string("parameter", sweep.parameter)
      json.array("points") { json in
        for point in sweep.points {
          json.object { json in
            json.number("value", point.value)
            json.number("completionRate", point.completionRate)
            json.number("accuracy", point.accuracy)
            json.integer("scored", point.score.total)
            json.number(
              "accuracyLow", point.score.total > 0 ? point.score.accuracyInterval.lower : nil)
            json.number(
              "accuracyHigh", point.score.total > 0 ? point.score.accuracyInterval.upper : nil)
          }
        }
      }
      json.number("best", sweep.best)
      json.integer("changingTraces", sweep.changingTraces)
      json.literal("noEffect", sweep.hasNoEffect ? "true" : "false")
      json.number("plateauLow", sweep.verdict.map { sweep.points[$0.plateau[0]].value })
      json.number(
        "plateauHigh", sweep.verdict.map { sweep.points[$0.plateau[$0.plateau.count - 1]].value })
      json.number("suggested", sweep.suggested)
      json.sweepPlateau(sweep)
      json.literal("edge", sweep.verdict?.isAtEdge == true ? "true" : "false")
      heldOut(sweep.heldOut, into: &json)
      json.heldOutChoices(sweep.heldOut) { json, cell in
        json.number(cell.map { sweep.points[$0].value })
      }
    }
  }

  private func feature(_ feature: FeatureSummary, into json: inout JSONText) {
    json.object { json in
      json.string("name", feature.name)
      json.string("unit", feature.unit)
      json.array("quantiles") { json in for value in feature.quantiles { json.number(value) } }
      json.object("histogram") { json in
        json.number("lower", feature.histogram.lower)
        json.number("binWidth", feature.histogram.binWidth)
        json.array("counts") { json in for count in feature.histogram.counts { json.integer(count) }
        }
      }
    }
  }

  private func variant(_ variant: VariantOutcomes, into json: inout JSONText) {
    json.object { json in
      json.string("spec", variant.spec)
      json.key("outcomes")
      outcomes(variant.outcomes, into: &json)
      json.array("bySource") { json in
        for part in variant.bySource {
          json.object { json in
            json.string("source", part.source.name)
            json.integer("traces", part.total)
            json.key("outcomes")
            outcomes(part.outcomes, into: &json)
          }
        }
      }
      json.number("medianDecisionTime", variant.medianDecisionTime)
      json.number("medianSettleTime", variant.medianSettleTime)
    }
  }

  private func outcomes(_ outcomes: [OutcomeCount], into json: inout JSONText) {
    json.array { json in
      for count in outcomes {
        json.object { json in
          json.string("outcome", count.outcome.description)
          json.integer("count", count.count)
          json.number("rate", count.rate)
          json.number("low", count.interval.lower)
          json.number("high", count.interval.upper)
        }
      }
    }
  }

  private func trace(_ trace: TraceAnalysis, into json: inout JSONText) {
    let features = trace.features
    json.object { json in
      json.string("trace", features.id)
      json.string("intent", trace.intentLabel)
      json.string("group", trace.group)
      json.number("duration", features.duration)
      json.integer("samples", features.eventCount)
      json.number("samplingMedian", trace.samplingMedian)
      json.number("samplingJitter", trace.samplingJitter)
      json.number("longestGap", trace.longestGap)
      json.number("pathLength", features.pathLength)
      json.vector("netTranslation", features.netTranslation)
      json.number("netDistance", features.netDistance)
      json.string("dominantAxis", features.dominantAxis)
      json.number("straightness", features.straightness)
      json.integer("reversals", features.reversals)
      json.number("peakSpeed", features.peakSpeed)
      json.vector("releaseVelocity", features.releaseVelocity)
      json.vector("recordedReleaseVelocity", features.recordedReleaseVelocity)
      json.array("estimatedReleaseVelocities") { json in
        for velocity in trace.estimatedVelocities { json.vector(velocity) }
      }
      json.number("pauseBeforeLift", features.pauseBeforeLift)
      json.array("runs") { json in for run in trace.runs { self.run(run, into: &json) } }
    }
  }

  private func run(_ run: VariantRun, into json: inout JSONText) {
    json.object { json in
      json.string("outcome", run.outcome.outcome.description)
      json.literal("decidedAt", run.outcome.decidedAt.description)
      json.literal("settledAt", run.outcome.settledAt.description)
      json.array("thresholds") { json in
        for (threshold, (crossing, peak)) in zip(run.thresholds, zip(run.crossings, run.peaks)) {
          json.object { json in
            json.string("name", threshold.name)
            json.number("value", threshold.value)
            json.key("crossedAt")
            if let crossing { json.literal(crossing.description) } else { json.literal("null") }
            json.number("peak", peak)
          }
        }
      }
    }
  }
}
