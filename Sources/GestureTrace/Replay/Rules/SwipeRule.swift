/// @use-gesture's drag swipe: a short, long-enough gesture whose last
/// movement was fast completes in that movement's direction.
///
/// The transition completes when all of these hold:
///
/// - the gesture lasted less than `swipeDuration` (from `began` to the
///   release);
/// - it moved more than `swipeDistance` along the axis, either way (the
///   absolute movement, as @use-gesture tests `|movement|`);
/// - the velocity of the last movement along the axis, computed from the
///   events' translations and times, is above `swipeVelocity` toward the
///   end state (@use-gesture's swipe takes the sign of the last delta, so a
///   final flick back cancels even after a long drag forwards).
///
/// The last movement follows @use-gesture's `Engine.compute`: every event
/// after the first sets the velocity to its delta over its Δt, but the
/// release only does so when it comes more than `swipeKinematicsDelay`
/// after the previous event; otherwise the previous segment's velocity
/// stands (issue #332, PR #347). Releasing after a longer pause therefore
/// reads the release's own, usually zero, movement. An event at the same
/// time as the previous one is skipped, as @use-gesture ignores a second
/// pointer move with the same timestamp. The recorded release velocity is
/// not used. Pixels are read as points; velocities are in pt/ms.
///
/// NB: @use-gesture's pointer-up carries no movement of its own; a release
/// whose translation differs from the previous event's is read here as a
/// final movement. When they are equal, as they are for pointer input,
/// the two agree.
struct SwipeRule: ReleaseRule {
  static let name = "swipe"
  static let summary =
    "@use-gesture swipe: under 250 ms, over 50 pt, last movement faster than 0.5 pt/ms toward the end."
  static let source =
    "pmndrs/use-gesture (commit c779631) dragConfigResolver.ts, engines/DragEngine.ts pointerUp, engines/Engine.ts compute"
  static let parameters: [Parameter] = [
    .number(
      "swipeVelocity", 0.5, unit: "pt/ms", in: 0...1_000,
      summary: "The last movement's velocity toward the end must exceed this.",
      source: "dragConfigResolver.ts DEFAULT_SWIPE_VELOCITY = 0.5 px/ms"),
    .number(
      "swipeDistance", 50, unit: "pt", in: 0...100_000,
      summary: "The absolute movement along the axis must exceed this.",
      source: "dragConfigResolver.ts DEFAULT_SWIPE_DISTANCE = 50 px"),
    .number(
      "swipeDuration", 250, unit: "ms", in: 0...60_000,
      summary: "The gesture must last less than this.",
      source: "dragConfigResolver.ts DEFAULT_SWIPE_DURATION = 250 ms"),
    .number(
      "swipeKinematicsDelay", 32, unit: "ms", in: 0...10_000,
      summary:
        "The release recomputes the velocity only when it comes more than this after the previous event.",
      source: "Engine.ts BEFORE_LAST_KINEMATICS_DELAY = 32 ms"),
  ]

  let velocity: Double
  let distance: Double
  let duration: Double
  let kinematicsDelay: Double

  init(_ values: ParameterValues) {
    velocity = values.number("swipeVelocity")
    distance = values.number("swipeDistance")
    duration = values.number("swipeDuration")
    kinematicsDelay = values.number("swipeKinematicsDelay")
  }

  /// The velocity of the gesture's last movement along the axis, pt/ms,
  /// positive toward the end state, as @use-gesture has it at release.
  static func lastVelocity(of release: ReleaseInput, kinematicsDelay: Double) -> Double {
    guard var previous = release.events.first else { return 0 }
    var velocity = 0.0
    let last = release.events.count - 1
    for (index, event) in release.events.enumerated().dropFirst() {
      let dt = milliseconds(event.time - previous.time)
      let isRelease = index == last
      guard dt > 0, !isRelease || dt > kinematicsDelay else { continue }
      velocity = release.along(event.translation - previous.translation) / dt
      previous = event
    }
    return velocity
  }

  func completes(_ release: ReleaseInput) -> Bool {
    guard Self.milliseconds(release.duration) < duration,
      release.progress.magnitude > distance
    else { return false }
    return Self.lastVelocity(of: release, kinematicsDelay: kinematicsDelay) > velocity
  }

  private static func milliseconds(_ time: TraceTime) -> Double {
    Double(time.nanoseconds) / 1e6
  }
}
