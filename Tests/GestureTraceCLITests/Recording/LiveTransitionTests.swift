import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct LiveTransitionTests {
  /// A vertical pan recorded 5 s into a session: began at 12 pt, then 30,
  /// then 90 pt, 50 ms apart.
  static let events = [
    PanEvent(time: .milliseconds(5_000), phase: .began, translation: Vector2D(x: 0, y: 12)),
    PanEvent(time: .milliseconds(5_050), phase: .changed, translation: Vector2D(x: 0, y: 30)),
    PanEvent(time: .milliseconds(5_100), phase: .changed, translation: Vector2D(x: 0, y: 90)),
    PanEvent(
      time: .milliseconds(5_150), phase: .ended, translation: Vector2D(x: 0, y: 95),
      velocity: Vector2D(x: 0, y: 100)),
  ]

  @Test func thresholdsAreCrossedOnTheReplayClock() throws {
    var live = LiveTransition(try Variant(parsing: "lyrics-swap"))
    #expect(live.crossings == [nil, nil])
    live.receive(Self.events[0])
    #expect(live.clock == .zero)
    #expect(live.crossings == [nil, nil])
    // 30 > 20 (fadeOffset) at 50 ms after began.
    live.receive(Self.events[1])
    #expect(live.crossings == [.milliseconds(50), nil])
    // 90 > 80 (dismissalOffset) at 100 ms: the card swaps, complete.
    live.receive(Self.events[2])
    #expect(live.crossings == [.milliseconds(50), .milliseconds(100)])
    #expect(live.transition.decision == TransitionDecision(.complete, at: .milliseconds(100)))
    #expect(live.isAnimating)
  }

  @Test(arguments: ["lyrics-swap", "lyrics-swap:dismissalOffset=100", "player-sheet"])
  func decidesAsTheReplayerDoes(_ spec: String) throws {
    let variant = try Variant(parsing: spec)
    var live = LiveTransition(variant)
    for event in Self.events { live.receive(event) }
    let replayed = Replayer().outcome(of: Trace(id: "g1", events: Self.events), with: variant)
    #expect(live.transition.decision?.outcome == replayed.outcome)
    #expect(live.transition.decision?.time == replayed.decidedAt)
  }

  @Test func advanceRunsTheAnimationUntilItSettles() throws {
    var live = LiveTransition(try Variant(parsing: "lyrics-swap"))
    for event in Self.events.prefix(3) { live.receive(event) }
    let settle = try #require(live.transition.settleTime)
    // The session clock is 5 s ahead of the replay clock.
    live.advance(to: .milliseconds(5_000) + settle - .milliseconds(1))
    #expect(live.isAnimating)
    live.advance(to: .milliseconds(5_000) + settle)
    #expect(!live.isAnimating)
    #expect(live.clock == settle)
  }

  @Test func aNewPanStartsAFreshTransition() throws {
    var live = LiveTransition(try Variant(parsing: "lyrics-swap"))
    for event in Self.events { live.receive(event) }
    var next = Self.events[0]
    next.time = .milliseconds(9_000)
    live.receive(next)
    #expect(live.transition.decision == nil)
    #expect(live.crossings == [nil, nil])
    #expect(live.clock == .zero)
  }

  @Test func advanceBeforeAnyPanDoesNothing() throws {
    var live = LiveTransition(try Variant(parsing: "lyrics-swap"))
    let rest = live.transition.propertyValues
    live.advance(to: .milliseconds(3_000))
    #expect(live.clock == .zero)
    #expect(live.transition.propertyValues == rest)
  }
}
