import GestureTrace

/// `gesturetrace convert`: rewrites trace files between CSV and JSON Lines.
enum ConvertCommand: Subcommand {
  static let spec = CommandSpec(
    name: "convert",
    abstract: "Convert a trace file between CSV and JSON Lines.",
    discussion: """
      The conversion is lossless: times are exact, numbers print in the shortest form \
      that reads back to the same value, and metadata is kept. The output format comes \
      from --to or from the output's extension. The output file appears only when the \
      whole input converted; an existing file is replaced only with --force.
      """,
    arguments: [
      .init(name: "input", help: "The trace file to read (- for standard input).")
    ],
    options: [
      .output,
      .outputTo,
      .inputFrom,
      .force,
      .lenient,
    ],
    examples: [
      ("gesturetrace convert traces/player-sheet.csv -o sheet.jsonl", "CSV to JSON Lines."),
      ("cat day1.jsonl | gesturetrace convert - --to csv > day1.csv", "Convert a stream."),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError) -> ExitCode {
    let input = arguments.positionals[0]
    let outputPath = arguments.value("output", default: "-")!
    let inputFormat = arguments.value("from").flatMap(TraceFileFormat.init(rawValue:))
    guard
      let outputFormat = arguments.value("to").flatMap(TraceFileFormat.init(rawValue:))
        ?? TraceFileFormat(path: outputPath)
    else {
      throw .usage(
        "Missing value for '--to <format>': the output '\(outputPath)' has no .csv or .jsonl extension",
        help: "--to <format>  The output format.")
    }
    var output = try OutputFile(path: outputPath, replacing: arguments.has("force"))
    do {
      let lenient = SkippedProblems.make(arguments)
      try convert(input, inputFormat, to: outputFormat, lenient: lenient, output: &output, io: &io)
      try output.commit()
      lenient?.report(io: &io)
    } catch {
      output.discard()
      throw error
    }
    return .success
  }

  private static func convert(
    _ input: String, _ inputFormat: TraceFileFormat?, to format: TraceFileFormat,
    lenient: SkippedProblems?, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var encoder: (any TraceEncoder)?
    var text = ""
    try TraceInput.read(input, format: inputFormat, lenient: lenient, io: &io) {
      item, columns, io throws(CommandError) in
      switch item {
      case .problem(let problem):
        throw .dataError("\(TraceInput.displayName(input)):\(problem)")
      case .trace(let trace, let line):
        if encoder == nil {
          // NB: CSV output keeps a CSV input's columns; from JSON Lines, the
          // first trace decides them.
          let made = format.makeEncoder(columns: columns ?? CSVColumns(fitting: [trace]))
          text += made.fileHeader()
          encoder = made
        }
        try append(trace, line: line, encoder: encoder!, to: &text, input: input)
        if text.utf8.count >= 1 << 16 {
          try output.write(text, io: &io)
          text = ""
        }
        return true
      }
    }
    if encoder == nil {
      text += format.makeEncoder(columns: CSVColumns(velocity: true, location: false)).fileHeader()
    }
    try output.write(text, io: &io)
  }

  private static func append(
    _ trace: Trace, line: Int, encoder: any TraceEncoder, to text: inout String, input: String
  ) throws(CommandError) {
    if let csv = encoder as? CSVTraceEncoder, !csv.canEncodeLosslessly(trace) {
      throw .dataError(
        "\(TraceInput.displayName(input)):\(line):1: trace '\(trace.id)' has velocities or "
          + "locations that the first trace's columns do not hold; convert to JSON Lines instead")
    }
    encoder.encode(trace, into: &text)
  }
}
