/// The per-trace numbers of a long analysis: moved to a
/// ``TraceValueStore`` past ``Configuration/spillThreshold`` traces, and
/// read back once for the report.
extension TraceAnalyzer {
  /// Whether per-trace numbers were moved to the store.
  package var hasSpilled: Bool { valueStore != nil }

  /// Notes `count` more traces whose numbers are in memory; moves them all
  /// to the store past the threshold.
  mutating func noteValuesInMemory(_ count: Int) {
    tracesInMemory += count
    mostTracesHeld = max(mostTracesHeld, tracesInMemory)
    guard configuration.makeStore != nil, !storeFailed,
      tracesInMemory >= configuration.spillThreshold
    else { return }
    spillValues()
  }

  /// Moves the per-trace numbers to the store, or keeps them in memory
  /// from now on when there is none.
  private mutating func spillValues() {
    if valueStore == nil { valueStore = configuration.makeStore?() }
    guard var store = valueStore, self.store(accumulator.overall, group: nil, in: &store) else {
      storeFailed = true
      return
    }
    for (name, group) in accumulator.groups {
      guard self.store(group, group: name, in: &store) else {
        storeFailed = true
        return
      }
    }
    accumulator.dropValues()
    valueStore = store
    tracesInMemory = 0
  }

  /// Appends one accumulator's numbers to the store.
  private mutating func store(
    _ part: AnalysisAccumulator, group: String?, in store: inout any TraceValueStore
  ) -> Bool {
    let rowCount = part.copyColumns(into: &storeColumns)
    return storeColumns.withUnsafeBufferPointer { columns in
      store.store(
        group: group, columns: columns, rowCount: rowCount, columnCount: part.columnCount)
    }
  }

  /// The analysis of every trace taken, its features' distributions
  /// computed by `summarizer` (and its decision maps when
  /// `drawsDecisionMaps`); releases the store. Numbers the store cannot
  /// give back are missing, and `unreadable` is called (from any thread).
  package mutating func analysis(
    summarizer: ColumnSummarizer = .serial, drawsDecisionMaps: Bool = true,
    unreadable: @escaping @Sendable () -> Void = {}
  ) -> Analysis {
    defer {
      valueStore?.close()
      valueStore = nil
    }
    let store = valueStore
    let inMemory = tracesInMemory
    return Analysis(
      accumulator, plan: plan, sampleTraces: sampleTraces, samples: samples,
      summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps
    ) { group, column in
      guard let store else { return [] }
      guard let values = store.values(group: group, column: column, reserving: inMemory) else {
        unreadable()
        return []
      }
      return values
    }
  }
}
