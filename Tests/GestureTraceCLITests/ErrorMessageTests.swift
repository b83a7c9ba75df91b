import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct ErrorMessageTests {
  @Test func unknownOptionSuggestsClosestName() {
    assertRun(
      ["convert", "in.csv", "--fromat", "csv"],
      stderr: """
        Error: Unknown option '--fromat'. Did you mean '--format'?
        Usage: gesturetrace convert [--output <output>] [--to <format>] [--from <format>] [--force] [--lenient] [--scale <px-per-pt>] [--jobs <n>] <input>
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
        Usage: gesturetrace convert [--output <output>] [--to <format>] [--from <format>] [--force] [--lenient] [--scale <px-per-pt>] [--jobs <n>] <input>
          See 'gesturetrace convert --help' for more information.

        """, exit: .usage)
  }

  @Test func missingValueAndMissingArgument() {
    let missingValue = run(["convert", "in.csv", "--to"])
    #expect(missingValue.exitCode == .usage)
    #expect(
      missingValue.error.hasPrefix(
        "Error: Missing value for '--to <format>'\nHelp:  --to <format>  The output format.\n"))
    let missingArgument = run(["convert"])
    #expect(missingArgument.exitCode == .usage)
    #expect(missingArgument.error.hasPrefix("Error: Missing expected argument '<input>'\nUsage: "))
    let extra = run(["convert", "a.csv", "b.csv", "c.csv"])
    #expect(extra.error.hasPrefix("Error: 2 unexpected arguments: 'b.csv', 'c.csv'\n"))
  }

  @Test func badNumbersAreUsageErrors() {
    let result = run(["synth", "--traces", "-5"])
    #expect(result.exitCode == .usage)
    #expect(
      result.error.hasPrefix(
        "Error: The value '-5' is invalid for '--traces <n>'. Please provide a whole number from 0 to 100000000.\n"
      ))
  }

  @Test func optionsAcceptEqualsAndComeAfterPositionals() {
    let result = run(["synth", "--traces=2", "--seed", "3"])
    #expect(result.exitCode == .success)
    #expect(result.output.hasPrefix("# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy,x,y\n"))
  }

  /// Whether a message says something twice: a quoted text quoted again, or
  /// two words in a row that come again (words split at spaces, quotes left
  /// out).
  static func repeatsItself(_ line: String) -> Bool {
    let pieces = line.split(separator: "'", omittingEmptySubsequences: false)
    let quoted = stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] }
    if Set(quoted).count < quoted.count { return true }
    let words = stride(from: 0, to: pieces.count, by: 2)
      .flatMap { pieces[$0].lowercased().split(separator: " ") }
    let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
    return Set(pairs).count < pairs.count
  }

  @Test func theRepetitionCheckFindsWhatUsedToBePrinted() {
    // Messages as they were printed before the fix.
    #expect(
      Self.repeatsItself(
        "Error: Invalid sweep 'x': invalid sweep 'x': expected SPEC.PARAMETER=LOW...HIGH:STEP"))
    #expect(
      Self.repeatsItself(
        "Error: The value 'nope' is invalid for '--estimator <name>'. Please provide one of one of "
          + "the following:"))
    #expect(
      Self.repeatsItself(
        "Error: Invalid variant 'lyrics-swap:axis=q': invalid value 'q' for axis in "
          + "'lyrics-swap:axis=q'; expected one of y, x, both"))
    #expect(
      !Self.repeatsItself(
        "Error: Invalid variant 'lyrics-swap:axis=q': invalid value 'q' for axis; expected one of "
          + "y, x, both"))
  }

  /// Every message that wraps another (a variant's, a sweep's, a grid's, a
  /// list of values) names what it is about once.
  @Test(arguments: [
    (
      ["analyze", "--sweep", "x"],
      "Error: Invalid sweep 'x': expected SPEC.PARAMETER=LOW...HIGH:STEP, such as "
        + "'lyrics-swap.dismissalOffset=40...160:5'"
    ),
    (
      ["analyze", "--sweep", "lyrics-swap.dismissalOffset=9...1:1"],
      "Error: Invalid sweep 'lyrics-swap.dismissalOffset=9...1:1': range '9...1:1': expected "
        + "LOW...HIGH:STEP with LOW ≤ HIGH and STEP > 0"
    ),
    (
      ["analyze", "--sweep", "lyrics-swap.dismissalOffset=0...5000:1"],
      "Error: Invalid sweep 'lyrics-swap.dismissalOffset=0...5000:1': 5001 values; expected at "
        + "most 1000"
    ),
    (
      ["analyze", "--sweep", "lyrics-swap:axis=q.dismissalOffset=1...2:1"],
      "Error: Invalid sweep 'lyrics-swap:axis=q.dismissalOffset=1...2:1': invalid value 'q' for "
        + "axis; expected one of y, x, both"
    ),
    (
      [
        "analyze", "--variant", "lyrics-swap", "--sweep", "lyrics-swap.dismissalOffset=0...100:1",
        "--sweep", "lyrics-swap.fadeOffset=0...100:1",
      ],
      // 101 values each: 101 × 101 = 10201 cells.
      "Error: Invalid grid: 'lyrics-swap.dismissalOffset=0...100:1' and "
        + "'lyrics-swap.fadeOffset=0...100:1' make 101 × 101 = 10201 cells; expected at most "
        + "2500 (use larger steps)"
    ),
    (
      ["replay", "-", "--variant", "nope"],
      "Error: Invalid variant 'nope': unknown transition; expected one of lyrics-swap, "
        + "player-sheet, music-card, library-pager, floating-panel, pan-modal, side-menu, deck"
    ),
    (
      ["replay", "-", "--variant", "nope:axis=x"],
      "Error: Invalid variant 'nope:axis=x': unknown transition 'nope'; expected one of "
        + "lyrics-swap, player-sheet, music-card, library-pager, floating-panel, pan-modal, "
        + "side-menu, deck"
    ),
    (
      ["replay", "-", "--variant", "lyrics-swap:axis"],
      "Error: Invalid variant 'lyrics-swap:axis': expected 'key=value', found 'axis'"
    ),
    (
      ["replay", "-", "--variant", "lyrics-swap:axis=x,axis=y"],
      "Error: Invalid variant 'lyrics-swap:axis=x,axis=y': 'axis' is given twice"
    ),
    (
      ["replay", "-", "--variant", "lyrics-swap:axis=q"],
      "Error: Invalid variant 'lyrics-swap:axis=q': invalid value 'q' for axis; expected one of "
        + "y, x, both"
    ),
    (
      ["synth", "--target", "lyrics-swap:axis=q"],
      "Error: The value 'lyrics-swap:axis=q' is invalid for '--target <variant>': invalid value "
        + "'q' for axis; expected one of y, x, both"
    ),
    (
      ["record", "-", "--variant", "lyrics-swap:axis=q"],
      "Error: The value 'lyrics-swap:axis=q' is invalid for '--variant <spec>': invalid value "
        + "'q' for axis; expected one of y, x, both"
    ),
    (
      ["replay", "-", "--estimator", "nope"],
      "Error: The value 'nope' is invalid for '--estimator <name>'. Please provide one of the "
        + "following:"
    ),
  ])
  func wrappedMessagesSayWhatTheyAreAboutOnce(arguments: [String], first: String) {
    let result = run(arguments)
    #expect(result.exitCode == .usage)
    let line = result.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(line == first)
    #expect(!Self.repeatsItself(line), "\(line)")
  }

  @Test func unknownParameterAndRuleListTheValidOnesOnce() {
    for (spec, start) in [
      ("lyrics-swap:nope=1", "unknown parameter 'nope' for lyrics-swap; expected one of axis, "),
      ("player-sheet:rule=nope", "unknown rule 'nope'; expected one of velocity-sign, "),
    ] {
      let line = run(["replay", "-", "--variant", spec]).error.split(separator: "\n").first ?? ""
      #expect(line.hasPrefix("Error: Invalid variant '\(spec)': \(start)"), "\(line)")
      #expect(!Self.repeatsItself(String(line)), "\(line)")
    }
  }

  @Test func sixOrMoreValuesAreBulletsAfterOneIntroduction() {
    let result = run(["analyze", "--estimator", "nope"])
    let names = VelocityEstimator.allCases.map(\.name)
    #expect(names.count >= 6)
    #expect(
      result.error.hasPrefix(
        "Error: The value 'nope' is invalid for '--estimator <name>'. Please provide one of the "
          + "following:\n" + names.map { "  - \($0)\n" }.joined() + "Help:  --estimator <name>  "))
  }
}
