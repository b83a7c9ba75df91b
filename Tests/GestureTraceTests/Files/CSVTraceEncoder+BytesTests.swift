import Testing

@testable import GestureTrace

@Suite struct CSVTraceEncoderBytesTests {
  /// A trace that reaches every branch of the encoders: ids that need
  /// quoting or escaping (or are long), metadata that does, events with
  /// and without velocities and locations, tricky numbers and times.
  static func randomTrace(using rng: inout SplitMix64) -> Trace {
    let ids = [
      "g1", "a,b", "say \"hi\"", "tab\there", "ünï", "back\\slash", "",
      String(repeating: "long-", count: 150),
    ]
    var metadata = TraceMetadata()
    for key in ["source", "intent", "kind", "zeta", "alpha", "target", "units"]
    where rng.next() % 2 == 0 {
      metadata[key] =
        ["synth", "complete", "a \"quoted\" value", "x\u{1}y", "é", "1,2"][
          Int(rng.next() % 6)]
    }
    let phases: [TouchPhase] = [.began, .changed, .ended, .cancelled]
    let events = (0..<Int(rng.next() % 30)).map { _ -> PanEvent in
      func vector() -> Vector2D {
        Vector2D(
          x: ByteRowTests.trickyDouble(using: &rng), y: ByteRowTests.trickyDouble(using: &rng))
      }
      let time = TraceTime(
        nanoseconds: rng.next() % 3 == 0
          ? Int64(bitPattern: rng.next()) : Int64(rng.next() % 10_000_000_000))
      return PanEvent(
        time: time, phase: phases[Int(rng.next() % 4)], translation: vector(),
        velocity: rng.next() % 4 == 0 ? nil : vector(),
        location: rng.next() % 4 == 0 ? nil : vector())
    }
    return Trace(id: ids[Int(rng.next() % UInt64(ids.count))], events: events, metadata: metadata)
  }

  /// The bytes of a trace encoded after `prefix` by the string encoder
  /// before the format was written once (``TraceTextReference``), and by
  /// the byte path; the string path must give the former.
  static func bothPaths(
    _ trace: Trace, _ encoder: CSVTraceEncoder, after prefix: String
  ) -> (text: [UInt8], bytes: [UInt8]) {
    let text = prefix + TraceTextReference.csv(trace, columns: encoder.columns)
    var derived = prefix
    encoder.encode(trace, into: &derived)
    #expect(derived == text)
    var bytes = Array(prefix.utf8)
    encoder.encode(trace, into: &bytes)
    return (Array(text.utf8), bytes)
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func randomTracesMatchTheStringPath(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20 {
      let trace = Self.randomTrace(using: &rng)
      for (velocity, location) in [(true, true), (true, false), (false, true), (false, false)] {
        let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: velocity, location: location))
        let (text, bytes) = Self.bothPaths(trace, encoder, after: "# x\n")
        #expect(bytes == text, "\(trace.id) \(velocity) \(location)")
      }
    }
  }

  @Test(arguments: [nil, "player-sheet", "lyrics-swap:axis=both", "music-card", "library-pager"])
  func synthesizedTracesMatchTheStringPath(target: String?) throws {
    let synthesizer =
      try target.map { TraceSynthesizer(seed: 11, rate: 90, target: try Variant(parsing: $0)) }
      ?? TraceSynthesizer(seed: 11, rate: 90)
    let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
    for index in 0..<200 {
      let (text, bytes) = Self.bothPaths(synthesizer.trace(at: index), encoder, after: "")
      #expect(bytes == text, "\(index)")
    }
  }

  @Test func writesHandComputedRows() {
    let trace = Trace(
      id: "a,b",
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero, location: Vector2D(x: 1, y: 2)),
        PanEvent(
          time: TraceTime(nanoseconds: 8_300_000), phase: .ended,
          translation: Vector2D(x: -0.5, y: 12.25), velocity: Vector2D(x: 0.1, y: -0.0)),
      ])
    var bytes: [UInt8] = []
    CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true)).encode(trace, into: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\"a,b\",0,began,0,0,,,1,2\n\"a,b\",0.0083,ended,-0.5,12.25,0.1,-0,,\n")
  }
}
