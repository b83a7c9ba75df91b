import Testing

@testable import GestureTrace

@Suite struct CorrectionPolicyTests {
  /// A drag down 120 pt: its direction is +y.
  static let trace = Trace(
    id: "g1",
    events: [
      PanEvent(time: .seconds(10), phase: .began, translation: Vector2D(x: 0, y: 12)),
      PanEvent(time: .seconds(10.25), phase: .ended, translation: Vector2D(x: 3, y: 120)),
    ])

  /// The label the labeler gives the trace, ended with `outcome` at 10.25 s
  /// and followed by `next`.
  static func label(
    _ outcome: GestureEndOutcome, then next: CorrectionEvent,
    policy: CorrectionPolicy = CorrectionPolicy()
  ) throws -> (intent: TraceIntent?, source: String?) {
    var labeler = CorrectionLabeler(policy: policy)
    #expect(labeler.gestureEnded(trace, outcome: outcome, at: 10.25).isEmpty)
    let decided = labeler.record(next)
    #expect(!labeler.isHolding)
    try #require(decided.count == 1)
    #expect(decided[0].id == "g1")
    #expect(decided[0].events == trace.events)
    return (decided[0].metadata.intent, decided[0].metadata["intentSource"])
  }

  @Test func anUndoneDismissalMeansCancel() throws {
    // Undo window 3 s from 10.25 s: 13.25 s is its edge (exact in binary).
    let within = try Self.label(.completed, then: .reopened(at: 11))
    #expect(within.intent == .cancel)
    #expect(within.source == "correction")
    #expect(try Self.label(.completed, then: .reopened(at: 13.25)).intent == .cancel)
    let late = try Self.label(.completed, then: .reopened(at: 13.2500001))
    #expect(late.intent == nil)
    #expect(late.source == nil)
  }

  @Test func aSnapBackThenTheCloseButtonMeansComplete() throws {
    #expect(try Self.label(.snappedBack, then: .closedByButton(at: 11)).intent == .complete)
    // Retry window 2 s: 12.25 s is its edge.
    #expect(try Self.label(.snappedBack, then: .closedByButton(at: 12.25)).intent == .complete)
    #expect(try Self.label(.snappedBack, then: .closedByButton(at: 12.2500001)).intent == nil)
  }

  @Test func aSnapBackThenADragTheSameWayMeansComplete() throws {
    let down = Vector2D(x: -2, y: 11)  // dot with (3, 120): 1314 > 0
    let up = Vector2D(x: 0, y: -11)
    let sideways = Vector2D(x: 40, y: -1)  // dot: 120 − 120 = 0, not the same way
    #expect(
      try Self.label(.snappedBack, then: .dragBegan(translation: down, at: 12.25)).intent
        == .complete)
    #expect(
      try Self.label(.snappedBack, then: .dragBegan(translation: down, at: 12.2500001)).intent
        == nil)
    #expect(try Self.label(.snappedBack, then: .dragBegan(translation: up, at: 11)).intent == nil)
    #expect(
      try Self.label(.snappedBack, then: .dragBegan(translation: sideways, at: 11)).intent == nil)
  }

  @Test func otherSequencesGiveNoLabel() throws {
    // A kept dismissal, a reopened snap-back, a button after a dismissal.
    #expect(try Self.label(.completed, then: .closedByButton(at: 11)).intent == nil)
    #expect(try Self.label(.snappedBack, then: .reopened(at: 11)).intent == nil)
    #expect(
      try Self.label(.completed, then: .dragBegan(translation: Vector2D(x: 0, y: 5), at: 11))
        .intent == nil)
  }

  @Test func aSnapBackThenNothingIsReleasedUnlabelledAfterItsWindow() {
    var labeler = CorrectionLabeler()
    _ = labeler.gestureEnded(Self.trace, outcome: .snappedBack, at: 10.25)
    #expect(labeler.flush(at: 12.25).isEmpty)  // the window's edge: still open
    #expect(labeler.isHolding)
    let released = labeler.flush(at: 12.2500001)
    #expect(released.map(\.id) == ["g1"])
    #expect(released.first?.metadata.intent == nil)
    #expect(released.first?.metadata["intentSource"] == nil)
    #expect(!labeler.isHolding)
    #expect(labeler.finish().isEmpty)
  }

  @Test func onlyTheFirstEventCounts() throws {
    var labeler = CorrectionLabeler()
    _ = labeler.gestureEnded(Self.trace, outcome: .snappedBack, at: 10.25)
    // A drag the other way first: unlabelled, though the button follows.
    let first = labeler.record(.dragBegan(translation: Vector2D(x: 0, y: -20), at: 10.5))
    #expect(first.map(\.metadata.intent) == [nil])
    #expect(labeler.record(.closedByButton(at: 11)).isEmpty)
    // The next gesture's end releases the one held before, unlabelled.
    _ = labeler.gestureEnded(Self.trace, outcome: .completed, at: 20)
    let next = labeler.gestureEnded(Self.trace, outcome: .completed, at: 21)
    #expect(next.map(\.metadata.intent) == [nil])
  }

  @Test func windowsAreSetAndClamped() throws {
    let policy = CorrectionPolicy(undoWindow: 0.5, retryWindow: -1)
    #expect(policy.retryWindow == 0)
    #expect(
      try Self.label(.completed, then: .reopened(at: 10.75), policy: policy).intent == .cancel)
    #expect(try Self.label(.completed, then: .reopened(at: 11), policy: policy).intent == nil)
    // A zero window: only an event at the very end time counts.
    #expect(
      try Self.label(.snappedBack, then: .closedByButton(at: 10.25), policy: policy).intent
        == .complete)
    #expect(
      CorrectionPolicy(undoWindow: .infinity, retryWindow: .nan)
        == CorrectionPolicy(undoWindow: 0, retryWindow: 0))
  }

  @Test func anIntentAttachedAfterTheFact() {
    var trace = Self.trace
    trace.metadata.intent = .complete
    let labelled = trace.labelledByCorrection(.cancel)
    #expect(labelled.metadata.intent == .cancel)
    #expect(labelled.metadata["intentSource"] == "correction")
    #expect(labelled.events == trace.events)
    #expect(labelled.violations.isEmpty)
  }
}
