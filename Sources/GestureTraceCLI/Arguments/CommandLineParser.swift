/// The values given on a command line, by option name.
struct ParsedArguments {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  /// The last value of an option, or its default.
  func value(_ name: String, default defaultValue: String? = nil) -> String? {
    values[name]?.last ?? defaultValue
  }

  /// Every value of a repeating option.
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Reads a subcommand's arguments the way argument-parser does.
///
/// Accepts `--opt value` and `--opt=value`, short options (`-o value`),
/// options before or after positionals, `--` to end options and `-` as a
/// positional (standard input or output).
struct CommandLineParser {
  var spec: CommandSpec

  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String? = nil
      var option: CommandSpec.Option?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        option = spec.allOptions.first { $0.name == name }
      } else {
        let letters = argument.dropFirst()
        name = String(letters)
        if letters.count == 1 {
          option = spec.allOptions.first { $0.short == letters.first }
        } else if letters.count > 1, let first = letters.first,
          let short = spec.allOptions.first(where: { $0.short == first && !$0.isFlag })
        {
          option = short
          inlineValue = String(letters.dropFirst())
        }
      }
      guard let option else {
        throw .usage(unknownOptionMessage(argument))
      }
      if option.isFlag {
        if inlineValue != nil {
          throw .usage("Unexpected value for '--\(option.name)'")
        }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count,
        !arguments[index].hasPrefix("-") || arguments[index] == "-"
          || Double(arguments[index]) != nil || Self.isNegativeValue(arguments[index])
      {
        value = arguments[index]
        index += 1
      } else {
        throw .usage("Missing value for '\(option.usageLabel)'", help: helpLine(option))
      }
      // NB: an empty file name is a bad command line (64), not a file that
      // cannot be created (73) or found (66).
      if value.isEmpty, option.valueName == "output" || option.valueName == "file" {
        throw .usage(
          "The value '' is invalid for '\(option.usageLabel)'. Please provide a file name"
            + (option.valueName == "output" ? " or - for standard output." : "."),
          help: helpLine(option))
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw .usage(
          "The value '\(value.escapingControlCharacters)' is invalid for '\(option.usageLabel)'. "
            + CommandLineParser.pleaseProvide(allowed),
          help: helpLine(option))
      }
      parsed.values[option.name, default: []].append(value)
    }
    return parsed
  }

  /// Checks the positionals against the declared arguments.
  func checkPositionals(_ parsed: ParsedArguments) throws(CommandError) {
    let required = spec.arguments.filter { !$0.isOptional }
    if parsed.positionals.count < required.count {
      throw .usage("Missing expected argument '<\(required[parsed.positionals.count].name)>'")
    }
    if !spec.arguments.contains(where: \.isRepeating),
      parsed.positionals.count > spec.arguments.count
    {
      let extra = parsed.positionals.dropFirst(spec.arguments.count)
      if extra.count == 1 {
        throw .usage("Unexpected argument '\(extra.first!.escapingControlCharacters)'")
      }
      throw .usage(
        "\(extra.count) unexpected arguments: "
          + extra.map { "'\($0.escapingControlCharacters)'" }.joined(separator: ", "))
    }
  }

  func helpLine(_ option: CommandSpec.Option) -> String {
    "\(option.usageLabel)  \(option.help)"
  }

  private func unknownOptionMessage(_ argument: String) -> String {
    let name = argument.split(separator: "=").first.map(String.init) ?? argument
    let candidates = spec.allOptions.filter { !$0.isHidden }.map { "--\($0.name)" }
    if let suggestion = CommandLineParser.closest(to: name, in: candidates) {
      return "Unknown option '\(name.escapingControlCharacters)'. Did you mean '\(suggestion)'?"
    }
    return "Unknown option '\(name.escapingControlCharacters)'"
  }

  /// `one of 'a' or 'b'`, `one of 'a', 'b' or 'c'`, `'a'`; six or more
  /// values as bullets after `one of the following:`.
  static func list(_ values: [String]) -> String {
    if values.count >= 6 {
      return "one of the following:\n" + values.map { "  - \($0)" }.joined(separator: "\n")
    }
    let quoted = values.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return "one of " + quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
  }

  /// `Please provide one of 'a' or 'b'.`, or the bullets of ``list(_:)``
  /// (without a period after the last).
  // NB: callers wrote "one of" before the list, which for six or more
  // values said "Please provide one of one of the following:".
  /// Whether an argument that starts with `-` is a value, not an option:
  /// a minus followed by a digit or a point, such as `-5`, `-0.5` or the
  /// point `-5,10` (no option's name starts with either).
  static func isNegativeValue(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return false }
    return next.isASCII && (next.isNumber || next == ".")
  }

  static func pleaseProvide(_ values: [String]) -> String {
    let list = list(values)
    return "Please provide " + list + (values.count >= 6 ? "" : ".")
  }

  /// The candidate within a small edit distance of `word`, if any.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(2, word.count / 3)
    return best.1 <= limit ? best.0 : nil
  }

  /// The Levenshtein distance between two strings.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      row[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &row)
    }
    return previous[b.count]
  }
}
