import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// One rule for repeated trace ids: within one analysis a trace id is
/// unique across all its inputs. A repeat — in one file, in two files of
/// one `analyze`, in one partial or in two partials of one `merge` — is a
/// data error naming both places; `analyze --lenient` skips the later
/// trace, as it skips a repeat within a file.
@Suite struct RepeatedIdRuleTests {
  /// Two JSON Lines files of synthesized traces, the second holding the
  /// first's third trace as its second line; and the repeated id.
  static func files(in directory: URL) throws -> (a: String, b: String, id: String) {
    let traces = Array(MergeCommandTests.traces("synth").prefix(10))
    func write(_ traces: [Trace], _ name: String) throws -> String {
      var text = ""
      for trace in traces { JSONLinesEncoder().encode(trace, into: &text) }
      let path = directory.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let a = try write(Array(traces[..<5]), "a.jsonl")
    let b = try write([traces[5], traces[2]] + traces[6...], "b.jsonl")
    return (a, b, traces[2].id)
  }

  @Test func anIdInTwoFilesOfOneAnalysisIsRefusedNamingBoth() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (a, b, id) = try Self.files(in: directory)
    let expected =
      "Error: \(b):2:1: expected a trace id not used before, found '\(id)' (first in \(a))\n"
    for options in [[], ["--format", "csv"], ["--partial"], ["--jobs", "1"]] {
      let result = run(["analyze", a, b] + MergeCommandTests.variants + options)
      #expect(result.exitCode == .dataError, "\(options)")
      #expect(result.error == expected, "\(options)")
    }
    // Read from standard input, the second file the same.
    let text = try String(contentsOfFile: b, encoding: .utf8)
    let piped = run(["analyze", a, "-"] + MergeCommandTests.variants, input: text)
    #expect(piped.exitCode == .dataError)
    #expect(
      piped.error
        == "Error: <stdin>:2:1: expected a trace id not used before, found '\(id)' (first in \(a))\n"
    )
  }

  @Test func lenientSkipsTheLaterTraceAsWithinAFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (a, b, id) = try Self.files(in: directory)
    let lenient = run(
      ["analyze", a, b, "--lenient", "--format", "csv"] + MergeCommandTests.variants)
    #expect(lenient.exitCode == .success, "\(lenient.error)")
    // The rows are those of both files without the second's repeat.
    let one = run(["analyze", a, "--format", "csv"] + MergeCommandTests.variants)
    let lines = try String(contentsOfFile: b, encoding: .utf8).split(separator: "\n")
    let rest = directory.appendingPathComponent("rest.jsonl").path
    try (lines.enumerated().filter { $0.offset != 1 }.map { $0.element + "\n" }.joined())
      .write(toFile: rest, atomically: true, encoding: .utf8)
    let other = run(["analyze", rest, "--format", "csv"] + MergeCommandTests.variants)
    let rows = lenient.output.split(separator: "\n")
    // The header, a's five rows and b's six but one.
    #expect(rows.count == 11)
    #expect(
      rows
        == one.output.split(separator: "\n") + other.output.split(separator: "\n").dropFirst())
    #expect(rows.filter { $0.hasPrefix(id + ",") }.count == 1)
  }

  @Test func partialsOfTheSameFilesAreRefusedAsTheirAnalysisIs() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (a, b, id) = try Self.files(in: directory)
    let partials = MergeCommandTests.partials(of: [[a], [b]], options: [], in: directory)
    let merged = run(["merge"] + partials)
    #expect(merged.exitCode == .dataError)
    #expect(
      merged.error
        == "Error: \(partials[1]):3:1: expected a trace id not used before, found '\(id)' "
        + "(first at \(partials[0]):4); a trace may be in only one partial\n")
  }

  @Test func anIdTwiceInOnePartialIsRefusedWithBothLines() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (a, _, _) = try Self.files(in: directory)
    let partial = MergeCommandTests.partials(of: [[a]], options: [], in: directory)[0]
    var lines = try String(contentsOfFile: partial, encoding: .utf8).split(separator: "\n")
    // The third trace line again in place of the fourth.
    lines[4] = lines[3]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: partial, atomically: true, encoding: .utf8)
    for options in [[], ["--format", "csv"], ["--partial"]] {
      let merged = run(["merge", partial] + options)
      #expect(merged.exitCode == .dataError)
      #expect(merged.error.hasPrefix("Error: \(partial):5:7: expected a trace id not used before"))
      #expect(merged.error.contains("(first at line 4)"))
    }
  }
}
