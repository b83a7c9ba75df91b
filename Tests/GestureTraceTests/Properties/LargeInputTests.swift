import Testing

@testable import GestureTrace

/// Inputs far larger than any recording: many traces stream through the
/// readers in chunks, so memory stays bounded by a chunk and a trace.
@Suite struct LargeInputTests {
  /// Streams `count` two-event traces, made a block at a time, through a
  /// decoder and returns how many traces and problems came out.
  static func stream(
    _ count: Int, format: TraceFileFormat
  ) -> (traces: Int, problems: [TraceFileProblem]) {
    var decoder = format.makeDecoder()
    var traces = 0
    var problems: [TraceFileProblem] = []
    func emit(_ item: TraceFileItem) {
      switch item {
      case .trace: traces += 1
      case .problem(let problem): problems.append(problem)
      }
    }
    var block = format == .csv ? "trace,t,phase,tx,ty\n" : ""
    for index in 0..<count {
      switch format {
      case .csv:
        block += "\(index),0,began,0,0\n\(index),0.001,ended,1,1\n"
      case .jsonl:
        block +=
          #"{"id":"\#(index)","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
          + #"{"t":0.001,"phase":"ended","tx":1,"ty":1}]}"# + "\n"
      }
      if block.utf8.count >= 1 << 16 || index == count - 1 {
        block.withUTF8 { decoder.push($0, into: emit) }
        block = ""
      }
    }
    decoder.finish(into: emit)
    return (traces, problems)
  }

  @Test(arguments: TraceFileFormat.allCases)
  func manyTinyTracesStreamThrough(format: TraceFileFormat) {
    // NB: 200,000 traces keep this within seconds in a debug build;
    // tools/stress streams 2,000,000 through the release binary.
    let result = Self.stream(200_000, format: format)
    #expect(result.traces == 200_000)
    #expect(result.problems.isEmpty)
  }

  @Test(arguments: TraceFileFormat.allCases)
  func overlongLineIsOneProblemAndReadingGoesOn(format: TraceFileFormat) {
    let limit =
      format == .csv ? CSVTraceDecoder.maximumLineLength : JSONLinesDecoder.maximumLineLength
    var decoder = format.makeDecoder()
    var items: [TraceFileItem] = []
    func push(_ bytes: [UInt8]) {
      bytes.withUnsafeBufferPointer { decoder.push($0) { items.append($0) } }
    }
    if format == .csv { push(Array("trace,t,phase,tx,ty\n".utf8)) }
    // One MiB at a time, one MiB past the limit: never a whole line held.
    let chunk = [UInt8](repeating: UInt8(ascii: "1"), count: 1 << 20)
    for _ in 0...(limit >> 20) { push(chunk) }
    let trace =
      format == .csv
      ? "\ng1,0,began,0,0\ng1,1,ended,0,1\n"
      : "\n" + #"{"id":"g1","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
        + #"{"t":1,"phase":"ended","tx":0,"ty":1}]}"# + "\n"
    push(Array(trace.utf8))
    decoder.finish { items.append($0) }
    let line = format == .csv ? 2 : 1
    #expect(items.count == 2)
    #expect(
      items.first
        == .problem(
          TraceFileProblem(
            line: line, column: 1,
            message: "expected a line of at most \(limit) bytes, found a longer one")))
    if case .trace(let read, let at) = items.last {
      #expect(read.id == "g1" && at == line + 1)
    } else {
      Issue.record("expected a trace after the long line")
    }
  }
}
