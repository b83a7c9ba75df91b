import Testing

@testable import GestureTrace

/// CSV and JSON Lines hold the same model: over synthetic corpora, every
/// trace reads back equal from both, and converting canonical files either
/// way reproduces them byte for byte.
@Suite struct RoundTripPropertyTests {
  /// A few synthetic traces of a seed; odd seeds get their numbers scaled
  /// by a random power of ten and their times moved to a random origin, so
  /// that tiny, huge and long-fraction numbers and times are written too.
  static func corpus(seed: UInt64) -> [Trace] {
    let rates: [Double] = [120, 60, 240, 90.5, 1_000]
    let synthesizer = TraceSynthesizer(seed: seed, rate: rates[Int(seed % 5)])
    var traces = (0..<3).map { synthesizer.trace(at: $0) }
    guard seed % 2 == 1 else { return traces }
    var random = SplitMix64(seed: seed)
    let scale = [1e-9, 1e-3, 0.1, 3, 1e6, 1e300][Int(random.next() % 6)]
    let origin = TraceTime(nanoseconds: Int64(random.next() % 1_000_000_000_000_000))
    for index in traces.indices {
      traces[index].events = traces[index].events.map { event in
        var moved = event
        moved.time = event.time + origin
        moved.translation = Vector2D(x: event.translation.x * scale, y: event.translation.y * scale)
        moved.velocity = event.velocity.map { Vector2D(x: $0.x * scale, y: -$0.y / scale) }
        return moved
      }
    }
    return traces
  }

  static func encoded(_ traces: [Trace], _ format: TraceFileFormat) -> String {
    let encoder = format.makeEncoder(columns: CSVColumns(fitting: traces))
    var text = encoder.fileHeader()
    for trace in traces { encoder.encode(trace, into: &text) }
    return text
  }

  static func decoded(_ text: String, _ format: TraceFileFormat) -> [TraceFileItem] {
    var decoder = format.makeDecoder()
    return decoder.decode(text)
  }

  @Test(arguments: 0..<300 as Range<UInt64>)
  func csvAndJSONLinesReadBackTheSameTraces(seed: UInt64) {
    let traces = Self.corpus(seed: seed)
    #expect(traces.allSatisfy { $0.violations.isEmpty })
    let csv = Self.encoded(traces, .csv)
    let jsonl = Self.encoded(traces, .jsonl)
    func tracesOf(_ items: [TraceFileItem]) -> [Trace] {
      items.compactMap { if case .trace(let trace, _) = $0 { trace } else { nil } }
    }
    let fromCSV = Self.decoded(csv, .csv)
    let fromJSONL = Self.decoded(jsonl, .jsonl)
    // Every item is a trace (no problem), equal to what was written.
    #expect(fromCSV.count == traces.count && tracesOf(fromCSV) == traces)
    #expect(fromJSONL.count == traces.count && tracesOf(fromJSONL) == traces)
    // Canonical files convert both ways byte for byte.
    #expect(Self.encoded(tracesOf(fromJSONL), .csv) == csv)
    #expect(Self.encoded(tracesOf(fromCSV), .jsonl) == jsonl)
  }

  @Test(arguments: 0..<100 as Range<UInt64>)
  func chunkBoundariesDoNotChangeWhatIsRead(seed: UInt64) {
    // Any split of the bytes gives the same items: a chunk may end inside
    // a line, a quoted field, a number or a UTF-8 sequence.
    var traces = Self.corpus(seed: seed)
    traces[0].metadata["note"] = "café, \"quoted\" ✓"
    var random = SplitMix64(seed: ~seed)
    for format in TraceFileFormat.allCases {
      let bytes = Array(Self.encoded(traces, format).utf8)
      let whole = Self.decoded(Self.encoded(traces, format), format)
      var decoder = format.makeDecoder()
      var items: [TraceFileItem] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + Int(random.next() % 97))
        bytes[start..<end].withUnsafeBufferPointer { chunk in
          decoder.push(chunk) { items.append($0) }
        }
        start = end
      }
      decoder.finish { items.append($0) }
      #expect(items == whole, "\(format)")
    }
  }
}
