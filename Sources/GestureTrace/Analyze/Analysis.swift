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

  /// Summarizes analyzed traces.
  package init(traces: [TraceAnalysis], plan: AnalysisPlan) {
    self.plan = plan
    self.traces = traces
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
