import Foundation
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A replaced file keeps its permission bits (a 0600 report stays
/// private) and, when the process may give it, its owner; a new file gets
/// `0666` less the umask; a file with no write bit at all (0444, 0400) is
/// read-only on purpose and is not replaced, with `--force` and as root
/// too (exit 73). A file the user may not write is refused through
/// `access(W_OK)`, which allows root everything: that refusal is proved
/// by running the binary as nobody (`setpriv`) when the tests run as
/// root, and directly otherwise.
@Suite struct ReplaceKeepsModeTests {
  /// The permission bits of a file (following links).
  static func permissions(_ path: String) -> UInt32 {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return UInt32(status.st_mode) & 0o7777
  }

  /// The process's umask, read without changing it.
  static var umask: UInt32 {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    return line.flatMap { UInt32($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) }
      ?? 0o022
  }

  /// Each command that replaces a file, with OUT for it and IN (traces),
  /// SAMPLES (raw samples), TABLE (a table for `check --update`, which is
  /// its own output).
  static let commands: [[String]] = [
    ["convert", "IN", "--to", "csv", "-o", "OUT"],
    ["repair", "IN", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "--format", "csv", "-o", "OUT"],
    ["analyze", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["synth", "--traces", "2", "-o", "OUT"],
    ["record", "SAMPLES", "-o", "OUT"],
    ["check", "OUT", "--update"],
  ]

  /// Sets up the inputs and an existing output `out` with `mode`; returns
  /// the folder and the command's arguments.
  static func prepare(_ command: [String], mode: UInt32) throws -> (URL, [String], String) {
    let directory = try temporaryDirectory()
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try Data(FileSafetyTests.samples.utf8).write(to: URL(fileURLWithPath: path("samples.csv")))
    let out = path("out.txt")
    if command[0] == "check" {
      let made = run([
        "replay", path("in.csv"), "--variant", "lyrics-swap", "--format", "csv", "-o", out,
      ])
      try #require(made.exitCode == .success, "\(made.error)")
    } else {
      try Data("old\n".utf8).write(to: URL(fileURLWithPath: out))
    }
    try #require(chmod(out, mode_t(mode)) == 0)
    let names = ["IN": path("in.csv"), "SAMPLES": path("samples.csv"), "OUT": out]
    let force = command[0] == "check" ? [] : ["--force"]
    return (directory, command.map { names[$0] ?? $0 } + force, out)
  }

  @Test(arguments: commands, [0o600, 0o640, 0o664, 0o755])
  func replacedFileKeepsItsMode(command: [String], mode: UInt32) throws {
    let (directory, arguments, out) = try Self.prepare(command, mode: mode)
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try Data(contentsOf: URL(fileURLWithPath: out))
    let result = run(arguments)
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(Self.permissions(out) == mode, "mode \(String(Self.permissions(out), radix: 8))")
    if command[0] != "check" {
      #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != before)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
  }

  @Test(arguments: commands, [0o444, 0o400, 0o000])
  func fileWithNoWriteBitIsRefusedEvenWithForce(command: [String], mode: UInt32) throws {
    let (directory, arguments, out) = try Self.prepare(command, mode: mode)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(chmod(out, 0o600) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: out))
    try #require(chmod(out, mode_t(mode)) == 0)
    let result = run(arguments)
    #expect(result.exitCode == .cannotCreate, "\(result.error)")
    let shown = "0" + String(mode, radix: 8).leftPadded(to: 3)
    #expect(
      result.error.contains("'\(out)' is read-only (mode \(shown)); --force replaces only a file"),
      "\(result.error)")
    #expect(Self.permissions(out) == mode)
    try #require(chmod(out, 0o600) == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
  }

  @Test(arguments: [
    ["convert", "IN", "--to", "csv", "-o", "OUT"],
    ["synth", "--traces", "2", "-o", "OUT"],
    ["record", "SAMPLES", "-o", "OUT"],
  ])
  func newFileGetsTheUsualModeLessTheUmask(command: [String]) throws {
    let (directory, arguments, out) = try Self.prepare(command, mode: 0o600)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.removeItem(atPath: out)
    let result = run(arguments.filter { $0 != "--force" })
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(Self.permissions(out) == 0o666 & ~Self.umask)
  }

  @Test func aLinkedFileKeepsItsModeAndTheLinkStaysALink() throws {
    let (directory, _, out) = try Self.prepare(["convert"], mode: 0o600)
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("link.txt").path
    try #require(symlink("out.txt", link) == 0)
    let input = directory.appendingPathComponent("in.csv").path
    let result = run(["convert", input, "--to", "jsonl", "-o", link, "--force"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(Self.permissions(out) == 0o600)
    #expect(Platform.isSymbolicLink(link))
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{\"id\":\"g1\""))
  }

  @Test(.enabled(if: getuid() == 0, "only root may give a file to another user"))
  func rootKeepsTheReplacedFilesOwner() throws {
    let (directory, arguments, out) = try Self.prepare(
      ["convert", "IN", "--to", "csv", "-o", "OUT"], mode: 0o640)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(chown(out, 65_534, 65_534) == 0)
    let result = run(arguments)
    #expect(result.exitCode == .success, "\(result.error)")
    var status = stat()
    #expect(stat(out, &status) == 0)
    #expect(status.st_uid == 65_534 && status.st_gid == 65_534)
    #expect(UInt32(status.st_mode) & 0o7777 == 0o640)
  }

  /// `setpriv`, which runs a command as another user.
  static let setpriv = "/usr/bin/setpriv"

  @Test(
    .enabled(
      if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv),
      "runs the binary as nobody through setpriv, which needs root"))
  func anotherUsersFileIsRefusedThoughItsFolderIsWritable() throws {
    // A folder anyone may write, so a rename over root's file would work;
    // `check --update` and `--force` renamed over files their user could
    // not write. As nobody: root's 0644 file is refused, nobody's own
    // 0600 file is replaced and stays 0600.
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(chmod(directory.path, 0o777) == 0)
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    for name in ["root.csv", "own.csv"] {
      try Data("old\n".utf8).write(to: URL(fileURLWithPath: path(name)))
    }
    try #require(chown(path("own.csv"), 65_534, 65_534) == 0)
    try #require(chmod(path("own.csv"), 0o600) == 0)
    func runAsNobody(_ output: String) throws -> Int32 {
      let arguments = [
        Self.setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", FileSafetyTests.binary,
        "convert", path("in.csv"), "--to", "csv", "-o", output, "--force",
      ]
      let pid = try #require(
        ChildProcess.spawn(
          arguments, environment: ProcessInfo.processInfo.environment, output: "/dev/null",
          defaultSignals: []))
      return FileSafetyTests.wait(pid)
    }
    #expect(try runAsNobody(path("root.csv")) == 73)
    #expect(try String(contentsOfFile: path("root.csv"), encoding: .utf8) == "old\n")
    #expect(try runAsNobody(path("own.csv")) == 0)
    #expect(
      try String(contentsOfFile: path("own.csv"), encoding: .utf8).hasPrefix("# gesturetrace"))
    var status = stat()
    #expect(stat(path("own.csv"), &status) == 0)
    #expect(status.st_uid == 65_534 && UInt32(status.st_mode) & 0o7777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
  }

  @Test(.enabled(if: getuid() != 0, "root may write any file"))
  func fileTheUserMayNotWriteIsRefused() throws {
    // A file of the user's own with its write bit for others only: the
    // user may not write it, though someone may.
    let (directory, arguments, out) = try Self.prepare(
      ["convert", "IN", "--to", "csv", "-o", "OUT"], mode: 0o462)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = run(arguments)
    #expect(result.exitCode == .cannotCreate)
    #expect(result.error.contains("is not writable by you (mode 0462)"), "\(result.error)")
    #expect(Self.permissions(out) == 0o462)
  }
}

extension String {
  /// The text with zeros in front, to `count` characters.
  fileprivate func leftPadded(to count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
