/// The timing of an animation: a cubic Bézier curve or a spring, as given to
/// `UIView.animate` or a `UIViewPropertyAnimator`.
///
/// ```swift
/// let swap = AnimationCurve.easeInEaseOut                      // UIView.animate default
/// let back = AnimationCurve.spring(dampingRatio: 0.7, initialVelocity: 0.7)
/// back.progress(atElapsed: 0.33, duration: 0.33)              // 1
/// ```
///
/// A curve is run for a *requested duration*. Bézier curves and UIKit-style
/// springs take exactly that long; a physical ``Spring`` ignores it and runs
/// until it settles, as `UISpringTimingParameters(mass:stiffness:damping:
/// initialVelocity:)` does.
public struct AnimationCurve: Sendable, Hashable, Codable {
  enum Kind: Sendable, Hashable, Codable {
    case cubic(TimingCurve)
    case dampedSpring(dampingRatio: Double, initialVelocity: Double)
    case spring(Spring)
  }

  let kind: Kind

  /// A cubic Bézier timing curve.
  public static func cubic(_ curve: TimingCurve) -> AnimationCurve {
    AnimationCurve(kind: .cubic(curve))
  }

  /// Constant speed (`UIView.AnimationCurve.linear`).
  public static let linear = cubic(.linear)
  /// Slow start (`.curveEaseIn`).
  public static let easeIn = cubic(.easeIn)
  /// Slow end (`.curveEaseOut`).
  public static let easeOut = cubic(.easeOut)
  /// Slow start and end (`.curveEaseInOut`), UIKit's default.
  public static let easeInEaseOut = cubic(.easeInEaseOut)

  /// A spring whose stiffness is derived from the requested duration, like
  /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` and
  /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
  ///
  /// See ``Spring/init(dampingRatio:duration:initialVelocity:)`` for the
  /// convention. The normalized velocity points towards the animation's
  /// target: 1 covers the whole remaining distance in one second.
  public static func spring(dampingRatio: Double, initialVelocity: Double = 0) -> AnimationCurve {
    let velocity = initialVelocity.isFinite ? initialVelocity : 0
    return AnimationCurve(
      kind: .dampedSpring(dampingRatio: dampingRatio, initialVelocity: velocity))
  }

  /// A physical spring that runs for its own ``Spring/settlingTime(tolerance:)``
  /// rather than the requested duration.
  public static func spring(_ spring: Spring) -> AnimationCurve {
    AnimationCurve(kind: .spring(spring))
  }

  /// Returns how long the curve runs when `duration` seconds are requested.
  ///
  /// `duration` itself (0 when it is negative or not finite) for Bézier
  /// curves and UIKit-style springs; the settling time (to 1/1500 of the
  /// distance) for a physical spring.
  public func runningTime(forDuration duration: Double) -> Double {
    switch kind {
    case .cubic, .dampedSpring:
      return duration.isFinite && duration > 0 ? duration : 0
    case .spring(let spring):
      let time = spring.settlingTime()
      // NB: an undamped spring never settles; stop it after an hour rather
      // than never completing.
      return time.isFinite ? time : 3_600
    }
  }

  /// Returns the animation's progress `elapsed` seconds after it started,
  /// when `duration` seconds were requested.
  ///
  /// Exactly 0 before the start and exactly 1 from the running time on;
  /// springs may overshoot 1 in between.
  public func progress(atElapsed elapsed: Double, duration: Double) -> Double {
    let length = runningTime(forDuration: duration)
    return shape(forLength: length).progress(atElapsed: elapsed, length: length)
  }

  /// Returns the progress after `fraction` of the running time, as scrubbing
  /// through the curve shows it (`scrubsLinearly == false`).
  public func progress(at fraction: Double, duration: Double) -> Double {
    let length = runningTime(forDuration: duration)
    let clamped = fraction > 0 ? min(fraction, 1) : 0
    return shape(forLength: length).progress(atElapsed: clamped * length, length: length)
  }

  /// The concrete motion for a run of `length` seconds.
  func shape(forLength length: Double) -> Shape {
    switch kind {
    case .cubic(let curve):
      return .cubic(curve)
    case .dampedSpring(let ratio, let velocity):
      return .spring(Spring(dampingRatio: ratio, duration: length, initialVelocity: velocity))
    case .spring(let spring):
      return .spring(spring)
    }
  }

  /// A curve resolved for one run: what an animator evaluates every frame.
  enum Shape: Sendable, Hashable {
    case cubic(TimingCurve)
    case spring(Spring)

    /// Progress from 0 to 1 over a run of `length` seconds; 1 from `length`
    /// on (so at once for a zero length), 0 before the start and for NaN.
    func progress(atElapsed elapsed: Double, length: Double) -> Double {
      if elapsed.isNaN { return 0 }
      if elapsed >= length { return 1 }
      if elapsed <= 0 { return 0 }
      switch self {
      case .cubic(let curve): return curve.progress(at: elapsed / length)
      case .spring(let spring): return spring.value(at: elapsed)
      }
    }
  }
}
