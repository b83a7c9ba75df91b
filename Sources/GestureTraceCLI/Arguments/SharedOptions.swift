import GestureTrace

/// The options several commands share, each declared once.
enum SharedOptions {
  /// `-o, --output`: the file to write, `-` for standard output.
  static let output: OptionKey<String> = .text(
    "output", short: "o", valueName: "output", help: "The file to write (- is standard output).",
    default: "-")

  /// `--force`: replace an existing output file.
  static let force: OptionKey<Bool> = .flag(
    "force", help: "Replace the output file if it exists.")

  /// `--from`: the input format, when the input's extension does not say.
  static let inputFrom: OptionKey<TraceFileFormat?> = .choice(
    "from", valueName: "format", help: "The input format, when the extension does not say.",
    of: TraceFileFormat.self)

  /// `--to`: the output's trace format, when its extension does not say.
  static let outputTo: OptionKey<TraceFileFormat?> = .choice(
    "to", valueName: "format", help: "The output format.", of: TraceFileFormat.self)

  /// `-j, --jobs`: the threads a command reads, replays and writes on.
  static let jobs: OptionKey<Int> = .integer(
    "jobs", short: "j", help: "The number of threads (1 to 256); the output does not depend on it.",
    default: { ParallelMap.coreCount }, defaultText: "all cores", in: 1...256)

  /// `--scale`: pixels per point, `nil` when not given; a usage error
  /// unless above 0 (and at most 1,000,000).
  static func scale(help: String, defaultText: String? = nil) -> OptionKey<Double?> {
    OptionKey<Double?>(
      option: .init(name: "scale", valueName: "px-per-pt", help: help, defaultValue: defaultText)
    ) { arguments, option throws(CommandError) in
      guard let text = arguments.value(option.name) else { return nil }
      let value = try OptionKey<Double>.number(text, for: option, in: 0...1_000_000)
      guard value > 0 else {
        throw OptionKey<Double?>.invalid(text, for: option, expected: "a number greater than 0")
      }
      return value
    }
  }

  /// `--lenient`: skip bad traces and count them instead of stopping.
  static let lenient: OptionKey<Bool> = .flag(
    "lenient", help: "Skip bad traces instead of stopping; say at the end how many and why.")

  /// `--fps`: the replay's frame rate.
  static let fps: OptionKey<Int> = .integer(
    "fps", help: "The replay frame rate (1 to 1000).", default: 120, in: 1...1000)

  /// `--estimator`: the estimator for release velocities a trace lacks.
  static let replayEstimator = OptionKey<VelocityEstimator>(
    option: .init(
      name: "estimator", valueName: "name",
      help: "The velocity estimator for traces without recorded velocities.",
      defaultValue: VelocityEstimator.default.name,
      allowedValues: VelocityEstimator.allCases.map(\.name))
  ) { arguments, option in
    arguments.value(option.name).flatMap(VelocityEstimator.init(name:)) ?? .default
  }

  /// `--format`: the old name of `--from` in `info` and `validate`, hidden,
  /// kept for one release; read through `ParsedArguments.inputFormat(io:)`,
  /// which warns.
  static let formerInputFormat = OptionKey<TraceFileFormat?>(
    option: .init(
      name: "format", valueName: "format", help: "The input format: the old name of --from.",
      allowedValues: TraceFileFormat.allCases.map(\.rawValue), isHidden: true)
  ) { arguments, option in
    arguments.value(option.name).flatMap(TraceFileFormat.init(rawValue:))
  }
}
