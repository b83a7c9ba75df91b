import GestureTrace

/// `gesturetrace record` from raw samples (`csv`, `stdin`) and device logs
/// (`getevent`, `libinput`): reads the input in chunks, recognizes each
/// touch's pan and appends every finished trace to the output at once.
enum RawInputRecorder {
  /// Records from the request's file source; returns `dataError` after
  /// reporting every problem, each as `Error: file:line:column: …`.
  static func record(_ request: RecordRequest, io: inout some ToolIO) throws(CommandError) -> ExitCode {
    let path = request.input ?? "-"
    try checkReadable(path)
    var output = try TraceAppender(
      path: request.output, format: request.format,
      columns: CSVColumns(velocity: true, location: true), replacing: request.force,
      inputs: [path], io: &io)
    var session = Session(request: request, path: path)
    do {
      switch request.source {
      case .csv, .stdin:
        var reader = PointerSampleReader(
          timeExponent: request.timeUnit.secondsExponent, unitName: request.timeUnit.name)
        try readChunks(path, io: &io) { chunk, io throws(CommandError) in
          var items: [PointerSampleItem] = []
          if let chunk {
            reader.push(chunk) { items.append($0) }
          } else {
            reader.finish { items.append($0) }
          }
          for item in items { try session.handle(item, output: &output, io: &io) }
        }
      case .getevent, .libinput:
        var decoder: any DeviceLogDecoder =
          request.source == .getevent ? GeteventLogParser() : LibinputRecordParser()
        try readChunks(path, io: &io) { chunk, io throws(CommandError) in
          var items: [DeviceLogItem] = []
          if let chunk {
            decoder.push(chunk) { items.append($0) }
          } else {
            decoder.finish { items.append($0) }
          }
          for item in items { try session.handle(item, output: &output, io: &io) }
        }
      case .terminal, .browser:
        break
      }
    } catch {
      output.close(failed: true)
      throw error
    }
    output.close(failed: session.problems > 0 && session.skipped == nil)
    session.skipped?.report(io: &io)
    if io.isErrorTerminal {
      let pans = output.count == 1 ? "pan" : "pans"
      let touches = session.touches == 1 ? "touch" : "touches"
      io.writeError(
        "Recorded \(output.count) \(pans) from \(session.touches) \(touches) into "
          + "\(TraceInput.displayName(request.output)).\n")
    }
    return session.problems > 0 && session.skipped == nil ? .dataError : .success
  }

  /// What one recording keeps between chunks.
  private struct Session {
    let request: RecordRequest
    let path: String
    var problems = 0
    var touches = 0
    var warnedUnits = false
    /// With `--lenient`, where problems are counted instead of printed.
    let skipped: SkippedProblems?

    init(request: RecordRequest, path: String) {
      self.request = request
      self.path = path
      skipped = request.lenient ? SkippedProblems() : nil
    }

    var baseMetadata: TraceMetadata {
      var metadata = TraceMetadata()
      metadata.source = request.source.rawValue
      metadata["estimator"] = request.estimator.name
      if let target = request.target { metadata.target = target }
      return metadata
    }

    mutating func handle(
      _ item: PointerSampleItem, output: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) {
      switch item {
      case .problem(let problem):
        report(problem, io: &io)
      case .gesture(let gesture):
        touches += 1
        var metadata = baseMetadata
        metadata.units = "pt"
        if let scale = request.scale { metadata.scale = scale }
        let recognizer = request.recognizer(scale: request.scale ?? 1)
        for var trace in PanRecognizer.traces(
          from: gesture.samples, recognizer: recognizer, metadata: metadata)
        {
          trace.id = gesture.traceID ?? "g\(output.count + 1)"
          try append(trace, line: gesture.line, output: &output, io: &io)
        }
      }
    }

    mutating func handle(
      _ item: DeviceLogItem, output: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) {
      switch item {
      case .problem(let problem):
        report(problem, io: &io)
      case .touch(let touch):
        touches += 1
        let units = DeviceUnits(device: touch.device, scale: request.scale)
        if units.isRaw && !warnedUnits {
          warnedUnits = true
          io.writeError(
            "Warning: \(TraceInput.displayName(path)) does not give the touch axes' resolution; "
              + "positions stay in device units (units: px). Pass --scale to convert them.\n")
        }
        var metadata = baseMetadata
        units.describe(into: &metadata)
        if let name = touch.device.name ?? touch.device.node,
          TraceMetadata.isValidValue(name), !name.isEmpty
        {
          metadata.device = name
        }
        let samples = touch.samples.map(units.relative)
        for var trace in PanRecognizer.traces(
          from: samples, recognizer: request.recognizer(scale: units.scale), metadata: metadata)
        {
          trace.id = "g\(output.count + 1)"
          try append(trace, line: touch.line, output: &output, io: &io)
        }
      }
    }

    private mutating func report(_ problem: TraceFileProblem, io: inout some ToolIO) {
      problems += 1
      if let skipped {
        skipped.add(problem, in: path)
      } else {
        io.writeError("Error: \(TraceInput.displayName(path)):\(problem)\n")
      }
    }

    /// Appends a pan, or reports it when it breaks a rule of the format:
    /// positions near the limits of a double, or times too close for
    /// them, make infinite velocities that no reader would accept.
    private mutating func append(
      _ trace: Trace, line: Int, output: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) {
      guard let violation = trace.violations.first else {
        if let problem = try output.append(trace, line: line, io: &io) { report(problem, io: &io) }
        return
      }
      report(
        TraceFileProblem(
          line: line, column: 1,
          message: "\(violation.expected) in the pan of the touch that starts here, found "
            + "\(violation.found)"),
        io: &io)
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
