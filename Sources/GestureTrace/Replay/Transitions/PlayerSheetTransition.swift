/// The mini player ⇄ full player sheet: the drag scrubs three paused
/// property animators, and at release a rule decides whether they finish
/// or reverse.
///
/// Modelled on `TransitionCoordinator` of "Delightful Interactive
/// Animations" (Maksym Shcheglov, onswiftwings.com, 2020):
///
/// - `began` targets the other state (`start=closed` opens) and sets the
///   state to it at once; three animators of `duration` seconds start
///   paused: the container's translation (a spring, damping 1.0 opening,
///   0.9 closing, scrubbing linearly), the full player's alpha and the mini
///   player's alpha (ease-in / ease-out keyframes over the first half when
///   opening, the second half when closing, scrubbing through their curves).
/// - `changed` sets every animator's fraction to ty / `distance`, negated
///   when opening (clamped to 0…1, an assumption: UIKit leaves values
///   outside it undefined).
/// - `ended` asks the rule (default `velocity-sign`, the article's: cancel
///   only when the release velocity points away from the target; zero
///   completes). `cancelled` cancels. Cancelling reverses every animator;
///   either way they continue with duration factor 0 (the remaining time at
///   the original pace).
///
/// Properties: the fraction complete, the container's y translation (0 =
/// open, `distance` = closed), the tab bar's y translation, the full
/// player's and the mini player's alpha.
struct PlayerSheetTransition: Transition {
  static let name = "player-sheet"
  static let summary =
    "Mini player to full player sheet: the drag scrubs the animators; the release rule completes or reverses them."
  static let source =
    "Maksym Shcheglov, 'Delightful Interactive Animations' (onswiftwings.com, 2020); sgl0v/SpotifyPlayer TransitionCoordinator.swift"

  static let parameters: [Parameter] = [
    .choice(
      "start", ["closed", "open"], default: "closed",
      summary: "The state before the gesture; the gesture targets the other one.",
      source: "TransitionCoordinator state = .closed"),
    .number(
      "distance", 806, unit: "pt", in: 1...100_000,
      summary: "totalAnimationDistance: player height - safe-area bottom - mini player height.",
      source:
        "PlayerViewController.xib: 896-pt player, 56-pt mini player; iPhone 11 safe-area bottom 34"),
    .number(
      "duration", 0.7, unit: "s", in: 0...60,
      summary: "Duration of every animator.",
      source: "TransitionCoordinator animationDuration = 0.7"),
    .number(
      "tabBarHeight", 83, unit: "pt", in: 0...10_000,
      summary: "How far the tab bar slides down when the player opens.",
      source: "UITabBar 49 pt + iPhone 11 safe-area bottom 34"),
    .choice(
      "rule", Variant.ruleNames, default: VelocitySignRule.name,
      summary: "The release rule that decides between completing and reversing.",
      source: "TransitionCoordinator isGestureCancelled(with:) = velocity-sign"),
  ]

  let target: State
  let distance: Double
  let duration: Double
  let tabBarHeight: Double
  let rule: any ReleaseRule

  enum State: String { case closed, open }

