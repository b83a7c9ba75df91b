import Testing

@testable import GestureTrace

@Suite struct LyricsSwapTransitionTests {
  let replayer = Replayer()

  func outcome(_ spec: String, _ trace: Trace) throws -> ReplayOutcome {
    replayer.outcome(of: trace, with: try Variant(parsing: spec))
  }

  @Test func reachingExactlyTheDismissalOffsetDoesNotSwap() throws {
    // y axis: the swap needs |ty| > 80, strictly.
    let result = try outcome("lyrics-swap", verticalDrag([40, 80.0]))
    #expect(result.outcome == .cancel)
    // Decided at the release (last point at 20 ms, ended 10 ms later).
    #expect(result.decidedAt == .milliseconds(30))
  }

  @Test func passingTheDismissalOffsetSwapsMidGesture() throws {
    let result = try outcome("lyrics-swap", verticalDrag([40, 80.01, 30]))
    #expect(result.outcome == .complete)
    // Decided at the 80.01 event (20 ms), not at the release; the swap
    // takes 0.33 s.
    #expect(result.decidedAt == .milliseconds(20))
    #expect(result.settledAt == .milliseconds(350))
  }

  @Test(arguments: [(-80.01, true), (-80.0, false), (79.99, false), (-200, true)])
  func upAndDownDragsSwapAlike(ty: Double, swaps: Bool) throws {
    let result = try outcome("lyrics-swap", verticalDrag([ty]))
    #expect(result.outcome == (swaps ? .complete : .cancel))
  }

