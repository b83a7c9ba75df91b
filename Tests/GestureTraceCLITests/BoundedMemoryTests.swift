import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Memory bounded by what was read: checked structurally (counts, caps),
/// never by timing; the measured peaks are in docs/reliability.md.
@Suite struct BoundedMemoryTests {
  /// Three events ending at `end` seconds: 61 bytes at 10,000 s.
  private func farTrace(_ end: String) -> String {
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,changed,0,50\ng1,\(end),ended,0,100\n"
  }

  // NB: at 10,000 s this replayed to 1.2 million frames and 486 MB (1.4 GB
  // with four variants); at 100,000 s it aborted on an allocation failure.
  // 3,999,999,999 s is the latest time the format takes (±4e9 s).
  @Test(arguments: ["10000", "100000", "3999999999"])
  func aLongTimelineIsRefusedBeforeItIsHeld(end: String) {
    let result = run(
      ["replay", "-", "--trace", "g1", "--variant", "lyrics-swap", "--format", "csv"],
      input: farTrace(end))
    #expect(result.exitCode == .dataError)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix("Error: The timeline of trace 'g1' would have "), "\(result.error)")
    #expect(result.error.contains("more than --max-frames 100000; pass a larger --max-frames"))
  }

  @Test(arguments: ["text", "csv", "json"])
  func theCapIsTheExactFrameCount(format: String) {
    let base = ["replay", "-", "--trace", "g1", "--variant", "lyrics-swap", "--format", format]
    let arguments = base + ["--variant", "player-sheet", "--fps", "60"]
    let input = farTrace("20")
    // 20 s plus whatever the variants take to settle: the longer of the two.
    let trace = Self.trace(ending: 20)
    let replayer = Replayer(framesPerSecond: 60)
    let counts = ["lyrics-swap", "player-sheet"].map {
      replayer.frameCount(of: trace, with: try! Variant(parsing: $0))
    }
    let count = counts.max()!
    #expect(run(arguments + ["--max-frames", "\(count)"], input: input).exitCode == .success)
    let refused = run(arguments + ["--max-frames", "\(count - 1)"], input: input)
    #expect(refused.exitCode == .dataError)
    #expect(refused.error.contains("would have \(count) frames at 60 fps"), "\(refused.error)")
  }

