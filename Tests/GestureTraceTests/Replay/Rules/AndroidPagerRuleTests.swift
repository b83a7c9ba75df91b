import Testing

@testable import GestureTrace

@Suite struct AndroidPagerRuleTests {
  typealias F = RuleFixtures

  // Pages 1000 pt apart. Direction left (the finger moves left): the end is
  // the next page (mCurItem 0, truncator 0.4). Direction right: the end is
  // the previous page (mCurItem 1, truncator 0.6 once the drag leaves it).
  static let cases: [RuleCase] = [
    // Next, no fling: (int)(0.6 + 0.4) = 1 → page 1 = end.
    RuleCase(
      label: "next: 0.6 of a page completes (0.4 truncator)",
      release: F.release(at: .init(x: -600, y: 0), direction: F.left, distance: 1000),
      completes: true),
    // (int)(0.599 + 0.4) = (int)0.999 = 0.
    RuleCase(
      label: "next: 0.599 of a page cancels",
      release: F.release(at: .init(x: -599, y: 0), direction: F.left, distance: 1000),
      completes: false),
    // Previous: scroll 1 − 0.6 = 0.4, currentPage 0 < mCurItem 1 →
    // (int)(0.4 + 0.6) = 1 → page 1 = start.
    RuleCase(
      label: "previous: 0.6 of a page cancels (0.6 truncator)",
      release: F.release(at: .init(x: 600, y: 0), direction: F.right, distance: 1000),
      completes: false),
    // Scroll 0.399: (int)(0.399 + 0.6) = 0 → page 0 = end.
    RuleCase(
      label: "previous: 0.601 of a page completes",
      release: F.release(at: .init(x: 601, y: 0), direction: F.right, distance: 1000),
      completes: true),
    // Fling: Δ 26 > 25 and v 401 > 400 toward the end (ViewPager's v −401,
    // not > 0) → currentPage + 1 = 1.
    RuleCase(
      label: "next: a fling over 26 pt at 401 pt/s completes",
      release: F.release(
        at: .init(x: -26, y: 0), velocity: .init(x: -401, y: 0), direction: F.left,
        distance: 1000),
      completes: true),
    // Δ 25.9 truncates to 25, not > 25: no fling, (int)(0.0259 + 0.4) = 0.
    RuleCase(
      label: "next: 25.9 pt truncates to 25 and is no fling",
      release: F.release(
        at: .init(x: -25.9, y: 0), velocity: .init(x: -401, y: 0), direction: F.left,
        distance: 1000),
      completes: false),
    // v 400.9 truncates to 400, not > 400.
    RuleCase(
      label: "next: 400.9 pt/s truncates to 400 and is no fling",
      release: F.release(
        at: .init(x: -26, y: 0), velocity: .init(x: -400.9, y: 0), direction: F.left,
        distance: 1000),
      completes: false),
    // 0.7 of a page would complete at rest; flung back (ViewPager's v +401
    // > 0) → currentPage 0.
    RuleCase(
      label: "next: flung back from 0.7 cancels",
      release: F.release(
        at: .init(x: -700, y: 0), velocity: .init(x: 401, y: 0), direction: F.left,
        distance: 1000),
      completes: false),
    // Dragged all the way (scroll 1 → currentPage 1), flung back: target
    // currentPage = 1 — ViewPager stays on the page the drag reached.
    RuleCase(
      label: "next: flung back from the end page stays",
      release: F.release(
        at: .init(x: -1000, y: 0), velocity: .init(x: 401, y: 0), direction: F.left,
        distance: 1000),
      completes: true),
    // Previous, fling toward the end (ViewPager's v +401 > 0) → currentPage
    // 0 = end.
    RuleCase(
      label: "previous: a fling toward the end completes",
      release: F.release(
        at: .init(x: 30, y: 0), velocity: .init(x: 401, y: 0), direction: F.right,
        distance: 1000),
      completes: true),
    // Vertical, auto: up is next (0.6 completes), down is previous (0.6
    // cancels) — the player sheet opening and closing.
    RuleCase(
      label: "up: 0.6 of the way completes",
      release: F.release(at: .init(x: 0, y: -600), direction: F.up, distance: 1000),
      completes: true),
    RuleCase(
      label: "down: 0.6 of the way cancels",
      release: F.release(at: .init(x: 0, y: 600), direction: F.down, distance: 1000),
      completes: false),
    RuleCase(
      label: "down with pagerEnd=next: 0.6 completes",
      release: F.release(at: .init(x: 0, y: 600), direction: F.down, distance: 1000),
      overrides: ["pagerEnd": "next"], completes: true),
    // pagerFlingDistance=10: Δ 20 > 10 flings (v 401 toward the end).
    RuleCase(
      label: "override pagerFlingDistance=10",
      release: F.release(
        at: .init(x: -20, y: 0), velocity: .init(x: -401, y: 0), direction: F.left,
        distance: 1000),
      overrides: ["pagerFlingDistance": "10"], completes: true),
  ]

  @Test(arguments: cases)
  func decides(_ row: RuleCase) {
    #expect(F.make(AndroidPagerRule.self, row.overrides).completes(row.release) == row.completes)
  }
}
