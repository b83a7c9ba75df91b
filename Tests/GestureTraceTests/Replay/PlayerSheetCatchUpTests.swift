import Testing

@testable import GestureTrace

/// The player sheet gives its animators the clock and the drag only when
/// something else happens to them; driving them at every event and frame,
/// as the article's coordinator does, gives the same values bit for bit.
@Suite struct PlayerSheetCatchUpTests {
  @Test(arguments: ["player-sheet", "player-sheet:start=open", "player-sheet:duration=0"])
  func lazyAnimatorsShowWhatEagerOnesShow(_ spec: String) throws {
    let variant = try Variant(parsing: spec)
    let prototype = try #require(variant.makeTransition() as? PlayerSheetTransition)
    let opening = prototype.target == .open
    for trace in ReplayPrototypeTests.traces {
      var lazy = prototype
      var eager = EagerSheet(
        opening: opening, distance: prototype.distance, duration: prototype.duration,
        tabBarHeight: prototype.tabBarHeight)
      var frame = TraceTime.zero
      func compare(_ when: String) {
        #expect(
          lazy.propertyValues.map(\.bitPattern) == eager.values.map(\.bitPattern),
          "\(spec) \(trace.id) \(when)")
      }
      let events = Replayer().replayEvents(of: trace)
      for event in events {
        while frame < event.time {
          lazy.advance(to: frame)
          eager.advance(to: frame)
          compare("frame \(frame)")
          frame = frame + .milliseconds(5)
        }
        lazy.advance(to: event.time)
        eager.advance(to: event.time)
        let decided = lazy.decision != nil
        lazy.receive(event)
        if !decided, let decision = lazy.decision {
          eager.finish(cancel: decision.outcome == .cancel, at: event.time)
          #expect(lazy.settleTime == eager.settleTime, "\(spec) \(trace.id)")
        } else if !decided {
          eager.receive(event)
        }
        compare("event \(event.time)")
      }
      let end = (events.last?.time ?? .zero) + .milliseconds(1_000)
      while frame <= end {
        lazy.advance(to: frame)
        eager.advance(to: frame)
        compare("frame \(frame)")
        frame = frame + .milliseconds(5)
      }
    }
  }
}

/// The sheet's animators driven at every clock move and drag event: the
/// player sheet before it caught up lazily.
private struct EagerSheet {
  let opening: Bool
  let distance: Double
  let tabBarHeight: Double
  var container: PropertyAnimator
  var playerFade: PropertyAnimator
  var miniFade: PropertyAnimator
  let fadeWindow: Keyframe
  var started = false
  var settleTime: TraceTime?

  init(opening: Bool, distance: Double, duration: Double, tabBarHeight: Double) {
    self.opening = opening
    self.distance = distance
    self.tabBarHeight = tabBarHeight
    container = PropertyAnimator(
      duration: duration, curve: .spring(dampingRatio: opening ? 1.0 : 0.9))
    playerFade = PropertyAnimator(
      duration: duration, curve: opening ? .easeIn : .easeOut, scrubsLinearly: false)
    miniFade = PropertyAnimator(
      duration: duration, curve: opening ? .easeOut : .easeIn, scrubsLinearly: false)
    fadeWindow =
      opening
      ? Keyframe(relativeStart: 0, relativeDuration: 0.5)
      : Keyframe(relativeStart: 0.5, relativeDuration: 0.5)
  }

  var values: [Double] {
    let move = container.progress
    let fade = fadeWindow.progress(at: playerFade.progress)
    let mini = fadeWindow.progress(at: miniFade.progress)
    return [
      container.fractionComplete, opening ? distance * (1 - move) : distance * move,
      opening ? tabBarHeight * move : tabBarHeight * (1 - move), opening ? fade : 1 - fade,
      opening ? 1 - mini : mini,
    ]
  }

  mutating func advance(to time: TraceTime) {
    container.advance(to: time)
    playerFade.advance(to: time)
    miniFade.advance(to: time)
  }

  mutating func receive(_ event: PanEvent) {
    switch event.phase {
    case .began:
      started = true
      for index in 0..<3 {
        animate(index) {
          $0.startAnimation()
          $0.pauseAnimation()
        }
      }
    case .changed:
      guard started else { return }
      let fraction = (opening ? -1.0 : 1.0) * event.translation.y / distance
      for index in 0..<3 { animate(index) { $0.fractionComplete = fraction } }
    case .ended, .cancelled:
      break
    }
  }

  mutating func finish(cancel: Bool, at time: TraceTime) {
    for index in 0..<3 {
      animate(index) {
        if cancel { $0.isReversed.toggle() }
        $0.continueAnimation(durationFactor: 0)
      }
    }
    let ends = [container, playerFade, miniFade].map { $0.scheduledCompletionTime ?? time.seconds }
    settleTime = max(time, .seconds(ends.max() ?? time.seconds))
  }

  private mutating func animate(_ index: Int, _ body: (inout PropertyAnimator) -> Void) {
    switch index {
    case 0: body(&container)
    case 1: body(&playerFade)
    default: body(&miniFade)
    }
  }
}
