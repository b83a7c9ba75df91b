import Foundation
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// No command destroys a file: an output that is an input is refused, an
/// existing output is replaced only by a complete new one, links and
/// devices are written through, and temporary files go away on signals.
/// (docs/reliability.md, section 3, class C)
@Suite struct FileSafetyTests {
  static let samples = "t,x,y\n0,0,0\n0.1,0,50\n0.2,0,100\n"
  static let traces = OutputFileTests.traces

  /// Each command that reads and writes, with IN for its input and OUT for
  /// its output.
  static let readingCommands: [[String]] = [
    ["record", "IN", "-o", "OUT"],
    ["convert", "IN", "--to", "csv", "-o", "OUT"],
    ["repair", "IN", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "IN", "-o", "OUT"],
    ["analyze", "DIR", "-o", "OUT"],
    ["replay", "IN", "--variants-file", "VARIANTS", "-o", "OUT"],
  ]

  @Test(arguments: readingCommands, ["hard", "symbolic", "same"])
  func outputThatIsAnInputIsRefused(command: [String], link: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let variants = directory.appendingPathComponent("variants.json").path
    let content = command[0] == "record" ? Self.samples : Self.traces
    try Data(content.utf8).write(to: URL(fileURLWithPath: input))
    try Data(#"{"version": 1, "sets": {"a": ["lyrics-swap"]}}"#.utf8)
      .write(to: URL(fileURLWithPath: variants))
    let target = command.contains("VARIANTS") ? variants : input
    let before = try Data(contentsOf: URL(fileURLWithPath: target))
    let output = directory.appendingPathComponent("out.csv").path
    switch link {
    case "hard": try #require(Glibc.link(target, output) == 0)
    case "symbolic": try #require(symlink(target, output) == 0)
    default: break
    }
    let outputPath = link == "same" ? target : output
    let arguments =
      command.map {
        ["IN": input, "OUT": outputPath, "DIR": directory.path, "VARIANTS": variants][$0] ?? $0
      } + ["--force"]
    let result = run(arguments)
    #expect(result.exitCode == .cannotCreate, "\(result.error)")
    #expect(result.error.contains("writing it would destroy it"), "\(result.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
  }

  @Test(arguments: [
    ["record", "IN", "-o", "OUT"],
    ["record", "IN", "--format", "jsonl", "-o", "OUT"],
    ["convert", "IN", "--to", "csv", "-o", "OUT"],
    ["repair", "IN", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "IN", "-o", "OUT"],
  ])
  func failedRunKeepsTheExistingFile(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let output = directory.appendingPathComponent("day1.csv").path
    // NB: repair skips bad traces; a missing column spoils its whole file.
    let bad =
      command[0] == "record"
      ? "t,x,y\n0,0,NaN\n"
      : command[0] == "repair" ? "trace,t\n" : "trace,t,phase,tx,ty\ng,0,began,0,NaN\n"
    try Data(bad.utf8).write(to: URL(fileURLWithPath: input))
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    let arguments = command.map { ["IN": input, "OUT": output][$0] ?? $0 } + ["--force"]
    #expect(run(arguments).exitCode == .dataError)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "day1.csv", "in.csv",
      ])
  }

  /// Each command that writes a file, with OUT for it (IN: traces,
  /// SAMPLES: raw samples, REPORT: a second, regular output).
  static let writingCommands: [[String]] = [
    ["synth", "--traces", "3", "-o", "OUT"],
    ["record", "SAMPLES", "-o", "OUT"],
    ["convert", "IN", "--to", "csv", "-o", "OUT"],
    ["repair", "IN", "--to", "csv", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    [
      "analyze", "IN", "--variant", "lyrics-swap", "--sweep",
      "lyrics-swap.dismissalOffset=60...80:20", "-o", "REPORT", "--sweeps-csv", "OUT",
    ],
  ]

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(3)), arguments: writingCommands)
  func aDeviceOrFIFOIsWrittenWithoutForceButARegularFileIsNot(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(Self.traces.utf8).write(to: URL(fileURLWithPath: path("in.csv")))
    try Data(Self.samples.utf8).write(to: URL(fileURLWithPath: path("samples.csv")))
    func arguments(_ output: String, report: String) -> [String] {
      command.map {
        ["IN": path("in.csv"), "SAMPLES": path("samples.csv"), "OUT": output, "REPORT": report][
          $0] ?? $0
      }
    }
    // What the command writes to a new regular file.
    let written = run(arguments(path("new.txt"), report: path("r1.txt")))
    #expect(written.exitCode == .success, "\(written.error)")
    let expected = try Data(contentsOf: URL(fileURLWithPath: path("new.txt")))
    #expect(!expected.isEmpty)
    // /dev/null, without --force: written through, and still a device.
    let null = run(arguments("/dev/null", report: path("r2.txt")))
    #expect(null.exitCode == .success, "\(null.error)")
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    // A FIFO, without --force: its reader gets the same bytes.
    let fifo = path("pipe")
    try #require(mkfifo(fifo, 0o600) == 0)
    let reader = FIFOReader(path: fifo)
    let piped = run(arguments(fifo, report: path("r3.txt")))
    let received = reader.finish()
    #expect(piped.exitCode == .success, "\(piped.error)")
    #expect(received == expected)
    // An existing regular file is replaced only with --force.
    let existing = path("existing.txt")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: existing))
    let refused = run(arguments(existing, report: path("r4.txt")))
    #expect(refused.exitCode == .cannotCreate)
    #expect(refused.error.contains("already exists; pass --force to replace it"))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep")
  }

  @Test func recordReplacesAnExistingFileAtItsFirstTrace() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let output = directory.appendingPathComponent("day1.csv").path
    try Data(Self.samples.utf8).write(to: URL(fileURLWithPath: input))
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    #expect(run(["record", input, "-o", output, "--force"]).exitCode == .success)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.hasPrefix("# gesturetrace: 1\n") && text.contains("g1,"))
    // No pan at all: the run fails and keeps the file as it was; with
    // --lenient it succeeds and the file is a header alone.
    try Data("t,x,y\n".utf8).write(to: URL(fileURLWithPath: input))
    #expect(run(["record", input, "-o", output, "--force"]).exitCode == .dataError)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == text)
    #expect(run(["record", input, "-o", output, "--force", "--lenient"]).exitCode == .success)
    #expect(
      try String(contentsOfFile: output, encoding: .utf8)
        == "# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy,x,y\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
  }

  @Test(arguments: [
    ["record", "IN", "-o", "OUT"],
    ["convert", "TRACES", "--to", "csv", "-o", "OUT"],
    ["synth", "--traces", "2", "-o", "OUT"],
  ])
  func symbolicLinkIsWrittenThrough(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let traces = directory.appendingPathComponent("traces.csv").path
    let target = directory.appendingPathComponent("target.csv").path
    let link = directory.appendingPathComponent("link.csv").path
    try Data(Self.samples.utf8).write(to: URL(fileURLWithPath: input))
    try Data(Self.traces.utf8).write(to: URL(fileURLWithPath: traces))
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try #require(symlink(target, link) == 0)
    let arguments = command.map { ["IN": input, "TRACES": traces, "OUT": link][$0] ?? $0 }
    #expect(run(arguments).exitCode == .cannotCreate)
    let result = run(arguments + ["--force"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(Platform.isSymbolicLink(link))
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# gesturetrace"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 4)
  }

  @Test(arguments: [["convert", "IN", "--to", "csv"], ["record", "SAMPLES"], ["synth"]])
  func devStdoutRedirectedToAFileIsWrittenThrough(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let samples = directory.appendingPathComponent("samples.csv").path
    let output = directory.appendingPathComponent("out.csv").path
    try Data(Self.traces.utf8).write(to: URL(fileURLWithPath: input))
    try Data(Self.samples.utf8).write(to: URL(fileURLWithPath: samples))
    let arguments = command.map { ["IN": input, "SAMPLES": samples][$0] ?? $0 }
    let status = try Self.runBinary(arguments + ["-o", "/dev/stdout"], output: output)
    #expect(status == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# gesturetrace"))
  }

  /// A big trace file for the signal tests, made once.
  static let bigInput: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturetrace-signals-\(getpid()).csv").path
    _ = run(["synth", "--traces", "6000", "--jobs", "1", "-o", path, "--force"])
    return path
  }()

  // A hang is reported as this test's failure at its time limit.
  @Test(
    .timeLimit(.minutes(3)),
    arguments: [
      ["synth", "--traces", "2000000", "--jobs", "1"],
      ["convert", "BIG", "--to", "jsonl"],
      ["analyze", "BIG", "--jobs", "1", "--format", "csv"],
      ["repair", "BIG"],
    ], [SIGINT, SIGTERM, SIGHUP])
  func signalRemovesTheTemporaryFile(command: [String], signal: Int32) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.csv").path
    let arguments = command.map { $0 == "BIG" ? Self.bigInput : $0 } + ["-o", output]
    let pid = try #require(try Self.spawnBinary(arguments, output: "/dev/null"))
    // Waits for the temporary file to appear.
    var names: [String] = []
    for _ in 0..<400 {
      names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      if !names.isEmpty { break }
      usleep(25_000)
    }
    #expect(names == [".out.csv.tmp-\(pid)-1"])
    kill(pid, signal)
    let status = Self.wait(pid)
    #expect(status == 128 + signal, "exit status \(status)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  @Test func leftoverOfAGoneProcessIsRemovedByTheNextRun() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    try Data(Self.traces.utf8).write(to: URL(fileURLWithPath: input))
    // A process that has ended: its id is free.
    let gone = try #require(try Self.spawnBinary(["variants"], output: "/dev/null"))
    _ = Self.wait(gone)
    let leftover = directory.appendingPathComponent(".out.csv.tmp-\(gone)").path
    let live = directory.appendingPathComponent(".out.csv.tmp-1").path
    let other = directory.appendingPathComponent(".other.csv.tmp-\(gone)").path
    for path in [leftover, live, other] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
    }
    let output = directory.appendingPathComponent("out.csv").path
    #expect(run(["convert", input, "--to", "csv", "-o", output]).exitCode == .success)
    #expect(!FileManager.default.fileExists(atPath: leftover))
    // Process 1 is alive; another output's files are not this run's.
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: other))
  }

  /// The built binary.
  static var binary: String {
    packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
  }

  /// Starts the binary with standard output to a file, standard input and
  /// error on /dev/null, and no signal blocked or ignored.
  ///
  /// NB: see ``ChildProcess/spawn(_:environment:output:defaultSignals:)``.
  static func spawnBinary(_ arguments: [String], output: String) throws -> pid_t? {
    try #require(FileManager.default.isExecutableFile(atPath: binary))
    return ChildProcess.spawn(
      [binary] + arguments, environment: ProcessInfo.processInfo.environment, output: output,
      defaultSignals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE])
  }

  /// Waits for a child; its exit code, or 128 + the signal that ended it.
  static func wait(_ pid: pid_t) -> Int32 {
    ChildProcess.exitStatus(of: pid)
  }

  /// Runs the binary to its end.
  static func runBinary(_ arguments: [String], output: String) throws -> Int32 {
    guard let pid = try spawnBinary(arguments, output: output) else { return -1 }
    return wait(pid)
  }
}

/// Reads everything written to a FIFO, on a thread of its own.
private final class FIFOReader: @unchecked Sendable {
  private let path: String
  // NB: `done` is signalled after `data` is set and before it is read.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(path: String) {
    self.path = path
    Thread.detachNewThread { [self] in
      // NB: opening blocks until a writer opens the FIFO.
      let handle = FileHandle(forReadingAtPath: path)
      data = handle?.readDataToEndOfFile() ?? Data()
      try? handle?.close()
      done.signal()
    }
  }

  /// Waits for the end of what was written; a writer that never came is
  /// stood in for by an empty one, so this never waits forever.
  func finish() -> Data {
    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
    if descriptor >= 0 { close(descriptor) }
    done.wait()
    return data
  }
}
