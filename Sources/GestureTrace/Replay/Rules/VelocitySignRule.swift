/// Completes unless the release velocity points away from the end state;
/// a release at rest completes.
///
/// This is the rule of the player-sheet article's `isGestureCancelled(with:)`:
/// only the sign of the final velocity matters, never the distance dragged.
struct VelocitySignRule: ReleaseRule {
  static let name = "velocity-sign"
  static let summary =
    "Complete unless the release velocity points back toward the start; zero completes."
  static let source =
    "onswiftwings.com/posts/interactive-animations (sgl0v/SpotifyPlayer TransitionCoordinator.swift, isGestureCancelled)"
  static let parameters: [Parameter] = [
    .number(
      "deadZone", 0, unit: "pt/s", in: 0...100_000,
      summary: "Release speeds up to this count as zero (and complete).",
      source: "the article compares with exactly 0")
  ]

  let deadZone: Double

  init(_ values: ParameterValues) {
    deadZone = values.number("deadZone")
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let velocity = release.velocity
    if velocity.magnitude <= deadZone { return true }
    return velocity > 0
  }
}
