import GestureTrace

/// What one recording from raw input (``RawInputRecorder``) keeps between
/// chunks: the problems and touches counted so far, and how each touch
/// becomes pans in the output.
struct RawInputSession {
  let request: RecordRequest
  /// The input path; `-` is standard input.
  let path: String
  /// The source read: the request's, or the one `--from auto` chose.
  var source: RecordRequest.Source
  /// The problems reported or skipped.
  var problems = 0
  /// The touches (gestures of raw samples) read.
  var touches = 0
  /// The touches that gave no pan: taps, which never left the slop.
  var taps = 0
  /// Whether positions stayed in device units (and the warning was given).
  var warnedUnits = false
  /// With `--lenient`, where problems are counted instead of printed.
  let skipped: SkippedProblems?

  init(request: RecordRequest, path: String) {
    self.request = request
    self.path = path
    source = request.source
    skipped = request.lenient ? SkippedProblems() : nil
  }

  var baseMetadata: TraceMetadata {
    var metadata = TraceMetadata()
    metadata.source = source.rawValue
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
      var metadata = baseMetadata
      metadata.units = "pt"
      if let scale = request.scale { metadata.scale = scale }
      try record(
        gesture.samples, scale: request.scale ?? 1, metadata: metadata, id: gesture.traceID,
        line: gesture.line, output: &output, io: &io)
    }
  }

  mutating func handle(
    _ item: DeviceLogItem, output: inout TraceAppender, io: inout some ToolIO
  ) throws(CommandError) {
    switch item {
    case .problem(let problem):
      report(problem, io: &io)
    case .touch(let touch):
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
      try record(
        touch.samples.map(units.relative), scale: units.scale, metadata: metadata, id: nil,
        line: touch.line, output: &output, io: &io)
    }
  }

  /// Counts a touch and appends the pans it makes, each with `id` (else
  /// `g` and its number in the output); a touch without one is a tap.
  private mutating func record(
    _ samples: [PointerSample], scale: Double, metadata: TraceMetadata, id: String?, line: Int,
    output: inout TraceAppender, io: inout some ToolIO
  ) throws(CommandError) {
    touches += 1
    let pans = PanRecognizer.traces(
      from: samples, recognizer: request.recognizer(scale: scale), metadata: metadata)
    if pans.isEmpty { taps += 1 }
    for var trace in pans {
      trace.id = id ?? "g\(output.count + 1)"
      try append(trace, line: line, output: &output, io: &io)
    }
  }

  /// Reports a problem in the input, or in another file read for it.
  mutating func report(
    _ problem: TraceFileProblem, in file: String? = nil, io: inout some ToolIO
  ) {
    problems += 1
    if let skipped {
      skipped.add(problem, in: file ?? path)
    } else {
      io.writeError("Error: \(TraceInput.displayName(file ?? path)):\(problem)\n")
    }
  }

  /// Why the recording yielded no trace, for the message that says so.
  ///
  /// - Parameter hint: Whether to check the file's first lines for another
  ///   format than the one read (the source was given with `--from`).
  func noTraceCause(hint: Bool) -> String {
    let problemCount = problems == 1 ? "1 problem" : "\(problems) problems"
    if touches == 0 {
      var text = "no touch was found in it"
      if problems > 0 { text += " (\(problemCount))" }
      let read = source.format.description
      if hint, let format = AutoSource.sniff(file: path),
        RecordSource.reading(format) != source
      {
        let other = RecordSource.reading(format).name
        return text + ", read as \(read); it looks like \(format.description): try --from \(other)"
      }
      return text + ", read as \(read); if it is something else, choose it with --from"
    }
    let touchCount = touches == 1 ? "its touch" : "its \(touches) touches"
    if taps == touches {
      let unit = warnedUnits ? "device units" : "pt"
      let every =
        touches == 1
        ? "its only touch was a tap: it never moved"
        : "all \(touches) of its touches were taps: none moved"
      return "\(every) more than the slop, \(request.slop.reportText) \(unit) "
        + "(see --slop and --scale)"
    }
    return "\(touchCount) gave no pan that could be written (\(problemCount))"
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
