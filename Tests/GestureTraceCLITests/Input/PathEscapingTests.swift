import Foundation
import Testing

@testable import GestureTraceCLI

/// A file whose name holds a line feed and an ESC sequence is named
/// escaped by every command that names it: in problems
/// (`path:line:column: …`), in `info`'s heading and in `validate`'s
/// summary, so the name neither starts a line nor drives the terminal
/// (issue 29).
@Suite struct PathEscapingTests {
  static let name = "x\n\u{1b}[2Jy.csv"
  static let escaped = "x\\u000a\\u001b[2Jy.csv"

  /// Writes `text` to a file called ``name`` in a new folder.
  static func file(_ text: String) throws -> (folder: URL, path: String) {
    let folder = try temporaryDirectory()
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: false, encoding: .utf8)
    return (folder, url.path)
  }

  static let valid = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.5,changed,0,90\ng1,1,ended,0,100\n"
  static let broken = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,x,ended,0,100\n"

  /// A problem's place (or `repair`'s summary) names the file escaped,
  /// for every command that reads traces.
  @Test(arguments: [
    ["validate"], ["info"], ["convert", "--to", "jsonl"], ["replay"], ["analyze"],
    ["repair"],
  ])
  func problemsNameTheFileEscaped(_ command: [String]) throws {
    let (folder, path) = try Self.file(Self.broken)
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = [command[0], path]
    if command[0] == "convert" || command[0] == "repair" {
      arguments += ["-o", folder.appendingPathComponent("out.csv").path]
    }
    let result = run(arguments)
    // `repair` skips the bad trace and says so, naming the file.
    let expected: ExitCode = command[0] == "repair" ? .success : .dataError
    #expect(result.exitCode == expected, "\(command): \(result.error)")
    let everything = result.output + result.error
    #expect(!everything.contains("\u{1b}"), "\(command)")
    #expect(!everything.contains("x\n"), "\(command)")
    #expect(everything.contains(Self.escaped), "\(command): \(everything)")
  }

  /// `info` heads its report with the file's name, escaped.
  @Test func infoHeadsItsReportWithTheEscapedName() throws {
    let (folder, path) = try Self.file(Self.valid)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = run(["info", path])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!result.output.contains("\u{1b}"))
    #expect(result.output.contains(Self.escaped))
  }
}
