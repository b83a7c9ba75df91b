// NB: distances are drawn around the transition's decision distance
// (`reach`) and capped by the room the view leaves along the motion's axis
// (`room`), so a finger never has to leave the 390 × 844 pt screen. Floors
// keep every committed move (at least 45 pt; flicks 60 pt before their
// lift) well clear of the hesitant peeks (at most 16 pt by default),
// whatever the transition's thresholds are. The model's assumptions
// (`IntentModel`) change the committed drags and the peeks only.

extension TargetGestureMix {
  /// Draws the plan of a gesture of the given kind at this transition.
  func plan(for kind: Kind, using rng: inout SplitMix64) -> GesturePlan {
    var plan: GesturePlan
    switch kind {
    case .drag:
      plan = GesturePlan(direction: pick(gesture.completingDirections, using: &rng))
      plan.addTargetDrag(
        distance: committedDistance(plan.direction, using: &rng), speed: model.dragSpeed,
        using: &rng)
    case .flick:
      let directions =
        gesture.isTap ? GestureDirection.allCases : gesture.completingDirections
      plan = GesturePlan(direction: pick(directions, using: &rng))
      let covering =
        gesture.isTap ? flickDistance(plan.direction) : committedFlick(plan.direction)
      plan.addTargetFlick(covering: covering, using: &rng)
    case .diagonal:
      plan = GesturePlan(direction: pick(gesture.completingDirections, using: &rng))
      let drift = rng.sign() * rng.uniform(0.36...0.84)  // tan 20° ... tan 40°
      if rng.chance(0.5) {
        plan.addTargetDrag(
          distance: committedDistance(plan.direction, using: &rng) / (1 + drift.magnitude),
          speed: model.dragSpeed, drift: drift, using: &rng)
      } else {
        plan.addTargetFlick(covering: committedFlick(plan.direction), drift: drift, using: &rng)
      }
    case .reversal:
      plan = GesturePlan(direction: pick(gesture.completingDirections, using: &rng))
      plan.addTargetReversal(out: reversalDistance(plan.direction, using: &rng), using: &rng)
    case .hesitant:
      plan = GesturePlan(direction: pick(gesture.completingDirections, using: &rng))
      plan.addHesitation(totalling: model.peekDepth, using: &rng)
    case .away, .across, .scroll:
      let directions =
        kind == .away
        ? Self.awayDirections(gesture)
        : kind == .scroll ? [.up, .down] : Self.acrossDirections(gesture)
      plan = GesturePlan(direction: pick(directions, using: &rng))
      if kind == .scroll || rng.chance(0.6) {
        plan.addTargetDrag(distance: dragDistance(plan.direction, using: &rng), using: &rng)
      } else {
        plan.addTargetFlick(covering: flickDistance(plan.direction), using: &rng)
      }
    case .tap:
      plan = GesturePlan(direction: pick(GestureDirection.allCases, using: &rng))
      plan.addTap(using: &rng)
    case .stay, .carry:
      // NB: only the aims at a track's stops have these kinds, and they are
      // planned by `plan(for: Aim, using:)`.
      preconditionFailure("a \(kind) gesture is aimed at a stop")
    }
    let first = plan.reaches.first?.displacement.length ?? 0
    plan.slop = min(rng.uniform(3...10), 0.25 * first)
    return plan
  }

  /// How far a finger can move along `direction` inside the view, keeping
  /// 12 pt from both edges.
  private func room(_ direction: GestureDirection) -> Double {
    (direction.axis == "x" ? TraceSynthesizer.viewSize.x : TraceSynthesizer.viewSize.y) - 24
  }

  /// A drag distance from 0.35 to 3 decision distances (at least 45 pt),
  /// within 95 % of the room.
  private func dragDistance(_ direction: GestureDirection, using rng: inout SplitMix64)
    -> Double
  {
    let high = min(max(3 * reach, 120), 0.95 * room(direction))
    let low = min(max(0.35 * reach, 45), high)
    return rng.uniform(low...high)
  }

  /// The distance of a committed drag: from the model's range when it has
  /// one (within 95 % of the room), else ``dragDistance(_:using:)``.
  private func committedDistance(_ direction: GestureDirection, using rng: inout SplitMix64)
    -> Double
  {
    guard let range = model.commitDistance else { return dragDistance(direction, using: &rng) }
    let high = min(range.upperBound, 0.95 * room(direction))
    return rng.uniform(min(range.lowerBound, high)...high)
  }

  /// The default range of a committed drag's distance before the room
  /// caps it: 0.35 to 3 decision distances, at least 45 and 120 pt.
  var defaultCommitDistance: ClosedRange<Double> {
    max(0.35 * reach, 45)...max(3 * reach, 120)
  }

