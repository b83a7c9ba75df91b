/// Turns raw pointer samples into pan events, as `UIPanGestureRecognizer`
/// reports them to its target.
///
/// Add each sample as it arrives. Nothing is reported until the pointer has
/// moved strictly more than `slop` points from where it touched down; then
/// the sample that crossed the slop gives ``TouchPhase/began``, every later
/// `move` gives ``TouchPhase/changed``, the lift gives ``TouchPhase/ended``
/// and a system cancel gives ``TouchPhase/cancelled``. A touch that lifts
/// before it crosses the slop is a tap, not a pan: it reports nothing.
///
/// ```swift
/// var recognizer = PanRecognizer(slop: 10, scale: 3)   // positions in pixels
/// for sample in samples {
///   if let event = recognizer.add(sample) { print(event.phase, event.translation) }
/// }
/// // began (0, 10.33…), changed …, ended (0, 84) with the release velocity
/// ```
///
/// Translations are measured from the touch-down point, so the `began`
/// translation *includes* the slop: it is already a little over `slop`
/// points long. UIKit behaves the same way: by the time a pan recognizer
/// reports `.began` the finger has moved past its hysteresis, and
/// `translation(in:)` is relative to where the touch started, not to where
/// recognition happened (developers recover the start point by adding
/// `touchesBegan`, e.g. "UIPanGestureRecognizer starting touch point",
/// 2013). The default slop, 10 points, is the value reported for UIKit's
/// pan recognizer (JetBrains Compose Multiplatform matched its touch slop to
/// it in PR #700).
///
/// Positions are divided by `scale` (pixels per point), so translations,
/// locations and velocities come out in points and points per second.
///
/// Velocity comes from the estimator fed with every sample since the
/// touch-down, including those inside the slop, as Android, Flutter and UIKit
/// do. `began` and `changed` events carry the estimator's velocity at that
/// sample, as `velocity(in:)` is readable in every state; `ended` carries the
/// release velocity: the estimator's value at the lift, with the lift sample
/// handled as ``VelocityTracker`` defines. `cancelled` carries zero. Where
/// the estimator has no value (one sample), the velocity is zero, as apps
/// read it.
///
/// The default estimator, ``VelocityEstimator/uikit``, follows what is
/// reported of UIKit's pan recognizer: `ended` repeats the translation and
/// velocity of the last move (a lift at a new position counts as that
/// move), so a finger that rests before lifting releases at its pre-pause
/// speed. ``VelocityEstimator/ios``, the scroll-view proxy, applies the
/// platforms' rules instead: the lift is not fitted, and one more than
/// 40 ms after the last move releases at zero.
///
/// ```swift
/// import GestureTrace
///
/// // Down, a drag up to 60 pt in 40 ms, a rest, and the lift 260 ms later.
/// let moves: [(ms: Int64, y: Double)] = [(0, 0), (10, -8), (20, -20), (30, -40), (40, -60)]
/// var samples = moves.map { move in
///   PointerSample(
///     time: .milliseconds(move.ms), position: Vector2D(x: 0, y: move.y),
///     action: move.ms == 0 ? .down : .move)
/// }
/// samples.append(
///   PointerSample(time: .milliseconds(300), position: Vector2D(x: 0, y: -60), action: .up))
/// let uikit = PanRecognizer.traces(from: samples)[0].events.last!
/// // ended, ty −60, vy −1520: 0.6·(−1200) + 0.35·(−2000) + 0.05·(−2000) pt/s
/// let ios = PanRecognizer.traces(from: samples, recognizer: PanRecognizer(estimator: .ios))[0]
/// // its ended event: ty −60, vy 0 (the lift came 260 ms > 40 ms after the last move)
/// ```
public struct PanRecognizer: Sendable {
  /// How far, in points, the pointer must move from its touch-down point
  /// before the pan begins; a move of exactly `slop` is not enough.
  public let slop: Double
  /// Pixels per point: positions are divided by it.
  public let scale: Double
  /// The velocity estimator.
  public let estimator: VelocityEstimator

