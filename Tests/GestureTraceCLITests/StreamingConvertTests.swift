import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `convert` writes a CSV trace as its rows are read, through a spool
/// (``StreamingConversion``), instead of holding it: the same bytes, the
/// same messages and exit codes as reading each trace whole, for every
/// input.
@Suite struct StreamingConvertTests {
  /// Runs `convert` with the arguments as `gesturetrace` does, reading CSV
  /// traces through a spool of `spoolMemory` bytes, or whole with `nil`.
  private func convert(_ arguments: [String], input: String = "", spoolMemory: Int?) -> RunResult {
    var io = BufferedIO(input: input)
    let code = TraceTool.parsing(arguments, spec: ConvertCommand.spec, io: &io) {
      parsed, io throws(CommandError) in
      try ConvertCommand.run(parsed, spoolMemory: spoolMemory, io: &io)
    }
    return RunResult(exitCode: code, output: io.output, error: io.error)
  }

  /// Checks that the command as shipped (a spool of 256 KiB) and with a
  /// spool of 1 byte (every event spills to the file) and of 7 bytes (UTF-8
  /// sequences cut when read back) gives what reading whole traces gives.
  private func expectSameAsWhole(
    _ arguments: [String], input: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let whole = convert(arguments, input: input, spoolMemory: nil)
    var streamed = [run(["convert"] + arguments, input: input)]
    streamed += [1, 7].map { convert(arguments, input: input, spoolMemory: $0) }
    for (index, result) in streamed.enumerated() {
      #expect(result.exitCode == whole.exitCode, "run \(index)", sourceLocation: sourceLocation)
      #expect(result.output == whole.output, "run \(index)", sourceLocation: sourceLocation)
      #expect(result.error == whole.error, "run \(index)", sourceLocation: sourceLocation)
    }
  }

  static let shipped = [
    "samples/synth.csv", "library-pager.csv", "lyrics-swap.csv", "music-card.csv",
    "player-sheet.csv", "recorded-fingers.csv",
  ]

