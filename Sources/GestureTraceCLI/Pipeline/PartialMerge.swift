import GestureTrace

/// Merges partial summaries in order: streams their trace lines to the
/// output (a merged partial's lines, or CSV rows) or their per-trace
/// numbers into an ``AnalysisSink`` (which moves them to a temporary file
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
  var sink: AnalysisSink
  private var ids = TraceIDOwners()

  /// A merge of partials made with `plan`.
  init(plan: AnalysisPlan, mode: Mode) {
    self.mode = mode
    sink = AnalysisSink(work: AnalysisWork(plan: plan, csv: nil, timesReplays: false))
  }

  /// Reads every partial (whose headers were read) after those read so
  /// far, writing what ``mode`` says to `output`.
  mutating func merge(
    _ partials: [PartialFile], output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var pending = ""
    for index in partials.indices {
      var current = partials[index]
      try current.readItems { item, line throws(CommandError) in
        switch item {
        case .header: break
        case .trace(let trace):
          try ids.add(trace.id, partial: index, names: partials)
          switch mode {
          case .partial: pending += String(decoding: line, as: UTF8.self) + "\n"
          case .csv: pending += trace.row + "\n"
          case .report: sink.absorb(trace)
          }
          // NB: written in batches of about 64 KB, so that the output is
          // never held whole.
          if pending.utf8.count >= 1 << 16 {
            try output.write(pending, io: &io)
            pending = ""
          }
        case .sample(let trace):
          sink.absorb(sample: trace)
        case .summary(let summary):
          sink.absorb(summary)
        }
      }
    }
    if !pending.isEmpty { try output.write(pending, io: &io) }
  }
}

/// Which partial each trace id was first read from, so that an id in two
/// partials is an error naming both.
// NB: ids are remembered by their 64-bit FNV-1a hash (as the decoders
// remember them) with the partial's index, about 20 bytes per trace; an id
// whose hash was seen in another partial is looked for there, so a
// collision of hashes is not taken for a repeated id.
struct TraceIDOwners {
  private var owners: [UInt64: Int32] = [:]

  /// Notes that trace `id` is in partial `index` of `partials`.
  mutating func add(_ id: String, partial index: Int, names partials: [PartialFile])
    throws(CommandError)
  {
    let hash = TraceIDHash.of(id)
    if let owner = owners[hash] {
      let earlier = Int(owner)
      guard earlier != index, try Self.contains(id, in: partials[earlier]) else { return }
      throw .dataError(
        "\(partials[index].displayName): trace '\(id)' is also in "
          + "\(partials[earlier].displayName); a trace may be in only one partial")
    }
    owners[hash] = Int32(truncatingIfNeeded: index)
  }

  /// Whether a partial holds a trace line with that id (standard input,
  /// which cannot be read again, is taken to).
  private static func contains(_ id: String, in partial: PartialFile) throws(CommandError) -> Bool {
    guard partial.path != "-" else { return true }
    var copy = PartialFile(path: partial.path, catalog: partial.catalog)
    var found = false
    try copy.readItems { item, _ in
      if case .trace(let trace) = item, trace.id == id { found = true }
    }
    return found
  }
}