  @Test func frameCountIsTheTimelinesFrameCount() throws {
    for seed: UInt64 in 1...20 {
      let synthesized = TraceSynthesizer(seed: seed).trace(at: 0)
      let traces = [synthesized, Self.trace(ending: Int64(seed)), Self.trace(ending: 0)]
      for trace in traces {
        for spec in ["lyrics-swap", "player-sheet", "music-card", "library-pager"] {
          for fps in [1, 7, 120, 1000] {
            let variant = try Variant(parsing: spec)
            let replayer = Replayer(framesPerSecond: fps)
            #expect(
              replayer.frameCount(of: trace, with: variant)
                == replayer.timeline(of: trace, with: variant).frames.count)
          }
        }
      }
    }
  }

  /// The trace of `farTrace`, ending at `end` seconds.
  private static func trace(ending end: Int64) -> Trace {
    Trace(
      id: "g1",
      events: [
        PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0)),
        PanEvent(
          time: .milliseconds(min(end, 1) * 1000), phase: .changed,
          translation: Vector2D(x: 0, y: 50)),
        PanEvent(
          time: .milliseconds(end * 1000), phase: .ended, translation: Vector2D(x: 0, y: 100)),
      ])
  }

  // NB: `info` sorts its intervals in place; its output stays byte for byte
  // what `Quantiles(_:)` gave, because the sorted values are the same.
  @Test func sortingInPlaceGivesTheSameQuantiles() {
    var generator = SplitMix64(seed: 15)
    for count in [0, 1, 2, 7, 1_000] {
      var values = (0..<count).map { index -> Double in
        switch generator.next() % 8 {
        case 0: return .nan
        case 1: return -0.0
        case 2: return 0.0
        default: return Double(generator.next() % 1_000) / 7 - Double(index)
        }
      }
      let expected = Quantiles(values)
      let sorted = Quantiles(sorting: &values)
      #expect(values.isEmpty)
      #expect(sorted.sorted.map(\.bitPattern) == expected.sorted.map(\.bitPattern))
      #expect(sorted.standardDeviation?.bitPattern == expected.standardDeviation?.bitPattern)
    }
  }

  /// What `info` printed before it spilled its columns: the values in
  /// memory, sorted, and the standard deviation summed in sorted order.
  private func describedInMemory(_ traces: [Trace]) -> String {
    var durations: [Double] = []
    var distances: [Double] = []
    var intervals: [Double] = []
    var leftOut = LeftOutTraces()
    var events = 0
    var phases: [TouchPhase: Int] = [:]
    var keys: [String: Int] = [:]
    var withVelocity = 0
    for trace in traces {
      guard let trace = leftOut.points(trace) else { continue }
      let features = TraceFeatures(of: trace)
      durations.append(features.duration)
      distances.append(features.netDistance)
      intervals += features.intervals
      events += trace.events.count
      for event in trace.events { phases[event.phase, default: 0] += 1 }
      for key in trace.metadata.entries.keys { keys[key, default: 0] += 1 }
      if trace.hasVelocity { withVelocity += 1 }
    }
    return InfoCommand.describe(
      "f", traces: durations.count, events: events,
      durations: .init(Quantiles(durations)), distances: .init(Quantiles(distances)),
      intervals: .init(Quantiles(intervals)), phases: phases, keys: keys,
      withVelocity: withVelocity, leftOut: leftOut)
  }

  /// What `info` prints now, from a tally with small chunks and scratch.
  private func describedByTally(
    _ traces: [Trace], chunk: Int, scratch: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    // NB: a tally counts at most `chunk` distinct intervals, so small
    // chunks also spill the intervals counted so far.
    let tally = InfoTally(chunkCapacity: chunk, scratchLimit: scratch, distinctIntervals: chunk)
    for trace in traces {
      tally.add(trace)
      #expect(tally.heldCount <= 3 * chunk, sourceLocation: sourceLocation)
    }
    let columns = tally.columns()!
    #expect(tally.peakSelected <= scratch, sourceLocation: sourceLocation)
    return InfoCommand.describe(
      "f", traces: tally.traces, events: tally.events, durations: columns.durations,
      distances: columns.distances, intervals: columns.intervals, phases: tally.phases,
      keys: tally.keys, withVelocity: tally.withVelocity, leftOut: tally.leftOut)
  }

  // NB: `info` keeps a chunk per column in memory (three chunks), however
  // many traces it reads; its medians come from passes over the spilled
  // chunks holding at most the scratch limit, and it prints what it
  // printed when it held every value.
  @Test(arguments: 0..<12 as Range<UInt64>)
  func infoHoldsAChunkPerColumnAndPrintsTheSame(seed: UInt64) {
    let rates = [120.0, 60, 90, 240]
    let synthesizer = TraceSynthesizer(seed: seed, rate: rates[Int(seed % 4)])
    let traces = (0..<(50 + Int(seed) * 40)).map { synthesizer.trace(at: $0) }
    let chunk = [1, 16, 500][Int(seed % 3)]
    let scratch = [1, 40, 1 << 16][Int(seed / 3 % 3)]
    #expect(describedByTally(traces, chunk: chunk, scratch: scratch) == describedInMemory(traces))
  }

  @Test(arguments: Self.shippedTraces)
  func infoPrintsTheSameForShippedTraces(name: String) throws {
    let url =
      packageRoot
      .appendingPathComponent("traces/\(name).csv")
    var decoder = CSVTraceDecoder()
    let traces = decoder.decode(try String(contentsOf: url, encoding: .utf8)).compactMap {
      item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(!traces.isEmpty)
    #expect(describedByTally(traces, chunk: 8, scratch: 5) == describedInMemory(traces))
  }

  // NB: `validate` reads CSV traces without their events (counted as the
  // rows stream by); it reports the same counts as when it held them.
  @Test(arguments: Self.shippedTraces)
  func validateCountsWhatItNoLongerHolds(name: String) throws {
    let url =
      packageRoot
      .appendingPathComponent("traces/\(name).csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var decoder = CSVTraceDecoder()
    var traces = 0
    var events = 0
    for case .trace(let trace, _) in decoder.decode(text) {
      traces += 1
      events += trace.events.count
    }
    let result = run(["validate", "-"], input: text)
    #expect(
      result.output == "Checked 1 file: \(traces) valid traces (\(events) events), no problems.\n")
  }

  /// The trace files shipped in traces/.
  static let shippedTraces = [
    "library-pager", "lyrics-swap", "music-card", "player-sheet", "recorded-fingers",
  ]
}
