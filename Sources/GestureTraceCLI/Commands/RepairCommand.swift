import GestureTrace

/// `gesturetrace repair`: keeps what a trace file cut short by a crash
/// holds.
///
/// A recorder writes each finished trace with one `write` and an `fsync`
/// (see ``TraceAppender``), so a file cut short by a crash, a full disk or a
/// lost connection holds whole traces followed, at worst, by part of one:
/// some rows of a trace without its end, the last of them perhaps cut in
/// two. `repair` drops the cut line, closes the unfinished trace and keeps
/// everything else.
///
/// NB: an unterminated last CSV line is always dropped, even when it reads
/// as a row: a row cut in two can still parse (`…,12` cut to `…,1`) and
/// would keep a wrong number. An unterminated JSON Lines line is kept when
/// it is a whole, valid trace, since a cut one can never be (its closing
/// brace is missing).
enum RepairCommand: Subcommand {
  static let spec = CommandSpec(
    name: "repair",
    abstract: "Keep the valid traces of a file cut short by a crash.",
    discussion: """
      Reads a trace file as a recorder that was killed mid-write leaves it and writes \
      every trace that can be kept. An unterminated last line is dropped (in JSON \
      Lines, only when it is not a whole trace). A CSV trace whose rows stop without \
      'ended' or 'cancelled' is closed with a 'cancelled' event at its last event, as \
      replay treats such a trace, and tagged with the metadata 'repaired: cancelled'. \
      Other bad traces are skipped and counted, as with --lenient. What was done goes \
      to standard error. The output has the input's format unless --to or the \
      output's extension says otherwise; it appears only when the repair succeeded.
      """,
    arguments: [
      .init(name: "input", help: "The trace file to repair (- for standard input).")
    ],
    options: [
      SharedOptions.output.option, SharedOptions.outputTo.option, SharedOptions.inputFrom.option,
      SharedOptions.force.option,
    ],
    examples: [
      (
        "head -c 5000 traces/music-card.csv > crashed.csv && "
          + "gesturetrace repair crashed.csv -o fixed.csv",
        "Keep what a file cut short, as by a killed recorder, holds."
      ),
      (
        "head -c 5000 traces/music-card.csv | gesturetrace repair - | gesturetrace info -",
        "Describe what can be kept."
      ),
    ])

  static func run(
    _ arguments: ParsedArguments, io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    let input = arguments.positionals[0]
    let outputPath = try arguments[SharedOptions.output]
    var repair = TraceRepair(
      path: input, format: try arguments[SharedOptions.inputFrom] ?? TraceFileFormat(path: input))
    var output = try OutputFile(
      path: outputPath, replacing: arguments[SharedOptions.force], inputs: [input])
    let outputFormat =
      try arguments[SharedOptions.outputTo]
      ?? (outputPath == "-" ? nil : TraceFileFormat(path: outputPath))
    var writer = RepairWriter(format: outputFormat)
    do {
      let skipped = SkippedProblems()
      try repair.read(io: &io) { item, columns, format, io throws(CommandError) in
        switch item {
        case .problem(let problem) where problem.isFatal:
          throw .dataError("\(TraceInput.displayName(input)):\(problem)")
        case .problem(let problem):
          skipped.add(problem, in: input)
        case .trace(let trace, let line):
          if let problem = try writer.append(
            trace, line: line, columns: columns, inputFormat: format, input: input)
          {
            skipped.add(problem, in: input)
          }
          if writer.text.utf8.count >= 1 << 16 { try output.write(writer.take(), io: &io) }
        }
      }
      try output.write(writer.finish(inputFormat: repair.format ?? .csv), io: &io)
      try output.commit()
      io.writeError(repair.summary(kept: writer.count))
      skipped.report(io: &io)
    } catch {
      output.discard()
      throw error
    }
    return .success
  }
}

/// Reads a file for `repair`: holds back an unterminated last line and
/// closes a CSV trace left without its end.
struct TraceRepair {
  /// The input path; `-` is standard input.
  let path: String
  /// The input format, once known (from the extension, else the first
  /// bytes).
  private(set) var format: TraceFileFormat?
  private var decoder: (any TraceDecoder)?
  /// The bytes after the last line feed read so far.
  private var tail: [UInt8] = []
  /// The number of line feeds read.
  private var lineFeeds = 0
  /// The line number of the unterminated last line that was dropped.
  private(set) var droppedLine: Int?
  /// The number of traces closed with `cancelled`.
  private(set) var closedCount = 0

  init(path: String, format: TraceFileFormat?) {
    self.path = path
    self.format = format
  }

