import Foundation
import Testing

@testable import GestureTraceCLI

/// What the tool says matches what happened and what the format document
/// says, the same in every command. (docs/reliability.md, "Say exactly what
/// happened")
@Suite struct ExactReportingTests {
  private static let header = "trace,t,phase,tx,ty\n"

  /// Writes `text` to a new file named `name`; returns its path.
  private static func file(_ name: String, _ text: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func lenientLeavesOutATraceWhoseMetadataComesAfterItsFirstRow() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.file(
      "late.csv",
      Self.header + "g1,0,began,0,0\n# trace g1 intent: cancel\ng1,1,ended,0,0\n"
        + "g2,0,began,0,0\ng2,1,ended,0,0\n", in: directory)
    for command in [["convert", input, "--to", "csv"], ["info", input]] {
      let result = run(command + ["--lenient"])
      #expect(result.exitCode == .success)
      #expect(result.error.hasPrefix("Skipped 1 bad trace: 1 × expected metadata for trace 'g1'"))
      if command[0] == "convert" {
        #expect(!result.output.contains("g1,"), "what is written is complete: g1 is left out")
        #expect(result.output.contains("g2,1,ended"))
      } else {
        #expect(result.output.contains("traces              1"))
      }
    }
  }

  @Test func metadataForAFinishedTraceIsReported() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.file(
      "after.csv",
      Self.header + "g1,0,began,0,0\ng1,1,ended,0,0\ng2,0,began,0,0\ng2,1,ended,0,0\n"
        + "# trace g1 intent: cancel\ng3,0,began,0,0\ng3,1,ended,0,0\n", in: directory)
    let message =
      "\(input):6:1: expected metadata for trace 'g1' before its first row, "
      + "found it after the trace"
    let validated = run(["validate", input])
    #expect(validated.exitCode == .dataError)
    #expect(validated.output.hasPrefix(message + "\n"))
    let info = run(["info", input])
    #expect(info.exitCode == .dataError)
    #expect(info.error.hasPrefix("Error: " + message))
    let lenient = run(["convert", input, "--to", "csv", "--lenient"])
    #expect(lenient.exitCode == .success)
    #expect(
      lenient.error.hasPrefix("Skipped 1 problem: 1 × expected metadata for trace 'g1'"),
      "\(lenient.error)")
  }

  @Test(arguments: ["csv", "jsonl"])
  func spacesAroundATimeAreAllowedAsAroundAnyNumber(format: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text =
      format == "csv"
      ? Self.header + "g1,  0 ,began, 0 ,0\ng1, 1.5,ended,0 ,0\n"
      : #"{"id":"g1","events":[{"t": 0 ,"phase":"began","tx":0,"ty":0},"#
        + #"{"t":  1.5,"phase":"ended","tx":0,"ty":0}]}"# + "\n"
    let input = try Self.file("spaced.\(format)", text, in: directory)
    let result = run(["convert", input, "--to", "csv"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.output.contains("g1,1.5,ended,0,0\n"))
  }

  @Test func columnsOnTheFirstLineCountFromAfterTheByteOrderMark() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 'trace,t,phase,tx,' is 17 bytes: the second 'tx' is at 18, in CSV
    // as in JSON Lines.
    let input = try Self.file("bom.csv", "\u{FEFF}trace,t,phase,tx,tx\n", in: directory)
    let result = run(["validate", input])
    #expect(result.output.hasPrefix("\(input):1:18: expected each column once in the header"))
  }

  @Test(arguments: [
    ("no-break space", "g\u{A0}1"), ("line separator", "g\u{2028}1"),
    ("paragraph separator", "g\u{2029}1"), ("ideographic space", "g\u{3000}1"),
    ("next line (C1)", "g\u{85}1"), ("C1 CSI", "g\u{9B}31m"),
  ])
  func idsWithUnicodeSpaceOrC1ControlsAreRefused(name: String, id: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = try Self.file(
      "ids.csv", Self.header + "\(id),0,began,0,0\n\(id),1,ended,0,0\n", in: directory)
    let json = try Self.file(
      "ids.jsonl",
      #"{"id":"\#(id)","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
        + #"{"t":1,"phase":"ended","tx":0,"ty":0}]}"# + "\n", in: directory)
    for input in [csv, json] {
      let result = run(["validate", input])
      #expect(result.exitCode == .dataError, "\(input)")
      #expect(result.output.contains("trace id"), "\(result.output)")
      // The message shows controls and separators escaped, never raw.
      let raw: Set<UInt32> = [0x85, 0x9B, 0x2028, 0x2029]
      #expect(!result.output.unicodeScalars.contains { raw.contains($0.value) })
      let converted = run(["convert", input, "--to", "csv", "--lenient"])
      #expect(!converted.output.contains(id))
    }
  }

  @Test func metadataValuesWithC1ControlsOrLineSeparatorsAreRefused() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.file(
      "values.csv",
      Self.header + "# trace g1 kind: a\u{85}b\ng1,0,began,0,0\ng1,1,ended,0,0\n"
        + "# trace g2 kind: a\u{2028}b\ng2,0,began,0,0\ng2,1,ended,0,0\n", in: directory)
    let result = run(["validate", input])
    #expect(result.exitCode == .dataError)
    #expect(result.output.contains("0 valid traces"), "\(result.output)")
  }

  @Test(arguments: [
    ["validate", "DIR"], ["info", "DIR"], ["analyze", "DIR"], ["analyze", "DIR", "DIR"],
    ["info", "DIR", "--lenient"], ["analyze", "DIR", "--lenient"],
  ])
  func emptyDirectoryIsAMissingInputEverywhere(arguments: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not traces".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    let result = run(arguments.map { $0 == "DIR" ? directory.path : $0 })
    #expect(result.exitCode == .noInput)
    #expect(
      result.error.split(separator: "\n").first.map(String.init)
        == "Error: No trace files (.csv or .jsonl) in '\(directory.path)'")
  }

  @Test(arguments: [
    ["convert", "DIR", "-o", "out.csv"], ["replay", "DIR", "--variant", "lyrics-swap"],
    ["repair", "DIR", "-o", "out.csv"],
  ])
  func directoryWhereAFileIsExpectedIsAMissingInput(arguments: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = run(arguments.map { $0 == "DIR" ? directory.path : $0 })
    #expect(result.exitCode == .noInput)
    #expect(
      result.error.hasPrefix("Error: '\(directory.path)' is a directory; expected a trace file"))
  }

  @Test(arguments: [
    ["synth", "-o", ""], ["synth", "--output="], ["convert", "-", "-o", ""],
    ["repair", "-", "-o", ""], ["replay", "-", "--variant", "lyrics-swap", "-o", ""],
    ["analyze", "-", "-o", ""], ["record", "-", "-o", ""],
    ["analyze", "-", "--variants-file", ""],
  ])
  func emptyFileNameIsAUsageError(arguments: [String]) {
    let result = run(arguments, input: Self.header)
    #expect(result.exitCode == .usage, "\(result.error)")
    #expect(result.error.hasPrefix("Error: The value '' is invalid for '--"))
  }

  @Test func markdownShowsTraceIDsAndGroupNamesLiterally() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let id = "<img/src=x/onerror=alert(1)>*_|"
    let input = try Self.file(
      "md.csv",
      Self.header + "# trace \(id) kind: <b>x</b>\n\(id),0,began,0,0\n\(id),0.5,changed,100,100\n"
        + "\(id),1,ended,100,100\n", in: directory)
    let result = run([
      "analyze", input, "--variant", "lyrics-swap:dismissalOffset=40", "--variant",
      "lyrics-swap:dismissalOffset=160", "--group-by", "kind", "--format", "markdown",
    ])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!result.output.contains("<img"))
    #expect(!result.output.contains("<b>"))
    #expect(result.output.contains("&lt;img/src=x/onerror=alert(1)&gt;\\*\\_\\|"))
    #expect(result.output.contains("Group kind = &lt;b&gt;x&lt;/b&gt;"))
  }
}
