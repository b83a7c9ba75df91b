import GestureTrace

/// `gesturetrace analyze`: statistics over trace files.
enum AnalyzeCommand: Subcommand {
  static let spec = CommandSpec(
    name: "analyze",
    abstract: "Summarize the gestures in trace files.",
    discussion: """
      For each file, and for all files together: the number of traces and events, and \
      the 5th, 25th, 50th, 75th and 95th percentiles of duration, net distance and \
      release speed. Without files it reads the shipped 'traces/' directory.
      """,
    arguments: [
      .init(
        name: "files",
        help: "Trace files or directories of them (- for standard input; default: traces/).",
        isOptional: true, isRepeating: true)
    ],
    options: [
      .inputFormat
    ],
    examples: [
      ("gesturetrace analyze", "Summarize the shipped traces."),
      ("gesturetrace analyze my-recordings/ extra.jsonl", "Summarize a directory and a file."),
    ])

  /// The directory read when no file is given: `traces/` in the current
  /// directory, or else the one shipped beside this package's sources.
  static var defaultInput: String {
    if Platform.isDirectory("traces") { return "traces" }
    var root = #filePath
    for _ in 0..<3 {
      guard let slash = root.lastIndex(of: "/") else { break }
      root = String(root[..<slash])
    }
    return root + "/traces"
  }

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError) -> ExitCode {
    let format = arguments.value("format").flatMap(TraceFileFormat.init(rawValue:))
    let inputs = arguments.positionals.isEmpty ? [defaultInput] : arguments.positionals
    let files = try TraceInput.expand(inputs)
    guard !files.isEmpty else {
      throw .noInput("No trace files (.csv or .jsonl) in \(inputs.map { "'\($0)'" }.joined(separator: ", "))")
    }
    var all = SummaryColumns()
    var text = ""
    var progress = Progress(label: "analyze", total: files.count, io: io)
    for (index, path) in files.enumerated() {
      var columns = SummaryColumns()
      try TraceInput.readTraces(path, format: format, io: &io) { trace in
        columns.add(TraceFeatures(of: trace))
      }
      all.merge(columns)
      text += columns.table(title: TraceInput.displayName(path))
      progress.update(index + 1, io: &io)
    }
    progress.finish(io: &io)
    if files.count > 1 {
      text += all.table(title: "All \(files.count) files")
    }
    io.write(text)
    return .success
  }
}

/// The per-trace numbers one summary table is made of.
struct SummaryColumns {
  var traces = 0
  var events = 0
  var durations: [Double] = []
  var distances: [Double] = []
  var speeds: [Double] = []

  mutating func add(_ features: TraceFeatures) {
    traces += 1
    events += features.eventCount
    durations.append(features.duration * 1000)
    distances.append(features.netDistance)
    speeds.append(features.releaseSpeed)
  }

  mutating func merge(_ other: SummaryColumns) {
    traces += other.traces
    events += other.events
    durations += other.durations
    distances += other.distances
    speeds += other.speeds
  }

  func table(title: String) -> String {
    var text = "\(title): \(traces) " + (traces == 1 ? "trace" : "traces")
    text += ", \(events) " + (events == 1 ? "event" : "events") + "\n"
    guard traces > 0 else { return text + "\n" }
    let header = ["", "p5", "p25", "p50", "p75", "p95"]
    var rows = [header]
    for (label, values) in [
      ("duration (ms)", durations), ("net distance (pt)", distances),
      ("release speed (pt/s)", speeds),
    ] {
      let quantiles = Quantiles(values)
      rows.append(
        [label] + Quantiles.summaryProbabilities.map { fixed(quantiles.value(at: $0) ?? 0, 1) })
    }
    text += TextTable(rows: rows).rendered(indent: 2)
    return text + "\n"
  }
}
