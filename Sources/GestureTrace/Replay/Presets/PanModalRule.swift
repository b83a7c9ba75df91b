/// PanModal's release rule (slackhq/PanModal 1.2.7): a fast release goes by
/// its direction, a slow one to the nearest of the three positions.
///
/// The stops are `long` (long form), `short` (short form; absent reads as
/// `long`, PanModal's default single detent) and `dismissed` (the container
/// height `H`), each the y of the sheet's top edge. With `y` the sheet's
/// top and `v` the release velocity (pt/s, positive down):
///
///     fast = |v| − 1000 · (1 − sensitivity) > 0     // |v| > 300 by default
///     fast, v < 0: long
///     fast, (nearest(y, [long, H]) == long and y < short) or !dragToDismiss: short
///     fast, otherwise: dismissed
///     slow: n = nearest(y, [H, short, long])         // ties: the first listed
///       n == long: long; n == short or !dragToDismiss: short; else dismissed
///
/// `nearest` returns a position and the source compares positions, so when
/// short and long coincide a slow release that picks short's position is
/// read as long. Without a `short` stop the rule names `long` where
/// PanModal goes to short form; a track without `long` or `dismissed` keeps
/// the start stop.
///
/// ```swift
/// // long 44, short 400, H 800: a slow release at 600 is 200 pt from both
/// // short and H; H is listed first, so the sheet is dismissed.
/// rule.stop(for: StopRelease(track: track, start: "short", position: 600, velocity: 0))
/// // "dismissed"
/// ```
struct PanModalRule: StopRule {
  static let name = "pan-modal"
  static let summary =
    "Fast (|v| > 300 pt/s): up to long form, down to short form or dismiss; slow: nearest position."
  static let source =
    "slackhq/PanModal 1.2.7 (76ab89f) PanModal/Controller/PanModalPresentationController.swift"
    + " (didPanOnPresentedView, isVelocityWithinSensitivityRange, nearest)"
  static let parameters: [Parameter] = [
    .number(
      "sensitivity", 0.7, in: 0...1,
      summary: "A release is fast when |v| − 1000 · (1 − sensitivity) > 0 (|v| > 300 pt/s).",
      source:
        "PanModal 1.2.7 PanModalPresentationController.swift: Constants.snapMovementSensitivity = 0.7"
    ),
    .choice(
      "dragToDismiss", ["true", "false"], default: "true",
      summary: "Whether a release may dismiss; when false it stops at short form instead.",
      source: "PanModal 1.2.7 PanModalPresentable+Defaults.swift: allowsDragToDismiss = true"),
  ]

  /// The long-form stop.
  static let long = "long"
  /// The short-form stop.
  static let short = "short"
  /// The offscreen stop, at the container height.
  static let dismissed = "dismissed"

  /// Every snap and the dismissal animate over this many seconds, a
  /// `UIView` spring (`transitionDuration`).
  static let duration = 0.5
  /// That spring's damping ratio (`springDamping`); its initial velocity
  /// is 0: the release velocity is not carried over.
  static let springDamping = 0.8

  let sensitivity: Double
  let dragToDismiss: Bool

  init(_ values: ParameterValues) {
    sensitivity = values.number("sensitivity")
    dragToDismiss = values.word("dragToDismiss") == "true"
  }

  /// Whether a release at `velocity` pt/s takes the fast path.
  func isFast(_ velocity: Double) -> Bool {
    velocity.magnitude - 1000 * (1 - sensitivity) > 0
  }

  func stop(for release: StopRelease) -> String {
    let track = release.track
    guard let longY = track.position(of: Self.long),
      let height = track.position(of: Self.dismissed)
    else { return release.start }
    let shortY = track.position(of: Self.short) ?? longY
    let shortName = track.position(of: Self.short) == nil ? Self.long : Self.short
    let y = release.position
    if isFast(release.velocity) {
      if release.velocity < 0 { return Self.long }
      if (Self.nearest(to: y, in: [longY, height]) == longY && y < shortY) || !dragToDismiss {
        return shortName
      }
      return Self.dismissed
    }
    let nearest = Self.nearest(to: y, in: [height, shortY, longY])
    if nearest == longY { return Self.long }
    if nearest == shortY || !dragToDismiss { return shortName }
    return Self.dismissed
  }

  /// The value in `values` nearest `point`; the first of equally near ones
  /// (`point` itself when `values` is empty).
  static func nearest(to point: Double, in values: [Double]) -> Double {
    var best: Double?
    for value in values
    where best.map({ (point - value).magnitude < (point - $0).magnitude }) ?? true {
      best = value
    }
    return best ?? point
  }

  /// The sheet's top after a drag by `translation` from `start`, for a drag
  /// whose path never went above long form: it follows the finger 1:1 but
  /// never rises above `longY` (PanModal clamps at the anchored position,
  /// long form while `anchorModalToLongForm` is on, the default).
  static func clampedPosition(start: Double, translation: Double, longY: Double) -> Double {
    max(start + translation, longY)
  }

  /// The sheet's top after the translation samples `translations` (the
  /// cumulative translation at each gesture event) from `start`. PanModal
  /// moves the sheet by each event's delta and clamps every time, so a
  /// finger that overshoots above long form and comes back moves the sheet
  /// down at once.
  static func clampedPosition(start: Double, translations: [Double], longY: Double) -> Double {
    var position = start
    var previous = 0.0
    for translation in translations {
      position = max(position + (translation - previous), longY)
      previous = translation
    }
    return position
  }
}
