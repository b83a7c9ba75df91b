import GestureTrace

/// `gesturetrace replay`: runs traces through transition variants on a
/// virtual clock and prints what each decided, or one trace frame by frame.
enum ReplayCommand: Subcommand {
  static let trace: OptionKey<String?> = .optionalText(
    "trace", valueName: "id", help: "Print this trace's frame timeline.")
  static let fps: OptionKey<Int> = .integer(
    "fps", help: "Timeline frames per second (1 to 1000).", default: 120, in: 1...1000)
  static let properties: OptionKey<String?> = .optionalText(
    "properties", valueName: "names",
    help: "The timeline's columns: property names, comma-separated (see above; default: all).")
  static let maxFrames: OptionKey<Int> = .integer(
    "max-frames", help: "The most frames a --trace timeline may have (1 to 100000000).",
    default: 100_000, in: 1...100_000_000)
  static let format: OptionKey<ReplayFormat> = .choice(
    "format", valueName: "format", help: "The output format.", default: .text)

  static let spec = CommandSpec(
    name: "replay",
    abstract: "Replay traces through transition variants and print their decisions.",
    discussion: """
      Every trace is delivered to each variant event by event at its own timestamps; \
      animations run on a virtual clock, so the output is the same on every run. \
      Without --trace, prints each trace's outcome per variant: 'complete', 'cancel', \
      a page number or a stop's name. With --format csv that is one row per trace: a 'trace' column, \
      then one column per variant named by its spec as given, after a '# input:' line \
      naming the file (relative to the output's folder, when it is in that folder or \
      below it: check reads no other) and, for another estimator than \
      the default, '# estimator:': the table 'check' compares with. With --trace, prints \
      that trace's timeline: a 't' column (seconds from its first event), then every \
      property of every variant (prefixed by the spec when there are several), sampled \
      at --fps until everything has settled, with each variant's outcome. Release \
      velocities missing from a trace are estimated with --estimator. Traces in pixels \
      ('units: px') are replayed in points, divided by their 'scale'; those with no \
      scale are left out, with a warning.

      With --transitions FILE, variants may name the transitions the file declares \
      ('gesturetrace variants --transitions FILE' lists them); the CSV table then names \
      the file in a '# transitions:' line (relative to its folder, and only when the file \
      is in that folder or below it), and 'check' reads it from there.

      Without --variant or --variants-file, replays what analyze compares: for each \
      transition the file's traces are meant for ('target' metadata), the published \
      variant and the alternatives its parameters offer; when none names a target \
      (and for standard input), the four seed transitions as published.

      --properties chooses a timeline's columns, by name, from each variant's \
      properties:
      """ + "\n" + propertyList.dropLast(),
    arguments: [
      .init(name: "file", help: "The trace file to replay (- for standard input).")
    ],
    options: VariantSelection.options + [
      trace.option, fps.option, properties.option, maxFrames.option, format.option,
      SharedOptions.replayEstimator.option, SharedOptions.output.option,
      SharedOptions.force.option, SharedOptions.inputFrom.option, SharedOptions.lenient.option,
    ],
    examples: [
      (
        "gesturetrace replay traces/lyrics-swap.csv --variant lyrics-swap:dismissalOffset=60",
        "Outcomes of every trace with a lower swap threshold."
      ),
      (
        "gesturetrace replay traces/player-sheet.csv --format csv -o outcomes.csv",
        "The variants analyze compares, as the outcome table other tools read."
      ),
      (
        "gesturetrace replay traces/lyrics-swap.csv --trace lyrics-swap-000007 "
          + "--variant lyrics-swap --variant lyrics-swap:dismissalOffset=60 "
          + "--properties offset,firstY",
        "One trace, frame by frame at 120 Hz: two properties of each variant."
      ),
      (
        "gesturetrace replay traces/samples/synth.csv "
          + "--transitions traces/samples/drawer.transitions.json --variant drawer",
        "Each trace's stop under a drawer declared in a transitions file."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let input = arguments.positionals[0]
    let catalog = try TransitionsOption.catalog(arguments)
    var variants = try VariantSelection.variants(arguments, io: &io, catalog: catalog)
    if variants.isEmpty {
      // NB: rows are streamed as traces are read, so the whole file is
      // scanned for targets first, as analyze does for --format csv.
      variants = VariantSelection.defaults(
        for: try TargetScan.targets(in: [input], catalog: catalog), in: catalog)
    }
    let properties = try properties(arguments, of: variants)
    let fps = try arguments[Self.fps]
    let maxFrames = try arguments[Self.maxFrames]
    let estimator = try arguments[SharedOptions.replayEstimator]
    let replayer = Replayer(framesPerSecond: fps, estimator: estimator)
    let format = try arguments[Self.format]
    let inputFormat = try arguments[SharedOptions.inputFrom]
    var output = try OutputFile(
      path: try arguments[SharedOptions.output], replacing: arguments[SharedOptions.force],
      inputs: [input] + VariantSelection.inputs(arguments))
    let lenient = SkippedProblems.make(arguments)
    var leftOut = LeftOutTraces()
    do {
      if let id = try arguments[Self.trace] {
        let trace = try find(id, in: input, format: inputFormat, lenient: lenient, io: &io)
        try checkFrameCount(trace, variants, replayer, limit: maxFrames)
        let timelines = variants.map { variant in
          let timeline = replayer.timeline(of: trace, with: variant)
          return properties.map(timeline.keeping) ?? timeline
        }
        try output.write(
          ReplayTimelineReport(trace: trace, variants: variants, timelines: timelines, fps: fps)
            .rendered(format), io: &io)
      } else {
        try replayAll(
          input, inputFormat, variants, replayer, format,
          transitions: try arguments[TransitionsOption.key], lenient: lenient,
          leftOut: &leftOut, output: &output, io: &io)
      }
      try output.commit()
      lenient?.report(io: &io)
      leftOut.report(io: &io)
    } catch {
      output.discard()
      throw error
    }
    return .success
  }

  /// Streams every trace of the file through the variants in points, a
  /// batch at a time on every core, writing rows in file order; counts the
  /// traces that cannot be converted to points in `leftOut`.
  private static func replayAll(
    _ input: String, _ inputFormat: TraceFileFormat?, _ variants: [Variant],
    _ replayer: Replayer, _ format: ReplayFormat, transitions: String?,
    lenient: SkippedProblems?, leftOut: inout LeftOutTraces, output: inout OutputFile,
    io: inout some ToolIO
  ) throws(CommandError) {
    var report = ReplayOutcomeReport(
      variants: variants, format: format, fps: replayer.framesPerSecond)
    // NB: what `check` needs to replay the table again: the file, named
    // relative to the table's folder, and the estimator unless it is the
    // default (so a table of standard input starts with its header). Only
    // names that check accepts: inside the table's folder or below it.
    if input != "-" {
      if let name = TablePath.acceptedName(of: input, from: output.path) {
        report.metadata.append(("input", name))
      } else if format == .csv {
        io.writeError(
          "Warning: the table does not name its input "
            + "'\(input.escapingControlCharacters)', which is not in its folder or below it; "
            + "give it to check after the table\n")
      }
    }
    // NB: the transitions file only inside the table's folder, where check
    // agrees to read it from.
    if let transitions {
      if let name = TablePath.acceptedName(of: transitions, from: output.path) {
        report.metadata.append(("transitions", name))
      } else if format == .csv {
        io.writeError(
          "Warning: the table does not name '\(transitions.escapingControlCharacters)', which "
            + "is not in its folder or below it; check it with --transitions\n")
      }
    }
    if replayer.estimator != .default {
      report.metadata.append(("estimator", replayer.estimator.name))
    }
    try output.write(report.header(), io: &io)
    var batch: [Trace] = []
    func flush(_ output: inout OutputFile, _ io: inout some ToolIO) throws(CommandError) {
      let rows = ParallelMap.map(batch) { trace in
        (trace.id, variants.map { replayer.outcome(of: trace, with: $0) })
      }
      var text = ""
      for row in rows { report.add(trace: row.0, outcomes: row.1, to: &text) }
      try output.write(text, io: &io)
      batch.removeAll(keepingCapacity: true)
    }
    try TraceInput.read(input, format: inputFormat, lenient: lenient, io: &io) {
      item, _, io throws(CommandError) in
      switch item {
      case .trace(let trace, _):
        guard let trace = leftOut.points(trace) else { return true }
        batch.append(trace)
        if batch.count == 1_024 { try flush(&output, &io) }
        return true
      case .problem(let problem):
        throw .dataError("\(TraceInput.displayName(input)):\(problem)")
      }
    }
    try flush(&output, &io)
    try output.write(report.footer(), io: &io)
  }

  /// Every transition's property names, one line each, wrapped for help.
  static var propertyList: String {
    var text = ""
    for variant in Variant.seeds {
      var line = "  \(variant.transition):"
      let names = variant.makeTransition().propertyNames
      for (index, name) in names.enumerated() {
        let word = " " + name + (index < names.count - 1 ? "," : "")
        if line.count + word.count > HelpText.width {
          text += line + "\n"
          line = "     "
        }
        line += word
      }
      text += line + "\n"
    }
    return text
  }

  /// The `--properties` names, or `nil` for all; a usage error when given
  /// without `--trace`, or naming a property none of the variants has.
  private static func properties(
    _ arguments: ParsedArguments, of variants: [Variant]
  ) throws(CommandError) -> [String]? {
    guard let text = try arguments[Self.properties] else { return nil }
    let option = Self.properties.option
    let help = "\(option.usageLabel)  \(option.help)"
    guard try arguments[Self.trace] != nil else {
      throw .usage(
        "--properties chooses the columns of a timeline: use it with --trace", help: help)
    }
    var valid: [String] = []
    for variant in variants {
      for name in variant.makeTransition().propertyNames where !valid.contains(name) {
        valid.append(name)
      }
    }
    var names: [String] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard valid.contains(name) else {
        let of = Set(variants.map(\.transition)).sorted().joined(separator: ", ")
        throw .usage(
          "The value '\(name.escapingControlCharacters)' is invalid for '\(option.usageLabel)': "
            + "no property of \(of) has "
            + "that name. " + CommandLineParser.pleaseProvide(valid),
          help: help)
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Throws a data error naming `--max-frames` when the timeline of `trace`
  /// would have more frames than `limit`.
  // NB: a timeline holds every frame (and the report every row) so that the
  // text table can be aligned and the summary printed before the frames;
  // the frames are counted first, with a replay that keeps none, so memory
  // stays within the limit (docs/reliability.md, class B).
  private static func checkFrameCount(
    _ trace: Trace, _ variants: [Variant], _ replayer: Replayer, limit: Int
  ) throws(CommandError) {
    let count = variants.map { replayer.frameCount(of: trace, with: $0) }.max() ?? 0
    guard count > limit else { return }
    let frames = count == .max ? "too many frames to count" : "\(count) frames"
    throw .dataError(
      "The timeline of trace \(quotedPrefix(trace.id)) would have \(frames) at "
        + "\(replayer.framesPerSecond) fps, more than --max-frames \(limit); pass a larger "
        + "--max-frames (each frame holds a few hundred bytes per variant) or a lower --fps")
  }

  /// The trace called `id` in points, or a usage error naming some that
  /// exist, or a data error when it has no scale to convert it by.
  private static func find(
    _ id: String, in input: String, format: TraceFileFormat?, lenient: SkippedProblems?,
    io: inout some ToolIO
  ) throws(CommandError) -> Trace {
    var found: Trace?
    var ids: [String] = []
    var count = 0
    try TraceInput.read(input, format: format, lenient: lenient, io: &io) {
      item, _, _ throws(CommandError) in
      switch item {
      case .trace(let trace, _):
        if trace.id == id {
          found = trace
          return false
        }
        count += 1
        if ids.count < 5 { ids.append(trace.id) }
        return true
      case .problem(let problem):
        throw .dataError("\(TraceInput.displayName(input)):\(problem)")
      }
    }
    guard let found else {
      throw .usage(
        "No trace \(quotedPrefix(id)) in '\(TraceInput.displayName(input))'; it has \(count) traces"
          + (ids.isEmpty
            ? "" : ", such as " + ids.map { quotedPrefix($0) }.joined(separator: ", ")),
        help: "--trace <id>  Print this trace's frame timeline.")
    }
    guard let inPoints = found.inPoints() else {
      throw .dataError(
        "Trace '\(id)' is in pixels with no scale (units: \(found.metadata.units ?? "pt")); "
          + "give its pixels per point with 'convert --scale S' or a 'scale' metadata line")
    }
    return inPoints
  }
}

/// The output formats of `replay`.
enum ReplayFormat: String, CaseIterable {
  case text, csv, json
}
