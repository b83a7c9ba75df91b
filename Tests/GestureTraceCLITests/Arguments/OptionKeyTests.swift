import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Typed option keys: one declaration gives the help's default and the
/// value `run` reads, parsed as the command line gives it.
@Suite struct OptionKeyTests {
  static let count: OptionKey<Int> = .integer(
    "count", help: "How many.", default: 100, in: 0...1_000)
  static let seed: OptionKey<UInt64> = .integer(
    "seed", valueName: "seed", help: "The seed.", default: 1, in: 0...UInt64.max)
  static let rate: OptionKey<Double> = .number(
    "rate", valueName: "hz", help: "The rate.", default: 120, in: 30...240)
  static let format: OptionKey<TraceFileFormat?> = .choice(
    "format", valueName: "format", help: "The format.", of: TraceFileFormat.self)
  static let names: OptionKey<[String]> = .repeating(
    "name", valueName: "name", help: "A name (repeatable).")
  static let target: OptionKey<String?> = .optionalText(
    "target", valueName: "variant", help: "The target.")
  static let quiet: OptionKey<Bool> = .flag("quiet", help: "Say nothing.")

  static let spec = CommandSpec(
    name: "test", abstract: "A test.",
    options: [
      count.option, seed.option, rate.option, format.option, names.option, target.option,
      quiet.option, SharedOptions.output.option,
    ])

  func parse(_ words: [String]) throws -> ParsedArguments {
    try CommandLineParser(spec: Self.spec).parse(words)
  }

  @Test func defaultsAreWhatTheHelpShows() throws {
    let none = try parse([])
    #expect(try none[Self.count] == 100 && Self.count.option.defaultValue == "100")
    #expect(try none[Self.seed] == 1)
    #expect(try none[Self.rate] == 120 && Self.rate.option.defaultValue == "120")
    #expect(try none[Self.format] == nil)
    #expect(try none[Self.names] == [])
    #expect(try none[Self.target] == nil)
    #expect(none[Self.quiet] == false)
    #expect(try none[SharedOptions.output] == "-")
  }

  @Test func givenValuesAreTyped() throws {
    let given = try parse([
      "--count", "7", "--seed=18446744073709551615", "--rate", "60.5", "--format", "jsonl",
      "--name", "b", "--name", "a", "--target", "player-sheet", "--quiet", "-o", "x.csv",
    ])
    #expect(try given[Self.count] == 7)
    #expect(try given[Self.seed] == .max)
    #expect(try given[Self.rate] == 60.5)
    #expect(try given[Self.format] == .jsonl)
    #expect(try given[Self.names] == ["b", "a"])
    #expect(try given[Self.target] == "player-sheet")
    #expect(given[Self.quiet])
    #expect(try given[SharedOptions.output] == "x.csv")
  }

  @Test(arguments: [
    (
      ["--count", "1001"],
      "The value '1001' is invalid for '--count <n>'. Please provide a whole number from 0 to 1000."
    ),
    (
      ["--count", "1.5"],
      "The value '1.5' is invalid for '--count <n>'. Please provide a whole number from 0 to 1000."
    ),
    (
      ["--seed", "-1"],
      "The value '-1' is invalid for '--seed <seed>'. Please provide a whole number from 0 to 18446744073709551615."
    ),
    (
      ["--rate", "0x40"],
      "The value '0x40' is invalid for '--rate <hz>'. Please provide a number from 30 to 240."
    ),
    (
      ["--rate", "nan"],
      "The value 'nan' is invalid for '--rate <hz>'. Please provide a number from 30 to 240."
    ),
  ])
  func invalidValuesAreUsageErrorsNamingTheRange(_ words: [String], _ message: String) throws {
    let arguments = try parse(words)
    let error = #expect(throws: CommandError.self) {
      _ = try arguments[Self.count]
      _ = try arguments[Self.seed]
      _ = try arguments[Self.rate]
    }
    #expect(error == .usage(message, help: String?.none).withHelp(of: words[0]))
  }
}

extension CommandError {
  /// The usage error with the help line of the option named `flag`.
  fileprivate func withHelp(of flag: String) -> CommandError {
    guard case .usage(let message, _) = self,
      let option = OptionKeyTests.spec.options.first(where: { "--\($0.name)" == flag })
    else { return self }
    return .usage(message, help: "\(option.usageLabel)  \(option.help)")
  }
}
