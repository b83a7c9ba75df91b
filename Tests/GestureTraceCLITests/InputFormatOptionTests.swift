import Testing

@testable import GestureTraceCLI

/// `--from` names the input format in every command that reads trace
/// files; `--format` names what a command writes (in `info` and `validate`,
/// which write only text, it is the old name of `--from`).
@Suite struct InputFormatOptionTests {
  /// One trace as JSON Lines: read as CSV it is a bad header.
  static let jsonl =
    #"{"id":"g1","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
    + #"{"t":0.1,"phase":"ended","tx":0,"ty":50}]}"# + "\n"

  /// Every command that reads trace files, with standard input.
  static let readers: [[String]] = [
    ["info", "-"], ["validate", "-"], ["convert", "-", "--to", "csv"],
    ["replay", "-", "--variant", "lyrics-swap"], ["analyze", "-", "--variant", "lyrics-swap"],
    ["repair", "-", "--to", "csv"],
  ]

  @Test(arguments: readers)
  func everyReaderTakesTheInputFormatAsFrom(_ command: [String]) {
    let spec = TraceTool.subcommands.first { $0.spec.name == command[0] }!.spec
    #expect(spec.options.contains { $0.name == "from" && !$0.isHidden })
    #expect(run(command + ["--from", "jsonl"], input: Self.jsonl).exitCode == .success)
    // The option is obeyed: the same bytes read as CSV are bad data.
    #expect(run(command + ["--from", "csv"], input: Self.jsonl).exitCode == .dataError)
  }

  @Test(arguments: ["info", "validate"])
  func formatIsAnOldNameThatWarnsOnce(_ name: String) {
    let new = run([name, "-", "--from", "jsonl"], input: Self.jsonl)
    let old = run([name, "-", "--format", "jsonl"], input: Self.jsonl)
    #expect(old.exitCode == .success)
    #expect(old.output == new.output)
    #expect(new.error.isEmpty)
    #expect(
      old.error
        == "warning: use --from for the input format; --format, its old name here, goes in the "
        + "next release\n")
    // --from wins over the old name.
    let both = run([name, "-", "--from", "jsonl", "--format", "csv"], input: Self.jsonl)
    #expect(both.exitCode == .success)
    #expect(both.output == new.output)
  }

  @Test(arguments: ["info", "validate"])
  func helpShowsFromAndSaysWhatBecameOfFormat(_ name: String) {
    let help = run([name, "--help"]).output
    #expect(help.contains("[--from <format>]"))
    #expect(help.contains("  --from <format>         The input format"))
    #expect(!help.contains("[--format <format>]"))
    #expect(!help.contains("  --format <format>"))
    #expect(help.contains("--format, its old name here"))
    // A misspelling is matched against the options help shows.
    let misspelt = run([name, "-", "--fromat", "csv"])
    #expect(misspelt.error.hasPrefix("Error: Unknown option '--fromat'. Did you mean '--from'?\n"))
  }
}
