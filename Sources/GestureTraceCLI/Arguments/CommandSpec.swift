import GestureTrace

/// What a subcommand accepts, and the text of its help.
struct CommandSpec {
  /// An option such as `--format <format>` or a flag such as `--force`.
  struct Option {
    var name: String
    var short: Character? = nil
    /// The value's name in usage (`format`); `nil` for a flag.
    var valueName: String? = nil
    var help: String
    var defaultValue: String? = nil
    /// The allowed values, when the option takes one of a fixed set.
    var allowedValues: [String]? = nil
    /// Whether the option may be given more than once.
    var isRepeating = false
    /// Whether help, usage and suggestions leave the option out: an old
    /// name kept working for a release.
    var isHidden = false

    var isFlag: Bool { valueName == nil }

    /// `--format <format>` or `-o, --output <output>`.
    var label: String {
      var text = short.map { "-\($0), " } ?? ""
      text += "--\(name)"
      if let valueName { text += " <\(valueName)>" }
      return text
    }

    /// The label as in usage lines: `--format <format>`.
    var usageLabel: String {
      if let valueName { return "--\(name) <\(valueName)>" }
      return "--\(name)"
    }
  }

  /// A positional argument.
  struct Argument {
    var name: String
    var help: String
    var isOptional = false
    var isRepeating = false
  }

  var name: String
  var abstract: String
  var discussion: String? = nil
  var arguments: [Argument] = []
  var options: [Option] = []
  var examples: [(command: String, comment: String)] = []

  /// The options every subcommand accepts.
  static let commonOptions = [
    Option(name: "version", help: "Show the version."),
    Option(name: "help", short: "h", help: "Show help information."),
  ]

  var allOptions: [Option] { options + CommandSpec.commonOptions }

  var helpCommand: String { "gesturetrace \(name) --help" }

  /// `gesturetrace analyze [--format <format>] [<files> ...]`.
  var usageLine: String { usageParts.joined(separator: " ") }

  /// The words of the usage line, one per option or argument.
  var usageParts: [String] {
    var parts = ["gesturetrace", name]
    for option in options where !option.isHidden {
      let label = option.usageLabel
      parts.append(option.isRepeating ? "[\(label) ...]" : "[\(label)]")
    }
    for argument in arguments {
      var label = "<\(argument.name)>"
      if argument.isRepeating { label += " ..." }
      parts.append(argument.isOptional ? "[\(label)]" : label)
    }
    return parts
  }
}

extension CommandSpec.Option {
  /// `--format <format>`: the old name of `--from` in `info` and
  /// `validate`, hidden, kept for one release (it warns when used); every
  /// command's `--format` names what it writes.
  static let formerInputFormat = SharedOptions.formerInputFormat.option

  /// `-o, --output` (``SharedOptions/output``).
  static let output = SharedOptions.output.option

  /// `--force` (``SharedOptions/force``).
  static let force = SharedOptions.force.option

  /// `--from`: the input format, in every command that reads trace files
  /// (`--format` names what a command writes; ``SharedOptions/inputFrom``).
  static let inputFrom = SharedOptions.inputFrom.option

  /// `--to` (``SharedOptions/outputTo``).
  static let outputTo = SharedOptions.outputTo.option

  /// `--estimator` (``SharedOptions/replayEstimator``).
  static let releaseEstimator = SharedOptions.replayEstimator.option
}
