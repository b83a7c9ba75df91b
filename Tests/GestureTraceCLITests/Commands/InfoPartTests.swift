import GestureTrace
import Testing

@testable import GestureTraceCLI

/// What an ``InfoPart`` counts per trace, against counting it directly.
@Suite struct InfoPartTests {
  /// Traces per metadata key, with runs of traces of the same keys, keys
  /// set in another order, and traces with none (not `units`: a trace in
  /// unknown units is left out).
  @Test(arguments: 0..<20 as Range<UInt64>)
  func countsTracesPerMetadataKey(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let keySets = [[], ["source"], ["source", "device"], ["device", "source"], ["a", "b", "c"]]
    var expected: [String: Int] = [:]
    var part = InfoPart()
    for index in 0..<Int(rng.next() % 60) {
      var metadata = TraceMetadata()
      let keys = keySets[Int(rng.next() % 4 == 0 ? rng.next() % 5 : seed % 5)]
      for key in keys { metadata[key] = "v" }
      for key in keys { expected[key, default: 0] += 1 }
      part.add(Trace(id: "t\(index)", metadata: metadata))
      #expect(part.keys == expected)
    }
    #expect(part.keys == expected)
  }

  /// Events per phase, counted without a branch per event.
  @Test func countsEventsPerPhase() {
    let phases: [TouchPhase] = [.began, .changed, .changed, .changed, .cancelled]
    let events = phases.enumerated().map { index, phase in
      PanEvent(time: .milliseconds(Int64(8 * index)), phase: phase, translation: .zero)
    }
    var part = InfoPart()
    part.add(Trace(id: "a", events: events))
    part.add(
      Trace(
        id: "b",
        events: [events[0], PanEvent(time: .milliseconds(5), phase: .ended, translation: .zero)]))
    #expect(part.phaseCounts == [2, 3, 1, 1])
    #expect(part.events == 7 && part.intervals.counts.total == 5)
  }

  /// A part whose intervals are mostly distinct stops counting them after
  /// the trace that takes it past ``IntervalStore/sparseCount``.
  @Test func stopsCountingMostlyDistinctIntervals() {
    var part = InfoPart()
    var time: Int64 = 0
    var expected: [Double] = []
    for trace in 0..<3 {
      let events = (0..<3_000).map { index -> PanEvent in
        time += 1_000 + Int64(trace * 3_000 + index)
        return PanEvent(time: TraceTime(nanoseconds: time), phase: .changed, translation: .zero)
      }
      expected += zip(events.dropFirst(), events).map { ($0.time - $1.time).seconds }
      part.add(Trace(id: "t\(trace)", events: events))
    }
    #expect(part.intervals.counts.total == 5_998 && part.intervals.counts.distinctCount == 5_998)
    #expect(part.intervals.values == Array(expected.suffix(2_999)))
  }
}
