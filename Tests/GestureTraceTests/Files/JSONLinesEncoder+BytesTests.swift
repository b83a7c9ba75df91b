import Testing

@testable import GestureTrace

@Suite struct JSONLinesEncoderBytesTests {
  /// The bytes of a trace encoded after `prefix` by the string encoder
  /// before the format was written once (``TraceTextReference``), and by
  /// the byte path; the string path must give the former.
  static func bothPaths(_ trace: Trace, after prefix: String) -> (text: [UInt8], bytes: [UInt8]) {
    let text = prefix + TraceTextReference.jsonLines(trace)
    var derived = prefix
    JSONLinesEncoder().encode(trace, into: &derived)
    #expect(derived == text)
    var bytes = Array(prefix.utf8)
    JSONLinesEncoder().encode(trace, into: &bytes)
    return (Array(text.utf8), bytes)
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func randomTracesMatchTheStringPath(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<40 {
      let trace = CSVTraceEncoderBytesTests.randomTrace(using: &rng)
      let (text, bytes) = Self.bothPaths(trace, after: "{}\n")
      #expect(bytes == text, "\(trace.id)")
    }
  }

  @Test(arguments: [nil, "player-sheet:start=open", "music-card"])
  func synthesizedTracesMatchTheStringPath(target: String?) throws {
    let synthesizer =
      try target.map { TraceSynthesizer(seed: 3, rate: 240, target: try Variant(parsing: $0)) }
      ?? TraceSynthesizer(seed: 3, rate: 240)
    for index in 0..<200 {
      let (text, bytes) = Self.bothPaths(synthesizer.trace(at: index), after: "")
      #expect(bytes == text, "\(index)")
    }
  }

  @Test func writesHandComputedLine() {
    var metadata = TraceMetadata()
    metadata.intent = .complete
    metadata["note"] = "a \"b\"\n"
    let trace = Trace(
      id: "g1",
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero, velocity: .zero),
        PanEvent(
          time: TraceTime(nanoseconds: 16_000_000), phase: .cancelled,
          translation: Vector2D(x: .nan, y: 3), location: Vector2D(x: 0.33, y: -1)),
      ], metadata: metadata)
    var bytes: [UInt8] = []
    JSONLinesEncoder().encode(trace, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"id":"g1","meta":{"intent":"complete","note":"a \"b\"\n"},"events":[{"t":0,"#
        + #""phase":"began","tx":0,"ty":0,"vx":0,"vy":0},{"t":0.016,"phase":"cancelled","#
        + #""tx":null,"ty":3,"x":0.33,"y":-1}]}"# + "\n")
  }
}
