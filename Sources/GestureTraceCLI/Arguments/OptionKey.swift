import GestureTrace

/// One option declared once: what the help shows (name, value name, help,
/// default, allowed values) and how `run` reads its value, typed.
///
/// A command keeps its keys as static properties, lists their ``option``s in
/// its spec and reads `try arguments[key]`, so the spec and `run` cannot
/// disagree on a name or a default, as with argument-parser's property
/// wrappers:
///
/// ```swift
/// static let traces = OptionKey.integer(
///   "traces", valueName: "n", help: "The number of traces.", default: 100, in: 0...1_000)
/// static let spec = CommandSpec(name: "synth", abstract: "…", options: [traces.option])
/// // in run:
/// let count = try arguments[traces]  // 100 when not given; a usage error past 1,000
/// ```
struct OptionKey<Value>: Sendable {
  /// The option as the spec, the parser and the help show it.
  let option: CommandSpec.Option
  /// Reads the value from parsed arguments; a usage error when it is not
  /// valid.
  let read: @Sendable (ParsedArguments, CommandSpec.Option) throws(CommandError) -> Value

  /// The option's name, without the dashes.
  var name: String { option.name }

  /// A usage error for a value that is not valid, naming what is.
  static func invalid(
    _ text: String, for option: CommandSpec.Option, expected: String
  ) -> CommandError {
    .usage(
      "The value '\(text.escapingControlCharacters)' is invalid for '\(option.usageLabel)'. "
        + "Please provide \(expected).",
      help: "\(option.usageLabel)  \(option.help)")
  }
}

extension ParsedArguments {
  /// The value of a declared option: given, or its default.
  subscript<Value>(key: OptionKey<Value>) -> Value {
    get throws(CommandError) { try key.read(self, key.option) }
  }

  /// Whether a declared flag was given.
  subscript(key: OptionKey<Bool>) -> Bool { has(key.name) }
}

extension OptionKey<Bool> {
  /// A flag such as `--force`: `true` when given.
  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionKey<Bool> {
    OptionKey(option: .init(name: name, short: short, help: help)) { arguments, option in
      arguments.has(option.name)
    }
  }
}

extension OptionKey<String> {
  /// A text option with a default (`--output`, `-` when not given).
  static func text(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    default defaultValue: String, allowedValues: [String]? = nil
  ) -> OptionKey<String> {
    OptionKey(
      option: .init(
        name: name, short: short, valueName: valueName, help: help, defaultValue: defaultValue,
        allowedValues: allowedValues)
    ) { arguments, option in
      arguments.value(option.name) ?? defaultValue
    }
  }
}

extension OptionKey<String?> {
  /// A text option that may be absent (`--target`).
  ///
  /// `defaultText` is what the help says happens without it (`all cores`).
  static func optionalText(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    defaultText: String? = nil, allowedValues: [String]? = nil
  ) -> OptionKey<String?> {
    OptionKey(
      option: .init(
        name: name, short: short, valueName: valueName, help: help, defaultValue: defaultText,
        allowedValues: allowedValues)
    ) { arguments, option in
      arguments.value(option.name)
    }
  }
}

extension OptionKey<[String]> {
  /// An option that may be given several times (`--variant`), in order.
  static func repeating(
    _ name: String, short: Character? = nil, valueName: String, help: String
  ) -> OptionKey<[String]> {
    OptionKey(
      option: .init(
        name: name, short: short, valueName: valueName, help: help, isRepeating: true)
    ) { arguments, option in
      arguments.all(option.name)
    }
  }
}

extension OptionKey where Value: FixedWidthInteger & Sendable {
  /// A whole number within `range`; `defaultText` is the help's default
  /// when it is not the number itself (`all cores`).
  static func integer(
    _ name: String, short: Character? = nil, valueName: String = "n", help: String,
    default defaultValue: @escaping @Sendable () -> Value, defaultText: String,
    in range: ClosedRange<Value>
  ) -> OptionKey<Value> {
    OptionKey(
      option: .init(
        name: name, short: short, valueName: valueName, help: help, defaultValue: defaultText)
    ) { arguments, option throws(CommandError) in
      guard let text = arguments.value(option.name) else { return defaultValue() }
      guard let value = Value(text), range.contains(value) else {
        throw invalid(
          text, for: option,
          expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }
  }

  /// A whole number within `range`, `defaultValue` when not given.
  static func integer(
    _ name: String, short: Character? = nil, valueName: String = "n", help: String,
    default defaultValue: Value, in range: ClosedRange<Value>
  ) -> OptionKey<Value> {
    integer(
      name, short: short, valueName: valueName, help: help, default: { defaultValue },
      defaultText: String(defaultValue), in: range)
  }
}

extension OptionKey<Double> {
  /// A decimal number within `range`, `defaultValue` when not given.
  ///
  /// Options read the decimal numbers a trace file does: not `0x10`, `nan`
  /// or `infinity`.
  static func number(
    _ name: String, valueName: String, help: String, default defaultValue: Double,
    in range: ClosedRange<Double>
  ) -> OptionKey<Double> {
    OptionKey(
      option: .init(
        name: name, valueName: valueName, help: help, defaultValue: defaultValue.reportText)
    ) { arguments, option throws(CommandError) in
      guard let text = arguments.value(option.name) else { return defaultValue }
      return try number(text, for: option, in: range)
    }
  }

  /// Reads `text` as a decimal number within `range`, or throws a usage
  /// error naming the range.
  static func number(
    _ text: String, for option: CommandSpec.Option, in range: ClosedRange<Double>
  ) throws(CommandError) -> Double {
    guard let value = Double(decimalText: text), range.contains(value) else {
      throw invalid(
        text, for: option,
        expected: "a number from \(range.lowerBound.reportText) to \(range.upperBound.reportText)")
    }
    return value
  }
}

extension OptionKey {
  /// One of `Choice`'s raw values, or `nil` when not given; the parser
  /// refuses any other value, listing these.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, valueName: String, help: String, of type: Choice.Type
  ) -> OptionKey<Choice?> where Choice.RawValue == String {
    OptionKey<Choice?>(
      option: .init(
        name: name, valueName: valueName, help: help,
        allowedValues: Choice.allCases.map(\.rawValue))
    ) { arguments, option in
      arguments.value(option.name).flatMap(Choice.init(rawValue:))
    }
  }

  /// One of `Choice`'s raw values, `defaultValue` when not given.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, valueName: String, help: String, default defaultValue: Choice
  ) -> OptionKey<Choice> where Choice.RawValue == String {
    OptionKey<Choice>(
      option: .init(
        name: name, valueName: valueName, help: help, defaultValue: defaultValue.rawValue,
        allowedValues: Choice.allCases.map(\.rawValue))
    ) { arguments, option in
      arguments.value(option.name).flatMap(Choice.init(rawValue:)) ?? defaultValue
    }
  }
}
