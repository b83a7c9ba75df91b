import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct RepairCommandTests {
  /// Three touches of eight samples each, 16 ms apart, as raw CSV samples
  /// (times in milliseconds).
  static let samples: String = {
    var text = "t,x,y,event,trace\n"
    for (index, step) in [(0, 8), (3, -6), (-5, 2)].enumerated() {
      for sample in 0..<8 {
        let event = sample == 0 ? "down" : sample == 7 ? "up" : "move"
        let x = 100 + step.0 * sample * sample
        let y = 400 + step.1 * sample * sample
        text += "\(index * 1_000 + sample * 16),\(x),\(y),\(event),p\(index + 1)\n"
      }
    }
    return text
  }()

  /// What `record` writes for the samples, in a format.
  static func recording(_ format: String) -> String {
    run(["record", "-", "--time-unit", "ms", "--format", format, "-o", "-"], input: samples)
      .output
  }

  /// The traces of a text, which must read without a problem.
  static func traces(_ text: String, _ format: TraceFileFormat) -> [Trace] {
    var decoder = format.makeDecoder()
    return decoder.decode(text).map { item in
      guard case .trace(let trace, _) = item else {
        Issue.record("unexpected \(item)")
        return Trace(id: "?")
      }
      return trace
    }
  }

  /// The lines of a text with the offset just past each one's line feed.
  static func lines(_ text: String) -> [(text: Substring, end: Int)] {
    var result: [(Substring, Int)] = []
    var end = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      end += line.utf8.count + 1
      result.append((line, end))
    }
    return result
  }

  @Test func everyCutOfACSVRecordingRepairsToWhatItHolds() throws {
    let text = Self.recording("csv")
    let bytes = Array(text.utf8)
    let originals = Self.traces(text, .csv)
    try #require(originals.count == 3)
    let lines = Self.lines(text)
    let headerEnd = lines[1].end
    for cut in 0...bytes.count {
      let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
      let result = run(["repair", "-"], input: prefix)
      guard cut >= headerEnd else {
        #expect(result.exitCode == .dataError, "cut at \(cut)")
        continue
      }
      #expect(result.exitCode == .success, "cut at \(cut): \(result.error)")
      // Independently: each trace keeps its complete rows; a trace with
      // some but not all of them is closed with 'cancelled' at its last.
      var expected: [Trace] = []
      for original in originals {
        let rows = lines.filter { $0.text.hasPrefix("\(original.id),") && $0.end <= cut }.count
        if rows == original.events.count {
          expected.append(original)
        } else if rows > 0 {
          var closed = original
          closed.events = Array(original.events.prefix(rows))
          let last = closed.events[rows - 1]
          closed.events.append(
            PanEvent(
              time: last.time, phase: .cancelled, translation: last.translation,
              velocity: .zero, location: last.location))
          closed.metadata["repaired"] = "cancelled"
          expected.append(closed)
        }
      }
      #expect(Self.traces(result.output, .csv) == expected, "cut at \(cut)")
      // The cut file reads with --lenient: the unfinished trace is skipped.
      // NB: a last row cut in two may still read (the format allows a last
      // line without its line feed), so it can count as a trace: one more.
      let full = originals.filter { original in
        lines.contains {
          $0.text.hasPrefix("\(original.id),") && $0.text.contains(",ended,") && $0.end <= cut
        }
      }.count
      let info = run(["info", "-", "--lenient"], input: prefix)
      #expect(info.exitCode == .success, "cut at \(cut)")
      #expect(
        info.output.contains("  traces              \(full)\n")
          || info.output.contains("  traces              \(full + 1)\n"), "cut at \(cut)")
    }
  }

  @Test func everyCutOfAJSONLinesRecordingKeepsItsWholeLines() {
    let text = Self.recording("jsonl")
    let bytes = Array(text.utf8)
    let originals = Self.traces(text, .jsonl)
    let lines = Self.lines(text)
    #expect(originals.count == 3 && lines.count == 3)
    for cut in 0...bytes.count {
      let result = run(
        ["repair", "-", "--from", "jsonl"], input: String(decoding: bytes[..<cut], as: UTF8.self))
      #expect(result.exitCode == .success, "cut at \(cut): \(result.error)")
      // A line is whole once its closing brace is in, with or without its
      // line feed.
      let whole = lines.filter { $0.end - 1 <= cut }.count
      #expect(Self.traces(result.output, .jsonl) == Array(originals.prefix(whole)), "cut at \(cut)")
    }
  }

  @Test func summarySaysWhatWasDone() throws {
    let text = Self.recording("csv")
    let lines = Self.lines(text)
    // Cut in the middle of p2's third row: p1 is whole, p2 keeps two rows.
    let p2 = lines.indices.filter { lines[$0].text.hasPrefix("p2,") }
    let cut = lines[p2[2]].end - 5
    let input = String(text.utf8.prefix(cut))!
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cut.csv").path
    let output = directory.appendingPathComponent("fixed.csv").path
    try Data(input.utf8).write(to: URL(fileURLWithPath: path))
    assertRun(
      ["repair", path, "-o", output],
      stderr: "Repaired '\(path)': kept 2 traces, closed 1 unfinished trace with 'cancelled', "
        + "dropped the unterminated last line \(p2[2] + 1).\n",
      exit: .success)
    assertRun(["validate", output], exit: .success)
    // The output exists now: no second run without --force.
    assertRun(["repair", path, "-o", output], exit: .cannotCreate)
    assertRun(["repair", path, "-o", output, "--force"], exit: .success)
    assertRun(["repair", path, "-o", path], exit: .cannotCreate)
  }

  @Test func cleanFileComesOutUnchanged() {
    let text = Self.recording("csv")
    assertRun(
      ["repair", "-"], input: text, stdout: text,
      stderr: "Repaired '<stdin>': kept 3 traces, found nothing to repair.\n", exit: .success)
  }

  @Test func badTracesInTheMiddleAreSkippedAndCounted() {
    let text = """
      trace,t,phase,tx,ty
      a,0,began,0,0
      a,1,ended,0,5
      b,0,began,NaN,0
      b,1,ended,0,5
      c,0,began,0,0
      c,1,changed,0,5

      """
    // b: 'b,0,began,' is 10 bytes; c: its last phase is at 5.
    assertRun(
      ["repair", "-"], input: text,
      stdout: "# gesturetrace: 1\ntrace,t,phase,tx,ty\na,0,began,0,0\na,1,ended,0,5\n"
        + "# trace c repaired: cancelled\nc,0,began,0,0\nc,1,changed,0,5\nc,1,cancelled,0,5\n",
      stderr: "Repaired '<stdin>': kept 2 traces, closed 1 unfinished trace with 'cancelled'.\n"
        + "Skipped 1 bad trace: 1 × expected a finite number for 'tx' (at <stdin>:4:11)\n",
      exit: .success)
  }

  @Test func fileWithoutHeaderCannotBeRepaired() {
    assertRun(
      ["repair", "-"], input: "trace,t,pha",
      stderr:
        "Error: <stdin>:1:1: expected a header line naming the columns trace, t, phase, tx and "
        + "ty, found the end of the file\n",
      exit: .dataError)
  }
}
