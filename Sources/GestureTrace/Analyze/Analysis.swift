/// A whole analysis: the summary over all traces and one per group, with
/// the first traces kept whole for charts.
package struct Analysis: Sendable, Hashable {
  /// What the traces were analyzed with.
  package var plan: AnalysisPlan
  /// The measurements and runs of the sample traces (see
  /// ``SampleSelection``), in the order of ``samples``.
  package var traces: [TraceAnalysis]
  /// The summary over all traces.
  package var overall: AnalysisSummary
  /// One summary per value of the group-by key, in name order; empty
  /// without grouping.
  package var groups: [AnalysisSummary]
  /// The sample traces with their events, for charts: the first
  /// ``sampleLimit`` and the first few meant for each transition.
  package var samples: [Trace]

  /// How many of the first traces ``samples`` keeps.
  package static let sampleLimit = 40

  /// Summarizes analyzed traces; `samples` are the first traces read.
  package init(traces: [TraceAnalysis], plan: AnalysisPlan, samples: [Trace] = []) {
    var accumulator = GroupedAccumulator(plan: plan)
    for trace in traces { accumulator.add(trace) }
    var selection = SampleSelection()
    var kept: [TraceAnalysis] = []
    var keptTraces: [Trace] = []
    for (index, trace) in traces.enumerated() where selection.admits(target: trace.target) {
      kept.append(trace)
      if index < samples.count { keptTraces.append(samples[index]) }
    }
    self.init(accumulator, plan: plan, sampleTraces: kept, samples: keptTraces)
  }

  /// The analysis of the traces an accumulator counted; `sampleTraces`
  /// and `samples` are the first traces' analyses and events.
  ///
  /// `earlierValues` gives back the numbers ``GroupedAccumulator/takeValues()``
  /// moved out of the accumulator; `summarizer` computes the features'
  /// distributions.
  package init(
    _ accumulator: GroupedAccumulator, plan: AnalysisPlan, sampleTraces: [TraceAnalysis],
    samples: [Trace], summarizer: ColumnSummarizer = .serial, drawsDecisionMaps: Bool = true,
    earlierValues: @escaping @Sendable (String?, Int) -> [Double] = { _, _ in [] }
  ) {
    self.plan = plan
    traces = sampleTraces
    self.samples = samples
    (overall, groups) = accumulator.summaries(
      summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps, earlierValues: earlierValues)
  }
}
