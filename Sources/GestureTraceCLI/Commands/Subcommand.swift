import GestureTrace

/// A `gesturetrace` subcommand: its spec and what it does.
protocol Subcommand: Sendable {
  /// The command's name, arguments, options and help.
  static var spec: CommandSpec { get }
  /// Runs the command with parsed arguments.
  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
}

extension Subcommand {
  /// Reads an integer option within a range, or throws a usage error.
  static func integer(
    _ arguments: ParsedArguments, _ name: String, default defaultValue: Int,
    in range: ClosedRange<Int>
  ) throws(CommandError) -> Int {
    guard let text = arguments.value(name) else { return defaultValue }
    guard let value = Int(text), range.contains(value) else {
      let option = spec.allOptions.first { $0.name == name }
      throw .usage(
        "The value '\(text)' is invalid for '--\(name) <\(option?.valueName ?? "n")>'. "
          + "Please provide a whole number from \(range.lowerBound) to \(range.upperBound).",
        help: option.map { "\($0.usageLabel)  \($0.help)" })
    }
    return value
  }

  /// Reads a number option within a range, or throws a usage error.
  static func number(
    _ arguments: ParsedArguments, _ name: String, default defaultValue: Double,
    in range: ClosedRange<Double>
  ) throws(CommandError) -> Double {
    guard let text = arguments.value(name) else { return defaultValue }
    // NB: `Double(_:)` also reads `0x10`, `nan` and `infinity`; options take
    // the decimal numbers a trace file does.
    guard let value = Double(decimalText: text), range.contains(value) else {
      let option = spec.allOptions.first { $0.name == name }
      throw .usage(
        "The value '\(text)' is invalid for '--\(name) <\(option?.valueName ?? "n")>'. "
          + "Please provide a number from \(range.lowerBound.shortText) to "
          + "\(range.upperBound.shortText).",
        help: option.map { "\($0.usageLabel)  \($0.help)" })
    }
    return value
  }
}
