import GestureTrace

/// What `gesturetrace record` was asked to do: the parsed and checked
/// options, shared by every source.
struct RecordRequest {
  /// Where raw pointer input comes from.
  typealias Source = RecordSource

  /// The unit of the `t` column of raw CSV samples.
  enum TimeUnit: String, CaseIterable {
    case s, ms, us, ns

    /// The power of ten that turns a number in this unit into seconds.
    var secondsExponent: Int {
      switch self {
      case .s: 0
      case .ms: -3
      case .us: -6
      case .ns: -9
      }
    }
  }

  /// The source.
  var source: Source
  /// The input path (`-` is standard input); `nil` for `terminal`.
  var input: String?
  /// The output path; `-` is standard output.
  var output: String
  /// Whether an existing output file may be replaced.
  var force: Bool
  /// Whether problems are counted and summed up instead of failing the run.
  var lenient: Bool
  /// The output format.
  var format: TraceFileFormat
  /// The velocity estimator.
  var estimator: VelocityEstimator
  /// The pan slop in points.
  var slop: Double
  /// Pixels (or device units) per point, when given.
  var scale: Double?
  /// The unit of raw CSV times.
  var timeUnit: TimeUnit
  /// The `--variant` specs, checked, for the terminal's live view.
  var variants: [String]
  /// The transitions the specs may name: the built-in ones and those of
  /// `--transitions FILE`.
  var catalog: TransitionCatalog
  /// The transition name of the first `--variant`, written as every
  /// trace's `target`; `nil` without `--variant`.
  // NB: intent is relative to one transition; with several variants the
  // first names it (the terminal shows it first).
  var target: String?
  /// The terminal live view's redraw rate in frames per second.
  var fps: Int
  /// The address the browser recorder listens on.
  var host: String
  /// The port the browser recorder listens on; 0 for any free port.
  var port: Int

  /// The default `--fps`.
  static let defaultFPS = 60
  /// The default `--host`: this machine only.
  static let defaultHost = "127.0.0.1"
  /// The default `--port`.
  static let defaultPort = 8080

  /// Reads and checks the options; usage errors throw.
  init(_ arguments: ParsedArguments) throws(CommandError) {
    // NB: option values were checked against `allowedValues` by the parser.
    source = try arguments[RecordOptions.source]
    let positional = arguments.positionals.first
    switch source.input {
    case .fileOrStandardInput:
      input = positional ?? "-"
    case .standardInput:
      if let positional, positional != "-" {
        throw .usage(
          "Unexpected argument '\(positional.escapingControlCharacters)': --from \(source.name) "
            + "reads standard input"
        )
      }
      input = "-"
    case .file:
      guard let positional else { throw .usage("Missing expected argument '<input>'") }
      input = positional
    case .nothing(let reads):
      if let positional {
        throw .usage(
          "Unexpected argument '\(positional.escapingControlCharacters)': --from \(source.name) "
            + "reads \(reads)"
        )
      }
      input = nil
    }
    output = try arguments[SharedOptions.output]
    // NB: an output that is the input, by any name, is refused when the
    // output is opened (TraceAppender, by device and inode).
    force = arguments[SharedOptions.force]
    lenient = arguments[RecordOptions.lenient]
    format = try arguments[RecordOptions.format] ?? TraceFileFormat(path: output) ?? .csv
    estimator = try arguments[RecordOptions.estimator]
    slop = try arguments[RecordOptions.slop]
    scale = try arguments[RecordOptions.scale]
    timeUnit = try arguments[RecordOptions.timeUnit]
    variants = try arguments[RecordOptions.variant]
    try VariantSelection.checkCount(variants.count)
    catalog = try TransitionsOption.catalog(arguments)
    target = nil
    for spec in variants {
      do throws(VariantError) {
        let variant = try Variant(parsing: spec, in: catalog)
        if target == nil { target = variant.transition }
      } catch {
        throw .usage(
          "The value '\(spec.escapingControlCharacters)' is invalid for '--variant <spec>': "
            + "\(error.reason.escapingControlCharacters)",
          help: "--variant <spec>  \(RecordOptions.variantHelp)")
      }
    }
    fps = try arguments[RecordOptions.fps]
    host = try arguments[RecordOptions.host]
    guard Platform.isIPv4Address(host) else {
      throw .usage(
        "The value '\(host.escapingControlCharacters)' is invalid for '--host <addr>'. Please "
          + "provide an IPv4 address "
          + "such as 127.0.0.1 or 0.0.0.0.",
        help: "--host <addr>  \(RecordOptions.hostHelp)")
    }
    port = try arguments[RecordOptions.port]
  }

  /// The recognizer the options describe, for positions in units of
  /// `scale` per point.
  func recognizer(scale: Double) -> PanRecognizer {
    PanRecognizer(slop: slop, scale: scale, estimator: estimator)
  }
}
