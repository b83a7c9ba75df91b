// NB: the ranges below come from the brief for an iPhone in points, chosen
// to straddle the thresholds transitions use (60/80/90 pt swap offsets,
// 500 pt/s fling speeds, velocity sign at release). Durations are skewed
// towards short, so a corpus averages a few dozen events per trace.

extension GesturePlan {
  /// Draws the plan of a gesture of the given kind.
  static func drawn(_ kind: GestureKind, using rng: inout SplitMix64) -> GesturePlan {
    var plan: GesturePlan
    switch kind {
    case .drag:
      plan = GesturePlan(direction: rng.sign() > 0 ? .down : .up)
      plan.addDrag(using: &rng)
    case .flick:
      plan = GesturePlan(direction: rng.sign() > 0 ? .down : .up)
      plan.addFlick(using: &rng)
    case .reversal:
      plan = GesturePlan(direction: rng.sign() > 0 ? .down : .up)
      plan.addReversal(using: &rng)
    case .hesitant:
      plan = GesturePlan(direction: rng.sign() > 0 ? .down : .up)
      plan.addHesitation(using: &rng)
    case .horizontal:
      plan = GesturePlan(direction: rng.sign() > 0 ? .right : .left)
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
    let outDuration = rng.skewed(0.25...0.7)
    addReach(start: 0, duration: outDuration, distance: out, drift: rng.uniform(-0.12...0.12))
    let backStart = outDuration * rng.uniform(0.8...1)
    let backDuration = rng.skewed(0.25...0.6)
    addReach(
      start: backStart, duration: backDuration, distance: -out * rng.uniform(0.6...1.1),
      drift: rng.uniform(-0.12...0.12))
    if rng.chance(0.5) {
      release = backStart + backDuration * rng.uniform(0.6...1)
    } else {
      release = backStart + backDuration + rng.uniform(0.03...0.2)
    }
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
