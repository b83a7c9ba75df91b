/// The stop rules a transition with more than two stops may take with
/// `rule=`, in the order `gesturetrace variants` lists them.
enum StopRules {
  /// Every stop rule.
  static let all: [any StopRule.Type] = [
    NearestStopRule.self,
    ProjectionStopRule.self,
    FloatingPanelRule.self,
    PanModalRule.self,
  ]

  /// The stop rules that read any stops, not a library's named ones.
  static let general: [any StopRule.Type] = [NearestStopRule.self, ProjectionStopRule.self]

  /// The names of ``all``.
  static var names: [String] { all.map { $0.name } }

  /// The stop nearest `position`: on a tie, the start stop if it is among
  /// the nearest, else the one declared first.
  static func nearest(to position: Double, in track: TransitionTrack, start: String) -> String {
    var best: TransitionTrack.Stop?
    var bestDistance = Double.infinity
    for stop in track.stops {
      let distance = (stop.position - position).magnitude
      if distance < bestDistance {
        best = stop
        bestDistance = distance
      } else if distance == bestDistance, stop.name == start {
        best = stop
      }
    }
    // NB: a NaN position matches no stop; the view stays where it began.
    return best?.name ?? start
  }
}

/// Settles on the stop nearest the release position, whatever the
/// velocity.
///
/// A tie (the release exactly between two stops) goes to the start stop
/// when it is one of them, else to the stop declared first.
struct NearestStopRule: StopRule {
  static let name = "nearest"
  static let summary = "Settle on the stop nearest the release position; velocity is ignored."
  static let source = "GestureTrace; the slow path of slackhq/PanModal and HWPanModal (nearest)"
  static let parameters: [Parameter] = []

  init(_ values: ParameterValues) {}

  func stop(for release: StopRelease) -> String {
    StopRules.nearest(to: release.position, in: release.track, start: release.start)
  }
}

/// Projects where the release momentum would carry the view (WWDC18
/// "Designing Fluid Interfaces") and settles on the stop nearest the
/// projection, skipping stops if the flick carries past them.
///
/// The projection is `position + (velocity / 1000) · rate / (1 − rate)`,
/// the distance a `UIScrollView` decelerating at `rate` per millisecond
/// still travels: with 0.998 a release at 1000 pt/s projects 499 pt. Ties
/// go as in ``NearestStopRule``.
struct ProjectionStopRule: StopRule {
  static let name = "projection"
  static let summary =
    "Project the release momentum (WWDC18) and settle on the stop nearest the projection."
  static let source =
    "Apple WWDC18 'Designing Fluid Interfaces'; FloatingPanel with shouldProjectMomentum true"
  static let parameters: [Parameter] = [
    .number(
      "rate", 0.998, in: 0...0.9999,
      summary: "Deceleration rate per millisecond: 0.998 normal, 0.99 fast.",
      source: "UIScrollView.DecelerationRate.normal = 0.998 (.fast = 0.99)")
  ]

  let rate: Double

  init(_ values: ParameterValues) {
    rate = values.number("rate")
  }

  func stop(for release: StopRelease) -> String {
    let projected =
      release.position + ProjectionRule.projection(velocity: release.velocity, rate: rate)
    return StopRules.nearest(to: projected, in: release.track, start: release.start)
  }
}
