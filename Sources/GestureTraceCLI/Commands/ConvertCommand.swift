import GestureTrace

/// `gesturetrace convert`: rewrites trace files between CSV and JSON Lines,
/// and with `--scale`, from pixels to points.
enum ConvertCommand: Subcommand {
  static let scale = SharedOptions.scale(
    help: "Write points: divide traces in pixels with no scale by this.")

  static let spec = CommandSpec(
    name: "convert",
    abstract: "Convert a trace file between CSV and JSON Lines.",
    discussion: """
      The conversion is lossless: times are exact, numbers print in the shortest form \
      that reads back to the same value, and metadata is kept. The output format comes \
      from --to or from the output's extension. The output file appears only when the \
      whole input converted; an existing file is replaced only with --force. With \
      --scale, every trace whose 'units' are not 'pt' is written in points: its \
      translations, velocities and locations divided by its own 'scale' metadata, or by \
      --scale when it has none, with 'units: pt' and that scale. Traces already in \
      points are written as they are. A file is converted on every core (--jobs); the \
      output does not depend on it.
      """,
    arguments: [
      .init(name: "input", help: "The trace file to read (- for standard input).")
    ],
    options: [
      SharedOptions.output.option,
      SharedOptions.outputTo.option,
      SharedOptions.inputFrom.option,
      SharedOptions.force.option,
      SharedOptions.lenient.option,
      scale.option,
      SharedOptions.jobs.option,
    ],
    examples: [
      ("gesturetrace convert traces/player-sheet.csv -o sheet.jsonl", "CSV to JSON Lines."),
      (
        "cat traces/music-card.csv | gesturetrace convert - --to jsonl > music-card.jsonl",
        "Convert a stream."
      ),
      (
        "gesturetrace convert traces/recorded-fingers.csv --scale 3 -o points.csv",
        "Traces in pixels to points: by their own 'scale', or by 3 when they have none."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    try run(arguments, spoolMemory: 1 << 18, io: &io)
  }

  /// Runs the command; CSV traces are read a row at a time through a
  /// spool of `spoolMemory` bytes in memory, or whole when it is `nil`
  /// (tests compare both ways). A file is first converted in pieces
  /// (``ConversionPipeline``) unless `pieces` is `nil`; tests pass small
  /// pieces.
  static func run(
    _ arguments: ParsedArguments, spoolMemory: Int?,
    pieces: (size: Int, textLimit: Int)? = (2 << 20, 8 << 20), io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    let input = arguments.positionals[0]
    let outputPath = try arguments[SharedOptions.output]
    let inputFormat = try arguments[SharedOptions.inputFrom]
    guard
      let outputFormat = try arguments[SharedOptions.outputTo]
        ?? TraceFileFormat(path: outputPath)
    else {
      throw .usage(
        "Missing value for '--to <format>': the output '\(outputPath.escapingControlCharacters)' "
          + "has no .csv or .jsonl extension",
        help: "--to <format>  The output format.")
    }
    let scale = try arguments[Self.scale]
    let jobs = try arguments[SharedOptions.jobs]
    var output = try OutputFile(
      path: outputPath, replacing: arguments[SharedOptions.force], inputs: [input])
    do {
      let lenient = SkippedProblems.make(arguments)
      var converted = ConversionPipeline.Outcome()
      if let pieces {
        var pipeline = ConversionPipeline(
          outputFormat: outputFormat, fallbackScale: scale, jobs: jobs)
        pipeline.pieceSize = pieces.size
        pipeline.pieceTextLimit = pieces.textLimit
        converted = try pipeline.convert(input, format: inputFormat, output: &output, io: &io)
      }
      if converted.isComplete && converted.traceCount > 0 {
        try output.write(String(decoding: converted.pending, as: UTF8.self), io: &io)
      } else {
        try convert(
          input, inputFormat, to: outputFormat, scale: scale, lenient: lenient,
          spoolMemory: spoolMemory, skipping: converted.traceCount,
          text: String(decoding: converted.pending, as: UTF8.self), output: &output, io: &io)
      }
      try output.commit()
      lenient?.report(io: &io)
    } catch {
      output.discard()
      throw error
    }
    return .success
  }

  /// Converts one file; with `scale`, writes every trace in points
  /// (``GestureTrace/Trace/inPoints(fallbackScale:)``).
  ///
  /// With `spoolMemory`, a CSV trace is written as its rows are read
  /// (``StreamingConversion``): memory does not grow with its events, and
  /// the output is the same as when the whole trace is read first.
  ///
  /// The first `skip` traces were converted already (their text written,
  /// but for `text`, which the rest follows).
  // NB: a JSON Lines trace is one line, read whole by its decoder anyway
  // (at most 64 MiB); it is converted whole.
  private static func convert(
    _ input: String, _ inputFormat: TraceFileFormat?, to format: TraceFileFormat,
    scale: Double?, lenient: SkippedProblems?, spoolMemory: Int?, skipping skip: Int = 0,
    text: String = "", output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var encoder: (any TraceEncoder)?
    var text = text
    var seen = 0
    let streaming = spoolMemory.map {
      StreamingConversion(
        format: format, fallbackScale: scale, spoolMemory: $0, skipping: skip)
    }
    try TraceInput.read(
      input, format: inputFormat, lenient: lenient, eventSink: streaming, io: &io
    ) { item, columns, io throws(CommandError) in
      if case .trace(let read, _) = item, seen < skip {
        // NB: the traces converted in pieces, which start the file and
        // are valid; the header went with the first.
        seen += 1
        if encoder == nil, let made = streaming?.encoder {
          encoder = made
        } else if encoder == nil {
          let trace = scale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
          encoder = format.makeEncoder(columns: columns ?? CSVColumns(fitting: [trace]))
        }
        return true
      }
      switch item {
      case .problem(let problem):
        throw .dataError("\(TraceInput.displayName(input)):\(problem)")
      case .trace(let read, let line) where streaming?.holds(read, line: line) == true:
        let streaming = streaming!
        if encoder == nil {
          encoder = streaming.encoder
          text += encoder!.fileHeader()
        }
        // NB: standard output gets what it got when whole traces were
        // read, even when a later problem ends the command: all the text
        // of the traces so far once it reaches 64 KiB at a trace's end. A
        // long trace's text is written as it is read back; then the rest
        // of it goes too, as it did.
        var wroteSome = false
        try appendStreamed(
          read, line: line, streaming, to: &text, input: input, scale: scale, lenient: lenient
        ) { text throws(CommandError) in
          try output.write(text, io: &io)
          text = ""
          wroteSome = true
        }
        if wroteSome || text.utf8.count >= 1 << 16 {
          try output.write(text, io: &io)
          text = ""
        }
        return true
      case .trace(let read, let line):
        // NB: with a positive `scale`, every trace converts.
        let trace = scale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
        if encoder == nil {
          // NB: CSV output keeps a CSV input's columns; from JSON Lines, the
          // first trace decides them.
          let made = format.makeEncoder(columns: columns ?? CSVColumns(fitting: [trace]))
          text += made.fileHeader()
          encoder = made
        }
        try append(
          trace, line: line, encoder: encoder!, to: &text, input: input, lenient: lenient)
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

  /// Appends one trace; one that the columns cannot hold, or that would
  /// make a line the readers refuse, is a data error (skipped and counted
  /// with `lenient`).
  private static func append(
    _ trace: Trace, line: Int, encoder: any TraceEncoder, to text: inout String, input: String,
    lenient: SkippedProblems?
  ) throws(CommandError) {
    if let csv = encoder as? CSVTraceEncoder, !csv.canEncodeLosslessly(trace) {
      throw columnsError(trace, line: line, input: input)
    }
    if let problem = encoder.encodeReadably(trace, line: line, into: &text) {
      try skip(problem, input: input, lenient: lenient)
    }
  }

  /// Appends one trace read a row at a time, as ``append(_:line:encoder:to:input:lenient:)``
  /// appends it whole: `read` has its metadata, `streaming` its events;
  /// `flush` takes `text` when it grows large.
  private static func appendStreamed(
    _ read: Trace, line: Int, _ streaming: StreamingConversion, to text: inout String,
    input: String, scale: Double?, lenient: SkippedProblems?,
    flush: (inout String) throws(CommandError) -> Void
  ) throws(CommandError) {
    // NB: without events, this converts the metadata only.
    let trace = scale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
    if !streaming.isLossless { throw columnsError(trace, line: line, input: input) }
    let longest = streaming.lineLengths(of: trace).longest
    let encoder = streaming.encoder!
    if let problem = encoder.lineLimitProblem(longest: longest, traceID: trace.id, line: line) {
      return try skip(problem, input: input, lenient: lenient)
    }
    try streaming.write(trace, into: &text, flush: flush)
  }

  /// The error for a trace with velocities or locations the CSV columns
  /// do not hold (even with `--lenient`: the columns are the file's).
  private static func columnsError(_ trace: Trace, line: Int, input: String) -> CommandError {
    .dataError(
      "\(TraceInput.displayName(input)):\(line):1: trace '\(trace.id)' has velocities or "
        + "locations that the first trace's columns do not hold; convert to JSON Lines instead")
  }

  /// A trace that cannot be written: a data error, or skipped and counted
  /// with `lenient`.
  private static func skip(
    _ problem: TraceFileProblem, input: String, lenient: SkippedProblems?
  ) throws(CommandError) {
    guard let lenient else {
      throw .dataError("\(TraceInput.displayName(input)):\(problem)")
    }
    lenient.add(problem, in: input)
  }
}