  /// Reads the whole input, handing each item to `handle` with the CSV
  /// columns and the input format.
  mutating func read<IO: ToolIO>(
    io: inout IO,
    _ handle: (TraceFileItem, CSVColumns?, TraceFileFormat, inout IO) throws(CommandError) -> Void
  ) throws(CommandError) {
    var items: [TraceFileItem] = []
    func deliver(_ io: inout IO) throws(CommandError) {
      let columns = (decoder as? CSVTraceDecoder)?.columns
      for item in items { try handle(item, columns, format!, &io) }
      items.removeAll(keepingCapacity: true)
    }
    if path == "-" {
      while true {
        guard let chunk = io.readInput() else { throw .noInput("Cannot read standard input") }
        if chunk.isEmpty { break }
        chunk.withUnsafeBufferPointer { push($0) { items.append($0) } }
        try deliver(&io)
      }
    } else {
      var failure: CommandError?
      try Platform.readFile(path) { chunk in
        push(chunk) { items.append($0) }
        do throws(CommandError) {
          try deliver(&io)
          return true
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
    }
    finish { items.append($0) }
    try deliver(&io)
  }

  private mutating func push(
    _ chunk: UnsafeBufferPointer<UInt8>, _ emit: (TraceFileItem) -> Void
  ) {
    guard !chunk.isEmpty else { return }
    if decoder == nil { start(sniffing: chunk) }
    guard let lastFeed = chunk.lastIndex(of: 0x0A) else {
      tail.append(contentsOf: chunk)
      return
    }
    lineFeeds += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    tail.withUnsafeBufferPointer { decoder!.push($0, into: emit) }
    decoder!.push(UnsafeBufferPointer(rebasing: chunk[...lastFeed]), into: emit)
    tail = Array(chunk[(lastFeed + 1)...])
  }

  private mutating func finish(_ emit: (TraceFileItem) -> Void) {
    if decoder == nil { start(sniffing: UnsafeBufferPointer(start: nil, count: 0)) }
    let isBlank = tail.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    if !isBlank, format == .jsonl {
      // NB: the decoder is a value; the attempt is a copy, so the original
      // can still finish without the line.
      var attempt = decoder!
      var items: [TraceFileItem] = []
      tail.withUnsafeBufferPointer { attempt.push($0) { items.append($0) } }
      attempt.finish { items.append($0) }
      let partial = lineFeeds + 1
      if !items.contains(where: {
        if case .problem(let p) = $0 { p.line == partial } else { false }
      }) {
        items.forEach(emit)
        return
      }
    }
    if !isBlank { droppedLine = lineFeeds + 1 }
    decoder!.finish(into: emit)
    closedCount = (decoder as? CSVTraceDecoder)?.closedTraceCount ?? 0
  }

  private mutating func start(sniffing chunk: UnsafeBufferPointer<UInt8>) {
    let chosen = format ?? TraceFileFormat(sniffing: chunk)
    format = chosen
    if chosen == .csv {
      var csv = CSVTraceDecoder()
      csv.closesUnfinishedTraces = true
      decoder = csv
    } else {
      decoder = chosen.makeDecoder()
    }
  }

  /// What was done, for standard error.
  func summary(kept: Int) -> String {
    var parts = ["kept \(kept) \(kept == 1 ? "trace" : "traces")"]
    if closedCount > 0 {
      parts.append(
        "closed \(closedCount) unfinished \(closedCount == 1 ? "trace" : "traces") "
          + "with 'cancelled'")
    }
    if let droppedLine { parts.append("dropped the unterminated last line \(droppedLine)") }
    if parts.count == 1 { parts.append("found nothing to repair") }
    return "Repaired '\(TraceInput.displayName(path))': " + parts.joined(separator: ", ") + ".\n"
  }
}

/// Encodes the traces `repair` keeps, in the output format.
private struct RepairWriter {
  /// The output format when chosen by `--to` or the extension; else the
  /// input's.
  let format: TraceFileFormat?
  private var encoder: (any TraceEncoder)?
  /// Text not yet written.
  private(set) var text = ""
  /// The number of traces kept.
  private(set) var count = 0

  init(format: TraceFileFormat?) {
    self.format = format
  }

  /// Appends a trace; returns the problem, appending nothing, when it
  /// would make a line longer than the output format's readers take.
  mutating func append(
    _ trace: Trace, line: Int, columns: CSVColumns?, inputFormat: TraceFileFormat,
    input: String
  ) throws(CommandError) -> TraceFileProblem? {
    if encoder == nil {
      let made = (format ?? inputFormat).makeEncoder(
        columns: columns ?? CSVColumns(fitting: [trace]))
      text += made.fileHeader()
      encoder = made
    }
    if let csv = encoder as? CSVTraceEncoder, !csv.canEncodeLosslessly(trace) {
      throw .dataError(
        "\(TraceInput.displayName(input)):\(line):1: trace '\(trace.id)' has velocities or "
          + "locations that the first trace's columns do not hold; repair to JSON Lines instead")
    }
    if let problem = encoder!.encodeReadably(trace, line: line, into: &text) { return problem }
    count += 1
    return nil
  }

  /// The text so far, emptied.
  mutating func take() -> String {
    defer { text = "" }
    return text
  }

  /// The rest of the text, with a header when no trace was kept.
  mutating func finish(inputFormat: TraceFileFormat) -> String {
    if encoder == nil {
      text += (format ?? inputFormat).makeEncoder(
        columns: CSVColumns(velocity: true, location: false)
      ).fileHeader()
    }
    return take()
  }
}
