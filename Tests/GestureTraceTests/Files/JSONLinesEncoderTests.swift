import Testing

@testable import GestureTrace

@Suite struct JSONLinesEncoderTests {
  /// The example trace of the format description, built by hand.
  static let example: Trace = {
    var metadata = TraceMetadata()
    metadata.intent = .complete
    metadata.source = "synth"
    let rows: [(Int64, TouchPhase, Double, Double, Double, Double)] = [
      (0, .began, 0, 0, 0, 0),
      (8_300_000, .changed, 0.4, 6.1, 48, 732),
      (16_700_000, .changed, 1.1, 14.9, 84, 1056),
      (25_000_000, .ended, 1.6, 24.0, 60, 1092),
    ]
    let events = rows.map { row in
      PanEvent(
        time: TraceTime(nanoseconds: row.0), phase: row.1,
        translation: Vector2D(x: row.2, y: row.3), velocity: Vector2D(x: row.4, y: row.5))
    }
    return Trace(id: "g1", events: events, metadata: metadata)
  }()

  @Test func encodesExampleTraceExactly() {
    var text = ""
    JSONLinesEncoder().encode(JSONLinesEncoderTests.example, into: &text)
    // Metadata in canonical order (source before intent); 24.0 prints as 24.
    let expected =
      #"{"id":"g1","meta":{"source":"synth","intent":"complete"},"events":["#
      + #"{"t":0,"phase":"began","tx":0,"ty":0,"vx":0,"vy":0},"#
      + #"{"t":0.0083,"phase":"changed","tx":0.4,"ty":6.1,"vx":48,"vy":732},"#
      + #"{"t":0.0167,"phase":"changed","tx":1.1,"ty":14.9,"vx":84,"vy":1056},"#
      + #"{"t":0.025,"phase":"ended","tx":1.6,"ty":24,"vx":60,"vy":1092}]}"# + "\n"
    #expect(text == expected)
  }

