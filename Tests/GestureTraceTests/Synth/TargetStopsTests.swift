import Testing

@testable import GestureTrace

/// `synth --target` of a transition with more than two stops (the tests'
/// ``MyPanel``: full 100, half 400, tip 700 along y): gestures aimed at
/// each stop in turn, labelled with the stop meant.
@Suite struct TargetStopsTests {
  static func synthesizer(_ spec: String) throws -> TraceSynthesizer {
    TraceSynthesizer(seed: 5, rate: 120, target: try Variant(parsing: spec, in: MyPanel.catalog))
  }

  /// How many traces of `traces` have each value of metadata `key`.
  static func counts(_ traces: [Trace], _ key: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for trace in traces { counts[trace.metadata[key] ?? "-", default: 0] += 1 }
    return counts
  }

  @Test func fromTheMiddleStopItAimsToStayAndAtBothNeighbours() throws {
    let synthesizer = try Self.synthesizer("my-panel")
    let mix = try #require(synthesizer.target)
    // Up (towards full) first: stay, drag, flick; then down towards tip.
    #expect(mix.aims.map(\.stop) == ["half", "full", "full", "half", "tip", "tip"])
    #expect(mix.aims.map(\.kind) == [.stay, .drag, .flick, .stay, .drag, .flick])
    #expect(mix.aims.map(\.direction) == [.up, .up, .up, .down, .down, .down])
    #expect(mix.aims.map(\.gap) == [300, 300, 300, 300, 300, 300])
    // 50 = 8 × 6 + 2: the first two aims (stay up, drag up) once more.
    let traces = (0..<50).map { synthesizer.trace(at: $0) }
    #expect(Self.counts(traces, "intent") == ["half": 17, "full": 17, "tip": 16])
    #expect(Self.counts(traces, "kind") == ["stay": 17, "drag": 17, "flick": 16])
    #expect(Self.counts(traces, "direction") == ["up": 26, "down": 24])
    #expect(traces.allSatisfy { $0.metadata.target == "my-panel" })
    #expect(traces.allSatisfy { $0.metadata.intendedStop == $0.metadata["intent"] })
    #expect(traces[0].id == "my-panel-000000")
    #expect(traces.allSatisfy { $0.violations.isEmpty })
  }

  @Test func fromAnEndStopItAimsFlicksToCarryPastTheNeighbour() throws {
    let synthesizer = try Self.synthesizer("my-panel:start=full")
    let mix = try #require(synthesizer.target)
    #expect(mix.aims.map(\.kind) == [.stay, .drag, .flick, .carry])
    #expect(mix.aims.map(\.stop) == ["full", "half", "half", "tip"])
    // 42 = 10 × 4 + 2: stay and drag once more.
    let traces = (0..<42).map { synthesizer.trace(at: $0) }
    #expect(Self.counts(traces, "intent") == ["full": 11, "half": 21, "tip": 10])
    #expect(Self.counts(traces, "direction") == ["down": 42])
  }

  @Test func staysAndDragsSettleAsMeantOnTheNearestStop() throws {
    // A stay moves 10–30 % of the 300-pt gap and a drag 80–100 %, both
    // paused before the lift: the stop nearest the release position is the
    // one meant (nearer than 150 pt), whatever the draws.
    let variant = try Variant(parsing: "my-panel", in: MyPanel.catalog)
    let synthesizer = try Self.synthesizer("my-panel")
    let replayer = Replayer()
    for index in 0..<60 {
      let trace = synthesizer.trace(at: index)
      guard trace.metadata["kind"] != "flick" else { continue }
      let outcome = replayer.outcome(of: trace, with: variant).outcome
      #expect(outcome == .stop(StopName(trace.metadata["intent"]!)!), "\(trace.id)")
    }
  }

  @Test func carriesAreFasterThanFlicksTowardsTheFarStop() throws {
    let synthesizer = try Self.synthesizer("my-panel:start=full")
    let traces = (0..<40).map { synthesizer.trace(at: $0) }
    for trace in traces where ["flick", "carry"].contains(trace.metadata["kind"]) {
      // Released moving down, towards half and tip.
      let velocity = try #require(trace.events.last?.velocity)
      #expect(velocity.y > 0, "\(trace.id)")
    }
    func meanSpeed(_ kind: String) -> Double {
      let speeds = traces.filter { $0.metadata["kind"] == kind }.compactMap {
        $0.events.last?.velocity?.y
      }
      return speeds.reduce(0, +) / Double(speeds.count)
    }
    #expect(meanSpeed("carry") > meanSpeed("flick"))
  }

  @Test(arguments: [TraceFileFormat.csv, .jsonl])
  func batchesAreTheTracesOneByOne(format: TraceFileFormat) throws {
    let synthesizer = try Self.synthesizer("my-panel")
    for range in [0..<0, 0..<13, -5..<5, 999_995..<1_000_003] {
      var expected: [UInt8] = []
      for index in range { synthesizer.encodeTrace(at: index, as: format, into: &expected) }
      var batch: [UInt8] = []
      synthesizer.encodeTraces(range, as: format, into: &batch)
      #expect(batch == expected, "\(range)")
    }
  }
}