  /// The longest flick: 140 pt, or 0.8 decision distances when that is
  /// more, within 60 % of the room.
  private func flickMaximum(_ direction: GestureDirection) -> Double {
    min(max(140, 0.8 * reach), 0.6 * room(direction))
  }

  /// The distance a flick covers before its lift: 60 pt to
  /// ``flickMaximum(_:)``.
  private func flickDistance(_ direction: GestureDirection) -> ClosedRange<Double> {
    60...max(flickMaximum(direction), 60)
  }

  /// The distance a committed flick (a `flick`, or the flick of a
  /// `diagonal`) covers before its lift: the model's range when it has one
  /// (within 60 % of the room), else ``flickDistance(_:)``.
  private func committedFlick(_ direction: GestureDirection) -> ClosedRange<Double> {
    guard let range = model.flickDistance else { return flickDistance(direction) }
    let high = min(range.upperBound, 0.6 * room(direction))
    return min(range.lowerBound, high)...high
  }

  /// The default range of a committed flick's distance before the room
  /// caps it: 60 pt to 140 pt or 0.8 decision distances, whichever is more.
  var defaultFlickDistance: ClosedRange<Double> {
    60...max(140, 0.8 * reach)
  }

  /// An outward distance for a reversal from 0.5 to 2 decision distances
  /// (at least 50 pt), small enough that out, back and a forward roll fit.
  private func reversalDistance(_ direction: GestureDirection, using rng: inout SplitMix64)
    -> Double
  {
    let high = min(max(2 * reach, 160), (0.95 * room(direction) - 12) / 2.1)
    let low = min(max(0.5 * reach, 50), 0.6 * high)
    return rng.uniform(low...high)
  }

  /// One of `directions`, each as likely.
  private func pick(_ directions: [GestureDirection], using rng: inout SplitMix64)
    -> GestureDirection
  {
    directions.count == 1 ? directions[0] : directions[Int(rng.next() % UInt64(directions.count))]
  }
}

extension GesturePlan {
  /// A drag of `distance` at a mean speed drawn from `speed` (150–900
  /// pt/s unless a committed drag's model says otherwise), lasting 0.25–2
  /// s, that either pauses 40–300 ms before the lift or lifts while slowing
  /// down.
  fileprivate mutating func addTargetDrag(
    distance: Double, speed: ClosedRange<Double> = 150...900, drift: Double? = nil,
    using rng: inout SplitMix64
  ) {
    let duration = min(max(distance / rng.uniform(speed), 0.25), 2)
    addReach(
      start: 0, duration: duration, distance: distance,
      drift: drift ?? rng.uniform(-0.12...0.12))
    if rng.chance(0.5) {
      release = duration + rng.uniform(0.04...0.3)
    } else {
      release = duration * rng.uniform(0.88...1)
    }
  }

  /// A flick covering a distance drawn from `covering` in 80–180 ms,
  /// lifted at 50–85 % of its reach while the finger is still fast.
  fileprivate mutating func addTargetFlick(
    covering: ClosedRange<Double>, drift: Double? = nil, using rng: inout SplitMix64
  ) {
    let covered = rng.uniform(covering)
    let lift = rng.uniform(0.08...0.18)
    let tau = rng.uniform(0.5...0.85)
    addReach(
      start: 0, duration: lift / tau, distance: covered / MinimumJerk.position(at: tau),
      drift: drift ?? rng.uniform(-0.1...0.1))
    release = lift
  }

  /// Out `out` points, then back 65–110 % of that; lifted while coming back
  /// (40 %), after a 30–200 ms hold (35 %), or during a 3–12 pt forward roll
  /// of the fingertip after the hold, so the release velocity points
  /// towards completion (25 %).
  fileprivate mutating func addTargetReversal(out: Double, using rng: inout SplitMix64) {
    let (backStart, backDuration) = addOutAndBack(out: out, backShare: 0.65...1.1, using: &rng)
    let u = rng.unit()
    if u < 0.4 {
      release = backStart + backDuration * rng.uniform(0.6...1)
    } else if u < 0.75 {
      release = backStart + backDuration + rng.uniform(0.03...0.2)
    } else {
      let rollStart = backStart + backDuration + rng.uniform(0.02...0.1)
      let rollDuration = rng.uniform(0.06...0.12)
      addReach(
        start: rollStart, duration: rollDuration, distance: rng.uniform(3...12),
        drift: rng.uniform(-0.2...0.2))
      release = rollStart + rollDuration * rng.uniform(0.5...0.9)
    }
  }

  /// A tap: the fingertip rolls 0–5 pt over 50–150 ms and lifts 60–250 ms
  /// after touching down.
  fileprivate mutating func addTap(using rng: inout SplitMix64) {
    addReach(
      start: 0, duration: rng.uniform(0.05...0.15), distance: rng.uniform(0...5),
      drift: rng.uniform(-0.5...0.5))
    release = rng.uniform(0.06...0.25)
  }
}
