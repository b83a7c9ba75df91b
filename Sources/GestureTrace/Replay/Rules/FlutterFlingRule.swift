/// Flutter's drag end as a two-page `PageView` sees it: a fling test, then
/// `PageScrollPhysics` rounding the page.
///
/// 1. Fling (`DragGestureRecognizer.isFlingGesture`): the release is a fling
///    when the velocity along the axis exceeds `flingMinVelocity` in
///    magnitude and the velocity estimate's offset along the axis exceeds
///    `flingMinDistance` in magnitude. That offset is the movement over the
///    samples the estimate used, not the whole drag: walking back from the
///    release, the events no more than 100 ms older than it and no more than
///    40 ms apart (`VelocityTracker`'s horizon and stop gap), so a fling
///    needs about 18 pt in its last 100 ms. A fling's velocity is clamped to
///    ±`flingMaxVelocity`; any other release has velocity 0.
/// 2. Page (`PageScrollPhysics._getTargetPixels`): page = progress /
///    distance (page 0 is the start state, page 1 the end state); a velocity
///    below −tolerance subtracts 0.5, above +tolerance adds 0.5; the target
///    is the page rounded half away from zero (Dart's `round`). The
///    transition completes when the target is page 1 or beyond.
///
/// The tolerance is `ScrollPhysics.toleranceFor`'s 1 / (0.05 ·
/// `flingPixelRatio`) pt/s: 6.67 pt/s at the default ratio 3, the scale of
/// current iPhones (the iPhone 11 of player-sheet is 2, giving 10 pt/s).
/// Since a non-fling has velocity 0 and a fling exceeds 50 pt/s, the ratio
/// only matters when `flingMinVelocity` is set below the tolerance.
///
/// So exactly halfway without a fling completes (0.5 rounds to 1), and a
/// fling toward the end completes from anywhere short of half a page back.
/// The page is not clamped to 0…1: the release is read as iOS's bouncing
/// physics, where a drag can overshoot either state. The recorded (or
/// estimated) release velocity is used; Flutter's logical pixels are read
/// as points.
struct FlutterFlingRule: ReleaseRule {
  static let name = "flutter-fling"
  static let summary =
    "Flutter fling test (over 50 pt/s and 18 pt), then PageScrollPhysics: page ± 0.5 by velocity, rounded."
  static let source =
    "flutter/flutter packages/flutter/lib/src/gestures/monodrag.dart isFlingGesture, constants.dart; widgets/page_view.dart PageScrollPhysics; ScrollPhysics.toleranceFor"
  static let parameters: [Parameter] = [
    .number(
      "flingMinVelocity", 50, unit: "pt/s", in: 0...100_000,
      summary: "A fling's velocity along the axis must exceed this in magnitude.",
      source: "constants.dart kMinFlingVelocity = 50.0"),
    .number(
      "flingMinDistance", 18, unit: "pt", in: 0...100_000,
      summary: "A fling's movement over the velocity estimate's samples must exceed this.",
      source: "constants.dart kTouchSlop = 18.0 (computeHitSlop for touch)"),
    .number(
      "flingMaxVelocity", 8000, unit: "pt/s", in: 0...1_000_000,
      summary: "A fling's velocity is clamped to ± this.",
      source: "constants.dart kMaxFlingVelocity = 8000.0"),
    .number(
      "flingPixelRatio", 3, in: 0.1...10,
      summary: "Device pixel ratio for the velocity tolerance 1 / (0.05 · ratio).",
      source: "ScrollPhysics.toleranceFor; 3 = current iPhones' scale"),
  ]

  let minVelocity: Double
  let minDistance: Double
  let maxVelocity: Double
  let pixelRatio: Double

  init(_ values: ParameterValues) {
    minVelocity = values.number("flingMinVelocity")
    minDistance = values.number("flingMinDistance")
    maxVelocity = values.number("flingMaxVelocity")
    pixelRatio = values.number("flingPixelRatio")
  }

  /// The movement along the axis over the events a Flutter velocity
  /// estimate at the release would use (see the type's description).
  static func estimateOffset(of release: ReleaseInput) -> Double {
    guard let newest = release.events.last else { return 0 }
    var oldest = newest
    for event in release.events.reversed().dropFirst() {
      let age = Double((newest.time - event.time).nanoseconds) / 1e6
      let gap = Double((oldest.time - event.time).nanoseconds) / 1e6
      guard age <= FlutterVelocityMath.horizonMilliseconds,
        gap <= FlutterVelocityMath.stoppedMilliseconds
      else { break }
      oldest = event
    }
    return release.along(newest.translation - oldest.translation)
  }

  /// The page `PageScrollPhysics` settles on from `page` at `velocity`,
  /// with the velocity tolerance `tolerance`.
  static func targetPage(page: Double, velocity: Double, tolerance: Double) -> Double {
    var page = page
    if velocity < -tolerance {
      page -= 0.5
    } else if velocity > tolerance {
      page += 0.5
    }
    return page.rounded(.toNearestOrAwayFromZero)
  }

  func completes(_ release: ReleaseInput) -> Bool {
    var velocity = release.velocity
    let isFling =
      velocity.magnitude > minVelocity
      && Self.estimateOffset(of: release).magnitude > minDistance
    velocity = isFling ? min(max(velocity, -maxVelocity), maxVelocity) : 0
    let tolerance = 1 / (0.05 * pixelRatio)
    let target = Self.targetPage(page: release.fraction, velocity: velocity, tolerance: tolerance)
    return target >= 1
  }
}
