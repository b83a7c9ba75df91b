/// FloatingPanel's release rule: project the momentum, keep to the two
/// stops that bracket the release point, and move on when the projection
/// covers more than `redirect` of the gap (scenee/FloatingPanel 3.2.2).
///
/// Positions grow away from the most expanded stop (for a bottom panel the
/// y of the surface's top edge, so a smaller y is more expanded), and the
/// velocity is positive towards larger positions. At release at `y` with
/// velocity `v`:
///
/// 1. The projection `pY = y + (v / 1000) · rate / (1 − rate)`, 0.499 s · v
///    with the default rate.
/// 2. The direction is forward (towards larger positions) when `v > 0`; when
///    `v` is 0 it is forward when `y` lies beyond the start stop.
/// 3. The bracketing segment: going forward its upper stop is the first with
///    `pY < position`, going backward the first with `pY <= position`; its
///    lower stop is the one before; past either end both are the end stop.
///    The segment is taken at `pY` when `projectMomentum` is on. When off
///    (the default) it is taken at `y` instead, widened by one stop in the
///    direction of travel when `y` lies past an end, and `pY` is clamped to
///    that segment plus the stop after it, so a fling never skips a stop.
/// 4. `from` is the segment's end behind the travel and `to` the one ahead;
///    `|pY − from| / |from − to| > redirect` (strict) goes to `to`, else
///    `from`. A segment of one stop keeps that stop.
///
/// A stop named `hidden` is no target of these steps. With `removal` on,
/// the release removes the panel (the rule returns `hidden`) when
/// `k = v / |y − hidden|` (0 when the distance is 0) reaches
/// `removalVelocity` towards the hidden stop: `k >= T` when `hidden` is the
/// largest position (a bottom or right panel), `k <= −T` otherwise. 200 pt
/// above the hidden position that takes 1100 pt/s with the default 5.5.
///
/// ```swift
/// // The library's test layout: full 20, half 417, tip 607 in a 667 pt view.
/// rule.stop(for: StopRelease(track: track, start: "tip", position: 607, velocity: -3000))
/// // "half" (0.499 · 3000 = 1497 pt would reach past full, but no skip)
/// ```
struct FloatingPanelRule: StopRule {
  static let name = "floating-panel"
  static let summary =
    "Project the momentum, keep to the two stops around the release, pass when progress > redirect."
  static let source =
    "scenee/FloatingPanel 3.2.2 (7efcc76) Sources/Core.swift (targetState, shouldRemove),"
    + " Sources/Layout.swift (segment), Sources/Behavior.swift (defaults)"
  static let parameters: [Parameter] = [
    .choice(
      "projectMomentum", ["false", "true"], default: "false",
      summary: "Let the projection skip stops (segment taken at the projection, not the release).",
      source: "FloatingPanel 3.2.2 Sources/Behavior.swift: shouldProjectMomentum(_:to:) is false"),
    .number(
      "rate", 0.998, in: 0...0.9999,
      summary: "Momentum projection deceleration rate per millisecond (0.998 projects 0.499 s·v).",
      source:
        "FloatingPanel 3.2.2 Sources/Behavior.swift: momentumProjectionRate ="
        + " UIScrollView.DecelerationRate.normal (0.998)"),
    .number(
      "redirect", 0.5, in: 0...1,
      summary: "Fraction of the from→to gap the projection must exceed (strictly) to move on.",
      source: "FloatingPanel 3.2.2 Sources/Behavior.swift: redirectionalProgress(_:from:to:) = 0.5"),
    .choice(
      "removal", ["false", "true"], default: "false",
      summary: "Whether a fast enough fling towards the hidden stop removes the panel.",
      source: "FloatingPanel 3.2.2 Sources/Core.swift: isRemovalInteractionEnabled = false"),
    .number(
      "removalVelocity", 5.5, unit: "1/s", in: 0...1e9,
      summary: "Release velocity divided by the distance to the hidden stop that removes.",
      source:
        "FloatingPanel 3.2.2 Sources/Behavior.swift: removalInteractionVelocityThreshold = 5.5"
        + " (10 before PR #395)"),
  ]

  /// The stop only the removal rule reaches.
  static let hidden = "hidden"

  let projectMomentum: Bool
  let rate: Double
  let redirect: Double
  let removal: Bool
  let removalVelocity: Double

  init(_ values: ParameterValues) {
    projectMomentum = values.word("projectMomentum") == "true"
    rate = values.number("rate")
    redirect = values.number("redirect")
    removal = values.word("removal") == "true"
    removalVelocity = values.number("removalVelocity")
  }

  func stop(for release: StopRelease) -> String {
    if removal, removes(release) { return Self.hidden }
    return target(for: release)
  }

  /// Whether the removal rule removes the panel at `release`.
  func removes(_ release: StopRelease) -> Bool {
    let track = release.track
    guard let hidden = track.position(of: Self.hidden) else { return false }
    let distance = (release.position - hidden).magnitude
    let k = distance != 0 ? release.velocity / distance : 0
    let others = track.stops.filter { $0.name != Self.hidden }
    // NB: the edge the panel hides behind: the bottom (or right) when the
    // hidden stop is the largest position, the top (or left) otherwise.
    let hidesForward = others.allSatisfy { $0.position <= hidden }
    return hidesForward ? k >= removalVelocity : k <= -removalVelocity
  }

  /// The stop steps 1 to 4 pick, ignoring removal.
  func target(for release: StopRelease) -> String {
    let stops = release.track.sortedStops.filter { $0.name != Self.hidden }
    guard stops.count >= 2 else { return release.start }
    let positions = stops.map(\.position)
    let last = positions.count - 1
    let y = release.position
    let v = release.velocity
    var projected = y + ProjectionRule.projection(velocity: v, rate: rate)
    let startPosition = release.track.position(of: release.start) ?? y
    let forward = v != 0 ? v > 0 : y > startPosition

    var (lower, upper) = Self.segment(at: projected, forward: forward, in: positions)
    var (from, to) = forward ? (lower, upper) : (upper, lower)
    if !projectMomentum {
      (lower, upper) = Self.segment(at: y, forward: forward, in: positions)
      if lower == upper {
        if forward { upper = min(upper + 1, last) } else { lower = max(lower - 1, 0) }
      }
      (from, to) = forward ? (lower, upper) : (upper, lower)
      // NB: no skipping: the projection stays within the segment and the
      // stop after it, in the direction of travel.
      if forward {
        projected = max(min(projected, positions[min(to + 1, last)]), positions[from])
      } else {
        projected = max(min(projected, positions[from]), positions[max(to - 1, 0)])
      }
    }
    let threshold = min(max(redirect, 0), 1)
    let progress =
      (projected - positions[from]).magnitude / (positions[from] - positions[to]).magnitude
    // NB: a one-stop segment reads 0 / 0 = NaN, and NaN > threshold is
    // false: the panel stays at `from`, as in the source.
    return progress > threshold ? stops[to].name : stops[from].name
  }

  /// The indices of the two stops bracketing `point` in ascending
  /// `positions`; both are the end stop past either end.
  static func segment(at point: Double, forward: Bool, in positions: [Double]) -> (Int, Int) {
    let upper = positions.firstIndex { forward ? point < $0 : point <= $0 }
    switch upper {
    case 0: return (0, 0)
    case let index?: return (index - 1, index)
    case nil: return (positions.count - 1, positions.count - 1)
    }
  }
}