  /// The estimator a recognizer uses unless told otherwise:
  /// ``VelocityEstimator/uikit``, so that recorded traces carry the
  /// velocities UIKit's pan recognizer reports.
  public static let defaultEstimator = VelocityEstimator.uikit

  private var tracker: VelocityTracker
  /// The touch-down point in sample units, while a touch is down.
  private var origin: Vector2D?
  private var hasBegun = false
  private var lastTranslation = Vector2D.zero
  private var lastLocation = Vector2D.zero

  /// Creates a recognizer with no touch down.
  ///
  /// - Parameters:
  ///   - slop: The distance in points a touch must move, strictly, before
  ///     the pan begins. A negative or non-finite value reads as 0.
  ///   - scale: Pixels per point of the sample positions. A value that is
  ///     not positive and finite reads as 1.
  ///   - estimator: How velocities are estimated: ``VelocityEstimator/uikit``
  ///     unless given.
  public init(
    slop: Double = 10, scale: Double = 1, estimator: VelocityEstimator = defaultEstimator
  ) {
    self.slop = slop.isFinite && slop > 0 ? slop : 0
    self.scale = scale.isFinite && scale > 0 ? scale : 1
    self.estimator = estimator
    self.tracker = VelocityTracker(estimator: estimator)
  }

  /// Whether a touch is down (whether or not its pan has begun).
  public var isTracking: Bool { origin != nil }

  /// Forgets the touch that is down, if any, without reporting anything.
  public mutating func reset() {
    origin = nil
    hasBegun = false
    tracker = VelocityTracker(estimator: estimator)
  }

  /// Reads one sample and returns the pan event it produces, if any.
  ///
  /// - A `down` starts a touch. If a pan was in progress it is cut short:
  ///   the returned event is its `cancelled` (at the new sample's time, at the
  ///   last translation). A touch down whose pan had not begun is forgotten.
  /// - A `move` gives `began` once it is strictly more than `slop` points from
  ///   the touch-down point, then `changed`; a move with no touch down is
  ///   ignored.
  /// - An `up` gives `ended` if the pan began, else nothing (a tap).
  /// - A `cancel` gives `cancelled` if the pan began, else nothing.
  public mutating func add(_ sample: PointerSample) -> PanEvent? {
    let position = points(sample.position)
    let point = PointerSample(time: sample.time, position: position, action: sample.action)
    switch sample.action {
    case .down:
      let interrupted = hasBegun ? cancelledEvent(at: sample.time) : nil
      reset()
      origin = sample.position
      lastTranslation = .zero
      lastLocation = position
      tracker.add(point)
      return interrupted
    case .move:
      guard let origin else { return nil }
      tracker.add(point)
      // NB: the difference is taken in sample units, then scaled, so a
      // translation is as exact as one division can make it.
      let translation = points(sample.position - origin)
      lastTranslation = translation
      lastLocation = position
      if !hasBegun {
        guard translation.length > slop else { return nil }
        hasBegun = true
        return event(.began, point, translation)
      }
      return event(.changed, point, translation)
    case .up:
      guard let origin else { return nil }
      tracker.add(point)
      let began = hasBegun
      // NB: the tracker has seen the lift: it applies the estimator's pause
      // rule, and only uikit fits it (when it moved the touch).
      let velocity = tracker.velocity() ?? .zero
      reset()
      guard began else { return nil }
      return PanEvent(
        time: sample.time, phase: .ended, translation: points(sample.position - origin),
        velocity: velocity, location: position)
    case .cancel:
      let event = hasBegun ? cancelledEvent(at: sample.time) : nil
      reset()
      return event
    }
  }

  private mutating func event(
    _ phase: TouchPhase, _ sample: PointerSample, _ translation: Vector2D
  ) -> PanEvent {
    PanEvent(
      time: sample.time, phase: phase, translation: translation,
      velocity: tracker.velocity() ?? .zero, location: sample.position)
  }

  private func points(_ vector: Vector2D) -> Vector2D {
    Vector2D(x: vector.x / scale, y: vector.y / scale)
  }

  private func cancelledEvent(at time: TraceTime) -> PanEvent {
    PanEvent(
      time: time, phase: .cancelled, translation: lastTranslation, velocity: .zero,
      location: lastLocation)
  }
}
