import GestureTrace

/// Reads trace files, or standard input for `-`, into traces and problems.
enum TraceInput {
  /// Reads a file, detecting its format from the extension or, failing
  /// that, from its first bytes, and hands every item to `handle`.
  ///
  /// `handle` gets each item with, for CSV, the header's optional columns,
  /// and returns false to stop reading. With `lenient`, problems are
  /// counted there instead of handed over. Without `keepingEvents`, CSV
  /// traces come without their events (JSON Lines traces keep theirs).
  /// With `eventSink`, CSV traces come without their events too, which go
  /// to the sink as their rows are read; items are then handed over as
  /// they are read, so the columns are `nil` for those before the first
  /// chunk that holds the header ended (the sink gets them).
  /// Returns the format read, the columns and the number of events of the
  /// traces handed over without them.
  @discardableResult
  static func read<IO: ToolIO>(
    _ path: String, format: TraceFileFormat?, lenient: SkippedProblems? = nil,
    keepingEvents: Bool = true, eventSink: (any TraceEventSink)? = nil, io: inout IO,
    _ handle: (TraceFileItem, CSVColumns?, inout IO) throws(CommandError) -> Bool
  ) throws(CommandError) -> (format: TraceFileFormat, columns: CSVColumns?, droppedEvents: Int) {
    if let lenient {
      return try read(
        path, format: format, keepingEvents: keepingEvents, eventSink: eventSink, io: &io
      ) { item, columns, io throws(CommandError) in
        if case .problem(let problem) = item {
          lenient.add(problem, in: path)
          return true
        }
        return try handle(item, columns, &io)
      }
    }
    var decoder: (any TraceDecoder)?
    var chosen = format ?? TraceFileFormat(path: path)
    var failure: CommandError?
    var stopped = false
    // Hands an item over until the handler stops or fails.
    func deliver(_ item: TraceFileItem, _ columns: CSVColumns?, _ io: inout IO) {
      guard !stopped else { return }
      do throws(CommandError) {
        if try !handle(item, columns, &io) { stopped = true }
      } catch {
        failure = error
        stopped = true
      }
    }
    func consume(_ chunk: UnsafeBufferPointer<UInt8>, _ io: inout IO) -> Bool {
      if decoder == nil {
        let detected = chosen ?? TraceFileFormat(sniffing: chunk)
        chosen = detected
        decoder = detected.makeDecoder()
        if !keepingEvents || eventSink != nil, var csv = decoder as? CSVTraceDecoder {
          csv.keepsEvents = false
          csv.eventSink = eventSink
          decoder = csv
        }
      }
      var columns = (decoder as? CSVTraceDecoder)?.columns
      // NB: until a CSV header has been read, a chunk's items are held and
      // handed over after it, with the columns that header set (they were
      // taken before the first chunk: a first trace without velocities then
      // decided the columns of convert's output). Not with a sink: it gets
      // events as they are read, so items must come in the same order.
      let deferred = columns == nil && decoder is CSVTraceDecoder && eventSink == nil
      var held: [TraceFileItem] = []
      decoder!.push(chunk) { item in
        if deferred { held.append(item) } else { deliver(item, columns, &io) }
      }
      if deferred {
        columns = (decoder as? CSVTraceDecoder)?.columns
        for item in held { deliver(item, columns, &io) }
      }
      return !stopped
    }
    if path == "-" {
      while !stopped {
        guard let chunk = io.readInput() else { throw .noInput("Cannot read standard input") }
        if chunk.isEmpty { break }
        _ = chunk.withUnsafeBufferPointer { consume($0, &io) }
      }
    } else {
      try Platform.readFile(path) { consume($0, &io) }
    }
    if let failure { throw failure }
    if decoder == nil {
      chosen = chosen ?? .csv
      decoder = chosen!.makeDecoder()
    }
    if !stopped {
      let columns = (decoder as? CSVTraceDecoder)?.columns
      decoder!.finish { item in deliver(item, columns, &io) }
    }
    if let failure { throw failure }
    let csv = decoder as? CSVTraceDecoder
    let dropped = csv.map { $0.keepsEvents ? 0 : $0.producedEventCount } ?? 0
    return (chosen!, csv?.columns, dropped)
  }

  /// Reads every valid trace of a file; the first problem ends the command
  /// with a data error naming `path:line:column`, unless `lenient` counts it.
  static func readTraces<IO: ToolIO>(
    _ path: String, format: TraceFileFormat?, lenient: SkippedProblems? = nil, io: inout IO,
    _ handle: (Trace) throws(CommandError) -> Void
  ) throws(CommandError) {
    try read(path, format: format, lenient: lenient, io: &io) { item, _, _ throws(CommandError) in
      switch item {
      case .trace(let trace, _):
        try handle(trace)
        return true
      case .problem(let problem):
        // NB: the path escaped whole: a line feed in it must not start a
        // line of the message.
        throw .dataError("\(displayName(path).escapingControlCharacters):\(problem)")
      }
    }
  }

  /// Every byte of a small input file (a variants file, a table of
  /// expected outcomes), or of standard input for `-`.
  static func wholeFile(_ path: String, io: inout some ToolIO) throws(CommandError) -> [UInt8] {
    var bytes: [UInt8] = []
    if path == "-" {
      while true {
        guard let chunk = io.readInput() else { throw .noInput("Cannot read standard input") }
        if chunk.isEmpty { break }
        bytes += chunk
      }
    } else {
      try Platform.readFile(path) { chunk in
        bytes += chunk
        return true
      }
    }
    return bytes
  }

  /// The error for inputs that name no trace file.
  static func noTraceFiles(in paths: [String]) -> CommandError {
    let quoted = paths.map { "'\($0)'" }.joined(separator: ", ")
    return .noInput("No trace files (.csv or .jsonl) in \(quoted)")
  }

  /// How a path appears in messages and reports: `<stdin>` for `-`, and
  /// control characters (line feeds, ESC) escaped, so a file's name can
  /// neither start a line nor drive the terminal.
  static func displayName(_ path: String) -> String {
    path == "-" ? "<stdin>" : path.escapingControlCharacters
  }

  /// The trace files a list of paths names: files as given, directories
  /// expanded to their regular `.csv` and `.jsonl` files in name order.
  ///
  /// A FIFO, socket, device or subdirectory inside a directory is skipped
  /// and named on standard error; one named directly is read as a stream.
  /// A directory without trace files is a missing input (66), in every
  /// command that reads traces, with one message.
  // NB: opening a FIFO nobody writes to blocks forever, so a directory
  // that happens to hold one must not be read through it.
  static func expand(_ paths: [String], io: inout some ToolIO) throws(CommandError) -> [String] {
    var files: [String] = []
    var skipped: [String] = []
    for path in paths {
      if path != "-", Platform.isDirectory(path) {
        let listed = Platform.listDirectory(path).filter { TraceFileFormat(path: $0) != nil }
          .sorted()
        guard !listed.isEmpty else { throw noTraceFiles(in: [path]) }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        for name in listed {
          if Platform.isRegularFile(prefix + name) {
            files.append(prefix + name)
          } else {
            skipped.append(prefix + name)
          }
        }
      } else {
        files.append(path)
      }
    }
    if !skipped.isEmpty {
      let noun = skipped.count == 1 ? "entry" : "entries"
      io.writeError(
        "Skipped \(skipped.count) \(noun) that \(skipped.count == 1 ? "is" : "are") not a "
          + "regular file: "
          + skipped.map { "'\($0.escapingControlCharacters)'" }.joined(separator: ", ")
          + "\n")
    }
    return files
  }
}
