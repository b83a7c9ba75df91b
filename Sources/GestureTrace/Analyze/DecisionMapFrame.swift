/// Where a transition's decision map places a trace, and the synthetic
/// releases its variants are asked about.
///
/// A drag transition with two outcomes is mapped by **progress toward
/// completion at release** (points: the final translation along the
/// completing direction, as ``ReleaseInput/progress`` gives a release
/// rule) and **release velocity toward completion** (pt/s, as
/// ``ReleaseInput/velocity``): both along the completing direction of the
/// transition's published variant that the trace moved furthest along, so
/// a pager's progress is toward the page it was dragged to, and a card
/// dismissed up or down folds both ways onto one side. The release velocity
/// is the recorded one, or the default estimator's when the trace has none
/// (``TraceFeatures/releaseVelocity``).
///
/// A view between more than two stops is mapped by its **position along
/// the track at release** (the start stop's position plus the translation
/// along the track's axis, before any rubber band) and the **release
/// velocity along the axis** (pt/s, positive toward larger positions), as
/// a ``StopRelease`` gives a stop rule.
///
/// A transition driven by a tap has no map: its decision does not depend
/// on where or how fast a drag was released.
package struct DecisionMapFrame: Sendable, Hashable {
  /// How traces are placed.
  package enum Kind: Sendable, Hashable {
    /// Progress and velocity along the completing direction nearest the
    /// trace's movement (unit vectors, in the order the gesture lists
    /// them; the first is the one synthetic releases move along).
    case progress(directions: [Vector2D])
    /// Position along a track (`x` axis when `isX`) from the start stop's
    /// position, and velocity along it.
    case track(isX: Bool, start: Double)
    /// A tap: no map.
    case tap
  }

  /// The transition's name.
  package let transition: String
  /// How traces are placed.
  package let kind: Kind
  /// For a track of more than two stops, its stops in order along it
  /// (names and positions); empty otherwise.
  package let stops: [TransitionTrack.Stop]

  /// The frame of `variant`'s transition.
  package init(variant: Variant) {
    transition = variant.transition
    if let track = variant.track, track.isMultiStop {
      kind = .track(isX: track.axis == "x", start: track.position(of: track.start) ?? 0)
      stops = track.sortedStops
      return
    }
    stops = []
    let gesture = variant.gesture
    if gesture.isTap || gesture.completingDirections.isEmpty {
      kind = .tap
    } else {
      kind = .progress(directions: gesture.completingDirections.map(\.unit))
    }
  }

  /// Whether the map's outcomes are stops.
  package var isMultiStop: Bool {
    if case .track = kind { return true }
    return false
  }

  /// Whether the transition has a map (it is not driven by a tap).
  package var hasMap: Bool { kind != .tap }

  /// The point of a release with this final translation and velocity:
  /// (progress, velocity toward completion) or (position, velocity along
  /// the track); `nil` for a tap.
  package func point(translation: Vector2D, velocity: Vector2D) -> (x: Double, y: Double)? {
    switch kind {
    case .tap:
      return nil
    case .track(let isX, let start):
      return isX
        ? (start + translation.x, velocity.x) : (start + translation.y, velocity.y)
    case .progress(let directions):
      var best = directions[0]
      var furthest = Self.along(translation, best)
      for direction in directions.dropFirst() {
        let progress = Self.along(translation, direction)
        if progress > furthest { (best, furthest) = (direction, progress) }
      }
      return (furthest, Self.along(velocity, best))
    }
  }

  private static func along(_ vector: Vector2D, _ direction: Vector2D) -> Double {
    vector.x * direction.x + vector.y * direction.y
  }

  /// The interval between a synthetic release's events, seconds (60 Hz).
  static let syntheticInterval = 1.0 / 60

  /// A synthetic trace released at point (`x`, `y`) after `duration`
  /// seconds (0…5; 0.25 when not finite); `nil` for a tap.
  ///
  /// It starts at rest, moves at constant speed along the first completing
  /// direction (or the track's axis) with events every
  /// ``syntheticInterval``, and its last movement, one interval long, has
  /// velocity `y`, which the release (at the same time and translation)
  /// also records. So a rule that reads the release sees `x` and `y`; one
  /// that reads the gesture's duration sees `duration`, and one that reads
  /// the last movement sees `y`.
  func syntheticRelease(x: Double, y: Double, duration: Double) -> Trace? {
    let direction: Vector2D
    let distance: Double
    switch kind {
    case .tap:
      return nil
    case .track(let isX, let start):
      direction = isX ? Vector2D(x: 1, y: 0) : Vector2D(x: 0, y: 1)
      distance = x - start
    case .progress(let directions):
      direction = directions[0]
      distance = x
    }
    let interval = Self.syntheticInterval
    let seconds = duration.isFinite ? min(max(duration, 0), 5) : 0.25
    let steps = max(2, Int((seconds / interval).rounded()))
    let end = Double(steps) * interval
    let beforeLast = distance - y * interval
    let earlierSpeed = beforeLast / (end - interval)
    func time(_ step: Int) -> TraceTime {
      TraceTime(nanoseconds: Int64(step) * 1_000_000_000 / 60)
    }
    var events = [PanEvent(time: .zero, phase: .began, translation: .zero, velocity: .zero)]
    events.reserveCapacity(steps + 2)
    for step in 1..<steps {
      let along = earlierSpeed * Double(step) * interval
      events.append(
        PanEvent(
          time: time(step), phase: .changed, translation: direction * along,
          velocity: direction * earlierSpeed))
    }
    events.append(
      PanEvent(
        time: time(steps), phase: .changed, translation: direction * distance,
        velocity: direction * y))
    events.append(
      PanEvent(
        time: time(steps), phase: .ended, translation: direction * distance,
        velocity: direction * y))
    return Trace(id: "decision-map", events: events)
  }
}
