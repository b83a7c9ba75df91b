import GestureTrace

/// The options of `gesturetrace record`, each declared once: the spec
/// lists them and ``RecordRequest`` reads them.
enum RecordOptions {
  static let source: OptionKey<RecordRequest.Source> = .choice(
    "from", valueName: "source", help: "Where the input comes from.", default: .auto)

  static let estimator = OptionKey<VelocityEstimator>(
    option: .init(
      name: "estimator", valueName: "name", help: "The velocity estimator.",
      defaultValue: PanRecognizer.defaultEstimator.name,
      allowedValues: VelocityEstimator.allCases.map(\.name))
  ) { arguments, option in
    arguments.value(option.name).flatMap(VelocityEstimator.init(name:))
      ?? PanRecognizer.defaultEstimator
  }

  static let slop: OptionKey<Double> = .number(
    "slop", valueName: "pt",
    help: "How far the pointer moves, in points, before the pan begins.", default: 10,
    in: 0...10_000)

  static let scaleHelp = "Pixels (or device units) per point; positions are divided by it."

  /// `--scale`: `nil` when not given.
  static let scale = SharedOptions.scale(
    help: scaleHelp, defaultText: "1; for device logs, from the axis resolution")

  static let timeUnit: OptionKey<RecordRequest.TimeUnit> = .choice(
    "time-unit", valueName: "unit", help: "The unit of the CSV column t.", default: .s)

  static let variantHelp =
    "A transition the gestures are made for: written as each trace's target (the first), "
    + "shown live by the terminal (repeatable, at most 256)."

  static let variant: OptionKey<[String]> = .repeating(
    "variant", valueName: "spec", help: variantHelp)

  static let fps: OptionKey<Int> = .integer(
    "fps", help: "The terminal view's frames per second.", default: RecordRequest.defaultFPS,
    in: 1...240)

  static let hostHelp = "The address the browser page is served on (0.0.0.0: every network)."

  static let host: OptionKey<String> = .text(
    "host", valueName: "addr", help: hostHelp, default: RecordRequest.defaultHost)

  static let port: OptionKey<Int> = .integer(
    "port", help: "The browser page's port (0: any free port).",
    default: RecordRequest.defaultPort, in: 0...65_535)

  static let format: OptionKey<TraceFileFormat?> = .choice(
    "format", valueName: "format",
    help: "The output format; by default from the output's extension, else CSV.",
    of: TraceFileFormat.self)

  static let lenient: OptionKey<Bool> = .flag(
    "lenient", help: "Skip bad samples and exit 0; say at the end how many and why.")

  /// Every option, in the order the help lists them.
  static let all: [CommandSpec.Option] = [
    source.option, SharedOptions.output.option, estimator.option, slop.option, scale.option,
    timeUnit.option, variant.option, TransitionsOption.key.option, fps.option, host.option,
    port.option, format.option,
    SharedOptions.force.option, lenient.option,
  ]
}
