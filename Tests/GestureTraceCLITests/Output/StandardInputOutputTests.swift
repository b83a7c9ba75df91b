import Foundation
import Testing

@testable import GestureTraceCLI

/// `CMD - < FILE` reads a regular file as standard input; standard output
/// is only the same file when it is that file (issue 29). Before, every
/// command refused with "standard output is the input" whenever standard
/// output was a pipe, a terminal or /dev/null: standard input was compared
/// with itself.
@Suite struct StandardInputOutputTests {
  /// Runs `line` with `sh -c` (the built binary as `$GT`); its exit code
  /// and standard error.
  static func shell(_ line: String) throws -> (status: Int32, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line]
    var environment = ProcessInfo.processInfo.environment
    environment["GT"] = FileSafetyTests.binary
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
  }

  static let commands = [
    "convert - --from csv --to jsonl", "analyze - --from csv", "replay - --from csv",
    "repair - --from csv",
  ]

  @Test(arguments: commands)
  func standardInputFromAFileIsNotStandardOutput(command: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: FileSafetyTests.binary))
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let traces = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.5,changed,0,90\ng1,1,ended,0,100\n"
    try traces.write(toFile: input, atomically: false, encoding: .utf8)
    // Standard output a pipe, then /dev/null: both succeed.
    let status = directory.appendingPathComponent("status").path
    let piped = try Self.shell(
      "{ \"$GT\" \(command) < '\(input)'; echo $? > '\(status)'; } | cat > /dev/null")
    #expect(piped.status == 0, "\(piped.error)")
    #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n", "\(piped.error)")
    let nulled = try Self.shell("\"$GT\" \(command) < '\(input)' > /dev/null")
    #expect(nulled.status == 0, "\(nulled.error)")
    #expect(!nulled.error.contains("is the input"))
    // Standard output appended to the input itself is still refused, and
    // the input keeps its bytes.
    let same = try Self.shell("\"$GT\" \(command) < '\(input)' >> '\(input)'")
    #expect(same.status == 73, "\(same.error)")
    #expect(same.error.contains("standard output is the input standard input"))
    #expect(try String(contentsOfFile: input, encoding: .utf8) == traces)
  }
}
