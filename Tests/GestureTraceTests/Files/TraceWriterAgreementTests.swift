import Foundation
import Testing

@testable import GestureTrace

/// Each format is written once, as bytes (``CSVTraceRow``,
/// ``JSONLinesTraceEvent``, ``CSVMetadataLine``, `ByteText.writeShortest`),
/// and the `String` encoders decode those bytes: every writer gives the
/// text the `String` encoders gave before (``TraceTextReference``) on the
/// shipped traces and on traces with every kind of number and id.
@Suite struct TraceWriterAgreementTests {
  static let columnChoices = [
    CSVColumns(velocity: true, location: true), CSVColumns(velocity: true, location: false),
    CSVColumns(velocity: false, location: true), CSVColumns(velocity: false, location: false),
  ]

  /// The traces of the shipped CSV files (traces/ and traces/samples/).
  static func shippedTraces() throws -> [Trace] {
    var traces: [Trace] = []
    for folder in ["traces", "traces/samples"] {
      let url = packageRoot.appendingPathComponent(folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
      for name in names.filter({ $0.hasSuffix(".csv") }).sorted() {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        var decoder = CSVTraceDecoder()
        for item in decoder.decode(text) {
          if case .trace(let trace, _) = item { traces.append(trace) }
        }
      }
    }
    return traces
  }

  /// Whether every encoder writes the reference text of `trace`, as a
  /// string, as bytes and a piece at a time.
  static func expectReferenceText(_ trace: Trace) {
    for columns in columnChoices {
      let encoder = CSVTraceEncoder(columns: columns)
      let expected = TraceTextReference.csv(trace, columns: columns)
      expectSameText(encoder, trace, expected)
    }
    expectSameText(JSONLinesEncoder(), trace, TraceTextReference.jsonLines(trace))
  }

  private static func expectSameText(
    _ encoder: some TraceRowEncoder, _ trace: Trace, _ expected: String
  ) {
    var text = "x"
    encoder.encode(trace, into: &text)
    #expect(text == "x" + expected, "\(encoder) \(trace.id)")
    var bytes: [UInt8] = [0x41]
    encoder.encode(trace, into: &bytes)
    #expect(bytes == [0x41] + Array(expected.utf8), "\(encoder) \(trace.id)")
    var pieces = ""
    encoder.encodeStart(id: trace.id, metadata: trace.metadata, into: &pieces)
    let prefix = encoder.rowPrefix(id: trace.id)
    for (index, event) in trace.events.enumerated() {
      encoder.encodeEvent(event, at: index, prefix: prefix, into: &pieces)
    }
    encoder.encodeEnd(into: &pieces)
    #expect(pieces == expected, "\(encoder) \(trace.id)")
  }

  @Test func shippedTracesAreWrittenAsBefore() throws {
    let traces = try Self.shippedTraces()
    #expect(traces.count > 100)
    for trace in traces { Self.expectReferenceText(trace) }
  }

  @Test func numbersOfTheShippedTracesPrintAsBefore() throws {
    var count = 0
    for trace in try Self.shippedTraces() {
      for event in trace.events {
        for vector in [event.translation, event.velocity, event.location].compactMap({ $0 }) {
          #expect(vector.x.shortestDescription == ShortestTextReference.text(vector.x))
          #expect(vector.y.shortestDescription == ShortestTextReference.text(vector.y))
          count += 2
        }
      }
    }
    #expect(count > 10_000)
  }

  @Test(arguments: 0..<4 as Range<UInt64>)
  func oddTracesAreWrittenAsBefore(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let ids = ["g1", "#a", "a,b", "a\"b", "é\u{301}", "q\"\u{301}", "a\\b", "t\u{1}\u{1F}"]
    let values = [
      "drag", "a \"quoted\" value", "back\\slash", "tab\there", "é", "\u{8}\u{C}\r\n", "",
    ]
    func number() -> Double {
      switch rng.next() % 6 {
      case 0: Double(bitPattern: rng.next())
      case 1: Double(Int64(bitPattern: rng.next()) % 100_000) / 100
      case 2:
        [-0.0, .nan, .infinity, -.infinity, 1e15, 1e21, .leastNonzeroMagnitude, 0x1p53][
          Int(rng.next() % 8)]
      default: Double(Int64(bitPattern: rng.next()) % 1_000_000) / 1000
      }
    }
    for index in 0..<300 {
      var metadata = TraceMetadata()
      for key in ["kind", "note", "intent"].prefix(Int(rng.next() % 4)) {
        metadata[key] = values[Int(rng.next() % UInt64(values.count))]
      }
      let count = Int(rng.next() % 6) + 1
      var time: Int64 = Int64(rng.next() % 3) - 1
      let events = (0..<count).map { position -> PanEvent in
        time += Int64(rng.next() % 20_000_000)
        let phase: TouchPhase =
          position == 0 ? .began : position == count - 1 ? .cancelled : .changed
        return PanEvent(
          time: TraceTime(nanoseconds: time), phase: phase,
          translation: Vector2D(x: number(), y: number()),
          velocity: rng.next() % 3 != 0 ? Vector2D(x: number(), y: number()) : nil,
          location: rng.next() % 2 == 0 ? Vector2D(x: number(), y: number()) : nil)
      }
      let id = ids[index % ids.count] + "\(index)"
      Self.expectReferenceText(Trace(id: id, events: events, metadata: metadata))
    }
  }

  @Test func metadataLinesHaveTheirHandWrittenBytes() {
    var bytes: [UInt8] = []
    CSVMetadataLine.append(id: "g1", key: "kind", value: "drag", to: &bytes)
    CSVMetadataLine.append(id: "\"a,b\"", key: "note", value: "x: y", to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "# trace g1 kind: drag\n# trace \"a,b\" note: x: y\n")
    #expect(CSVMetadataLine.tail(key: "k", value: "v") == Array(" k: v\n".utf8))
  }

  @Test func jsonStringsHaveTheirHandWrittenEscapes() {
    var text = ""
    JSONLinesEncoder.appendString("a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F}é\u{301}", to: &text)
    #expect(text == #""a\"b\\c\n\r\t\b\f\u0001\u001fé\#u{301}""#)
    var bytes: [UInt8] = []
    JSONLinesEncoder.appendString("plain", to: &bytes)
    #expect(bytes == Array("\"plain\"".utf8))
  }
}
