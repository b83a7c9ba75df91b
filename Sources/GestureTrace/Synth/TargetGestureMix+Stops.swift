/// Gestures aimed at the stops of a view dragged between more than two
/// stops (`synth --target` of such a transition).
///
/// From the start stop, for each direction along the track that has a
/// neighbouring stop (the smaller positions first):
///
/// | kind | motion | meant stop |
/// |---|---|---|
/// | `stay` | a slow drag of 10–30 % of the way to the neighbour, paused 80–300 ms before the lift | the start stop |
/// | `drag` | a slow drag of 80–100 % of the way to the neighbour, paused 60–300 ms before the lift | the neighbour |
/// | `flick` | a fast flick of 60 pt up to 35 % of the way, lifted mid-motion | the neighbour |
/// | `carry` | a faster flick of 45–80 % of the way, lifted mid-motion, when a stop lies beyond the neighbour | the stop beyond |
///
/// The model: a view follows the finger and keeps the momentum of a
/// flick (Apple HIG, Gestures; WWDC18 "Designing Fluid Interfaces":
/// momentum carries a flicked view on). A short move that comes to rest
/// near where it started means to stay; a drag that comes to rest near a
/// stop means that stop; a flick means the next stop in its direction,
/// and a fast long one the stop beyond it (FloatingPanel and Pulley project
/// the release velocity to pick a stop, transitions.md §1).
///
/// Trace `i` makes aim `i mod aims.count`, so a corpus of `n` traces has
/// `n / aims.count` of each aim (one more for the first `n mod aims.count`).
extension TargetGestureMix {
  /// One gesture aimed at a stop.
  public struct Aim: Sendable, Hashable {
    /// The kind of motion: `stay`, `drag`, `flick` or `carry`.
    public var kind: Kind
    /// The finger's direction along the track's axis.
    public var direction: GestureDirection
    /// The name of the stop the gesture is meant to settle on.
    public var stop: String
    /// The distance along the axis from the start stop to the neighbouring
    /// stop in ``direction``, points.
    public var gap: Double
  }

  /// The aims for a track, in order: per direction with a neighbour
  /// (towards smaller positions first), stay, drag, flick, then carry when
  /// a stop lies beyond the neighbour.
  static func aims(on track: TransitionTrack) -> [Aim] {
    let sorted = track.sortedStops
    guard let start = sorted.firstIndex(where: { $0.name == track.start }) else { return [] }
    let directions: [GestureDirection] = track.axis == "x" ? [.left, .right] : [.up, .down]
    var aims: [Aim] = []
    for (step, direction) in zip([-1, 1], directions) {
      let neighbour = start + step
      guard sorted.indices.contains(neighbour) else { continue }
      let gap = (sorted[neighbour].position - sorted[start].position).magnitude
      aims.append(Aim(kind: .stay, direction: direction, stop: track.start, gap: gap))
      aims.append(Aim(kind: .drag, direction: direction, stop: sorted[neighbour].name, gap: gap))
      aims.append(Aim(kind: .flick, direction: direction, stop: sorted[neighbour].name, gap: gap))
      if sorted.indices.contains(neighbour + step) {
        aims.append(
          Aim(kind: .carry, direction: direction, stop: sorted[neighbour + step].name, gap: gap))
      }
    }
    return aims
  }

  /// The aim of the trace at `index`.
  func aim(at index: Int) -> Aim {
    let count = aims.count
    return aims[((index % count) + count) % count]
  }

  /// The stop a gesture of `kind` going in `direction` is meant for: the
  /// name its `intent` label holds; `nil` without a track or for a kind
  /// and direction no aim has.
  public func stopLabel(of kind: Kind, direction: GestureDirection) -> String? {
    aims.first { $0.kind == kind && $0.direction == direction }?.stop
  }

  /// Draws the plan of a gesture with this aim.
  func plan(for aim: Aim, using rng: inout SplitMix64) -> GesturePlan {
    var plan = GesturePlan(direction: aim.direction)
    let room =
      (aim.direction.axis == "x" ? TraceSynthesizer.viewSize.x : TraceSynthesizer.viewSize.y) - 24
    switch aim.kind {
    case .stay:
      let distance = min(rng.uniform(0.1...0.3) * aim.gap, 0.95 * room)
      plan.addSteadyReach(distance: distance, speed: 150...400, lift: 0.08...0.3, using: &rng)
    case .drag:
      let distance = min(rng.uniform(0.8...1) * aim.gap, 0.95 * room)
      plan.addSteadyReach(distance: distance, speed: 300...900, lift: 0.06...0.3, using: &rng)
    case .flick, .carry:
      let fast = aim.kind == .carry
      let longest = min(max(60, (fast ? 0.8 : 0.35) * aim.gap), 0.6 * room)
      let shortest = min(fast ? max(60, 0.45 * aim.gap) : 60, longest)
      let covered = rng.uniform(shortest...longest)
      let lift = fast ? rng.uniform(0.08...0.14) : rng.uniform(0.08...0.18)
      let tau = fast ? rng.uniform(0.5...0.7) : rng.uniform(0.5...0.85)
      plan.addReach(
        start: 0, duration: lift / tau, distance: covered / MinimumJerk.position(at: tau),
        drift: rng.uniform(-0.1...0.1))
      plan.release = lift
    default:
      preconditionFailure("no aim of kind \(aim.kind)")
    }
    let first = plan.reaches.first?.displacement.length ?? 0
    plan.slop = min(rng.uniform(3...10), 0.25 * first)
    return plan
  }
}
