import GestureTrace

/// `gesturetrace export`: writes Swift test source that replays recorded
/// traces into a real app (lyft/Hammer or XCUITest), one test per trace,
/// ending with what GestureTrace's replay decided.
enum ExportCommand: Subcommand {
  static let trace: OptionKey<[String]> = .repeating(
    "trace", valueName: "id", help: "A trace to export (repeatable; default: every trace).")
  static let framework: OptionKey<TestFramework> = .choice(
    "to", valueName: "framework", help: "The test framework.", default: .hammer)
  static let start: OptionKey<String?> = .optionalText(
    "start", valueName: "x,y",
    help: "Where the finger touches down, in points; positions are then the translations "
      + "from it.")

  /// The frameworks `export` writes tests for.
  enum TestFramework: String, CaseIterable, Sendable {
    case hammer, xcuitest
  }

  static let spec = CommandSpec(
    name: "export",
    abstract: "Write Swift tests that replay traces into an app (Hammer or XCUITest).",
    discussion: """
      Writes one XCTest method per trace (--trace, repeatable; default: every trace of \
      the file). --to hammer replays it with lyft/Hammer's EventGenerator as closely as \
      UIKit allows: a finger down where the touch began, each move at its recorded \
      position after its recorded delay, the lift at the end. --to xcuitest replays it \
      coarsely with XCUICoordinate's press, drag and hold: start, end, release speed \
      and the hold before the lift, and says in the file what it cannot reproduce. \
      Positions are the trace's locations (x,y columns), or its translations added to \
      --start X,Y (points) where the finger touches down. Each test ends with what GestureTrace's replay decided for each \
      --variant (default: the trace's 'target' transition) as a comment and an \
      '// expected:' line to turn into an assertion on your view's state.
      """,
    arguments: [
      .init(name: "file", help: "The trace file (- for standard input).")
    ],
    options: [trace.option, framework.option, start.option] + VariantSelection.options + [
      SharedOptions.replayEstimator.option,
      SharedOptions.inputFrom.option,
      SharedOptions.output.option,
      SharedOptions.force.option,
    ],
    examples: [
      (
        "gesturetrace export traces/player-sheet.csv --trace player-sheet-000002",
        "A Hammer test replaying one flick up the player sheet."
      ),
      (
        "gesturetrace export traces/samples/synth.csv --trace s000001 --to xcuitest",
        "The coarse XCUITest version of a drag up."
      ),
      (
        "gesturetrace export traces/samples/synth.csv --trace s000002 --start 195,600",
        "From a touch-down point you choose, expecting nothing (no target)."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let input = arguments.positionals[0]
    let start = try startPoint(arguments)
    let catalog = try TransitionsOption.catalog(arguments)
    let variants = try VariantSelection.variants(arguments, io: &io, catalog: catalog)
    let estimator = try arguments[SharedOptions.replayEstimator]
    let replayer = Replayer(estimator: estimator)
    let inputFormat = try arguments[SharedOptions.inputFrom]
    var output = try OutputFile(
      path: try arguments[SharedOptions.output], replacing: arguments[SharedOptions.force],
      inputs: [input] + VariantSelection.inputs(arguments))
    do throws(CommandError) {
      let traces = try read(
        input, format: inputFormat, ids: try arguments[Self.trace], io: &io)
      var exported: [ExportedTrace] = []
      for trace in traces {
        let chosen = variants.isEmpty ? targetVariant(of: trace, in: catalog) : variants
        guard
          let prepared = ExportedTrace(
            trace, start: start, variants: chosen, replayer: replayer)
        else {
          throw .usage(
            "Trace '\(trace.id)' has no locations (x,y columns) to replay; pass --start X,Y, "
              + "the point in points where the finger touches down",
            help: "--start <x,y>  e.g. --start 195,600")
        }
        exported.append(prepared)
      }
      let file = TraceInput.displayName(input)
      let text =
        try arguments[Self.framework] == .xcuitest
        ? XCUITestSource(traces: exported, file: file).rendered()
        : HammerTestSource(traces: exported, file: file).rendered()
      try output.write(text, io: &io)
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
    return .success
  }

  /// `--start X,Y`, or `nil` when not given.
  private static func startPoint(_ arguments: ParsedArguments) throws(CommandError) -> Vector2D? {
    guard let text = try arguments[Self.start] else { return nil }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Double(decimalText: String(parts[0])),
      let y = Double(decimalText: String(parts[1])), x.isFinite, y.isFinite
    else {
      throw .usage(
        "The value '\(text.escapingControlCharacters)' is invalid for '--start <x,y>'. Please "
          + "provide two numbers in "
          + "points, such as 195,600.",
        help: "--start <x,y>  Where the finger touches down, in points.")
    }
    return Vector2D(x: x, y: y)
  }

  /// The published variant of the transition a trace was made for
  /// (`target` metadata), if it names one of `catalog`.
  private static func targetVariant(of trace: Trace, in catalog: TransitionCatalog) -> [Variant] {
    guard let target = trace.metadata.target,
      let variant = try? Variant(parsing: target, in: catalog)
    else {
      return []
    }
    return [variant]
  }

  /// The traces called `ids`, in that order, or every trace of the file
  /// in its order when `ids` is empty; in points.
  private static func read(
    _ input: String, format: TraceFileFormat?, ids: [String], io: inout some ToolIO
  ) throws(CommandError) -> [Trace] {
    var wanted: [String] = []
    for id in ids where !wanted.contains(id) { wanted.append(id) }
    var found: [String: Trace] = [:]
    var all: [Trace] = []
    var count = 0
    var some: [String] = []
    try TraceInput.readTraces(input, format: format, io: &io) { trace throws(CommandError) in
      count += 1
      if some.count < 5 { some.append(trace.id) }
      if wanted.isEmpty {
        all.append(trace)
      } else if wanted.contains(trace.id), found[trace.id] == nil {
        found[trace.id] = trace
      }
    }
    if let missing = wanted.first(where: { found[$0] == nil }) {
      throw .usage(
        "No trace '\(missing.escapingControlCharacters)' in '\(TraceInput.displayName(input))'; "
          + "it has \(count) traces"
          + (some.isEmpty
            ? ""
            : ", such as "
              + some.map { "'\($0.escapingControlCharacters)'" }.joined(separator: ", ")),
        help: "--trace <id>  A trace to export.")
    }
    let traces = wanted.isEmpty ? all : wanted.map { found[$0]! }
    guard !traces.isEmpty else {
      throw .dataError("'\(TraceInput.displayName(input))' holds no trace to export")
    }
    return try traces.map { trace throws(CommandError) in
      guard let inPoints = trace.inPoints() else {
        throw .dataError(
          "Trace '\(trace.id)' is in pixels with no scale (units: "
            + "\(trace.metadata.units ?? "pt")); give its pixels per point with "
            + "'convert --scale S' or a 'scale' metadata line")
      }
      return inPoints
    }
  }
}
