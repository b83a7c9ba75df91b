/// SideMenu's release rule (jonkykong/SideMenu 6.5.0): finish on a fling
/// towards the end, or past halfway unless flung back.
///
/// With `u` the release velocity towards the end state (pt/s) and
/// `progress = clamp(translation / menu width, 0, 1)`, the menu finishes when
/// `u >= 100`, or when `u >= −50` and `progress >= 0.5`; both comparisons
/// are inclusive. The distance is the menu width (240 pt on any phone); a
/// zero distance reads as progress 0.
struct SideMenuRule: ReleaseRule {
  static let name = "side-menu"
  static let summary =
    "Finish when v ≥ 100 pt/s, or when v ≥ −50 pt/s and the drag covered at least half the menu."
  static let source =
    "jonkykong/SideMenu 6.5.0 (8bd4fd1) Pod/Classes/SideMenuNavigationController.swift"
    + " (handleMenuPan)"
  static let parameters: [Parameter] = [
    .number(
      "finishVelocity", 100, unit: "pt/s",
      summary: "A release at least this fast towards the end finishes, whatever the progress.",
      source: "SideMenu 6.5.0 SideMenuNavigationController.swift handleMenuPan: velocity >= 100"),
    .number(
      "cancelVelocity", -50, unit: "pt/s",
      summary: "A release slower than this (flung back) cancels, whatever the progress.",
      source: "SideMenu 6.5.0 SideMenuNavigationController.swift handleMenuPan: velocity >= -50"),
    .number(
      "finishProgress", 0.5, in: 0...1,
      summary: "Otherwise the menu finishes when progress / menu width is at least this.",
      source: "SideMenu 6.5.0 SideMenuNavigationController.swift handleMenuPan: progress >= 0.5"),
  ]

  /// The interactive finish or cancel runs over this many seconds, ease-in
  /// (`completeGestureDuration`, `completionCurve = .easeIn`).
  static let completeGestureDuration = 0.35

  /// SideMenu's default menu width, the transition's distance: three
  /// quarters of the screen's shorter side, rounded (halves away from 0),
  /// at most 240 pt; 240 on every phone.
  static func menuWidth(screenWidth: Double, screenHeight: Double) -> Double {
    min((0.75 * min(screenWidth, screenHeight)).rounded(), 240)
  }

  let finishVelocity: Double
  let cancelVelocity: Double
  let finishProgress: Double

  init(_ values: ParameterValues) {
    finishVelocity = values.number("finishVelocity")
    cancelVelocity = values.number("cancelVelocity")
    finishProgress = values.number("finishProgress")
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let progress = min(max(release.fraction, 0), 1)
    let u = release.velocity
    return u >= finishVelocity || (u >= cancelVelocity && progress >= finishProgress)
  }
}
