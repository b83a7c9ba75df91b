import Testing

@testable import GestureTrace

/// What every replay must satisfy, over synthetic traces of every kind and
/// every seed transition plus a few rule variants.
@Suite struct ReplayInvariantTests {
  static let variants: [Variant] =
    Variant.seeds
    + [
      "lyrics-swap:axis=both", "player-sheet:rule=projection,rate=0.99",
      "player-sheet:start=open,rule=bottom-sheet", "music-card:mode=drag,rule=fraction",
      "library-pager:pager=current", "player-sheet:rule=android-pager",
    ].map { try! Variant(parsing: $0) }

  @Test(arguments: 0..<200 as Range<UInt64>)
  func timelinesAreFiniteBoundedAndAgreeWithOutcomes(seed: UInt64) {
    let trace = TraceSynthesizer(seed: seed).trace(at: Int(seed % 7))
    let replayer = Replayer(framesPerSecond: 60)
    let lastEvent = trace.duration
    for variant in Self.variants {
      let timeline = replayer.timeline(of: trace, with: variant)
      let outcome = replayer.outcome(of: trace, with: variant)
      #expect(timeline.outcome == outcome, "\(variant.spec)")
      #expect(outcome.decidedAt <= outcome.settledAt, "\(variant.spec)")
      #expect(timeline.frames.count >= 1)
      for (index, name) in timeline.propertyNames.enumerated() {
        let values = timeline.frames.map { $0.values[index] }
        #expect(values.allSatisfy { $0.isFinite }, "\(variant.spec) \(name)")
        if name.hasSuffix("Alpha") {
          #expect(values.allSatisfy { (0...1).contains($0) }, "\(variant.spec) \(name)")
        }
      }
      // Frames run forward from 0 and end once everything has settled
      // (a timeline stops 30 s after the last event at the latest).
      #expect(timeline.frames.first?.time == .zero)
      #expect(zip(timeline.frames, timeline.frames.dropFirst()).allSatisfy { $0.time < $1.time })
      let end = min(outcome.settledAt, lastEvent + .milliseconds(30_000))
      #expect((timeline.frames.last?.time ?? .zero) >= end, "\(variant.spec)")
      for crossing in timeline.crossings.compactMap({ $0 }) {
        #expect(crossing >= .zero && crossing <= timeline.frames.last!.time, "\(variant.spec)")
      }
    }
  }
}
