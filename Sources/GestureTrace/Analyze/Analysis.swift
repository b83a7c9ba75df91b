/// A whole analysis: every trace's measurements and runs, the summary over
/// all traces and one per group.
package struct Analysis: Sendable, Hashable {
  /// What the traces were analyzed with.
  package var plan: AnalysisPlan
  /// Every trace, in input order.
  package var traces: [TraceAnalysis]
  /// The summary over all traces.
  package var overall: AnalysisSummary
  /// One summary per value of the group-by key, in name order; empty
  /// without grouping.
  package var groups: [AnalysisSummary]
  /// The first ``sampleLimit`` traces with their events, for charts.
  package var samples: [Trace]

  /// How many traces ``samples`` keeps.
  package static let sampleLimit = 40

  /// Summarizes analyzed traces; `samples` are the first traces read.
  package init(traces: [TraceAnalysis], plan: AnalysisPlan, samples: [Trace] = []) {
    self.plan = plan
    self.traces = traces
    self.samples = Array(samples.prefix(Self.sampleLimit))
    overall = AnalysisSummary(name: "all", traces: traces, plan: plan)
    guard plan.groupBy != nil else {
      groups = []
      return
    }
    var members: [String: [TraceAnalysis]] = [:]
    for trace in traces { members[trace.group ?? "(none)", default: []].append(trace) }
    groups = members.keys.sorted().map { name in
      AnalysisSummary(name: name, traces: members[name]!, plan: plan)
    }
  }
}
