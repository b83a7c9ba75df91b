import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `merge` opens each partial once and reads it once: a FIFO, `/dev/stdin`
/// and standard input merge as the regular file does; its lines are capped.
@Suite struct PartialInputOnceTests {
  /// A directory with a partial of a few synthesized traces, `a.part`, and
  /// the report `merge` gives of the regular file.
  static func partial() throws -> (directory: URL, path: String, report: String) {
    let directory = try temporaryDirectory()
    let traces = MergeCommandTests.traces("synth").prefix(12)
    let input = directory.appendingPathComponent("t.jsonl").path
    var text = ""
    for trace in traces { JSONLinesEncoder().encode(trace, into: &text) }
    try text.write(toFile: input, atomically: true, encoding: .utf8)
    let path = directory.appendingPathComponent("a.part").path
    let made = run(["analyze", input, "--partial", "-o", path] + MergeCommandTests.variants)
    try #require(made.exitCode == .success, "\(made.error)")
    let merged = run(["merge", path])
    try #require(merged.exitCode == .success, "\(merged.error)")
    return (directory, path, merged.output)
  }

  @Test func aFIFOMergesAsTheRegularFile() throws {
    let (directory, path, report) = try Self.partial()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let writer = FIFOWriter(path: fifo, bytes: bytes)
    let merged = run(["merge", fifo])
    writer.finish()
    #expect(merged.exitCode == .success, "\(merged.error)")
    #expect(merged.output == report)
    // Two FIFOs, with --partial: each read once, in order.
    let second = directory.appendingPathComponent("pipe2").path
    try #require(mkfifo(second, 0o600) == 0)
    let first = FIFOWriter(path: fifo, bytes: bytes)
    let again = FIFOWriter(path: second, bytes: bytes)
    let both = run(["merge", fifo, second])
    first.finish()
    again.finish()
    // The same partial twice holds every trace twice: refused at the
    // second's first trace, naming the first's line.
    #expect(both.exitCode == .dataError)
    #expect(both.error.hasPrefix("Error: \(second):2:1: expected a trace id not used before"))
    #expect(both.error.contains("(first at \(fifo):2)"))
  }

  @Test func standardInputAndDevStdinMergeAsTheRegularFile() throws {
    let (directory, path, report) = try Self.partial()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = FileSafetyTests.binary
    for (index, script) in [
      "exec \"$0\" merge /dev/stdin < \"$1\"", "cat \"$1\" | \"$0\" merge /dev/stdin",
      "exec \"$0\" merge - < \"$1\"", "cat \"$1\" | \"$0\" merge -",
    ].enumerated() {
      let output = directory.appendingPathComponent("out\(index).txt").path
      let status = ChildProcess.run(
        ["/bin/sh", "-c", script, binary, path], output: output)
      #expect(status == 0)
      #expect(try String(contentsOfFile: output, encoding: .utf8) == report)
    }
  }

  @Test func aLinePastTheCapIsRefusedWithItsPlace() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("big.part").path
    let limit = PartialLineBuffer.maximumLineLength
    // A header line one byte past the cap, then a line feed.
    var bytes = Data(repeating: UInt8(ascii: " "), count: limit + 1)
    bytes.append(0x0A)
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = run(["merge", path])
    #expect(result.exitCode == .dataError)
    #expect(
      result.error
        == "Error: \(path):1:\(limit + 1): expected a line of at most \(limit) bytes, "
        + "found a longer one\n")
  }
}

/// Writes bytes to a FIFO on a thread of its own.
final class FIFOWriter: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  init(path: String, bytes: Data) {
    Thread.detachNewThread { [done] in
      // NB: opening blocks until a reader opens the FIFO; a reader that
      // stops early makes the write fail, which is ignored.
      signal(SIGPIPE, SIG_IGN)
      let descriptor = open(path, O_WRONLY)
      if descriptor >= 0 {
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
          }
        }
        close(descriptor)
      }
      done.signal()
    }
  }

  /// Waits until the bytes are written.
  func finish() {
    done.wait()
  }
}
