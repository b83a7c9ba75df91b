/// How long FloatingPanel's own spring (`NumericSpringAnimator`,
/// scenee/FloatingPanel 3.2.2 `Sources/Core.swift`) takes to carry the
/// panel to its target after release.
///
/// The spring has angular frequency `ω = 2π / 0.4 s` (`springResponseTime`)
/// and damping ratio `ζ = ln(0.991) / (−2π · (1 / 0.4) · 0.001) ≈ 0.5756`
/// (`springDecelerationRate` = `UIScrollView.DecelerationRate.fast` + 0.001)
/// when the release is faster than 300 pt/s, else `ζ = 1`. Every display
/// frame of `h` seconds takes one implicit step (``step(position:velocity:target:damping:frequency:frame:)``),
/// and the animation stops after the first frame that ends within one pixel
/// of the target having moved at most one pixel. One pixel is 1/3 pt: a 3x
/// screen (`displayScale` 3, every current iPhone but the SE and XR).
///
/// ```swift
/// FloatingPanelSpring.settleTime(from: 417, to: 417, velocity: 0)  // 1/60: one frame
/// FloatingPanelSpring.settleTime(from: 0, to: 100, velocity: 0)    // 40 frames
/// ```
enum FloatingPanelSpring {
  /// `springResponseTime`, seconds.
  static let responseTime = 0.4
  /// `springDecelerationRate`: `UIScrollView.DecelerationRate.fast` (0.99)
  /// plus 0.001.
  static let decelerationRate = 0.991
  /// Releases faster than this (pt/s, strictly) get the underdamped ratio.
  static let underdampedVelocity = 300.0
  /// Points per pixel is `1 / displayScale`.
  static let displayScale = 3.0
  /// The longest settle time reported, seconds.
  static let maximumTime = 10.0

  /// `ω`, radians per second: 2π / ``responseTime`` ≈ 15.708.
  static var frequency: Double { 2 * Math.pi / responseTime }

  /// The damping ratio for a release at `velocity` pt/s: ≈ 0.5756 above
  /// 300 pt/s in magnitude, 1 (critical) at or below.
  static func damping(velocity: Double) -> Double {
    guard velocity.magnitude > underdampedVelocity else { return 1 }
    // NB: the source's rate-to-ratio map, with its one-millisecond
    // duration: ln(rate) / (−2π · frequency in Hz · 0.001 s).
    return Math.log(decelerationRate) / (-2 * Math.pi * (1 / responseTime) * 0.001)
  }

  /// One frame of the source's step towards `target`: the position is
  /// the backward (implicit) Euler solution of `x'' = ω²(target − x) − 2ζω x'`,
  ///
  ///     f = 1 + 2hζω,  d = f + h²ω²,
  ///     x₁ = (f·x + h·v + h²ω²·target) / d,
  ///
  /// and the velocity is `v₁ = (v + hω²(target − x₁)) / d`, computed from
  /// the new position as the source does (the textbook step would give
  /// `(x₁ − x) / h`, which divides by `f` instead of `d`).
  static func step(
    position x: Double, velocity v: Double, target: Double, damping zeta: Double,
    frequency omega: Double, frame h: Double
  ) -> (position: Double, velocity: Double) {
    let f = 1 + 2 * h * zeta * omega
    let hw2 = h * h * omega * omega
    let d = f + hw2
    let next = (f * x + h * v + hw2 * target) / d
    return (next, (v + h * omega * omega * (target - next)) / d)
  }

  /// The seconds from release until the spring stops: a whole number of
  /// `frame`s, at least one (the animator checks only after a step, so a
  /// panel released at rest on its target still takes one frame), and at
  /// most ``maximumTime`` (rounded to whole frames); 0 when `frame` is not
  /// positive.
  static func settleTime(
    from position: Double, to target: Double, velocity: Double, frame: Double = 1.0 / 60
  ) -> Double {
    guard frame > 0, frame.isFinite else { return 0 }
    let zeta = damping(velocity: velocity)
    let omega = frequency
    let pixel = 1 / displayScale
    let frames = max(1, Int((maximumTime / frame).rounded()))
    var state = (position: position, velocity: velocity)
    for count in 1...frames {
      let before = state.position
      state = step(
        position: state.position, velocity: state.velocity, target: target, damping: zeta,
        frequency: omega, frame: frame)
      if (target - state.position).magnitude <= pixel,
        (state.position - before).magnitude <= pixel
      {
        return Double(count) * frame
      }
    }
    return Double(frames) * frame
  }
}
