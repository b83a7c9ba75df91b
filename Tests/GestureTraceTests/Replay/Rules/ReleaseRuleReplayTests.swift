import Testing

@testable import GestureTrace

/// Hand-built traces replayed through the player sheet (start closed: the
/// gesture opens it upwards over 806 pt) with each rule.
@Suite struct ReleaseRuleReplayTests {
  /// A trace through (ms, ty) samples, tx 0; the release has `vy` pt/s.
  static func trace(_ id: String, _ samples: [(Int64, Double)], vy: Double) -> Trace {
    Trace(
      id: id,
      events: RuleFixtures.gesture(samples.map { ($0.0, 0, $0.1) }, velocity: Vector2D(x: 0, y: vy))
    )
  }

  /// A quick flick up: 30 pt every 16 ms to 90 pt, released 8 ms later at
  /// 1875 pt/s (30 / 16 ms).
  static let flick = trace(
    "flick", [(0, 0), (16, -30), (32, -60), (48, -90), (56, -90)], vy: -1875)
  /// A slow drag to 450 pt that stops; released at rest after 1.6 s.
  static let slow = trace("slow", [(0, 0), (500, -300), (1000, -450), (1600, -450)], vy: 0)
  /// 60 pt up, then 10 pt back in 16 ms, released at 625 pt/s downwards.
  static let back = trace("back", [(0, 0), (100, -60), (116, -50), (124, -50)], vy: 625)

  struct Row: Sendable, CustomTestStringConvertible {
    let rule: String
    let trace: Trace
    let outcome: TransitionOutcome
    var testDescription: String { "\(rule) \(trace.id) → \(outcome)" }
  }

  static let rows: [Row] = [
    // flick: progress 90, fraction 90 / 806 = 0.112, velocity +1875. Flutter's
    // estimate spans all 56 ms (offset 90 > 18); ViewPager's Δ 90 > 25 and
    // 1875 > 400 is a fling.
    Row(rule: "velocity-sign", trace: flick, outcome: .complete),  // 1875 > 0
    Row(rule: "distance", trace: flick, outcome: .complete),  // 90 > 80
    Row(rule: "fraction", trace: flick, outcome: .cancel),  // 0.112 ≤ 0.5
    Row(rule: "projection", trace: flick, outcome: .complete),  // 90 + 1.875·499 = 1025.6 > 403
    Row(rule: "bottom-sheet", trace: flick, outcome: .complete),  // up → expanded = open
    Row(rule: "swipe", trace: flick, outcome: .complete),  // 56 ms, 90 pt, 30/16 = 1.875 pt/ms
    Row(rule: "hammer", trace: flick, outcome: .complete),  // 90 > 10, 90/56 = 1.61 pt/ms
    Row(rule: "flutter-fling", trace: flick, outcome: .complete),  // fling: 0.112 + 0.5 → 1
    Row(rule: "android-pager", trace: flick, outcome: .complete),  // fling toward next → 1
    // slow: progress 450, fraction 0.558, velocity 0, 1600 ms.
    Row(rule: "velocity-sign", trace: slow, outcome: .complete),  // zero completes
    Row(rule: "distance", trace: slow, outcome: .complete),  // 450 > 80
    Row(rule: "fraction", trace: slow, outcome: .complete),  // 0.558 > 0.5
    Row(rule: "projection", trace: slow, outcome: .complete),  // 450 > 403
    Row(rule: "bottom-sheet", trace: slow, outcome: .complete),  // 356 from open < 450 from closed
    Row(rule: "swipe", trace: slow, outcome: .cancel),  // 1600 ms ≥ 250
    Row(rule: "hammer", trace: slow, outcome: .cancel),  // 450 / 1600 = 0.28 ≤ 0.3
    Row(rule: "flutter-fling", trace: slow, outcome: .complete),  // no fling, round(0.558) = 1
    Row(rule: "android-pager", trace: slow, outcome: .cancel),  // (int)(0.558 + 0.4) = 0
    // back: progress 50, fraction 0.062, velocity −625, 124 ms. Flutter's
    // estimate spans 100…124 ms: offset −10, no fling.
    Row(rule: "velocity-sign", trace: back, outcome: .cancel),  // −625 < 0
    Row(rule: "distance", trace: back, outcome: .cancel),  // 50 ≤ 80
    Row(rule: "fraction", trace: back, outcome: .cancel),  // 0.062
    Row(rule: "projection", trace: back, outcome: .cancel),  // 50 − 0.625·499 < 0
    Row(rule: "bottom-sheet", trace: back, outcome: .cancel),  // down → collapsed = closed
    Row(rule: "swipe", trace: back, outcome: .cancel),  // |50| is not > 50
    Row(rule: "hammer", trace: back, outcome: .complete),  // 50 > 10, 50/124 = 0.403 > 0.3
    Row(rule: "flutter-fling", trace: back, outcome: .cancel),  // |offset| 10: round(0.062)
    Row(rule: "android-pager", trace: back, outcome: .cancel),  // fling (Δ 50, 625) back → page 0
  ]

  @Test(arguments: rows)
  func replaysThroughThePlayerSheet(_ row: Row) throws {
    let variant = try Variant(parsing: "player-sheet:rule=\(row.rule)")
    let result = Replayer().outcome(of: row.trace, with: variant)
    #expect(result.outcome == row.outcome)
    // Decided at the release, the trace's last event.
    #expect(result.decidedAt == row.trace.events.last?.time)
  }
}
