/// The engine that replays a declared transition
/// (``TransitionCatalog/declare(parsing:file:)``): a view dragged along an
/// axis between named stops.
///
/// - The view moves 1:1 with the translation along the axis from its start
///   stop (`drag`: `follow`; `clamp` holds it within the end stops,
///   `pan-modal` never lets it above the `long` stop, `deck` follows
///   DeckTransition's elastic curve; `rubberBand` bands it beyond the end
///   stops).
/// - With `decideAt`, a translation toward the other stop reaching that
///   distance completes the transition during the drag (DeckTransition's
///   dismissal).
/// - `ended` asks the rule. With two stops a release rule decides `complete`
///   (the view goes to the other stop) or `cancel`, framed exactly as
///   `player-sheet` frames it: direction the unit vector from the start
///   stop toward the other along the axis, distance their separation, the
///   events of the gesture (only the release event for a
///   `ReleaseEventRule`), so its translation is the raw one. With more
///   stops a stop rule picks one from the shown position and the velocity
///   along the axis; the outcome is ``TransitionOutcome/stop(_:)``.
/// - `cancelled` returns to the start stop. The settle animation (a SwiftUI
///   or UIKit spring, a timing curve, FloatingPanel's numeric spring) then
///   moves the view to the stop decided; it sets ``settleTime``.
///
/// Properties: `position` along the axis (points) and `progress` (0 at the
/// start stop, 1 at the other stop; with more stops, at the stop decided,
/// or before the decision at the neighbouring stop the view moves toward).
///
/// The type's static members (its ``name`` `declared`, its parameters and
/// so on) describe an example declaration, the sheet `{"open": 0,
/// "closed": 520}` starting closed with the `projection` rule, which
/// ``init(_:)`` makes; a declared transition's family supplies its own
/// name, parameters and documentation and makes the engine with
/// ``init(_:_:)``.
struct DeclaredTransition: Transition, DecisionFreezesThresholds {
  /// The example the type's static members describe.
  static let example = TransitionDeclaration(
    name: "declared",
    summary: "A view dragged between declared stops; here a sheet over 520 pt.",
    source: "GestureTrace transitions file (docs: declared transitions)", axis: "y",
    stops: [.init("open", 0), .init("closed", 520)], start: "closed", rule: "projection")

