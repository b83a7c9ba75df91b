import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// What a table names stays in its folder: `# input:` and
/// `# transitions:` are refused (exit 65, at their line and column) when
/// absolute, climbing out with `..`, led out by a symbolic link, or a
/// device, FIFO or socket; no message quotes a file they lead to.
@Suite struct CheckInputConfinementTests {
  /// The table of the drags with its `# input:` line replaced by `input`.
  private func tableBytes(input: String) -> [UInt8] {
    Array(dragsTable.replacingOccurrences(of: "# input: drags.csv\n", with: input).utf8)
  }

  /// A folder outside the table's, holding a secret and a valid trace file.
  private func outside() throws -> URL {
    let folder = try temporaryDirectory()
    try "SECRET=hunter2\n".write(
      to: folder.appendingPathComponent("secret.env"), atomically: true, encoding: .utf8)
    try CheckCommandTests.corpus.write(
      to: folder.appendingPathComponent("drags.csv"), atomically: true, encoding: .utf8)
    return folder
  }

  private func link(_ name: String, in folder: URL, to target: URL) throws {
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(name).path, withDestinationPath: target.path)
  }

  /// `# input: NAME` refused at line 1, column 10, with the reason.
  private func expectRefused(
    _ name: String, _ reason: String, in folder: URL, table: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = run(["check", table])
    #expect(result.exitCode == .dataError, "\(result.error)", sourceLocation: sourceLocation)
    #expect(
      result.error.hasPrefix(
        "Error: \(table):1:10: expected a trace file or directory in the table's folder or "
          + "below it, found '\(name)'\(reason)"), "\(result.error)",
      sourceLocation: sourceLocation)
    #expect(!result.error.contains("hunter2"), sourceLocation: sourceLocation)
    #expect(!result.error.contains("PATH="), sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "/proc/self/environ", "/etc/passwd", "/dev/zero", "../secret.env", "../../secret.env",
    "sub/../../secret.env", "..", ".", "./../drags.csv",
  ])
  func absolutePathsAndClimbsOutAreRefused(name: String) throws {
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: \(name)\n"))
    expectRefused(name, "; give the traces after the table instead", in: folder, table: table)
  }

  @Test func aTraceFileOneLevelUpIsRefusedButMayBeGivenAfterTheTable() throws {
    let elsewhere = try outside()
    let sub = elsewhere.appendingPathComponent("golden")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    let table = sub.appendingPathComponent("expected.csv").path
    try Data(tableBytes(input: "# input: ../drags.csv\n")).write(to: URL(fileURLWithPath: table))
    expectRefused("../drags.csv", "; give the traces after the table", in: sub, table: table)
    let given = run(["check", table, elsewhere.appendingPathComponent("drags.csv").path])
    #expect(given.exitCode == .success, "\(given.error)")
  }

  @Test func aLinkInsideTheFolderToAFileOutsideIsRefused() throws {
    let elsewhere = try outside()
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: link.csv\n"))
    try link("link.csv", in: folder, to: elsewhere.appendingPathComponent("drags.csv"))
    expectRefused(
      "link.csv", ", to which a symbolic link leads out of it", in: folder, table: table)
    // The same for the secret.
    let (other, secretTable) = try checkFixture(table: tableBytes(input: "# input: s.csv\n"))
    try link("s.csv", in: other, to: elsewhere.appendingPathComponent("secret.env"))
    expectRefused("s.csv", ", to which a symbolic link", in: other, table: secretTable)
  }

  @Test func aLinkedFolderOnTheWayOutIsRefused() throws {
    let elsewhere = try outside()
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: sub/drags.csv\n"))
    try link("sub", in: folder, to: elsewhere)
    expectRefused("sub/drags.csv", ", to which a symbolic link", in: folder, table: table)
    // And the linked folder named itself.
    let (other, dirTable) = try checkFixture(table: tableBytes(input: "# input: sub\n"))
    try link("sub", in: other, to: elsewhere)
    expectRefused("sub", ", to which a symbolic link", in: other, table: dirTable)
  }

  @Test func aFolderInsideHoldingALinkOutIsRefusedAtTheInputLine() throws {
    let elsewhere = try outside()
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: traces\n"))
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    try link("drags.csv", in: traces, to: elsewhere.appendingPathComponent("drags.csv"))
    let result = run(["check", table])
    #expect(result.exitCode == .dataError)
    #expect(
      result.error.hasPrefix(
        "Error: \(table):1:10: expected trace files in the table's folder or below it, found '"
          + traces.appendingPathComponent("drags.csv").path + "', to which a symbolic link"),
      "\(result.error)")
  }

  @Test func aFIFOInsideTheFolderIsRefusedWithoutBeingOpened() throws {
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: pipe.csv\n"))
    let fifo = folder.appendingPathComponent("pipe.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening it would block: nobody writes to it.
    expectRefused(
      "pipe.csv", ", which is neither a regular file nor a directory", in: folder, table: table)
    // A link inside to a device outside: refused as leading out.
    let (other, deviceTable) = try checkFixture(table: tableBytes(input: "# input: zero.csv\n"))
    try link("zero.csv", in: other, to: URL(fileURLWithPath: "/dev/zero"))
    expectRefused("zero.csv", ", to which a symbolic link", in: other, table: deviceTable)
  }

  @Test func aFileCalledDashIsAFileNotStandardInput() throws {
    #expect(TablePath.confined("-", from: "t.csv") == .success("./-"))
    #expect(TablePath.confined("-", from: "-") == .success("./-"))
    #expect(TablePath.confined("x/-", from: "/nonexistent/t.csv") == .success("/nonexistent/x/-"))
    // A table on standard input names files relative to the current folder.
    let result = run(
      ["check", "-"], input: String(decoding: tableBytes(input: "# input: -\n"), as: UTF8.self))
    #expect(result.exitCode == .noInput, "\(result.error)")
    #expect(result.error == "Error: No such file './-'\n")
  }

  @Test func namesInsideTheFolderAreRead() throws {
    // A sibling, a file below, and a link that stays inside.
    let (folder, table) = try checkFixture(table: tableBytes(input: "# input: sub/inner.csv\n"))
    let sub = folder.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try link("inner.csv", in: sub, to: folder.appendingPathComponent("drags.csv"))
    let result = run(["check", table])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.output.hasPrefix("All 5 decisions as expected"))
  }

  @Test func transitionsNamedByTheTableAreConfinedToo() throws {
    let elsewhere = try outside()
    let drawer = TransitionsOptionTests.drawerFile
    try drawer.write(
      to: elsewhere.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
    let cases: [(String, String)] = [
      ("/etc/passwd", "found '/etc/passwd'"),
      ("../t.json", "found '../t.json'"),
      ("link.json", "found 'link.json', to which a symbolic link leads out of it"),
      ("pipe.json", "found 'pipe.json', which is neither a regular file nor a directory"),
    ]
    for (name, found) in cases {
      let text = "# transitions: \(name)\ntrace,lyrics-swap\na50,cancel\n"
      let (folder, table) = try checkFixture(table: Array(text.utf8))
      try link("link.json", in: folder, to: elsewhere.appendingPathComponent("t.json"))
      #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
      let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
      #expect(result.exitCode == .dataError, "\(name): \(result.error)")
      #expect(
        result.error.hasPrefix(
          "Error: \(table):1:16: expected a transitions file in the table's folder or below "
            + "it, \(found)"), "\(result.error)")
    }
  }

  @Test func replayNamesOnlyInputsCheckAccepts() throws {
    let elsewhere = try outside()
    let (folder, _) = try checkFixture(table: [])
    let table = folder.appendingPathComponent("made.csv").path
    // A file outside the table's folder: not named, with a warning.
    let outsider = elsewhere.appendingPathComponent("drags.csv").path
    let made = run([
      "replay", outsider, "--variant", "lyrics-swap", "--format", "csv", "-o", table,
    ])
    #expect(made.exitCode == .success)
    #expect(
      made.error == "Warning: the table does not name its input '\(outsider)', which is not in "
        + "its folder or below it; give it to check after the table\n")
    let text = try String(contentsOfFile: table, encoding: .utf8)
    #expect(text.hasPrefix("trace,lyrics-swap\n"))
    #expect(run(["check", table, outsider]).exitCode == .success)
    // A link inside that leads out: not named either.
    try link("l.csv", in: folder, to: URL(fileURLWithPath: outsider))
    let linked = run([
      "replay", folder.appendingPathComponent("l.csv").path, "--variant", "lyrics-swap",
      "--format", "csv", "-o", table, "--force",
    ])
    #expect(linked.error.hasPrefix("Warning: the table does not name its input"))
    // A sibling: named, and check reads it.
    let sibling = run([
      "replay", folder.appendingPathComponent("drags.csv").path, "--variant", "lyrics-swap",
      "--format", "csv", "-o", table, "--force",
    ])
    #expect(sibling.error.isEmpty)
    #expect(try String(contentsOfFile: table, encoding: .utf8).hasPrefix("# input: drags.csv\n"))
    #expect(run(["check", table]).exitCode == .success)
  }

  @Test func updateNamesOnlyTransitionsCheckAccepts() throws {
    let elsewhere = try outside()
    try TransitionsOptionTests.drawerFile.write(
      to: elsewhere.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
    let (folder, table) = try checkFixture(table: Array(dragsTable.utf8))
    try link("link.json", in: folder, to: elsewhere.appendingPathComponent("t.json"))
    let result = run([
      "check", table, "--update", "--transitions", folder.appendingPathComponent("link.json").path,
    ])
    #expect(result.exitCode == .usage, "\(result.error)")
    #expect(result.error.hasPrefix("Error: --update writes the transitions file into the table"))
    // The table is unchanged.
    #expect(try String(contentsOfFile: table, encoding: .utf8) == dragsTable)
  }
}
