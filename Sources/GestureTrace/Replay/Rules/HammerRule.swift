/// Hammer.js's swipe recognizer: at the end of the gesture, a displacement
/// beyond a small threshold at an overall velocity above a minimum
/// completes in the displacement's direction.
///
/// The transition completes when the progress toward the end state exceeds
/// `hammerDistance` and the overall velocity, progress / gesture duration in
/// pt/ms, exceeds `hammerVelocity`. The overall velocity averages over the
/// whole gesture from the first touch (`compute-input-data.js`:
/// `overallVelocity` = displacement / `deltaTime`), so a slow start drags a
/// fast flick below the threshold (hammer.js #191). A gesture of zero
/// duration that moved has an infinite velocity, as in JavaScript.
///
/// Hammer measures `distance` as the straight-line distance and picks the
/// dominant screen axis for the velocity and the swipe direction; here both
/// are the movement along the transition's axis. The default velocity,
/// 0.3 px/ms, is Hammer 2.x's; Hammer 1.x used 0.65
/// (`hammer:hammerVelocity=0.65`). Pixels are read as points.
struct HammerRule: ReleaseRule {
  static let name = "hammer"
  static let summary =
    "Hammer.js swipe: moved more than 10 pt toward the end at an overall velocity above 0.3 pt/ms."
  static let source =
    "hammerjs/hammer.js v2.0.8 (commit ff687ea) src/recognizers/swipe.js, src/input/compute-input-data.js"
  static let parameters: [Parameter] = [
    .number(
      "hammerDistance", 10, unit: "pt", in: 0...100_000,
      summary: "Progress toward the end must exceed this (Hammer's swipe threshold).",
      source: "swipe.js defaults threshold = 10"),
    .number(
      "hammerVelocity", 0.3, unit: "pt/ms", in: 0...1_000,
      summary: "Progress / gesture duration must exceed this; Hammer 1.x used 0.65.",
      source: "swipe.js defaults velocity = 0.3 (v2.0.8; 0.65 in 1.x)"),
  ]

  let distance: Double
  let velocity: Double

  init(_ values: ParameterValues) {
    distance = values.number("hammerDistance")
    velocity = values.number("hammerVelocity")
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let progress = release.progress
    guard progress > distance else { return false }
    let milliseconds = Double(release.duration.nanoseconds) / 1e6
    // NB: progress > distance ≥ 0, so a zero duration gives +infinity.
    return progress / milliseconds > velocity
  }
}
