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

  /// `--lenient`: skip bad traces and count them instead of stopping.
  static let lenient: OptionKey<Bool> = .flag(
    "lenient", help: "Skip bad traces instead of stopping; say at the end how many and why.")
}