  @Test func alphaFadesAfterTheFadeOffset() throws {
    var transition = try Variant(parsing: "lyrics-swap").makeTransition()
    let alpha = transition.propertyNames.firstIndex(of: "firstAlpha")!
    transition.receive(PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 20)))
    // At the fade offset itself: not past it, alpha 1.
    #expect(transition.propertyValues[alpha] == 1)
    transition.advance(to: .milliseconds(10))
    transition.receive(
      PanEvent(time: .milliseconds(10), phase: .changed, translation: Vector2D(x: 0, y: 50)))
    // 1 - (50 - 20) / 100 = 0.7
    #expect(close(transition.propertyValues[alpha], 0.7))
    transition.receive(
      PanEvent(time: .milliseconds(10), phase: .changed, translation: Vector2D(x: 0, y: -80)))
    // At the swap threshold: 1 - 60/100 = 0.4.
    #expect(close(transition.propertyValues[alpha], 0.4))
  }

  @Test(arguments: [
    // x: offset |tx|, dismissal 60.
    ("lyrics-swap:axis=x", 60.0, 500.0, false),
    ("lyrics-swap:axis=x", 60.5, 0.0, true),
    ("lyrics-swap:axis=x", 0.0, 500.0, false),
    // both: (|tx| + |ty|) / 1.5 > 90: 70 + 65 = 135 → 90 exactly, no swap;
    // 70 + 65.5 = 135.5 → 90.33, swap.
    ("lyrics-swap:axis=both", 70.0, 65.0, false),
    ("lyrics-swap:axis=both", -70.0, 65.5, true),
    // Overrides replace the per-axis default.
    ("lyrics-swap:dismissalOffset=70", 0.0, 70.5, true),
    ("lyrics-swap:axis=x,dismissalOffset=70", 65.0, 0.0, false),
  ])
  func axesUseTheirOffsets(spec: String, tx: Double, ty: Double, swaps: Bool) throws {
    let trace = panTrace([(0, 0, 0), (10, tx, ty)])
    #expect(try outcome(spec, trace).outcome == (swaps ? .complete : .cancel))
  }

  @Test func theSwapMovesTheFrontCardBehind() throws {
    let variant = try Variant(parsing: "lyrics-swap")
    let timeline = replayer.timeline(of: verticalDrag([81]), with: variant)
    // Swap starts at 10 ms from (0, 81), scale 1, alpha 0.39, to (0, -30)
    // scale 0.9 alpha 1 over 0.33 s ease-in-ease-out. Halfway (175 ms) the
    // symmetric curve is at exactly 0.5 — 175 ms is frame 21 at 120 Hz.
    let half = TraceTime.milliseconds(175)
    #expect(timeline.frames.contains { $0.time == half })
    #expect(close(timeline.value("firstY", at: half), 81 + (-30 - 81) * 0.5, 1e-5))
    #expect(close(timeline.value("firstScale", at: half), 0.95, 1e-6))
    #expect(close(timeline.value("secondScale", at: half), 0.95, 1e-6))
    #expect(close(timeline.value("secondY", at: half), -15, 1e-5))
    // Layer order changes at the swap.
    #expect(timeline.value("firstZ", at: half) == 1)
    #expect(timeline.value("secondZ", at: half) == 2)
    // At rest: the first card behind, the second at identity.
    #expect(timeline.finalValue("firstY") == -30)
    #expect(timeline.finalValue("firstScale") == 0.9)
    #expect(timeline.finalValue("firstAlpha") == 1)
    #expect(timeline.finalValue("secondY") == 0)
    #expect(timeline.finalValue("secondScale") == 1)
    #expect(timeline.frames.last!.time >= timeline.outcome.settledAt)
  }

  @Test func bottomEntryStartsTheSwapBelow() throws {
    let variant = try Variant(parsing: "lyrics-swap:entry=bottom")
    let timeline = replayer.timeline(of: verticalDrag([-81]), with: variant)
    // From y = 320 (the demo's card height) to -30: halfway 145.
    #expect(close(timeline.value("firstY", at: .milliseconds(175)), 145, 1e-5))
    #expect(timeline.finalValue("firstY") == -30)
  }

  @Test func eventsAfterTheSwapAreIgnored() throws {
    let timeline = replayer.timeline(
      of: verticalDrag([90, 0, 0, 0]), with: try Variant(parsing: "lyrics-swap"))
    #expect(timeline.outcome.outcome == .complete)
    #expect(timeline.outcome.decidedAt == .milliseconds(10))
    // The later events (ty = 0) do not pull the card back: it ends behind.
    #expect(timeline.finalValue("firstY") == -30)
    #expect(timeline.value("offset", at: .milliseconds(40)) == 90)
  }

  @Test func anEarlyReleaseSpringsBack() throws {
    let timeline = replayer.timeline(
      of: verticalDrag([60]), with: try Variant(parsing: "lyrics-swap"))
    // Released at 20 ms; the UIKit-style spring takes exactly 0.33 s.
    #expect(timeline.outcome.outcome == .cancel)
    #expect(timeline.outcome.settledAt == .milliseconds(350))
    #expect(timeline.value("firstY", at: .milliseconds(20)) == 60)
    #expect(timeline.finalValue("firstY") == 0)
    #expect(timeline.finalValue("firstAlpha") == 1)
    // Damping 0.7 overshoots: somewhere on the way the card passes 0.
    #expect(timeline.frames.contains { $0.values[2] < -0.5 })
  }

  @Test func aSystemCancelLeavesTheCardDisplaced() throws {
    let trace = panTrace([(0, 0, 12), (10, 0, 50)], end: .cancelled)
    let timeline = replayer.timeline(of: trace, with: try Variant(parsing: "lyrics-swap"))
    #expect(timeline.outcome.outcome == .cancel)
    #expect(timeline.outcome.decidedAt == .milliseconds(20))
    #expect(timeline.outcome.settledAt == .milliseconds(20))
    #expect(timeline.finalValue("firstY") == 50)
    #expect(close(timeline.finalValue("firstAlpha"), 0.7))
  }

  @Test func thresholdsFollowTheAxis() throws {
    let both = try Variant(parsing: "lyrics-swap:axis=both").makeTransition()
    #expect(both.thresholds.map(\.value) == [40, 90])
    let custom = try Variant(parsing: "lyrics-swap:fadeOffset=5").makeTransition()
    #expect(custom.thresholds.map(\.value) == [5, 80])
  }
}
