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
    Array((PartialFormat.header(plan: plan, files: sources) + lines + partialEnding()).utf8)
  }

  /// The lines that end a partial summary: the sample traces, then the
  /// counts.
  package func partialEnding() -> String {
    var text = ""
    for trace in samples { text += PartialFormat.sampleLine(trace) }
    return text
      + PartialFormat.summaryLine(
        PartialSummary(
          accumulator: accumulator, leftOutCount: leftOut.count, leftOutUnits: leftOut.units,
          metadataKeys: metadataKeys))
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
    do throws(PartialProblem) {
      func take(_ slice: ArraySlice<UInt8>) throws(PartialProblem) -> Bool {
        let line = Array(slice)
        switch try reader.read(line) {
        case .header(let header):
          analyzer = TraceAnalyzer(plan: header.plan, sources: header.files)
        case .trace(let trace): analyzer!.append(trace, line: slice)
        case .sample(let trace): analyzer!.append(sample: trace)
        case .summary(let summary): analyzer!.append(summary)
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
    guard let analyzer else { preconditionFailure("PartialReader.finish()") }
    self = analyzer
  }

  // MARK: - The items of partials, in order

  /// Takes a trace line of a partial that follows every trace taken: the
  /// line itself (with ``Configuration/keepsLines``), its id and its
  /// per-trace numbers (with ``Configuration/keepsValues``); its counts
  /// come with the partial's summary.
  package mutating func append(_ trace: PartialTrace, line: ArraySlice<UInt8>) {
    if configuration.keepsLines { lines += String(decoding: line, as: UTF8.self) + "\n" }
    if configuration.checksIDs {
      ids.append(trace.id)
      idSet.insert(trace.id)
    }
    guard configuration.keepsValues else { return }
    accumulator.appendValues(trace.values[...], group: trace.group)
    noteValuesInMemory(1)
  }

  /// Takes a sample trace of a partial that follows every trace taken;
  /// keeps it if the selection of all traces admits it.
  package mutating func append(sample trace: Trace) {
    guard configuration.keepsSamples, sampleSelection.admits(target: trace.metadata.target) else {
      return
    }
    samples.append(trace)
    if configuration.lines == .none {
      sampleTraces.append(TraceAnalysis(trace, plan: plan, keepsDetails: true))
    }
  }

  /// Takes the summary of a partial whose traces and samples were taken.
  package mutating func append(_ summary: PartialSummary) {
    accumulator.merge(summary.accumulator)
    analyzedCount += summary.accumulator.overall.traceCount
    leftOut.merge(LeftOutTraces(count: summary.leftOutCount, units: summary.leftOutUnits))
    metadataKeys.formUnion(summary.metadataKeys)
  }

  /// Why a partial's summary cannot be added to the counts taken so far
  /// (``GroupedAccumulator/mergeProblem(_:leftOut:otherLeftOut:)``); `nil`
  /// when it can.
  package func mergeProblem(_ summary: PartialSummary) -> String? {
    accumulator.mergeProblem(
      summary.accumulator, leftOut: leftOut.count, otherLeftOut: summary.leftOutCount)
  }
}
