import GestureTrace

/// A transition variant driven live by the pans being recorded: what the
/// terminal recorder shows next to the card.
///
/// Each `began` starts a new transition at rest. Events are handed to it on
/// the replay clock (the `began` event is at 0), and between events the
/// clock follows the recorder's monotonic clock, so the transition behaves
/// as ``Replayer`` would replay the finished trace, except that its
/// animations are seen as they run. After every step the thresholds are
/// checked: the first moment a threshold's property is strictly greater
/// than its value is kept as the threshold's crossing.
struct LiveTransition: Sendable {
  /// The variant.
  let variant: Variant
  /// The transition, at rest before the first pan.
  private(set) var transition: any Transition
  /// When each threshold was first crossed in the current pan, on the
  /// replay clock, in the order of ``Transition/thresholds``.
  private(set) var crossings: [TraceTime?]
  /// The replay clock.
  private(set) var clock = TraceTime.zero
  /// The recording time of the current pan's `began`.
  private var origin: TraceTime?

  /// Creates the variant's transition at rest.
  init(_ variant: Variant) {
    self.variant = variant
    transition = variant.makeTransition()
    crossings = Array(repeating: nil, count: transition.thresholds.count)
  }

  /// Hands the transition a pan event stamped on the recording clock.
  mutating func receive(_ event: PanEvent) {
    if event.phase == .began || origin == nil {
      transition = variant.makeTransition()
      crossings = Array(repeating: nil, count: transition.thresholds.count)
      origin = event.time
      clock = .zero
    }
    var rebased = event
    rebased.time = event.time - (origin ?? event.time)
    step(to: rebased.time)
    transition.receive(rebased)
    checkThresholds()
  }

  /// Moves the replay clock to a time on the recording clock.
  mutating func advance(to time: TraceTime) {
    guard let origin else { return }
    step(to: time - origin)
    checkThresholds()
  }

  /// Whether an animation is still running: the transition decided and has
  /// not settled yet.
  var isAnimating: Bool {
    guard transition.decision != nil, let settle = transition.settleTime else { return false }
    return clock < settle
  }

  private mutating func step(to time: TraceTime) {
    guard time > clock else { return }
    clock = time
    transition.advance(to: time)
  }

  private mutating func checkThresholds() {
    let names = transition.propertyNames
    let values = transition.propertyValues
    for (index, threshold) in transition.thresholds.enumerated() where crossings[index] == nil {
      guard let position = names.firstIndex(of: threshold.property), position < values.count
      else { continue }
      if values[position] > threshold.value { crossings[index] = clock }
    }
  }
}
