import GestureTrace

/// Takes the parts of an analysis in input order: merges their counts,
/// writes their CSV rows at once, and keeps the first traces whole.
struct AnalysisSink {
  let work: AnalysisWork
  private(set) var accumulator: GroupedAccumulator
  private(set) var sampleTraces: [TraceAnalysis] = []
  private(set) var samples: [Trace] = []
  private(set) var traceCount = 0
  private(set) var eventCount = 0
  private(set) var byteCount = 0
  private(set) var replayNanoseconds: [UInt64]
  private(set) var replayEvents: [Int]

  init(work: AnalysisWork) {
    self.work = work
    accumulator = GroupedAccumulator(plan: work.plan)
    replayNanoseconds = Array(repeating: 0, count: work.plan.variants.count)
    replayEvents = Array(repeating: 0, count: work.plan.variants.count)
  }

  /// Whether the next parts should keep their first traces whole.
  var wantsSamples: Bool { work.csv == nil && samples.count < Analysis.sampleLimit }

  /// Takes the part that follows every part taken so far.
  mutating func absorb(
    _ part: AnalysisPart, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    if work.csv != nil {
      if !part.rows.isEmpty { try output.write(part.rows, io: &io) }
    } else if let counts = part.accumulator {
      accumulator.merge(counts)
    }
    let wanted = Analysis.sampleLimit - samples.count
    if wanted > 0 {
      sampleTraces += part.sampleTraces.prefix(wanted)
      samples += part.samples.prefix(wanted)
    }
    traceCount += part.traceCount
    eventCount += part.eventCount
    byteCount += part.byteCount
    for index in replayEvents.indices {
      replayNanoseconds[index] += part.replayNanoseconds[index]
      replayEvents[index] += part.replayEvents[index]
    }
  }

  /// The analysis of every trace taken.
  func analysis() -> Analysis {
    Analysis(accumulator, plan: work.plan, sampleTraces: sampleTraces, samples: samples)
  }
}
