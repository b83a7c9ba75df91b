import GestureTrace

/// `gesturetrace synth`: writes a deterministic corpus of human-like pans.
enum SynthCommand: Subcommand {
  static let traces: OptionKey<Int> = .integer(
    "traces", help: "The number of traces (0 to 100000000).", default: 100, in: 0...100_000_000)
  static let seed: OptionKey<UInt64> = .integer(
    "seed", valueName: "seed", help: "The random seed.", default: 1, in: 0...UInt64.max)
  static let rate: OptionKey<Double> = .number(
    "rate", valueName: "hz", help: "The sampling rate in hertz (1 to 1000).", default: 120,
    in: TraceSynthesizer.supportedRates)
  static let target: OptionKey<String?> = .optionalText(
    "target", valueName: "variant",
    help: "A transition or variant (player-sheet:start=open) the gestures are made for.")
  static let format: OptionKey<TraceFileFormat?> = .choice(
    "format", valueName: "format",
    help: "The output format; by default from the output's extension, else CSV.",
    of: TraceFileFormat.self)
  static let jobs: OptionKey<Int> = .integer(
    "jobs", short: "j",
    help: "The number of traces made in parallel (1 to 256); the output does not depend on it.",
    default: { ParallelMap.coreCount }, defaultText: "all cores", in: 1...256)

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
      drags or scrolls that start on it mean 'cancel'. For a transition with more \
      than two stops, the gestures are aimed at its stops in turn: short drags that \
      stay at the start stop, slow drags and flicks to each neighbouring stop, and \
      fast flicks that should carry past one, each labelled with the stop meant \
      ('intent: full'). Each trace gets 'target: NAME', the variant's transition name.

      The labels follow from the model of intent, not from people. Every trace names \
      its model ('intentModel: synth-target', 'intentModelVersion: 1'; untargeted: \
      'synth-untargeted'; more than two stops: 'synth-target-stops') and, with \
      --target, writes all of the model's assumptions: 'intentMix', 'intentPeekDepth', \
      'intentCommitDistance', 'intentDragSpeed' and 'intentFlickDistance'. --mix, \
      --peek-depth, --commit-distance, --drag-speed and --flick-distance change them \
      (two-outcome transitions only; a tap-driven one takes --mix only); \
      docs/intent-sensitivity.md shows how much the analysis depends on them.
      """,
    options: [
      traces.option, seed.option, rate.option, target.option, TransitionsOption.key.option,
    ] + IntentModelOptions.all.map(\.option) + [
      SharedOptions.output.option, format.option, jobs.option, SharedOptions.force.option,
    ],
    examples: [
      ("gesturetrace synth --traces 300 --seed 7 -o corpus.csv", "A small corpus."),
      (
        "gesturetrace synth --target player-sheet --traces 150 --rate 60 -o sheet.csv",
        "Gestures made to open the player sheet, labelled for it."
      ),
      (
        "gesturetrace synth --target lyrics-swap --traces 150 --seed 2026 --rate 60 "
          + "--mix hesitant=0.3 --peek-depth 10...40 -o lyrics-deep-peeks.csv",
        "The same under another model of intent: more and deeper hesitant peeks."
      ),
      (
        "gesturetrace synth --traces 20 --format jsonl | gesturetrace info -",
        "JSON Lines to standard output, described by info."
      ),
    ])

  /// The number of traces in one piece of work: about 1.8 MB of CSV.
  static let batch = 512

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let count = try arguments[Self.traces]
    let seed = try arguments[Self.seed]
    let rate = try arguments[Self.rate]
    let path = try arguments[SharedOptions.output]
    let format = try arguments[Self.format] ?? TraceFileFormat(path: path) ?? .csv
    let synthesizer: TraceSynthesizer
    let catalog = try TransitionsOption.catalog(arguments)
    let (model, given) = try IntentModelOptions.model(arguments)
    if let spec = try arguments[Self.target] {
      let variant: Variant
      do throws(VariantError) {
        variant = try Variant(parsing: spec, in: catalog)
      } catch {
        throw .usage(
          "The value '\(spec.escapingControlCharacters)' is invalid for "
            + "'\(Self.target.option.usageLabel)': "
            + error.reason.escapingControlCharacters,
          help: "\(Self.target.option.usageLabel)  \(Self.target.option.help)")
      }
      do throws(IntentModel.Problem) {
        try model.check(for: variant.gesture, changed: given)
        synthesizer = try TraceSynthesizer(seed: seed, rate: rate, target: variant, model: model)
      } catch {
        let options = given.sorted().joined(separator: ", ")
        throw .usage(
          "The model of intent (\(options)) does not fit '\(spec.escapingControlCharacters)': "
            + "\(error.reason.escapingControlCharacters)",
          help: "\(Self.target.option.usageLabel)  \(Self.target.option.help)")
      }
    } else {
      if let first = given.sorted().first {
        throw .usage(
          "'\(first)' needs '\(Self.target.option.usageLabel)': it sets an assumption of the "
            + "model of intent of a transition",
          help: "\(Self.target.option.usageLabel)  \(Self.target.option.help)")
      }
      synthesizer = TraceSynthesizer(seed: seed, rate: rate)
    }
    let encoder = format.makeEncoder(columns: CSVColumns(velocity: true, location: true))
    let jobs = try arguments[Self.jobs]
    var output = try OutputFile(
      path: path, replacing: arguments[SharedOptions.force],
      inputs: arguments.value(TransitionsOption.key.name).map { [$0] } ?? [])
    // NB: each trace depends only on (seed, index), so batches of traces are
    // made on `jobs` threads while this one writes the finished ones in
    // index order: the bytes do not depend on the number of jobs.
    let batches = (count + Self.batch - 1) / Self.batch
    let work = OrderedWork<Range<Int>, [UInt8]>(threads: jobs) { range in
      var bytes: [UInt8] = []
      bytes.reserveCapacity(range.count * 4_096)
      synthesizer.encodeTraces(range, as: format, into: &bytes)
      return bytes
    }
    defer { work.finish() }
    var added = 0
    func addBatch() {
      let lower = added * Self.batch
      work.add(lower..<min(lower + Self.batch, count))
      added += 1
    }
    do {
      try output.write(encoder.fileHeader(), io: &io)
      var progress = Progress(label: "synth", total: count, io: io)
      while added < min(batches, 2 * jobs) { addBatch() }
      for batch in 0..<batches {
        let bytes = work.result(at: batch)
        if added < batches { addBatch() }
        try output.write(bytes: bytes, io: &io)
        progress.update(min(count, (batch + 1) * Self.batch), io: &io)
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
