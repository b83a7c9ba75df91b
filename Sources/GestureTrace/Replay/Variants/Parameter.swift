/// One named, documented setting of a transition or a release rule.
///
/// A parameter's default is the value its source uses; a variant overrides
/// it by name (`lyrics-swap:dismissalOffset=70`). `gesturetrace variants`
/// prints every parameter with its default, unit and source.
public struct Parameter: Sendable, Hashable {
  /// The values a parameter takes.
  public enum Kind: Sendable, Hashable {
    /// A finite decimal number within the range.
    case number(ClosedRange<Double>)
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of the listed words.
    case choice([String])
  }

  /// The name used in variant specs, in lowerCamelCase.
  public let name: String
  /// The values it takes.
  public let kind: Kind
  /// The default, as it would be written in a spec.
  public let defaultValue: String
  /// The unit of a number (`pt`, `s`, `pt/s`, …); empty when it has none.
  public let unit: String
  /// What it controls, in one sentence.
  public let summary: String
  /// Where the default comes from.
  public let source: String

  /// Creates a number parameter.
  public static func number(
    _ name: String, _ defaultValue: Double, unit: String = "",
    in range: ClosedRange<Double> = -1e9...1e9, summary: String, source: String
  ) -> Parameter {
    Parameter(
      name: name, kind: .number(range), defaultValue: defaultValue.shortestDescription,
      unit: unit, summary: summary, source: source)
  }

  /// Creates a number parameter whose default depends on another setting
  /// (`defaultText` says how, such as `80 (y), 60 (x), 90 (both)`).
  public static func number(
    _ name: String, defaultText: String, unit: String = "",
    in range: ClosedRange<Double> = -1e9...1e9, summary: String, source: String
  ) -> Parameter {
    Parameter(
      name: name, kind: .number(range), defaultValue: defaultText, unit: unit,
      summary: summary, source: source)
  }

  /// Creates a whole-number parameter.
  public static func integer(
    _ name: String, _ defaultValue: Int, unit: String = "", in range: ClosedRange<Int>,
    summary: String, source: String
  ) -> Parameter {
    Parameter(
      name: name, kind: .integer(range), defaultValue: String(defaultValue), unit: unit,
      summary: summary, source: source)
  }

  /// Creates a parameter that takes one of several words.
  public static func choice(
    _ name: String, _ choices: [String], default defaultValue: String, summary: String,
    source: String
  ) -> Parameter {
    Parameter(
      name: name, kind: .choice(choices), defaultValue: defaultValue, unit: "",
      summary: summary, source: source)
  }

  /// A description of the values it accepts, for help and error messages.
  public var accepted: String {
    switch kind {
    case .number(let range):
      return "a number from \(range.lowerBound.shortestDescription)"
        + " to \(range.upperBound.shortestDescription)"
    case .integer(let range):
      return "a whole number from \(range.lowerBound) to \(range.upperBound)"
    case .choice(let words):
      return "one of " + words.joined(separator: ", ")
    }
  }

  /// Returns the value `text` stands for, or `nil` when the parameter does
  /// not accept it.
  func value(parsing text: String) -> ParameterValue? {
    switch kind {
    case .number(let range):
      guard let number = DecimalLiteral.parseDouble(text), range.contains(number) else {
        return nil
      }
      return .number(number)
    case .integer(let range):
      guard let number = Int(text), range.contains(number) else { return nil }
      return .number(Double(number))
    case .choice(let words):
      return words.contains(text) ? .word(text) : nil
    }
  }
}

/// A parameter's value: a number or a word.
public enum ParameterValue: Sendable, Hashable {
  /// A number (whole numbers too).
  case number(Double)
  /// A word from a choice.
  case word(String)
}
