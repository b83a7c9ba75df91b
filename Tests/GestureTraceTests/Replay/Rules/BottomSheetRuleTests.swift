import Testing

@testable import GestureTrace

@Suite struct BottomSheetRuleTests {
  typealias F = RuleFixtures

  @Test func clampsLikeViewDragHelper() {
    // clampMag(v, 50, 8000): |v| < 50 → 0; |v| > 8000 → ±8000; else v.
    #expect(BottomSheetRule.clamped(49.9, minimum: 50, maximum: 8000) == 0)
    #expect(BottomSheetRule.clamped(-49.9, minimum: 50, maximum: 8000) == 0)
    #expect(BottomSheetRule.clamped(50, minimum: 50, maximum: 8000) == 50)
    #expect(BottomSheetRule.clamped(-8000, minimum: 50, maximum: 8000) == -8000)
    #expect(BottomSheetRule.clamped(8000.5, minimum: 50, maximum: 8000) == 8000)
    #expect(BottomSheetRule.clamped(-9000, minimum: 50, maximum: 8000) == -8000)
  }

  // Distance 806. Opening (direction up) → the end is expanded; closing
  // (down) → the end is collapsed. MDC: up → expanded; 0 or sideways →
  // nearer (tie → collapsed); down → collapsed.
  static let cases: [RuleCase] = [
    // Up at 60 pt/s (≥ 50 survives the clamp) → expanded = end.
    RuleCase(
      label: "opening: up at 60 completes",
      release: F.release(at: .init(x: 0, y: -100), velocity: .init(x: 0, y: -60), direction: F.up),
      completes: true),
    // Exactly 50 is not below the minimum: still up.
    RuleCase(
      label: "opening: up at exactly 50 completes",
      release: F.release(at: .init(x: 0, y: -100), velocity: .init(x: 0, y: -50), direction: F.up),
      completes: true),
    // 49.9 reads 0 → nearer: 100 pt from collapsed, 706 from expanded.
    RuleCase(
      label: "opening: up at 49.9 reads 0 and falls back",
      release: F.release(
        at: .init(x: 0, y: -100), velocity: .init(x: 0, y: -49.9), direction: F.up),
      completes: false),
    // Up wins even when mostly sideways (MDC tests yvel < 0 first).
    RuleCase(
      label: "opening: up and mostly sideways still completes",
      release: F.release(
        at: .init(x: 0, y: -100), velocity: .init(x: 5000, y: -100), direction: F.up),
      completes: true),
    // Down (toward the start) at 100, sideways 50: down dominates → collapsed.
    RuleCase(
      label: "opening: down from 500 cancels",
      release: F.release(
        at: .init(x: 0, y: -500), velocity: .init(x: 50, y: 100), direction: F.up),
      completes: false),
    // Down at 100 but sideways 200 dominates → nearer: the sheet is 306 from
    // expanded (806 − 500) and 500 from collapsed → expanded.
    RuleCase(
      label: "opening: sideways-dominant down goes to the nearer",
      release: F.release(
        at: .init(x: 0, y: -500), velocity: .init(x: 200, y: 100), direction: F.up),
      completes: true),
    // At rest exactly halfway: 403 from each → collapsed = start.
    RuleCase(
      label: "opening: halfway at rest cancels",
      release: F.release(at: .init(x: 0, y: -403), direction: F.up), completes: false),
    // 403.5: 402.5 from expanded, 403.5 from collapsed → expanded.
    RuleCase(
      label: "opening: just past halfway at rest completes",
      release: F.release(at: .init(x: 0, y: -403.5), direction: F.up), completes: true),
    // Closing: halfway at rest → collapsed = end: the tie completes here.
    RuleCase(
      label: "closing: halfway at rest completes",
      release: F.release(at: .init(x: 0, y: 403)), completes: true),
    // Closing, 402.5: 402.5 from expanded, 403.5 from collapsed → expanded.
    RuleCase(
      label: "closing: just short of halfway at rest cancels",
      release: F.release(at: .init(x: 0, y: 402.5)), completes: false),
    // Closing: down at 100 → collapsed, from 20 pt.
    RuleCase(
      label: "closing: down completes from anywhere",
      release: F.release(at: .init(x: 0, y: 20), velocity: .init(x: 0, y: 100)),
      completes: true),
    // Closing: up at 100 → expanded, even at 800 of 806.
    RuleCase(
      label: "closing: up cancels from anywhere",
      release: F.release(at: .init(x: 0, y: 800), velocity: .init(x: 0, y: -100)),
      completes: false),
    // Closing at 100 (nearer expanded), down 8500 and sideways 9000 both
    // clamp to 8000: not sideways-dominant → down → collapsed.
    RuleCase(
      label: "closing: clamped equal speeds count as down",
      release: F.release(at: .init(x: 0, y: 100), velocity: .init(x: 9000, y: 8500)),
      completes: true),
    // Same with the clamp raised: 9000 > 8500 sideways → nearer = expanded.
    RuleCase(
      label: "closing: unclamped sideways goes to the nearer",
      release: F.release(at: .init(x: 0, y: 100), velocity: .init(x: 9000, y: 8500)),
      overrides: ["sheetMaxVelocity": "100000"], completes: false),
    // Sideways transition, halfway at rest: auto → end collapsed → tie
    // completes; sheetEnd=expanded → tie goes to collapsed = start.
    RuleCase(
      label: "sideways auto: end collapsed, tie completes",
      release: F.release(at: .init(x: 403, y: 0), direction: F.right), completes: true),
    RuleCase(
      label: "sideways sheetEnd=expanded: tie cancels",
      release: F.release(at: .init(x: 403, y: 0), direction: F.right),
      overrides: ["sheetEnd": "expanded"], completes: false),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(BottomSheetRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
