/// Projects where the release momentum would carry the gesture and settles
/// on the nearer of the two states: WWDC18 "Designing Fluid Interfaces".
///
/// The projected progress is
/// `progress + (velocity / 1000) · rate / (1 − rate)` (velocity in pt/s),
/// the distance a `UIScrollView` decelerating at `rate` per millisecond
/// would still travel. The transition completes when the projection is
/// nearer the end state (at `distance`) than the start state (at 0), that is
/// when it exceeds `distance / 2`. Exactly halfway cancels: the gesture must
/// carry past the middle, like the strict distance and fraction rules.
///
/// With `rate` 0.998 (`UIScrollView.DecelerationRate.normal`) a release at
/// 1000 pt/s projects 499 pt; with 0.99 (`.fast`) 99 pt.
struct ProjectionRule: ReleaseRule {
  static let name = "projection"
  static let summary =
    "Project the release momentum (WWDC18) and settle on the nearer state; halfway cancels."
  static let source =
    "Apple WWDC18 'Designing Fluid Interfaces'; scenee/FloatingPanel Sources/Core.swift (project, citing the slides p. 176)"
  static let parameters: [Parameter] = [
    .number(
      "rate", 0.998, in: 0...0.9999,
      summary: "Deceleration rate per millisecond: 0.998 normal, 0.99 fast.",
      source:
        "UIScrollView.DecelerationRate.normal = 0.998 (.fast = 0.99); FloatingPanel momentumProjectionRate"
    )
  ]

  let rate: Double

  init(_ values: ParameterValues) {
    rate = values.number("rate")
  }

  /// The distance in points a release at `velocity` pt/s still travels
  /// when it decelerates at `rate` per millisecond.
  static func projection(velocity: Double, rate: Double) -> Double {
    (velocity / 1000) * rate / (1 - rate)
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let projected = release.progress + Self.projection(velocity: release.velocity, rate: rate)
    // NB: nearer the end than the start; the tie (exactly halfway) cancels.
    return (projected - release.distance).magnitude < projected.magnitude
  }
}