  static var name: String { example.name }
  static var summary: String { example.summary }
  static var source: String { example.source }
  static let parameters = example.parameters
  static var alternatives: [String] { example.family.alternatives }
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    example.gesture(values)
  }
  static func decisionDistance(_ values: ParameterValues) -> Double {
    example.decisionDistance(values)
  }
  static func track(_ values: ParameterValues) -> TransitionTrack? { example.track(values) }

  /// What decides at release.
  private enum Decider {
    case release(any ReleaseRule)
    case stops(any StopRule)
  }

  /// How the view moves to the stop decided, with the values.
  private enum Motion {
    /// A spring, settled when within 1/1500 for good or at a duration.
    case spring(Spring, duration: Double?)
    /// A curve over a duration, scaled by the share of the way left when
    /// percent-driven.
    case curve(duration: Double, TimingCurve, percentDriven: Bool)
    case floatingPanel
  }

  /// FloatingPanel's display-link frame, seconds.
  private static let floatingPanelFrame = 1.0 / 60

  private let track: TransitionTrack
  private let isX: Bool
  private let isMultiStop: Bool
  private let startPosition: Double
  /// The other stop, with two stops (the start stop's position otherwise).
  private let otherPosition: Double
  /// +1 when the other stop is at a larger position, else -1.
  private let sign: Double
  private let decider: Decider
  private let keepsEvents: Bool
  private let decideAt: Double?
  private let drag: TransitionDeclaration.Drag
  /// `d` of the rubber band, when there is one.
  private let rubberBand: Double?
  private let low: Double
  private let high: Double
  /// The highest a `pan-modal` drag takes the view (its `long` stop).
  private let longY: Double
  private let motion: Motion

  private var now = TraceTime.zero
  private var started = false
  private var events: [PanEvent] = []
  /// Where the view is while dragged, and where it was released.
  private var position: Double
  /// The translation of the last drag event, for `pan-modal`.
  private var lastTranslation = 0.0
  /// FloatingPanel's spring positions, one per frame from the decision.
  private var frames: [Double] = []
  /// How long a curve runs from the decision, seconds.
  private var curveDuration = 0.0
  /// The stop decided, its position, and when the view left for it.
  private var target: (name: String, position: Double, time: Double)?
  /// The position `progress` is 1 at, once decided.
  private var reference: Double?
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  /// The example declaration with these values.
  init(_ values: ParameterValues) {
    self.init(Self.example, values)
  }

  /// A transition of `declaration` at rest with these values.
  init(_ declaration: TransitionDeclaration, _ values: ParameterValues) {
    let track = declaration.track(values)
    self.track = track
    isX = declaration.axis == "x"
    isMultiStop = track.isMultiStop
    let startPosition = track.position(of: track.start) ?? 0
    self.startPosition = startPosition
    let otherPosition =
      track.isMultiStop
      ? startPosition : track.stops.first { $0.name != track.start }?.position ?? startPosition
    self.otherPosition = otherPosition
    sign = otherPosition >= startPosition ? 1 : -1
    let ruleName = {
      if case .word(let word)? = values["rule"] { word } else { declaration.rule }
    }()
    if isMultiStop {
      let rule = StopRules.all.first { $0.name == ruleName } ?? NearestStopRule.self
      decider = .stops(rule.init(values))
      // NB: stop rules read the release alone (position and velocity);
      // keeping every event cost each multi-stop replay an append per event.
      keepsEvents = false
    } else {
      let rule = DeclaredReleaseRules.available.first { $0.name == ruleName } ?? NeverRule.self
      let made = rule.init(values)
      decider = .release(made)
      keepsEvents = !(made is any ReleaseEventRule)
    }
    decideAt = declaration.decideAt.map { values.givenNumber("decideAt") ?? $0 }
    drag = declaration.drag
    let positions = track.stops.map(\.position)
    let low = positions.min() ?? 0
    let high = positions.max() ?? 0
    self.low = low
    self.high = high
    longY = track.position(of: PanModalRule.long) ?? low
    rubberBand =
      declaration.rubberBand ? values.givenNumber("rubberBandDimension") ?? (high - low) : nil
    switch declaration.settle {
    case .spring(let response, let dampingRatio):
      motion = .spring(
        Spring(
          response: values.givenNumber("settleResponse") ?? response,
          dampingFraction: values.givenNumber("settleDampingRatio") ?? dampingRatio),
        duration: nil)
    case .uiKitSpring(let duration, let dampingRatio):
      let seconds = values.givenNumber("settleDuration") ?? duration
      motion = .spring(
        Spring(
          dampingRatio: values.givenNumber("settleDampingRatio") ?? dampingRatio,
          duration: seconds),
        duration: seconds)
    case .floatingPanel:
      motion = .floatingPanel
    case .curve(let duration, let curve, let percentDriven):
      let name = { if case .word(let w)? = values["settleCurve"] { w } else { curve } }()
      motion = .curve(
        duration: values.givenNumber("settleDuration") ?? duration,
        TransitionDeclaration.curves.first { $0.name == name }?.curve ?? .linear,
        percentDriven: percentDriven)
    }
    position = startPosition
  }

  var propertyNames: [String] { ["position", "progress"] }

  var propertyValues: [Double] {
    let shown = currentPosition
    return [shown, progress(at: shown)]
  }

  mutating func advance(to time: TraceTime) {
    if time > now { now = time }
  }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    if keepsEvents {
      if events.isEmpty { events.reserveCapacity(128) }
      events.append(event)
    }
    let translation = isX ? event.translation.x : event.translation.y
    switch event.phase {
    case .began, .changed:
      guard started || event.phase == .began else { return }
      started = true
      if !translation.isNaN { move(to: translation) }
      if let decideAt, !isMultiStop, translation * sign >= decideAt {
        finish(at: otherPosition, named: nil, time: event.time)
      }
    case .ended:
      if !translation.isNaN { move(to: translation) }
      release(event)
    case .cancelled:
      finish(at: startPosition, named: track.start, time: event.time)
    }
  }

  /// Asks the rule where the view goes.
  private mutating func release(_ event: PanEvent) {
    switch decider {
    case .release(let rule):
      let direction = isX ? Vector2D(x: sign, y: 0) : Vector2D(x: 0, y: sign)
      let input = ReleaseInput(
        events: keepsEvents ? events : [event], direction: direction,
        distance: (otherPosition - startPosition).magnitude)
      let velocity = input.velocity * sign
      if rule.completes(input) {
        finish(at: otherPosition, named: nil, time: event.time, velocity: velocity)
      } else {
        finish(at: startPosition, named: track.start, time: event.time, velocity: velocity)
      }
    case .stops(let rule):
      let velocity = event.velocity.map { isX ? $0.x : $0.y } ?? 0
      let name = rule.stop(
        for: StopRelease(
          track: track, start: track.start, position: position, velocity: velocity,
          events: [event]))
      let stop = track.stops.first { $0.name == name } ?? .init(track.start, startPosition)
      finish(at: stop.position, named: stop.name, time: event.time, velocity: velocity)
    }
  }

  /// Decides for the stop at `destination` (`name` nil: the other stop of
  /// two) and starts the settle animation; `velocity` is the view's along
  /// the axis, pt/s, for a spring that carries it.
  private mutating func finish(
    at destination: Double, named name: String?, time: TraceTime, velocity: Double = 0
  ) {
    let outcome: TransitionOutcome
    if isMultiStop {
      // NB: the reader admits only stop names a StopName holds.
      guard let stop = StopName(name ?? track.start) else {
        preconditionFailure("a declared stop's name is a valid StopName")
      }
      outcome = .stop(stop)
    } else {
      outcome = name == nil ? .complete : .cancel
    }
    reference = destination != startPosition ? destination : neighbour(toward: position)
    decision = TransitionDecision(outcome, at: time)
    target = (name ?? "", destination, time.seconds)
    let distance = destination - position
    guard distance != 0, distance.isFinite else {
      settleTime = time
      return
    }
    switch motion {
    case .spring(let spring, let duration):
      settleTime = max(time, .seconds(time.seconds + (duration ?? spring.settlingTime())))
    case .curve(let duration, _, let percentDriven):
      // NB: a percent-driven transition finishes or cancels over the share
      // of its duration the way left is of the whole, start to reference.
      let whole = ((reference ?? destination) - startPosition).magnitude
      let share = percentDriven && whole > 0 ? min(distance.magnitude / whole, 1) : 1
      curveDuration = duration * share
      settleTime = max(time, .seconds(time.seconds + curveDuration))
    case .floatingPanel:
      let frame = Self.floatingPanelFrame
      let velocity = velocity.isFinite ? velocity : 0
      let seconds = FloatingPanelSpring.settleTime(
        from: position, to: destination, velocity: velocity, frame: frame)
      settleTime = max(time, .seconds(time.seconds + seconds))
      // NB: the frames the spring steps through, as the library's display
      // link does, up to its settle time.
      var state = (position: position, velocity: velocity)
      let damping = FloatingPanelSpring.damping(velocity: velocity)
      for _ in 0..<Int((seconds / frame).rounded()) {
        state = FloatingPanelSpring.step(
          position: state.position, velocity: state.velocity, target: destination,
          damping: damping, frequency: FloatingPanelSpring.frequency, frame: frame)
        frames.append(state.position)
      }
    }
  }

  /// Moves the view for a drag at `translation` along the axis.
  private mutating func move(to translation: Double) {
    switch drag {
    case .panModal:
      position = max(position + (translation - lastTranslation), longY)
      lastTranslation = translation
    default:
      position = shown(translation)
    }
  }

  /// The shown position for a translation along the axis.
  private func shown(_ translation: Double) -> Double {
    let raw = startPosition + translation
    switch drag {
    case .follow: break
    case .clamp: return min(max(raw, low), high)
    case .panModal: return max(raw, longY)
    case .deck: return startPosition + sign * DeckElastic.shown(translation: translation * sign)
    }
    guard let dimension = rubberBand else { return raw }
    func band(_ overshoot: Double) -> Double {
      guard dimension > 0 else { return 0 }
      return (1 - 1 / (overshoot * 0.55 / dimension + 1)) * dimension
    }
    if raw > high { return high + band(raw - high) }
    if raw < low { return low - band(low - raw) }
    return raw
  }

  /// Where the view is now: dragged, or on its way to the stop decided.
  private var currentPosition: Double {
    guard let target, let settleTime else { return position }
    let elapsed = now.seconds - target.time
    guard now < settleTime, elapsed > 0 else {
      return now >= settleTime ? target.position : position
    }
    let fraction: Double
    switch motion {
    case .spring(let spring, _): fraction = spring.value(at: elapsed)
    case .curve(_, let curve, _): fraction = curve.progress(at: elapsed / curveDuration)
    case .floatingPanel:
      let index = Int(elapsed / Self.floatingPanelFrame) - 1
      return index < 0 ? position : frames[min(index, frames.count - 1)]
    }
    return position + (target.position - position) * fraction
  }

  /// 0 at the start stop, 1 at the reference stop.
  private func progress(at shown: Double) -> Double {
    let end: Double
    if isMultiStop {
      end = reference ?? neighbour(toward: shown)
    } else {
      end = otherPosition
    }
    let span = end - startPosition
    return span == 0 ? 0 : (shown - startPosition) / span
  }

  /// The stop next to the start stop on the side of `shown` (the nearest
  /// other stop when there is none on that side or `shown` is the start).
  private func neighbour(toward shown: Double) -> Double {
    let others = track.stops.map(\.position).filter { $0 != startPosition }
    let side = shown - startPosition
    let beyond = others.filter { side > 0 ? $0 > startPosition : $0 < startPosition }
    let candidates = side == 0 || beyond.isEmpty ? others : beyond
    return candidates.min { ($0 - startPosition).magnitude < ($1 - startPosition).magnitude }
      ?? startPosition
  }
}
