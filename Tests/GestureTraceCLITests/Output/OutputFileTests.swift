import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Output appears whole or not at all, never replaces a file without
/// `--force`, writes devices and pipes in place, and a closed pipe ends the
/// command quietly.
@Suite struct OutputFileTests {
  static let traces = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.5,changed,0,90\ng1,1,ended,0,100\n"

  @Test(arguments: [
    ["convert", "IN", "-o", "OUT"],
    ["replay", "IN", "--variant", "lyrics-swap", "-o", "OUT"],
    ["analyze", "IN", "-o", "OUT"],
  ])
  func failedRunLeavesNoFileAndKeepsTheOldOne(command: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let output = directory.appendingPathComponent("out.csv").path
    // The problem is on the last line, after a good trace was read.
    try Data((Self.traces + "g2,0,began,0,NaN\n").utf8).write(to: URL(fileURLWithPath: input))
    let arguments = command.map { $0 == "IN" ? input : $0 == "OUT" ? output : $0 }
    #expect(run(arguments).exitCode == .dataError)
    #expect(!FileManager.default.fileExists(atPath: output))
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    #expect(run(arguments + ["--force"]).exitCode != .success)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
    // Nothing else is left in the directory: no temporary file.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "in.csv", "out.csv",
      ])
  }

  /// Two outputs of one process, even of one path, get temporary files
  /// of their own: `.NAME.tmp-PID-N` with N counting up (other tests of
  /// this process may take numbers in between, so only the order holds).
  @Test func twoOutputsOfOneProcessHaveTheirOwnTemporaryFiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.csv").path
    let first = OutputFile.removingLeftovers(of: path)
    let second = OutputFile.removingLeftovers(of: path)
    #expect(first != second)
    let prefix = directory.path + "/.out.csv.tmp-\(getpid())-"
    #expect(first.hasPrefix(prefix) && second.hasPrefix(prefix))
    let numbers = [first, second].compactMap { Int($0.dropFirst(prefix.count)) }
    #expect(numbers.count == 2 && numbers[1] > numbers[0])
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(2))) func namedPipeIsWrittenInPlaceWithoutForce() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // A reader that does not wait lets the command open the pipe for writing.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let result = run(["convert", "-", "--to", "jsonl", "-o", fifo], input: Self.traces)
    #expect(result.exitCode == .success, "\(result.error)")
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = read(reader, &buffer, buffer.count)
    let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    #expect(text.hasPrefix(#"{"id":"g1","events":[{"t":0,"phase":"began""#))
    // It is still a pipe, not a file renamed over it.
    var status = stat()
    #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test func recordingIntoDevNullSucceeds() {
    // /dev/null cannot be synced; that is not a write error.
    let result = run(
      ["record", "-", "-o", "/dev/null", "--force"], input: "t,x,y\n0,0,0\n0.1,0,50\n0.2,0,100\n")
    #expect(result.exitCode == .success, "\(result.error)")
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(3))) func closedPipeEndsTheCommandQuietly() throws {
    let binary = packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
    try #require(FileManager.default.isExecutableFile(atPath: binary))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    // pipefail makes the pipeline's status the command's: 0 when it ended
    // quietly, 141 had SIGPIPE killed it, 74 for a write error.
    process.arguments = [
      "-c", "set -o pipefail; '\(binary)' synth --traces 20000 --jobs 1 | head -c 100 > /dev/null",
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(message == "")
  }

  @Test(arguments: [1, 4_096, 8 << 20])
  func writingBackAsItGoesKeepsTheBytes(interval: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.csv").path
    var io = ChunkedIO(chunks: [])
    var output = try OutputFile(path: path, replacing: false)
    output.startWriting(every: interval)
    var expected: [UInt8] = []
    var rng = SplitMix64(seed: UInt64(interval))
    // Blocks below and above the 1 MiB written without a copy.
    for index in 0..<40 {
      let count = index % 5 == 4 ? (1 << 20) + Int(rng.next() % 5_000) : Int(rng.next() % 70_000)
      let block = (0..<count).map { UInt8(truncatingIfNeeded: $0 &+ index) }
      try output.write(bytes: block, io: &io)
      expected += block
    }
    try output.commit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected))
    #expect(io.output.isEmpty)
  }
}
