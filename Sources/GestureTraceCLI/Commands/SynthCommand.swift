import GestureTrace

/// `gesturetrace synth`: writes a deterministic corpus of human-like pans.
enum SynthCommand: Subcommand {
  static let targetHelp =
    "A transition or variant (player-sheet:start=open) the gestures are made for."

  static let spec = CommandSpec(
    name: "synth",
    abstract: "Generate a deterministic corpus of synthetic pan gestures.",
    discussion: """
      Each trace is a minimum-jerk reach (Flash & Hogan 1985) or a composition of them, \
      sampled at the given rate with timing jitter and sensor noise: slow drags, flicks \
      released mid-motion, reversals, hesitant moves near thresholds and horizontal \
      pans. Every trace carries its kind, its direction and the intent it was made \
      with. The same seed always gives the same bytes.

      With --target, the gestures are made for one transition, in its geometry: \
      drags, flicks and diagonal swipes towards its completing direction(s) mean \
      'complete'; reversals, hesitant peeks and pans the wrong way or across its \
      axis mean 'cancel'. For a tap-driven transition, taps mean 'complete' and \
      drags or scrolls that start on it mean 'cancel'. Each trace gets 'target: \
      NAME', the variant's transition name.
      """,
    options: [
      .init(
        name: "traces", valueName: "n", help: "The number of traces (0 to 100000000).",
        defaultValue: "100"),
      .init(name: "seed", valueName: "seed", help: "The random seed.", defaultValue: "1"),
      .init(
        name: "rate", valueName: "hz", help: "The sampling rate in hertz (1 to 1000).",
        defaultValue: "120"),
      .init(
        name: "target", valueName: "variant",
        help: targetHelp),
      .output,
      .init(
        name: "format", valueName: "format",
        help: "The output format; by default from the output's extension, else CSV.",
        allowedValues: TraceFileFormat.allCases.map(\.rawValue)),
      .init(
        name: "jobs", short: "j", valueName: "n",
        help: "The number of traces made in parallel (1 to 256); the output does not depend "
          + "on it.",
        defaultValue: "all cores"),
      .force,
    ],
    examples: [
      ("gesturetrace synth --traces 300 --seed 7 -o corpus.csv", "A small corpus."),
      (
        "gesturetrace synth --target player-sheet --traces 150 --rate 60 -o sheet.csv",
        "Gestures made to open the player sheet, labelled for it."
      ),
      (
        "gesturetrace synth --traces 20 --format jsonl | gesturetrace info -",
        "JSON Lines to standard output, described by info."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError) -> ExitCode {
    let count = try integer(arguments, "traces", default: 100, in: 0...100_000_000)
    let seedText = arguments.value("seed", default: "1")!
    guard let seed = UInt64(seedText) else {
      throw .usage(
        "The value '\(seedText)' is invalid for '--seed <seed>'. Please provide a whole number "
          + "from 0 to \(UInt64.max).", help: "--seed <seed>  The random seed.")
    }
    let rate = try number(
      arguments, "rate", default: 120, in: TraceSynthesizer.supportedRates)
    let path = arguments.value("output", default: "-")!
    let format =
      arguments.value("format").flatMap(TraceFileFormat.init(rawValue:))
      ?? TraceFileFormat(path: path) ?? .csv
    let synthesizer: TraceSynthesizer
    if let spec = arguments.value("target") {
      do throws(VariantError) {
        synthesizer = TraceSynthesizer(seed: seed, rate: rate, target: try Variant(parsing: spec))
      } catch {
        throw .usage(
          "The value '\(spec)' is invalid for '--target <variant>': \(error.reason)",
          help: "--target <variant>  \(targetHelp)")
      }
    } else {
      synthesizer = TraceSynthesizer(seed: seed, rate: rate)
    }
    let encoder = format.makeEncoder(columns: CSVColumns(velocity: true, location: true))
    var output = try OutputFile(path: path, replacing: arguments.has("force"))
    do {
      try output.write(encoder.fileHeader(), io: &io)
      var progress = Progress(label: "synth", total: count, io: io)
      // NB: each trace depends only on (seed, index), so batches are made on
      // every core and written in index order: the bytes do not depend on
      // the number of jobs.
      let batch = 4_096
      let jobs = try integer(arguments, "jobs", default: ParallelMap.coreCount, in: 1...256)
      var start = 0
      while start < count {
        let ranges = (0..<jobs).compactMap { job -> Range<Int>? in
          let lower = start + job * batch
          return lower < count ? lower..<min(lower + batch, count) : nil
        }
        let texts = ParallelMap.map(ranges) { range in
          var text = ""
          text.reserveCapacity(range.count * 4_096)
          for index in range { encoder.encode(synthesizer.trace(at: index), into: &text) }
          return text
        }
        for text in texts { try output.write(text, io: &io) }
        start = ranges.last!.upperBound
        progress.update(start, io: &io)
      }
      progress.finish(io: &io)
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
    return .success
  }
}
