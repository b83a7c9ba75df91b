import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// No writer writes a line its own readers refuse: a trace that would make
/// one is a problem (exit 65, or skipped with `--lenient`).
@Suite struct UnreadableOutputTests {
  /// A JSON Lines trace whose id is just over the CSV line limit.
  private var longID: String { String(repeating: "x", count: CSVTraceDecoder.maximumLineLength) }

  private func jsonLine(id: String, meta: String = "") -> String {
    #"{"id":""# + id + #"""# + meta
      + #","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":0,"ty":100}]}"# + "\n"
  }

  @Test(arguments: [false, true])
  func convertRefusesAnIDOverTheCSVLineLimit(lenient: Bool) {
    let input = jsonLine(id: longID) + jsonLine(id: "g2")
    let result = run(
      ["convert", "-", "--from", "jsonl", "--to", "csv"] + (lenient ? ["--lenient"] : []),
      input: input)
    if lenient {
      #expect(result.exitCode == .success)
      #expect(result.output.contains("\ng2,1,ended,0,100\n"))
      #expect(!result.output.contains("xxxx"))
      #expect(
        result.error.hasPrefix(
          "Skipped 1 bad trace: 1 × expected a trace whose lines are at most 1048576 bytes "
            + "when written (at <stdin>:1:1)"), "\(result.error)")
    } else {
      #expect(result.exitCode == .dataError)
      #expect(result.output.isEmpty)
      #expect(
        result.error.hasPrefix(
          "Error: <stdin>:1:1: expected a trace whose lines are at most 1048576 bytes when "
            + "written, found one of 1048590 bytes in trace 'xxxx"), "\(result.error)")
    }
  }

  @Test func convertRefusesAMetadataValueOverTheCSVLineLimit() {
    let input = jsonLine(id: "g1", meta: #","meta":{"device":""# + longID + #""}"#)
    let result = run(["convert", "-", "--from", "jsonl", "--to", "csv"], input: input)
    #expect(result.exitCode == .dataError)
    #expect(result.error.contains("expected a trace whose lines are at most 1048576 bytes"))
  }

  @Test func repairSkipsATraceItCannotWriteReadably() {
    let input = jsonLine(id: longID) + jsonLine(id: "g2")
    let result = run(["repair", "-", "--from", "jsonl", "--to", "csv"], input: input)
    #expect(result.exitCode == .success)
    #expect(result.output.hasSuffix("g2,0,began,0,0\ng2,1,ended,0,100\n"))
    #expect(result.error.contains("1 × expected a trace whose lines are at most 1048576 bytes"))
  }

  // NB: the 2-million-event trace of the issue made a 155 MB JSON line;
  // 500,000 events with six long numbers each pass the 64 MiB cap.
  @Test func jsonLinesEncoderRefusesATraceOverTheLineLimit() {
    var events = [PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0))]
    for index in 1..<500_000 {
      let value = 0.123456789012345 + Double(index)
      events.append(
        PanEvent(
          time: TraceTime(nanoseconds: Int64(index) * 1_000), phase: .changed,
          translation: Vector2D(x: value, y: value), velocity: Vector2D(x: value, y: value),
          location: Vector2D(x: value, y: value)))
    }
    events.append(
      PanEvent(
        time: TraceTime(nanoseconds: 500_000_000), phase: .ended,
        translation: Vector2D(x: 0, y: 0)))
    let trace = Trace(id: "long", events: events)
    var text = "kept\n"
    let problem = JSONLinesEncoder().encodeReadably(trace, line: 3, into: &text)
    #expect(text == "kept\n")
    #expect(problem?.line == 3)
    #expect(problem?.message.hasPrefix("expected a trace whose lines are at most 67108864") == true)
    var csv = ""
    #expect(
      CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
        .encodeReadably(trace, line: 3, into: &csv) == nil)
  }
}
