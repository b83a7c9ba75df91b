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
}