  @Test func hasNoHeaderAndAppendsLines() {
    let encoder = JSONLinesEncoder()
    #expect(encoder.fileHeader() == "")
    let trace = Trace(
      id: "t",
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(time: .milliseconds(1), phase: .cancelled, translation: Vector2D(x: -2, y: 3)),
      ])
    var text = "before\n"
    encoder.encode(trace, into: &text)
    encoder.encode(trace, into: &text)
    let line =
      #"{"id":"t","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":0.001,"phase":"cancelled","tx":-2,"ty":3}]}"# + "\n"
    #expect(text == "before\n" + line + line)
  }

  @Test func writesVelocityThenLocation() {
    let trace = Trace(
      id: "v",
      events: [
        PanEvent(
          time: .zero, phase: .began, translation: .zero, velocity: Vector2D(x: 1, y: 2),
          location: Vector2D(x: 3, y: 4)),
        PanEvent(
          time: .zero, phase: .ended, translation: .zero, location: Vector2D(x: 5, y: 6)),
      ])
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    #expect(
      text
        == #"{"id":"v","events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":1,"vy":2,"#
        + #""x":3,"y":4},{"t":0,"phase":"ended","tx":0,"ty":0,"x":5,"y":6}]}"# + "\n")
  }

  @Test func ordersMetadataCanonically() {
    var trace = Trace(id: "m", events: [])
    trace.metadata["zeta"] = "z"
    trace.metadata.intent = .cancel
    trace.metadata["alpha"] = "a"
    trace.metadata.units = "pt"
    trace.metadata.source = "s"
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    // Well-known keys in their order (source, units, intent), then the others sorted.
    #expect(
      text
        == #"{"id":"m","meta":{"source":"s","units":"pt","intent":"cancel","alpha":"a","#
        + #""zeta":"z"},"events":[]}"# + "\n")
  }

  @Test func escapesStringsPerRFC8259() {
    var trace = Trace(id: #"a"b\c"#, events: [])
    trace.metadata["k"] = "\u{1}\u{1F}\u{8}\u{C}\n\r\t\"\\/\u{7F}é😀"
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    #expect(
      text
        == #"{"id":"a\"b\\c","meta":{"k":"\u0001\u001f\b\f\n\r\t\"\\/"# + "\u{7F}é😀"
        + #""},"events":[]}"# + "\n")
  }

  @Test func writesNonFiniteNumbersAsNull() {
    let trace = Trace(
      id: "n",
      events: [
        PanEvent(time: .zero, phase: .began, translation: Vector2D(x: .infinity, y: .nan))
      ])
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    #expect(text == #"{"id":"n","events":[{"t":0,"phase":"began","tx":null,"ty":null}]}"# + "\n")
  }

  // MARK: - Round trips

  @Test func encodeDecodeKeepsAwkwardNumbersAndTextExactly() throws {
    // .leastNonzeroMagnitude is 5e-324, the smallest subnormal.
    let awkward: [Double] = [
      -0.0, .leastNonzeroMagnitude, 1.7976931348623157e308, 0.1 + 0.2, 1e-7, 123456789.123456789,
      -2.2250738585072014e-308, 1e15, 1e16, 0.0083, -1e-300, 9_007_199_254_740_992, 1e300,
    ]
    var metadata = TraceMetadata()
    metadata.device = #"Pixel "4" \ 'x' / é 😀 ü"#
    metadata["tag.with-dash_1"] = #"\\"\u0041"#
    metadata["emoji"] = "👩‍👩‍👧 ‮rtl‬"
    // 235762.362787412 s and 1.000000001 s are exact in nanoseconds.
    let times: [Int64] = [-1_500_000_000, 0, 1, 1_000_000_001, 235_762_362_787_412]
    var events: [PanEvent] = []
    for (index, value) in awkward.enumerated() {
      let phase: TouchPhase = index == 0 ? .began : index == awkward.count - 1 ? .ended : .changed
      let mirrored = awkward[awkward.count - 1 - index]
      events.append(
        PanEvent(
          time: TraceTime(nanoseconds: times[min(index, times.count - 1)]), phase: phase,
          translation: Vector2D(x: value, y: mirrored),
          velocity: index % 2 == 0 ? Vector2D(x: mirrored, y: value) : nil,
          location: index % 3 == 0 ? Vector2D(x: -value, y: value) : nil))
    }
    let trace = Trace(id: #"g"1\é"#, events: events, metadata: metadata)
    #expect(trace.violations.isEmpty)
    let decoded = try roundTrip(trace)
    #expect(decoded == trace)
    #expect(bitPatterns(decoded) == bitPatterns(trace))
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func encodeDecodeKeepsRandomDoublesBitForBit(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var events: [PanEvent] = []
    var time: Int64 = 0
    for index in 0..<100 {
      func randomFinite() -> Double {
        while true {
          let value = Double(bitPattern: generator.next())
          if value.isFinite { return value }
        }
      }
      time += Int64(generator.next() % 1_000_000_000)
      events.append(
        PanEvent(
          time: TraceTime(nanoseconds: time),
          phase: index == 0 ? .began : index == 99 ? .ended : .changed,
          translation: Vector2D(x: randomFinite(), y: randomFinite()),
          velocity: Vector2D(x: randomFinite(), y: randomFinite())))
    }
    let trace = Trace(id: "r\(seed)", events: events)
    let decoded = try roundTrip(trace)
    #expect(decoded == trace)
    #expect(bitPatterns(decoded) == bitPatterns(trace))
  }

  static let canonicalLines = [
    #"{"id":"g1","meta":{"source":"synth","intent":"complete"},"events":["#
      + #"{"t":0,"phase":"began","tx":0,"ty":0,"vx":0,"vy":0},"#
      + #"{"t":0.0083,"phase":"changed","tx":0.4,"ty":6.1,"vx":48,"vy":732},"#
      + #"{"t":0.025,"phase":"ended","tx":1.6,"ty":24,"vx":60,"vy":1092}]}"#,
    #"{"id":"x\"y\\z","meta":{"device":"a \"b\" \\ é 😀","k":"v"},"events":["#
      + #"{"t":-1.5,"phase":"began","tx":-0,"ty":5e-324,"x":1e-07,"y":1.7976931348623157e+308},"#
      + #"{"t":235762.362787412,"phase":"cancelled","tx":0.30000000000000004,"#
      + #""ty":123456789.12345679}]}"#,
    #"{"id":"n","events":[{"t":0.000000001,"phase":"began","tx":1e+16,"ty":-1e-300},"#
      + #"{"t":1.000000001,"phase":"changed","tx":999999999999999,"ty":1},"#
      + #"{"t":1.000000001,"phase":"ended","tx":2,"ty":1}]}"#,
  ]

  @Test(arguments: canonicalLines)
  func decodeEncodeIsByteIdentical(_ line: String) throws {
    var decoder = JSONLinesDecoder()
    let items = decoder.decode(line + "\n")
    guard case .trace(let trace, line: 1)? = items.first, items.count == 1 else {
      Issue.record("expected one trace, found \(items)")
      return
    }
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    #expect(text == line + "\n")
  }

  // MARK: - Helpers

  private func roundTrip(
    _ trace: Trace, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Trace {
    var text = ""
    JSONLinesEncoder().encode(trace, into: &text)
    var decoder = JSONLinesDecoder()
    let items = decoder.decode(text)
    let traces = items.compactMap { item -> Trace? in
      if case .trace(let trace, line: 1) = item { return trace }
      return nil
    }
    #expect(items.count == 1, sourceLocation: sourceLocation)
    return try #require(traces.first, sourceLocation: sourceLocation)
  }

  /// Every number of the events as bits, so that -0 differs from 0.
  private func bitPatterns(_ trace: Trace) -> [UInt64] {
    trace.events.flatMap { event in
      [event.translation, event.velocity, event.location].compactMap { $0 }
        .flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
    }
  }
}

/// A seeded generator (SplitMix64, Steele et al. 2014), for repeatable tests.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
