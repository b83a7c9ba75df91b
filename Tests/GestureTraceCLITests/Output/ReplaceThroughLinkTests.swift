import Foundation
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A file found through a symbolic link is replaced as any file is: the
/// new content is written to a temporary file beside the link's target
/// and renamed over the target when complete, so the old content stays
/// whole until then (a failed run or a signal leaves it as it was), the
/// link stays a link to the same file, and no temporary file is left.
/// Every command that writes a file goes through ``OutputFile`` or
/// ``TraceAppender``, which share ``OutputTarget``.
@Suite struct ReplaceThroughLinkTests {
  /// A folder with every input the commands read: `in.csv` (traces with
  /// locations), `samples.csv` (raw samples), `a.part` (a partial) and
  /// `expected.csv` (a table for `check`).
  static func inputs() throws -> URL {
    let directory = try temporaryDirectory()
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let traces =
      "trace,t,phase,tx,ty,x,y\ng1,0,began,0,0,100,300\ng1,0.5,changed,0,90,100,390\n"
      + "g1,1,ended,0,100,100,400\n"
    try Data(traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try Data(FileSafetyTests.samples.utf8).write(to: URL(fileURLWithPath: path("samples.csv")))
    let partial = run([
      "analyze", path("in.csv"), "--variant", "lyrics-swap", "--partial", "-o", path("a.part"),
    ])
    try #require(partial.exitCode == .success, "\(partial.error)")
    let table = run([
      "replay", path("in.csv"), "--variant", "lyrics-swap", "--format", "csv", "-o",
      path("expected.csv"),
    ])
    try #require(table.exitCode == .success, "\(table.error)")
    return directory
  }

  /// Each command that writes a file, with OUT for it; IN, SAMPLES, PART
  /// and REPORT (a second, regular output) as in ``inputs()``.
  static let commands: [[String]] = [
    ["convert", "IN", "--to", "jsonl", "-o", "OUT"],
    ["repair", "IN", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "--format", "csv", "-o", "OUT"],
    ["analyze", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "IN", "--variant", "lyrics-swap", "--partial", "-o", "OUT"],
    [
      "analyze", "IN", "--variant", "lyrics-swap", "--sweep",
      "lyrics-swap.dismissalOffset=60...80:20", "-o", "REPORT", "--sweeps-csv", "OUT",
    ],
    ["merge", "PART", "-o", "OUT"],
    ["merge", "PART", "--partial", "-o", "OUT"],
    ["export", "IN", "--trace", "g1", "-o", "OUT"],
    ["check", "TABLE", "-o", "OUT"],
    ["synth", "--traces", "3", "-o", "OUT"],
    ["record", "SAMPLES", "-o", "OUT"],
  ]

  static func arguments(_ command: [String], in directory: URL, output: String, report: String)
    -> [String]
  {
    let names = [
      "IN": "in.csv", "SAMPLES": "samples.csv", "PART": "a.part", "TABLE": "expected.csv",
    ]
    return command.map { word in
      if word == "OUT" { return output }
      if word == "REPORT" { return report }
      return names[word].map { directory.appendingPathComponent($0).path } ?? word
    }
  }

  /// The names in a folder, sorted.
  static func names(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// What a symbolic link holds.
  static func linkText(_ path: String) throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: path)
  }