  @Test(arguments: shipped, ["csv", "jsonl"])
  func shippedTracesConvertTheSameStreamed(name: String, format: String) throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("traces/\(name)"), encoding: .utf8)
    expectSameAsWhole(["-", "--to", format], input: text)
    expectSameAsWhole(["-", "--to", format, "--scale", "3"], input: text)
    // A canonical CSV file converts to itself.
    let canonical = [
      "samples/synth.csv", "player-sheet.csv", "music-card.csv", "recorded-fingers.csv",
    ]
    if format == "csv", canonical.contains(name) {
      #expect(run(["convert", "-", "--to", "csv"], input: text).output == text)
    }
  }

  /// Files with a problem of every kind a CSV reader reports, and traces
  /// in pixels with and without a scale.
  static let problemFiles = [
    "",
    "# gesturetrace: 2\ntrace,t,phase,tx,ty\n",
    "trace,t,phase\ng1,0,began\n",
    "# only comments\n",
    "trace,t,phase,tx,ty\ng1,0,changed,0,0\ng1,1,ended,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,2,changed,1,1\ng1,1,ended,2,2\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,changed,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,1,1\ng1,2,changed,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng2,0,began,0,0\ng1,1,ended,1,1\ng2,1,ended,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,nan,0\ng1,1,ended,1,1\ng2,0,began,0,0\ng2,1,ended,1,1\n",
    "trace,t,phase,tx,ty,vx,vy\ng1,0,began,0,0,1,\ng1,1,ended,1,1,,\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1e300,ended,1,1\ng2,0,began,0,0\ng2,1,ended,2,2\n",
    "trace,t,phase,tx,ty\ng1,0,moved,0,0\ng1,1,ended,1,1\ng2,0,began,0,0\ng2,1,ended,1\n",
    "trace,t,phase,tx,ty\n\"a,b\",0,began,0,0\n\"a,b\",1,ended,1,1\ng 1,0,began,0,0\n"
      + "g1,0,began,0,0\ng1,1,ended,1,1\ng1,2,began,0,0\n",
    "# device: d\n# trace g1 kind: drag\ntrace,t,phase,tx,ty,x,y\ng1,0,began,0,0,1,2\n"
      + "# trace g1 late: yes\ng1,1,ended,1,1,3,4\n# trace g2 kind: flick\n"
      + "g2,0,began,0,0,,\ng2,1,ended,1,1,5,6\n# trace g2 after: yes\n",
    "trace,t,phase,tx,ty\n# trace g1 bad: \u{85}x\ng1,0,began,0,0\ng1,1,ended,1,1\n"
      + "g2,0,began,0,0\ng2,1,ended,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\n" + String(repeating: "x", count: 1 << 20) + "\n"
      + "g1,1,ended,1,1\ng2,0,began,0,0\ng2,1,ended,1,1\n",
    // Pixels: with a scale, without one (left as they are without
    // --scale), and points.
    "# units: px\ntrace,t,phase,tx,ty,vx,vy\n# trace a scale: 2\na,0,began,0,0,1,1\n"
      + "a,0.5,ended,3,4,5,6\nb,0,began,0,0,,\nb,1,ended,1e-300,7,,\n# trace c units: pt\n"
      + "c,0,began,0,0,1,1\nc,1,cancelled,1,1,1,1\n",
    "trace,t,phase,tx,ty\n# trace g1 units: px\n# trace g1 scale: 1e-300\n"
      + "g1,0,began,0,0\ng1,1,ended,1.7e308,-1e10\n",
  ]

  @Test(arguments: problemFiles.indices, ["csv", "jsonl"])
  func filesWithProblemsConvertTheSameStreamed(index: Int, format: String) {
    let input = Self.problemFiles[index]
    for options in [[], ["--lenient"], ["--scale", "2.625"], ["--lenient", "--scale", "4"]] {
      expectSameAsWhole(["-", "--to", format, "--from", "csv"] + options, input: input)
    }
  }

  /// A trace of `count` events with velocities and locations, in pixels
  /// at 3 px/pt, whose id has characters of two, three and four bytes.
  private func longTrace(_ count: Int, id: String = "ü→𝄞") -> String {
    var text = "trace,t,phase,tx,ty,vx,vy,x,y\n# trace \(id) units: px\n"
    text += "# trace \(id) scale: 3\n"
    for index in 0..<count {
      let phase = index == 0 ? "began" : (index == count - 1 ? "ended" : "changed")
      let milliseconds = String(index % 1000)
      let time =
        "\(index / 1000)." + String(repeating: "0", count: 3 - milliseconds.count)
        + milliseconds
      text += "\(id),\(time),\(phase),\(index % 7).25,-\(index % 11),\(index),-0.1,,\n"
    }
    return text
  }

  /// 20,000 events make about 1.3 MB of CSV: the spool of 256 KiB spills
  /// to its file several times.
  @Test(arguments: ["csv", "jsonl"])
  func aLongTraceSpillsAndConvertsTheSame(format: String) {
    let input = longTrace(20_000) + longTrace(3, id: "g2")
    expectSameAsWhole(["-", "--to", format], input: input)
    expectSameAsWhole(["-", "--to", format, "--scale", "2"], input: input)
  }

  /// Files in and out, the output written to a temporary file and renamed.
  @Test func filesConvertTheSameStreamed() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    try Data(longTrace(5_000).utf8).write(to: URL(fileURLWithPath: input))
    let runs: [(String, Int?)] = [
      ("whole.jsonl", nil), ("spooled.jsonl", 1), ("shipped.jsonl", 1 << 18),
    ]
    for (name, spoolMemory) in runs {
      let output = directory.appendingPathComponent(name).path
      let result = convert([input, "-o", output], spoolMemory: spoolMemory)
      #expect(result.exitCode == .success, "\(result.error)")
    }
    let whole = try Data(contentsOf: directory.appendingPathComponent("whole.jsonl"))
    #expect(whole.count > 300_000)
    for name in ["spooled.jsonl", "shipped.jsonl"] {
      #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == whole, "\(name)")
    }
  }

  // NB: what grew with a trace was the decoded events (80 bytes each, up
  // to 240 while the array grew) and their text; now the decoder keeps no
  // event and the spool at most its memory limit.
  @Test func aPendingTraceHoldsNoEventAndAtMostTheSpoolsMemory() {
    let conversion = StreamingConversion(format: .jsonl, fallbackScale: 3, spoolMemory: 4_096)
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    decoder.eventSink = conversion
    var items: [TraceFileItem] = []
    let bytes = Array(longTrace(20_000).utf8)
    var largestHeld = 0
    // Row by row, up to the last: the trace is still pending.
    var start = 0
    let last = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    bytes.withUnsafeBufferPointer { buffer in
      while start < last {
        let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n"))! + 1
        decoder.push(UnsafeBufferPointer(rebasing: buffer[start..<end])) { items.append($0) }
        largestHeld = max(largestHeld, conversion.spool.heldByteCount)
        start = end
      }
    }
    // NB: that the decoder keeps no event is StreamingValidationTests'.
    #expect(items.isEmpty)
    #expect(largestHeld < 4_096)
    #expect(conversion.spool.hasSpilled)
    bytes.withUnsafeBufferPointer { buffer in
      decoder.push(UnsafeBufferPointer(rebasing: buffer[last...])) { items.append($0) }
    }
    decoder.finish { items.append($0) }
    guard case .trace(let read, let line) = items.first, items.count == 1 else {
      Issue.record("expected one trace, got \(items)")
      return
    }
    #expect(conversion.holds(read, line: line))
    // The spool holds the text the whole trace's encoding has for its
    // events: all of it but the start and the end.
    var decodingWhole = CSVTraceDecoder()
    guard case .trace(let whole, _) = decodingWhole.decode(longTrace(20_000)).first,
      let points = whole.inPoints(fallbackScale: 3)
    else { return }
    var expected = ""
    JSONLinesEncoder().encode(points, into: &expected)
    var written = ""
    try? conversion.write(read.inPoints(fallbackScale: 3)!, into: &written) { _ in }
    #expect(written == expected)
    #expect(conversion.lineLengths(of: points) == LineLengths(expected.utf8))
  }

  /// A CSV row of `count` events whose JSON Lines objects have a known
  /// length: every number has 11 characters and every time 7.
  private func wideTrace(_ count: Int) -> String {
    var text = "trace,t,phase,tx,ty,vx,vy,x,y\n"
    let numbers = String(repeating: ",1234567.125", count: 6)
    for index in 0..<count {
      let phase = index == 0 ? "began" : (index == count - 1 ? "ended" : "changed")
      text += "g1,\(1_000_000 + index),\(phase)\(numbers)\n"
    }
    return text
  }

  /// The length of ``wideTrace(_:)``'s JSON line without its line feed:
  /// `{"id":"g1","events":[` (21), the events (129 bytes for `began` and
  /// `ended`, 131 for `changed`: `{"t":` 5, the time 7, `,"phase":"` 10,
  /// the phase and its quote, `,"tx":` and `,"ty":` 6 each, `,"vx":` and
  /// `,"vy":` 6 each, `,"x":` and `,"y":` 5 each, six numbers of 11, `}`),
  /// the commas between them and `]}`.
  private func wideLineLength(_ count: Int) -> Int {
    21 + 2 * 129 + (count - 2) * 131 + (count - 1) + 2
  }

  @Test func wideLineLengthIsTheEncodersLineLength() {
    for count in [2, 3, 10] {
      let result = run(["convert", "-", "--to", "jsonl"], input: wideTrace(count))
      #expect(result.output.utf8.count == wideLineLength(count) + 1)
    }
  }

  // NB: 510,000 events make a JSON line of 67,320,018 bytes, past the
  // 64 MiB cap: the trace is measured as it is read, its text dropped once
  // over the cap, and it is refused with the count whole traces gave.
  @Test func aJSONLineOverTheCapIsStillRefused() {
    let input = wideTrace(510_000)
    let length = wideLineLength(510_000)
    #expect(length == 67_320_018)
    let result = run(["convert", "-", "--to", "jsonl"], input: input)
    #expect(result.exitCode == .dataError)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "Error: <stdin>:2:1: expected a trace whose lines are at most 67108864 bytes when "
        + "written, found one of \(length) bytes in trace 'g1'; write it as CSV, or split it\n")
    // Read a row at a time, the spool stopped keeping the text at the cap.
    let conversion = StreamingConversion(format: .jsonl, fallbackScale: nil, spoolMemory: 1 << 18)
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    decoder.eventSink = conversion
    let items = decoder.decode(input)
    #expect(items.count == 1)
    #expect(conversion.isOverLimit && conversion.spool.byteCount == 0)
  }

  /// A CSV row made longer than the 1 MiB cap by writing its numbers in
  /// full (`1e5` is written `100000.0`): refused, or skipped with
  /// `--lenient`, as whole traces are.
  @Test func aCSVRowOverTheCapIsRefusedAsWholeTracesAre() {
    // NB: rows of 1,048,572 bytes read; written, they have 1,048,582.
    let id = String(repeating: "i", count: (1 << 20) - 20)
    let input =
      "trace,t,phase,tx,ty\n\(id),0,began,1e5,1e5\n\(id),1,ended,1e5,1e5\n"
      + "g2,0,began,0,0\ng2,1,ended,1,1\n"
    let result = run(["convert", "-", "--to", "csv"], input: input)
    #expect(result.exitCode == .dataError)
    #expect(result.error.contains("expected a trace whose lines are at most 1048576 bytes"))
    expectSameAsWhole(["-", "--to", "csv"], input: input)
    expectSameAsWhole(["-", "--to", "csv", "--lenient"], input: input)
    let lenient = run(["convert", "-", "--to", "csv", "--lenient"], input: input)
    #expect(lenient.exitCode == .success)
    #expect(
      lenient.output == "# gesturetrace: 1\ntrace,t,phase,tx,ty\ng2,0,began,0,0\ng2,1,ended,1,1\n")
  }
}
