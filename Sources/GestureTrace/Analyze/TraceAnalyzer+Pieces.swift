/// Analyses of runs of consecutive traces, each on a thread of its own,
/// merged in input order: how `gesturetrace analyze` drives the analyzer.
extension TraceAnalyzer {
  /// An empty analyzer of traces that follow, with this one's plan and
  /// configuration: its lines are kept for the caller to take, its numbers
  /// in memory, and its overall lists of disagreements and near-threshold
  /// runs take at most `listRoom` (what the pieces before it leave; all
  /// of it when `nil`).
  ///
  /// - Parameter ownPlan: Whether the piece has a plan of its own
  ///   (``AnalysisPlan/copyForOneThread()``), so that pieces analyzed on
  ///   several threads at once keep their reference counts apart.
  package func emptyPiece(listRoom: ListRoom? = nil, ownPlan: Bool = false) -> TraceAnalyzer {
    var configuration = configuration
    configuration.keepsLines = true
    configuration.keepsValues = true
    configuration.makeStore = nil
    var piece = TraceAnalyzer(
      plan: ownPlan ? plan.copyForOneThread() : plan, csv: csv, sources: [],
      configuration: configuration)
    if let listRoom { piece.accumulator.limitLists(to: listRoom) }
    return piece
  }

  /// How many disagreements and near-threshold runs the pieces that follow
  /// need to list: the room the traces taken leave.
  package var listRoom: ListRoom { accumulator.overall.listRoom }

  /// Analyzes a trace that follows every trace added, whose id the caller
  /// has checked; a trace that cannot be converted to points is counted
  /// in ``leftOut`` instead.
  package mutating func add(idChecked trace: Trace) {
    // NB: a trace in points costs one metadata lookup here and is not
    // copied; only the others go through the count.
    guard trace.isInPoints else {
      if let converted = leftOut.points(trace) { add(inPoints: converted) }
      return
    }
    add(inPoints: trace)
  }

  /// Analyzes a trace in points.
  mutating func add(inPoints trace: Trace) {
    var runs: [VariantRun]?
    if let clock = configuration.clock {
      var made: [VariantRun] = []
      made.reserveCapacity(plan.variants.count)
      for index in plan.variants.indices {
        let start = clock()
        made.append(plan.run(trace, variantAt: index))
        replayNanoseconds[index] += clock() - start
      }
      runs = made
    }
    // NB: a sample's details (velocity estimates, jitter) are added when
    // it is merged (``append(_:)``): each piece keeps its first traces, but
    // only the first piece's are the input's first.
    let analysis = TraceAnalysis(
      trace, plan: plan, keepsDetails: configuration.lines != .none, runs: runs)
    analyzedCount += 1
    eventCount += trace.events.count
    // NB: once a trace has the key, nothing is said, so nothing more is kept.
    if let key = plan.groupBy, !metadataKeys.contains(key) {
      metadataKeys.formUnion(trace.metadata.entries.keys)
    }
    // NB: a trace that does not end gets a system cancel (Replayer).
    let replayed = trace.events.count + (trace.events.last?.phase.isFinal == false ? 1 : 0)
    for index in replayEvents.indices { replayEvents[index] += replayed }
    switch configuration.lines {
    case .none:
      accumulator.add(analysis)
    case .partial:
      lines += PartialFormat.traceLine(analysis, plan: plan, row: csv!.row(analysis).dropLast())
      accumulator.add(analysis)
    case .csv:
      lines += csv!.row(analysis)
      return
    }
    if sampleSelection.admits(target: analysis.target) {
      samples.append(trace)
      if configuration.lines == .none { sampleTraces.append(analysis) }
    }
  }

  /// Takes the analysis of the traces that follow every trace taken, as
  /// if each had been added here in its order, without the checks of
  /// ``merge(_:)``: the caller has checked the ids, the plan is the same,
  /// and counts this large cannot come from traces read.
  package mutating func append(_ other: TraceAnalyzer) {
    if configuration.lines != .csv {
      accumulator.merge(other.accumulator)
      if !configuration.keepsValues { accumulator.dropValues() }
    }
    if configuration.keepsLines { lines += other.lines }
    if configuration.checksIDs {
      ids += other.ids
      idSet.formUnion(other.ids)
    }
    for index in other.samples.indices
    where sampleSelection.admits(target: other.samples[index].metadata.target) {
      let trace = other.samples[index]
      samples.append(trace)
      if configuration.lines == .none {
        sampleTraces.append(
          TraceAnalysis(
            trace, plan: plan, keepsDetails: true, runs: other.sampleTraces[index].runs))
      }
    }
    analyzedCount += other.analyzedCount
    metadataKeys.formUnion(other.metadataKeys)
    leftOut.merge(other.leftOut)
    eventCount += other.eventCount
    byteCount += other.byteCount
    for index in replayEvents.indices {
      replayNanoseconds[index] += other.replayNanoseconds[index]
      replayEvents[index] += other.replayEvents[index]
    }
    sources += other.sources
    if configuration.keepsValues && configuration.lines != .csv {
      noteValuesInMemory(other.analyzedCount)
    }
  }
}
