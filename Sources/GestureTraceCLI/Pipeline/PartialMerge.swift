import GestureTrace

/// Merges partial summaries in order: streams their trace lines to the
/// output (a merged partial's lines, or CSV rows) or their per-trace
/// numbers into a ``TraceAnalyzer`` (which moves them to a temporary file
/// as `analyze` does), keeps the sample traces the selection of all
/// traces admits, and adds up their counts.
struct PartialMerge {
  /// What the merge writes as it reads.
  enum Mode {
    /// Nothing: the report is rendered from ``sink`` at the end.
    case report
    /// The CSV rows.
    case csv
    /// The trace lines of a merged partial.
    case partial
  }

  let mode: Mode
  /// The merged counts, numbers and samples.
  var analyzer: TraceAnalyzer
  private var ids = TraceIDOwners()

  /// A merge of partials made with `plan`.
  init(plan: AnalysisPlan, mode: Mode) {
    self.mode = mode
    let lines: TraceAnalyzer.Configuration.Lines =
      switch mode {
      case .report: .none
      case .csv: .csv
      case .partial: .partial
      }
    analyzer = .command(plan: plan, lines: lines)
  }

  /// Reads every partial (whose headers were read) after those read so
  /// far, writing what ``mode`` says to `output`.
  ///
  /// A trace id in two partials, or twice in one, is a data error naming
  /// both places; so are merged counts past what a partial may hold
  /// (``PartialLine/countLimit`` traces and traces left out), before
  /// anything is added up.
  mutating func merge(
    _ partials: [PartialFile], output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var pending = ""
    for index in partials.indices {
      let current = partials[index]
      try current.readItems { item, line throws(CommandError) in
        switch item {
        case .header: break
        case .trace(let trace):
          try ids.add(trace.id, partial: index, line: current.lineNumber, names: partials)
          switch mode {
          case .partial: pending += String(decoding: line, as: UTF8.self) + "\n"
          case .csv: pending += trace.row + "\n"
          case .report: analyzer.append(trace, line: line)
          }
          // NB: written in batches of about 64 KB, so that the output is
          // never held whole.
          if pending.utf8.count >= 1 << 16 {
            try output.write(pending, io: &io)
            pending = ""
          }
        case .sample(let trace):
          analyzer.append(sample: trace)
        case .summary(let summary):
          if let problem = analyzer.mergeProblem(summary) {
            throw .dataError(
              "\(current.displayName):\(current.lineNumber):1: \(problem)")
          }
          analyzer.append(summary)
        }
      }
    }
    if !pending.isEmpty { try output.write(pending, io: &io) }
  }
}

/// Where each trace id was first read, so that an id in two partials, or
/// twice in one, is an error naming both places.
// NB: ids are remembered by their 64-bit FNV-1a hash (as the decoders
// remember them) with the partial's index and line, about 24 bytes per
// trace; every partial is read once (a FIFO cannot be read again), so a
// collision of two ids' hashes (about n²/2⁶⁵ for n ids) would be taken for
// a repeat, as the trace readers take it.
struct TraceIDOwners {
  private struct Place {
    var partial: Int32
    var line: Int
  }

  private var owners: [UInt64: Place] = [:]

  /// Notes that trace `id` is on line `line` of partial `index` of
  /// `partials`.
  mutating func add(
    _ id: String, partial index: Int, line: Int, names partials: [PartialFile]
  ) throws(CommandError) {
    let hash = TraceIDHash.of(id)
    if let first = owners[hash] {
      let earlier = partials[Int(first.partial)].displayName
      throw .dataError(
        "\(partials[index].displayName):\(line):1: expected a trace id not used before, "
          + "found \(PartialProblem.quoted(id)) (first at \(earlier):\(first.line)); "
          + "a trace may be in only one partial")
    }
    owners[hash] = Place(partial: Int32(truncatingIfNeeded: index), line: line)
  }
}

extension OutputFile {
  /// Writes lines of a partial summary, unless one is longer than a
  /// reader takes (``PartialFormat/lineLimitProblem(_:)``): no writer
  /// writes a partial its readers refuse.
  mutating func writePartial(_ text: String, io: inout some ToolIO) throws(CommandError) {
    if let problem = PartialFormat.lineLimitProblem(text) {
      throw .dataError("Cannot write the partial summary: \(problem)")
    }
    try write(text, io: &io)
  }
}
