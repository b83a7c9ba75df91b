import Testing

@testable import GestureTraceCLI

@Suite struct HelpTests {
  @Test func rootHelpListsEverySubcommand() {
    let result = run(["--help"])
    #expect(result.exitCode == .success)
    #expect(result.output.hasPrefix("OVERVIEW: Record, replay and analyze pan gesture traces.\n"))
    #expect(result.output.contains("USAGE: gesturetrace <subcommand>\n"))
    for name in ["analyze", "validate", "convert", "info", "synth", "repair"] {
      #expect(result.output.contains("\n  \(name)  "), "\(name)")
    }
    #expect(result.output.hasSuffix("  See 'gesturetrace help <subcommand>' for detailed help.\n"))
  }

  @Test(arguments: [
    "analyze", "validate", "convert", "info", "synth", "replay", "variants", "record", "repair",
    "check", "export",
  ])
  func everySubcommandHasHelpWithAnExample(_ name: String) {
    let long = run([name, "--help"])
    #expect(long.exitCode == .success)
    #expect(long.output.hasPrefix("OVERVIEW: "))
    #expect(long.output.contains("USAGE: gesturetrace \(name)"))
    #expect(long.output.contains("OPTIONS:\n"))
    #expect(long.output.contains("  -h, --help              Show help information.\n"))
    // Examples may start with what makes their input (printf, head).
    let examples = HelpExampleTests.examples(inHelp: long.output)
    #expect(examples.contains { $0.contains("gesturetrace \(name)") })
    // -h, --help and `help <name>` are the same screen.
    #expect(run([name, "-h"]).output == long.output)
    #expect(run(["help", name]).output == long.output)
    // Every line fits in 80 columns.
    #expect(long.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func convertHelpShowsValuesAndDefaults() {
    let help = run(["convert", "--help"]).output
    #expect(
      help.contains(
        "USAGE: gesturetrace convert [--output <output>] [--to <format>]\n"
          + "         [--from <format>] [--force] [--lenient] [--scale <px-per-pt>]\n"
          + "         [--jobs <n>] <input>\n"))
    #expect(
      help.contains(
        "  -o, --output <output>   The file to write (- is standard output). (default: -)\n"))
    #expect(help.contains("  --to <format>           The output format. (values: csv, jsonl)\n"))
  }

  /// A number's allowed range, said by the error for a value outside it,
  /// is in the option's help.
  @Test(arguments: [
    (["analyze", "--jobs", "0"], "jobs"),
    (["synth", "--jobs", "0"], "jobs"),
    (["convert", "-", "--to", "csv", "--jobs", "0"], "jobs"),
    (["info", "-", "--jobs", "0"], "jobs"),
    (["analyze", "--fps", "0"], "fps"),
    (["replay", "-", "--fps", "0"], "fps"),
    (["replay", "-", "--max-frames", "0"], "max-frames"),
    (["synth", "--traces", "-1"], "traces"),
    (["synth", "--rate", "0"], "rate"),
  ])
  func aNumbersRangeIsInItsHelp(arguments: [String], option: String) throws {
    let error = run(arguments).error
    // "… Please provide a whole number from 1 to 256.\n"
    let from = try #require(error.range(of: " from "))
    let end = try #require(error[from.upperBound...].range(of: ".\n"))
    let range = String(error[from.upperBound..<end.lowerBound])
    let spec = try #require(TraceTool.subcommands.first { $0.spec.name == arguments[0] }).spec
    let help = try #require(spec.options.first { $0.name == option }).help
    #expect(help.contains("(\(range))"), "\(help)")
  }

  @Test func versionPrintsJustTheVersion() {
    assertRun(["--version"], stdout: "\(TraceTool.version)\n", stderr: "", exit: .success)
    assertRun(
      ["validate", "--version"], stdout: "\(TraceTool.version)\n", stderr: "", exit: .success)
  }

  @Test func noArgumentsPrintsTheErrorThenTheHelp() {
    let result = run([])
    #expect(result.exitCode == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("Error: Missing expected argument '<subcommand>'\n\nOVERVIEW: "))
  }
}
