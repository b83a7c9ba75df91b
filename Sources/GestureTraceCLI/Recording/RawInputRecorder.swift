import GestureTrace

/// `gesturetrace record` from raw samples (`csv`, `stdin`) and device logs
/// (`getevent`, `evemu`, `libinput`), or any of them told from the input's
/// first lines (`auto`): reads the input in chunks, recognizes each touch's
/// pan and appends every finished trace to the output at once.
///
/// A recording that yields no trace says so on standard error with the
/// likely cause (no touch found, every touch a tap, another format than
/// the one read) and exits with `dataError` unless `--lenient`.
enum RawInputRecorder {
  /// Records from the request's file source; returns `dataError` after
  /// reporting every problem, each as `Error: file:line:column: …`.
  static func record(_ request: RecordRequest, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let path = request.input ?? "-"
    try checkReadable(path)
    var output = try TraceAppender(
      path: request.output, format: request.format,
      columns: CSVColumns(velocity: true, location: true), replacing: request.force,
      inputs: [path], io: &io)
    var session = RawInputSession(request: request, path: path)
    var auto = request.source == .auto ? AutoSource() : nil
    var reader: Reader?
    var isEmpty = false
    do {
      if auto == nil { reader = try Reader(request.source, session: &session, io: &io) }
      try readChunks(path, io: &io) { chunk, io throws(CommandError) in
        if var detecting = auto {
          guard let outcome = try detecting.read(chunk, path: path) else {
            auto = detecting
            return
          }
          auto = nil
          guard case .format(let format) = outcome else {
            isEmpty = true
            return
          }
          io.writeError(AutoSource.announcement(format, path: path))
          session.source = RecordSource.reading(format)
          var chosen = try Reader(session.source, session: &session, io: &io)
          try detecting.bytes.withUnsafeBufferPointer { (bytes) throws(CommandError) in
            try chosen.read(bytes, session: &session, output: &output, io: &io)
          }
          if chunk == nil { try chosen.read(nil, session: &session, output: &output, io: &io) }
          reader = chosen
          return
        }
        try reader?.read(chunk, session: &session, output: &output, io: &io)
      }
    } catch {
      output.close(failed: true)
      throw error
    }
    let noTrace = output.count == 0
    let failed = (session.problems > 0 || noTrace) && session.skipped == nil
    output.close(failed: failed)
    session.skipped?.report(io: &io)
    if noTrace {
      let cause = isEmpty ? "it is empty" : session.noTraceCause(hint: request.source != .auto)
      let message = "No trace recorded from \(AutoSource.name(path)): \(cause)"
      io.writeError(session.skipped == nil ? "Error: \(message)\n" : "Warning: \(message)\n")
    }
    if io.isErrorTerminal {
      let pans = output.count == 1 ? "pan" : "pans"
      let touches = session.touches == 1 ? "touch" : "touches"
      io.writeError(
        "Recorded \(output.count) \(pans) from \(session.touches) \(touches) into "
          + "\(TraceInput.displayName(request.output)).\n")
    }
    return failed ? .dataError : .success
  }

  /// The reader of one source's format.
  private enum Reader {
    /// CSV pointer samples.
    case samples(PointerSampleReader)
    /// A device log.
    case device(any DeviceLogDecoder)

    /// The reader for a source, with the problems of another file read
    /// to open it (evemu's `.desc`) reported as the input's are.
    init(
      _ source: RecordSource, session: inout RawInputSession, io: inout some ToolIO
    ) throws(CommandError) {
      switch source.reading {
      case .deviceLog(_, let open):
        let opening = try open(session.path)
        for problem in opening.problems {
          session.report(problem, in: opening.problemFile, io: &io)
        }
        self = .device(opening.decoder)
      case .sniffed, .samples, .terminal, .browser:
        let unit = session.request.timeUnit
        self = .samples(
          PointerSampleReader(timeExponent: unit.secondsExponent, unitName: unit.name))
      }
    }

    /// Reads a chunk, `nil` at the end, and records what it completes.
    mutating func read(
      _ chunk: UnsafeBufferPointer<UInt8>?, session: inout RawInputSession,
      output: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) {
      switch self {
      case .samples(var reader):
        let items = Self.items(
          chunk, push: { reader.push($0, into: $1) }, finish: { reader.finish(into: $0) })
        self = .samples(reader)
        for item in items { try session.handle(item, output: &output, io: &io) }
      case .device(var decoder):
        let items = Self.items(
          chunk, push: { decoder.push($0, into: $1) }, finish: { decoder.finish(into: $0) })
        self = .device(decoder)
        for item in items { try session.handle(item, output: &output, io: &io) }
      }
    }

    /// What a decoder produces from a chunk (`push`), or at the end
    /// (`finish`, for `nil`).
    private static func items<Item>(
      _ chunk: UnsafeBufferPointer<UInt8>?,
      push: (UnsafeBufferPointer<UInt8>, (Item) -> Void) -> Void,
      finish: ((Item) -> Void) -> Void
    ) -> [Item] {
      var items: [Item] = []
      if let chunk {
        push(chunk) { items.append($0) }
      } else {
        finish { items.append($0) }
      }
      return items
    }
  }

  /// Throws `noInput` unless the path is standard input or a readable file.
  private static func checkReadable(_ path: String) throws(CommandError) {
    guard path != "-" else { return }
    guard Platform.exists(path) else { throw .noInput("No such file '\(path)'") }
    guard !Platform.isDirectory(path) else {
      throw .noInput("'\(path)' is a directory; expected a file")
    }
  }

  /// Hands `body` each chunk of a file or of standard input (`-`) as it is
  /// read, then `nil` at the end.
  private static func readChunks<IO: ToolIO>(
    _ path: String, io: inout IO,
    _ body: (UnsafeBufferPointer<UInt8>?, inout IO) throws(CommandError) -> Void
  ) throws(CommandError) {
    if path == "-" {
      while true {
        guard let chunk = io.readInput() else { throw .noInput("Cannot read standard input") }
        if chunk.isEmpty { break }
        try chunk.withUnsafeBufferPointer { (buffer) throws(CommandError) in try body(buffer, &io) }
      }
    } else {
      var failure: CommandError?
      try Platform.readFile(path) { chunk in
        do throws(CommandError) {
          try body(chunk, &io)
          return true
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
    }
    try body(nil, &io)
  }
}

extension RecordRequest.TimeUnit {
  /// The unit's name in messages.
  var name: String {
    switch self {
    case .s: "seconds"
    case .ms: "milliseconds"
    case .us: "microseconds"
    case .ns: "nanoseconds"
    }
  }
}
