import Foundation
import Testing

@testable import GestureTraceCLI

/// Every example in every command's `--help` runs as written: from a copy
/// of the package's `traces/` in a new directory, with the built binary
/// first on the PATH, in bash (so pipes and redirections are the user's).
///
/// NB: the examples of each command run in order in one directory, as a
/// reader going down the list would run them; each command gets its own.
@Suite struct HelpExampleTests {
  /// Examples that cannot run in a test, with the reason.
  static let excluded: [String: String] = [
    "gesturetrace record --from terminal -o drags.csv --variant lyrics-swap":
      "needs a terminal to drag in (TerminalRecordTests drives one through tmux)",
    "gesturetrace record --from browser -o swipes.csv --variant player-sheet":
      "serves a page until Ctrl-C (BrowserRecordTests drives one in headless chromium)",
  ]

  /// The commands whose help is checked: every registered subcommand.
  static var commands: [String] { TraceTool.subcommands.map { $0.spec.name } }

  /// The example commands of a help screen as printed: after `EXAMPLES:`,
  /// each line indented by two spaces with the lines that continue it
  /// (after a ` \`, indented by four); comments are indented by six.
  static func examples(inHelp help: String) -> [String] {
    guard let start = help.range(of: "\nEXAMPLES:\n") else { return [] }
    var examples: [String] = []
    var continues = false
    for line in help[start.upperBound...].split(separator: "\n") {
      if continues {
        examples[examples.count - 1] += "\n" + line
      } else if line.hasPrefix("  ") && !line.hasPrefix("   ") {
        examples.append(String(line.dropFirst(2)))
      }
      continues = line.hasSuffix(" \\")
    }
    return examples
  }

  /// An example as one line, as its spec holds it.
  static func joined(_ example: String) -> String {
    example.replacingOccurrences(of: " \\\n    ", with: " ")
  }

  @Test func longExamplesAreContinuedAsAShellReadsThem() {
    let command =
      "gesturetrace analyze traces/lyrics-swap.csv --sweep "
      + "'lyrics-swap.dismissalOffset=40...160:5' --format json"
    let lines = HelpText.exampleLines(command)
    #expect(
      lines == """
          gesturetrace analyze traces/lyrics-swap.csv \\
            --sweep 'lyrics-swap.dismissalOffset=40...160:5' --format json

        """)
    #expect(HelpText.exampleLines("gesturetrace info -") == "  gesturetrace info -\n")
    // An option stays with its value.
    #expect(
      HelpText.exampleLines(String(repeating: "x", count: 70) + " -o out.csv")
        == "  " + String(repeating: "x", count: 70) + " \\\n    -o out.csv\n")
    // A quoted word is never split, even with spaces in it.
    let words = "'" + String(repeating: "a ", count: 50) + "'"
    #expect(HelpText.exampleLines("echo " + words) == "  echo \\\n    \(words)\n")
  }

  @Test func examplesAreFoundInEveryHelp() {
    for name in Self.commands {
      let help = run([name, "--help"]).output
      let examples = Self.examples(inHelp: help)
      #expect(!examples.isEmpty, "\(name)")
      // The parser reads what the spec holds, no more and no less.
      let spec = TraceTool.subcommands.first { $0.spec.name == name }!.spec
      #expect(examples.map(Self.joined) == spec.examples.map(\.command), "\(name)")
    }
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(10)), arguments: commands)
  func everyExampleRunsAsWritten(_ name: String) throws {
    let binary = packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
    try #require(FileManager.default.isExecutableFile(atPath: binary))
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bin = directory.appendingPathComponent("bin")
    let work = directory.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("gesturetrace").path, withDestinationPath: binary)
    let traces = work.appendingPathComponent("traces")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("traces"), to: traces)
    let shipped = try Self.contents(of: traces)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    for example in Self.examples(inHelp: run([name, "--help"]).output) {
      if Self.excluded[Self.joined(example)] != nil { continue }
      let errors = directory.appendingPathComponent("stderr").path
      // NB: the example's lines as printed, continuation backslashes and
      // all, in a group whose errors are kept for the message.
      let script = "set -o pipefail; cd '\(work.path)' && {\n\(example)\n} 2> '\(errors)'"
      let pid = try #require(
        ChildProcess.spawn(
          ["/bin/bash", "-c", script], environment: environment,
          output: directory.appendingPathComponent("stdout").path, defaultSignals: [SIGPIPE]))
      let status = FileSafetyTests.wait(pid)
      let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(status == 0, "\(example)\n\(message)")
    }
    // No example writes over the shipped traces.
    #expect(try Self.contents(of: traces) == shipped)
  }

  /// Every file under a directory with its bytes.
  static func contents(of directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    while let path = enumerator?.nextObject() as? String {
      let url = directory.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }
}
