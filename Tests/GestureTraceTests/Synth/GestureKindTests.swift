import Testing

@testable import GestureTrace

@Suite struct GestureKindTests {
  @Test(arguments: [
    (GestureKind.drag, TraceIntent.complete), (.flick, .complete), (.horizontal, .complete),
    (.reversal, .cancel), (.hesitant, .cancel),
  ])
  func intentFollowsTheKind(kind: GestureKind, intent: TraceIntent) {
    #expect(kind.intent == intent)
  }

  @Test func sharesAddUpToOne() {
    // 0.30 + 0.25 + 0.20 + 0.15 + 0.10 = 1.
    let total = GestureKind.allCases.reduce(0) { $0 + $1.share }
    #expect(abs(total - 1) < 1e-12)
  }

  @Test func drawnKindsFollowTheShares() {
    var rng = SplitMix64(seed: 8)
    var counts: [GestureKind: Int] = [:]
    for _ in 0..<20_000 { counts[GestureKind.drawn(using: &rng), default: 0] += 1 }
    for kind in GestureKind.allCases {
      // Standard deviation of a share at most √(0.3 · 0.7 / 20000) ≈ 0.0032.
      #expect(abs(Double(counts[kind] ?? 0) / 20_000 - kind.share) < 0.015)
    }
  }
}
