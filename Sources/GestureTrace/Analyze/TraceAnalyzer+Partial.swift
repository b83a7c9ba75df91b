extension TraceAnalyzer {
  /// The analysis as a partial summary (docs/partial-format.md): a header
  /// with the plan and ``sources``, a line per trace, the sample traces
  /// and the counts, as UTF-8 JSON Lines.
  ///
  /// The bytes are those `gesturetrace analyze --partial` writes for the
  /// same traces and options, and those `gesturetrace merge --partial`
  /// writes for the same partials: the command line writes them with the
  /// same code.
  public func partial() -> [UInt8] {
    var text = AnalysisPartial.header(plan: plan, files: sources)
    text += traceLines
    for trace in samples { text += AnalysisPartial.sampleLine(trace) }
    text += AnalysisPartial.summaryLine(
      PartialSummary(
        accumulator: accumulator, leftOutCount: leftOut.count, leftOutUnits: leftOut.units,
        metadataKeys: metadataKeys))
    return Array(text.utf8)
  }

  /// Reads a partial summary: what ``partial()`` or
  /// `gesturetrace analyze --partial` wrote.
  ///
  /// The analysis has the partial's plan — its variants, and the sweeps,
  /// grouping and perturbations `analyze` may have had — and its files as
  /// ``sources``; it merges, and encodes again to the same bytes, as the
  /// analyzer that wrote it.
  ///
  /// - Parameters:
  ///   - partial: The partial's bytes.
  ///   - name: How problems name the partial (a file name, say).
  ///   - catalog: The transitions its variants are looked up in: the one
  ///     the analyzer's variants were parsed with.
  /// - Throws: ``TraceAnalyzerError`` at the first problem, as
  ///   `name:line:column: expected …, found …`: another format or
  ///   version, a line that is not JSON or not of its kind, counts that do
  ///   not add up, a missing summary line or final line feed.
  public init(
    partial: some Sequence<UInt8>, name: String, catalog: TransitionCatalog = .builtIn
  ) throws(TraceAnalyzerError) {
    var reader = PartialReader(catalog: catalog)
    var buffer = PartialLineBuffer()
    var analyzer: TraceAnalyzer?
    var summary: PartialSummary?
    do throws(PartialProblem) {
      func take(_ slice: ArraySlice<UInt8>) throws(PartialProblem) -> Bool {
        let line = Array(slice)
        // NB: the items are taken as `merge` takes them (PartialMerge and
        // AnalysisSink): lines kept as read, numbers to the accumulator,
        // samples selected again, then the counts.
        switch try reader.read(line) {
        case .header(let header):
          analyzer = TraceAnalyzer(plan: header.plan, sources: header.files)
        case .trace(let trace):
          analyzer!.traceLines += String(decoding: line, as: UTF8.self) + "\n"
          analyzer!.accumulator.appendValues(trace.values[...], group: trace.group)
          analyzer!.ids.append(trace.id)
          analyzer!.idSet.insert(trace.id)
        case .sample(let trace):
          if analyzer!.sampleSelection.admits(target: trace.metadata.target) {
            analyzer!.samples.append(trace)
          }
        case .summary(let read):
          summary = read
        }
        return true
      }
      // NB: in chunks, so that a line past the limit is refused before it
      // is held whole; bytes in one buffer are pushed in place.
      var failure: PartialProblem?
      let whole: Void? = partial.withContiguousStorageIfAvailable { bytes in
        do throws(PartialProblem) {
          var start = 0
          repeat {
            let end = min(bytes.count, start + (1 << 20))
            guard try buffer.push(UnsafeBufferPointer(rebasing: bytes[start..<end]), take) else {
              return
            }
            start = end
          } while start < bytes.count
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
      if whole == nil {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16)
        for byte in partial {
          chunk.append(byte)
          guard chunk.count == 1 << 16 else { continue }
          _ = try chunk.withUnsafeBufferPointer { bytes throws(PartialProblem) in
            try buffer.push(bytes, take)
          }
          chunk.removeAll(keepingCapacity: true)
        }
        _ = try chunk.withUnsafeBufferPointer { bytes throws(PartialProblem) in
          try buffer.push(bytes, take)
        }
      }
      try reader.finish(unterminated: buffer.hasUnterminatedLine)
    } catch {
      throw TraceAnalyzerError("\(name):\(error)")
    }
    // NB: the reader has checked that a header came first and a summary
    // last.
    guard var analyzer, let summary else { preconditionFailure("PartialReader.finish()") }
    analyzer.accumulator.merge(summary.accumulator)
    analyzer.leftOut = LeftOutTraces(count: summary.leftOutCount, units: summary.leftOutUnits)
    analyzer.metadataKeys = summary.metadataKeys
    self = analyzer
  }
}
