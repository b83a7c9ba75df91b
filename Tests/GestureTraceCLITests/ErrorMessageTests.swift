import Testing

@testable import GestureTraceCLI

@Suite struct ErrorMessageTests {
  @Test func unknownOptionSuggestsClosestName() {
    assertRun(
      ["convert", "in.csv", "--fromat", "csv"],
      stderr: """
        Error: Unknown option '--fromat'. Did you mean '--format'?
        Usage: gesturetrace convert [--output <output>] [--to <format>] [--from <format>] [--force] [--lenient] [--scale <px-per-pt>] <input>
          See 'gesturetrace convert --help' for more information.

        """.replacingOccurrences(of: "'--format'", with: "'--from'"),
      exit: .usage)
  }

  @Test func unknownSubcommandSuggestsClosestName() {
    assertRun(
      ["anlyze"],
      stderr: """
        Error: Unknown subcommand 'anlyze'. Did you mean 'analyze'?
        Usage: gesturetrace <subcommand>
          See 'gesturetrace --help' for more information.

        """, exit: .usage)
  }

  @Test func invalidValueListsTheAllowedOnes() {
    assertRun(
      ["convert", "in.csv", "--to", "yaml"],
      stderr: """
        Error: The value 'yaml' is invalid for '--to <format>'. Please provide one of 'csv' or 'jsonl'.
        Help:  --to <format>  The output format.
        Usage: gesturetrace convert [--output <output>] [--to <format>] [--from <format>] [--force] [--lenient] [--scale <px-per-pt>] <input>
          See 'gesturetrace convert --help' for more information.

        """, exit: .usage)
  }

  @Test func missingValueAndMissingArgument() {
    let missingValue = run(["convert", "in.csv", "--to"])
    #expect(missingValue.exitCode == .usage)
    #expect(missingValue.error.hasPrefix("Error: Missing value for '--to <format>'\nHelp:  --to <format>  The output format.\n"))
    let missingArgument = run(["convert"])
    #expect(missingArgument.exitCode == .usage)
    #expect(missingArgument.error.hasPrefix("Error: Missing expected argument '<input>'\nUsage: "))
    let extra = run(["convert", "a.csv", "b.csv", "c.csv"])
    #expect(extra.error.hasPrefix("Error: 2 unexpected arguments: 'b.csv', 'c.csv'\n"))
  }

  @Test func badNumbersAreUsageErrors() {
    let result = run(["synth", "--traces", "-5"])
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix(
      "Error: The value '-5' is invalid for '--traces <n>'. Please provide a whole number from 0 to 100000000.\n"))
  }

  @Test func optionsAcceptEqualsAndComeAfterPositionals() {
    let result = run(["synth", "--traces=2", "--seed", "3"])
    #expect(result.exitCode == .success)
    #expect(result.output.hasPrefix("# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy,x,y\n"))
  }
}
