// NB: the ranges below come from the brief for an iPhone in points, chosen
// to straddle the thresholds transitions use (60/80/90 pt swap offsets,
// 500 pt/s fling speeds, velocity sign at release). Durations are skewed
// towards short, so a corpus averages a few dozen events per trace.

extension GesturePlan {
  /// Draws the plan of a gesture of the given kind.
  static func drawn(_ kind: GestureKind, using rng: inout SplitMix64) -> GesturePlan {
    let forward = rng.sign() > 0
    var plan: GesturePlan
    if kind == .horizontal {
      plan = GesturePlan(direction: forward ? .right : .left)
    } else {
      plan = GesturePlan(direction: forward ? .down : .up)
    }
    switch kind {
    case .drag: plan.addDrag(using: &rng)
    case .flick: plan.addFlick(using: &rng)
    case .reversal: plan.addReversal(using: &rng)
    case .hesitant: plan.addHesitation(using: &rng)
    case .horizontal:
      if rng.chance(0.5) { plan.addDrag(using: &rng) } else { plan.addFlick(using: &rng) }
    }
    let first = plan.reaches.first?.displacement.length ?? 0
    plan.slop = min(rng.uniform(3...10), 0.25 * first)
    return plan
  }

  /// A drag of 80–320 pt over 0.35–1.2 s that either pauses before the
  /// lift or lifts while slowing down at the end.
  private mutating func addDrag(using rng: inout SplitMix64) {
    let duration = rng.skewed(0.35...1.2)
    addReach(
      start: 0, duration: duration, distance: rng.uniform(80...320),
      drift: rng.uniform(-0.12...0.12))
    if rng.chance(0.5) {
      release = duration + rng.uniform(0.04...0.25)
    } else {
      release = duration * rng.uniform(0.88...1)
    }
  }

  /// A flick covering 25–140 pt in 60–180 ms, lifted at 50–85 % of its
  /// reach while the finger is still fast.
  private mutating func addFlick(using rng: inout SplitMix64) {
    let covered = rng.uniform(25...140)
    let lift = rng.uniform(0.06...0.18)
    let tau = rng.uniform(0.5...0.85)
    addReach(
      start: 0, duration: lift / tau, distance: covered / MinimumJerk.position(at: tau),
      drift: rng.uniform(-0.1...0.1))
    release = lift
  }

  /// Out 50–220 pt, then back 60–110 % of that, the return starting a
  /// little before the outward reach ends; lifted while coming back or
  /// after a short hold.
  private mutating func addReversal(using rng: inout SplitMix64) {
    let out = rng.uniform(50...220)
    let (backStart, backDuration) = addOutAndBack(out: out, backShare: 0.6...1.1, using: &rng)
    if rng.chance(0.5) {
      release = backStart + backDuration * rng.uniform(0.6...1)
    } else {
      release = backStart + backDuration + rng.uniform(0.03...0.2)
    }
  }

  /// One reach of `distance` points at a speed drawn from `speed` pt/s,
  /// lasting 0.25–2 s, lifted `lift` seconds after it ends.
  mutating func addSteadyReach(
    distance: Double, speed: ClosedRange<Double>, lift: ClosedRange<Double>,
    using rng: inout SplitMix64
  ) {
    let duration = min(max(distance / rng.uniform(speed), 0.25), 2)
    addReach(start: 0, duration: duration, distance: distance, drift: rng.uniform(-0.1...0.1))
    release = duration + rng.uniform(lift)
  }

  /// Reaches out `out` points over 0.25–0.7 s, then back `backShare` of
  /// that over 0.25–0.6 s, the return starting in the last fifth of the
  /// outward reach; returns when the return starts and how long it takes.
  mutating func addOutAndBack(
    out: Double, backShare: ClosedRange<Double>, using rng: inout SplitMix64
  ) -> (start: Double, duration: Double) {
    let outDuration = rng.skewed(0.25...0.7)
    addReach(start: 0, duration: outDuration, distance: out, drift: rng.uniform(-0.12...0.12))
    let backStart = outDuration * rng.uniform(0.8...1)
    let backDuration = rng.skewed(0.25...0.6)
    addReach(
      start: backStart, duration: backDuration, distance: -out * rng.uniform(backShare),
      drift: rng.uniform(-0.12...0.12))
    return (backStart, backDuration)
  }

  /// Two to four small reaches totalling `totals` points (4–90 pt in the
  /// untargeted corpus) with 60–250 ms pauses between them; a later reach
  /// sometimes steps back.
  mutating func addHesitation(
    totalling totals: ClosedRange<Double> = 4...90, using rng: inout SplitMix64
  ) {
    let total = rng.uniform(totals)
    let count = 2 + Int(rng.next() % 3)
    var weights: [Double] = []
    for _ in 0..<count { weights.append(rng.uniform(0.3...1)) }
    let sum = weights.reduce(0, +)
    var start = 0.0
    for (index, weight) in weights.enumerated() {
      let sign = index > 0 && rng.chance(0.25) ? -1.0 : 1.0
      let duration = rng.skewed(0.1...0.35)
      addReach(
        start: start, duration: duration, distance: sign * total * weight / sum,
        drift: rng.uniform(-0.15...0.15))
      start += duration
      if index < count - 1 { start += rng.uniform(0.06...0.25) }
    }
    release = start + rng.uniform(0.02...0.2)
  }
}