  private var container: PropertyAnimator
  private var playerFade: PropertyAnimator
  private var miniFade: PropertyAnimator
  private let fadeWindow: Keyframe
  private var started = false
  /// The gesture's events, for a rule that reads them.
  private var events: [PanEvent] = []
  private let keepsEvents: Bool
  /// The clock, which the animators catch up with when they are used.
  private var now = TraceTime.zero
  /// The fraction the last drag event set, not yet given to the animators.
  private var pendingFraction: Double?
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  /// A vertical drag towards the other state: up from closed, down from
  /// open.
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: values.word("start") == "open" ? [.down] : [.up])
  }

  static func decisionDistance(_ values: ParameterValues) -> Double {
    values.number("distance") / 2
  }

  /// Every other release rule.
  static let alternatives = Variant.ruleAlternatives(to: VelocitySignRule.name)

  init(_ values: ParameterValues) {
    target = values.word("start") == "open" ? .closed : .open
    distance = values.number("distance")
    duration = values.number("duration")
    tabBarHeight = values.number("tabBarHeight")
    rule = Variant.makeRule(values)
    keepsEvents = !(rule is any ReleaseEventRule)
    let opening = target == .open
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

  var propertyNames: [String] {
    ["fraction", "containerY", "tabBarY", "playerAlpha", "miniPlayerAlpha"]
  }

  var propertyValues: [Double] {
    var current = self
    current.catchUp()
    return current.caughtUpValues
  }

  /// ``propertyValues`` once the animators have caught up with the clock.
  private var caughtUpValues: [Double] {
    let opening = target == .open
    let move = container.progress
    let fade = fadeWindow.progress(at: playerFade.progress)
    let miniFadeProgress = fadeWindow.progress(at: miniFade.progress)
    // Opening runs container y from distance to 0 and the tab bar from 0
    // down by its height; closing runs them back.
    let containerY = opening ? distance * (1 - move) : distance * move
    let tabBarY = opening ? tabBarHeight * move : tabBarHeight * (1 - move)
    let playerAlpha = opening ? fade : 1 - fade
    let miniAlpha = opening ? 1 - miniFadeProgress : miniFadeProgress
    return [container.fractionComplete, containerY, tabBarY, playerAlpha, miniAlpha]
  }

  // NB: the clock and the drag's fraction reach the animators only when
  // something else happens to them (a `began`, the release, a frame). While
  // they are paused, the clock only moves their `currentTime` and each
  // fraction replaces the last, so catching up later gives the same state;
  // advancing three animators and setting three fractions on every event
  // was most of a replay's work.
  mutating func advance(to time: TraceTime) {
    if time > now { now = time }
  }

  /// Advances the animators to the clock and gives them the pending
  /// fraction.
  private mutating func catchUp() {
    let seconds = now.seconds
    container.advance(toSeconds: seconds)
    playerFade.advance(toSeconds: seconds)
    miniFade.advance(toSeconds: seconds)
    if let fraction = pendingFraction {
      pendingFraction = nil
      forEachAnimator { $0.fractionComplete = fraction }
    }
  }

  /// Whether a drag event now would only set the pending fraction: the
  /// animators have started, nothing is decided, no event is kept for the
  /// rule, and the distance is finite and not zero (see
  /// ``PlayerSheetDrags``).
  var scrubsWithEachDrag: Bool {
    decision == nil && started && !keepsEvents && distance.isFinite && distance != 0
  }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    if keepsEvents { keep(event) }
    // NB: the drag, small enough to be inlined in the replay loop.
    guard event.phase == .changed else { return receiveStartOrEnd(event) }
    guard started else { return }
    let sign = target == .open ? -1.0 : 1.0
    let fraction = sign * event.translation.y / distance
    // The setter ignores NaN: the fraction before stays.
    if !fraction.isNaN { pendingFraction = fraction }
  }

  private mutating func keep(_ event: PanEvent) {
    // NB: room for a typical gesture's events, kept for the release rule.
    if events.isEmpty { events.reserveCapacity(128) }
    events.append(event)
  }

  private mutating func receiveStartOrEnd(_ event: PanEvent) {
    switch event.phase {
    case .began:
      catchUp()
      started = true
      forEachAnimator {
        $0.startAnimation()
        $0.pauseAnimation()
      }
    case .changed:
      break
    case .ended:
      catchUp()
      let release = ReleaseInput(
        events: keepsEvents ? events : [event],
        direction: Vector2D(x: 0, y: target == .open ? -1 : 1), distance: distance)
      finish(cancel: !rule.completes(release), at: event.time)
    case .cancelled:
      catchUp()
      finish(cancel: true, at: event.time)
    }
  }

  private mutating func finish(cancel: Bool, at time: TraceTime) {
    forEachAnimator { animator in
      if cancel { animator.isReversed.toggle() }
      animator.continueAnimation(durationFactor: 0)
    }
    decision = TransitionDecision(cancel ? .cancel : .complete, at: time)
    // The latest end, as `[…].max()` picks it (a later one replaces it).
    let seconds = time.seconds
    var end = container.scheduledCompletionTime ?? seconds
    let player = playerFade.scheduledCompletionTime ?? seconds
    if end < player { end = player }
    let mini = miniFade.scheduledCompletionTime ?? seconds
    if end < mini { end = mini }
    settleTime = max(time, .seconds(end))
  }

  private mutating func forEachAnimator(_ body: (inout PropertyAnimator) -> Void) {
    body(&container)
    body(&playerFade)
    body(&miniFade)
  }
}