  @Test(arguments: commands)
  func replacingThroughALinkRenamesOverItsTarget(command: [String]) throws {
    let directory = try Self.inputs()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The target in a folder of its own; the link, relative, beside the
    // inputs.
    let folder = directory.appendingPathComponent("kept")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("target.out").path
    let link = directory.appendingPathComponent("link.out").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    try #require(symlink("kept/target.out", link) == 0)
    let before = try Self.names(directory)
    // What the command writes to a new regular file.
    let fresh = directory.appendingPathComponent("fresh.out").path
    let made = run(
      Self.arguments(
        command, in: directory, output: fresh, report: directory.appendingPathComponent("r1").path))
    #expect(made.exitCode == .success, "\(made.error)")
    let expected = try Data(contentsOf: URL(fileURLWithPath: fresh))
    #expect(!expected.isEmpty)
    try FileManager.default.removeItem(atPath: fresh)
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("r1"))
    // Without --force, the link's target is kept.
    let report = directory.appendingPathComponent("r2").path
    let arguments = Self.arguments(command, in: directory, output: link, report: report)
    let refused = run(arguments)
    #expect(refused.exitCode == .cannotCreate)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
    // With --force: the target holds the new content, the link is the same
    // link, and no temporary file is left in either folder.
    try? FileManager.default.removeItem(atPath: report)
    let replaced = run(arguments + ["--force"])
    #expect(replaced.exitCode == .success, "\(replaced.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == expected)
    #expect(Platform.isSymbolicLink(link))
    #expect(try Self.linkText(link) == "kept/target.out")
    try? FileManager.default.removeItem(atPath: report)
    #expect(try Self.names(directory) == before)
    #expect(try Self.names(folder) == ["target.out"])
  }

  @Test func checkUpdateReplacesALinkedTableThroughTheLink() throws {
    let directory = try Self.inputs()
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("expected.csv").path
    let real = directory.appendingPathComponent("real.csv").path
    let link = directory.appendingPathComponent("linked.csv").path
    // The table, with a row that --update changes back.
    let text = try String(contentsOfFile: table, encoding: .utf8)
    let stale = text.replacingOccurrences(of: "g1,complete", with: "g1,cancel")
    #expect(stale != text)
    try Data(stale.utf8).write(to: URL(fileURLWithPath: real))
    try #require(symlink("real.csv", link) == 0)
    let updated = run(["check", link, "--update"])
    #expect(updated.exitCode == .success, "\(updated.error)")
    #expect(try String(contentsOfFile: real, encoding: .utf8) == text)
    #expect(try Self.linkText(link) == "real.csv")
    #expect(
      try Self.names(directory) == [
        "a.part", "expected.csv", "in.csv", "linked.csv", "real.csv", "samples.csv",
      ])
  }

  @Test(arguments: [
    ["convert", "BAD", "--to", "jsonl", "-o", "OUT"],
    ["repair", "BADCOLUMNS", "-o", "OUT"],
    ["replay", "BAD", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "BAD", "--variant", "lyrics-swap", "--partial", "-o", "OUT"],
    ["record", "BADSAMPLES", "-o", "OUT"],
    ["merge", "BADPART", "-o", "OUT"],
  ])
  func failedRunKeepsTheLinksTargetWhole(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let bad = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,0,1\ng2,0,began,0,NaN\n"
    try Data(bad.utf8).write(to: URL(fileURLWithPath: path("bad.csv")))
    try Data("trace,t\n".utf8).write(to: URL(fileURLWithPath: path("columns.csv")))
    try Data("t,x,y\n0,0,NaN\n".utf8).write(to: URL(fileURLWithPath: path("samples.csv")))
    try Data("# gesturetrace-partial: 1\n{\n".utf8).write(
      to: URL(fileURLWithPath: path("bad.part")))
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path("target.out")))
    try #require(symlink("target.out", path("link.out")) == 0)
    let names = [
      "BAD": "bad.csv", "BADCOLUMNS": "columns.csv", "BADSAMPLES": "samples.csv",
      "BADPART": "bad.part", "OUT": "link.out",
    ]
    let arguments = command.map { names[$0].map(path) ?? $0 } + ["--force"]
    let result = run(arguments)
    #expect(result.exitCode == .dataError, "\(result.error)")
    #expect(try String(contentsOfFile: path("target.out"), encoding: .utf8) == "old\n")
    #expect(try Self.linkText(path("link.out")) == "target.out")
    #expect(
      try Self.names(directory) == [
        "bad.csv", "bad.part", "columns.csv", "link.out", "samples.csv", "target.out",
      ])
  }

  @Test func aChainOfLinksIsFollowedToItsEnd() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path("end.csv")))
    // first → (absolute) middle → (relative) end.
    try #require(symlink("end.csv", path("middle.csv")) == 0)
    try #require(symlink(path("middle.csv"), path("first.csv")) == 0)
    let result = run(["convert", path("in.csv"), "--to", "csv", "-o", path("first.csv"), "--force"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(
      try String(contentsOfFile: path("end.csv"), encoding: .utf8).hasPrefix("# gesturetrace"))
    #expect(try Self.linkText(path("first.csv")) == path("middle.csv"))
    #expect(try Self.linkText(path("middle.csv")) == "end.csv")
    #expect(try Self.names(directory) == ["end.csv", "first.csv", "in.csv", "middle.csv"])
  }

  @Test func aDanglingLinkGetsItsTargetCreated() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try #require(symlink("new.csv", path("link.csv")) == 0)
    let result = run(["convert", path("in.csv"), "--to", "csv", "-o", path("link.csv")])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(
      try String(contentsOfFile: path("new.csv"), encoding: .utf8).hasPrefix("# gesturetrace"))
    #expect(Platform.isSymbolicLink(path("link.csv")))
    #expect(try Self.names(directory) == ["in.csv", "link.csv", "new.csv"])
  }

  @Test func aLoopOfLinksIsRefused() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(OutputFileTests.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try #require(symlink("b.csv", path("a.csv")) == 0)
    try #require(symlink("a.csv", path("b.csv")) == 0)
    let result = run(["convert", path("in.csv"), "--to", "csv", "-o", path("a.csv"), "--force"])
    #expect(result.exitCode == .cannotCreate)
    #expect(result.error.contains("its symbolic links loop"), "\(result.error)")
    #expect(try Self.names(directory) == ["a.csv", "b.csv", "in.csv"])
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalMidWriteKeepsTheLinksTarget(signal: Int32) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("kept")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("target.csv").path
    let link = directory.appendingPathComponent("link.csv").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    try #require(symlink(target, link) == 0)
    let pid = try #require(
      try FileSafetyTests.spawnBinary(
        ["synth", "--traces", "2000000", "--jobs", "1", "-o", link, "--force"],
        output: "/dev/null"))
    // The temporary file appears beside the target, not beside the link.
    var names: [String] = []
    for _ in 0..<400 {
      names = (try? Self.names(folder)) ?? []
      if names.count > 1 { break }
      usleep(25_000)
    }
    #expect(names == [".target.csv.tmp-\(pid)-1", "target.csv"])
    kill(pid, signal)
    #expect(FileSafetyTests.wait(pid) == 128 + signal)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
    #expect(try Self.names(folder) == ["target.csv"])
    #expect(try Self.names(directory) == ["kept", "link.csv"])
  }
}
