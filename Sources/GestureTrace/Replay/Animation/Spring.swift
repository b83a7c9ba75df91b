/// A damped spring that moves a value from 0 to 1, as in UIKit spring
/// animations and SwiftUI's `Spring`.
///
/// The spring obeys m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and
/// x′(0) = ``initialVelocity``, and is evaluated in closed form, so
/// ``value(at:)`` is a pure function of time with no integration error:
///
/// ```swift
/// let spring = Spring(dampingRatio: 0.7, duration: 0.33, initialVelocity: 0.7)
/// spring.value(at: 0)       // 0
/// spring.value(at: 0.33)    // ≈ 1: at rest by the duration
/// ```
///
/// Velocities are normalized, as in UIKit: 1 means the whole animation
/// distance per second. Under-, critically and over-damped springs are all
/// supported.
public struct Spring: Sendable, Hashable, Codable {
  /// The mass m; always positive and finite.
  public let mass: Double
  /// The stiffness k; always positive and finite.
  public let stiffness: Double
  /// The damping coefficient c; always zero or positive and finite.
  public let damping: Double
  /// The velocity at time 0, in animation distances per second.
  public let initialVelocity: Double

  /// The residual amplitude that UIKit-style springs reach at their duration:
  /// 1/1500 of the animation distance.
  ///
  /// See ``init(dampingRatio:duration:initialVelocity:)``.
  public static let uiKitSettlingFraction = 1.0 / 1500

  /// Creates a spring from its physical parameters, like
  /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` and
  /// `CASpringAnimation`.
  ///
  /// Such a spring has no duration of its own: an animator runs it for its
  /// ``settlingTime(tolerance:)``. Non-finite or non-positive masses and
  /// stiffnesses become 1, negative or non-finite damping becomes 0 (an
  /// undamped spring that never settles), and a non-finite velocity becomes 0.
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    self.mass = mass.isFinite && mass > 0 ? mass : 1
    self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 1
    self.damping = damping.isFinite && damping > 0 ? damping : 0
    self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
  }

  /// Creates a spring the way UIKit's duration-based spring APIs do:
  /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
  /// and `UISpringTimingParameters(dampingRatio:initialVelocity:)` inside a
  /// `UIViewPropertyAnimator(duration:timingParameters:)`.
  ///
  /// UIKit derives the stiffness from the duration by a private formula. This
  /// type uses the widely used "relaxation time" convention instead: unit
  /// mass, and the stiffness chosen so that the oscillation's envelope
  /// e^(−ζ·ω₀·t) falls to 1/1500 of the distance at `duration`, that is
  /// ω₀ = ln 1500 / (ζ · duration). The spring is therefore visually at rest
  /// at `duration`, where UIKit reports the animation complete.
  ///
  /// - Parameters:
  ///   - dampingRatio: ζ, clamped to 0.01…1 as UIKit's 0…1 range allows
  ///     (0 would never settle); NaN becomes 1.
  ///   - duration: The time by which the spring is at rest, in seconds;
  ///     non-finite or non-positive values become 1e-6 s (an instant jump).
  ///   - initialVelocity: The normalized initial velocity: 1 covers the whole
  ///     distance in one second.
  // NB: UIKit's actual duration → stiffness mapping is not documented (C.
  // Schnorr, "Demystifying UIKit Spring Animations", 2018). The relaxation
  // time convention (stiffness = m·ln(1500)² / (duration·ζ)², as in the
  // Framer spring examples and Stack Overflow answer 61763337) is a common
  // reconstruction, not Apple's formula: mid-flight positions may differ
  // from a device. What it keeps is what UIKit documents: the damping ratio,
  // the normalized initial velocity, and rest by the duration. A critically
  // damped spring (ζ = 1, v₀ = 0) is still (1 + ln 1500)/1500 ≈ 0.55 % short
  // at the duration; an animator then snaps it to 1.
  public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
    let ratio = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.01), 1)
    let seconds = duration.isFinite && duration > 0 ? max(duration, 1e-6) : 1e-6
    let omega = Spring.ln1500 / (ratio * seconds)
    self.init(
      mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega,
      initialVelocity: initialVelocity)
  }

  /// Creates a spring the way SwiftUI's
  /// `Animation.spring(response:dampingFraction:blendDuration:)` does.
  ///
  /// Mass 1, stiffness (2π / response)², damping 4π · dampingFraction /
  /// response: `response` is the period of the undamped oscillation. A
  /// non-finite or non-positive response becomes 1e-6 s; a negative or NaN
  /// damping fraction becomes 0.
  public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
    let period = response.isFinite && response > 0 ? max(response, 1e-6) : 1e-6
    let fraction = dampingFraction >= 0 ? dampingFraction : 0
    let omega = 2 * Math.pi / period
    self.init(
      mass: 1, stiffness: omega * omega, damping: 2 * fraction * omega,
      initialVelocity: initialVelocity)
  }

  /// The undamped angular frequency ω₀ = √(k / m), in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// The damping ratio ζ = c / (2√(k·m)): below 1 the spring oscillates,
  /// at 1 it is critically damped, above 1 it is over-damped.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Returns the spring's position at time `t` seconds after it started:
  /// 0 at the start, tending to 1.
  ///
  /// Times before 0 (and NaN) give 0; an infinite time gives 1. May
  /// overshoot 1 (under-damped) or go below 0 (negative initial velocity).
  public func value(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    guard t.isFinite else { return 1 }
    return 1 + displacement(at: t).position
  }

  /// Returns the spring's velocity at time `t`, in animation distances per
  /// second.
  ///
  /// Times before 0 (and NaN) give ``initialVelocity``; an infinite time
  /// gives 0.
  public func velocity(at t: Double) -> Double {
    guard t > 0 else { return initialVelocity }
    guard t.isFinite else { return 0 }
    return displacement(at: t).velocity
  }

  /// The time after which the spring stays within `tolerance` of 1, in
  /// seconds.
  ///
  /// Computed from an envelope that bounds |x(t) − 1| from above, so the
  /// bound holds for every later time; it may be up to one oscillation
  /// later than the last moment the spring actually leaves the band.
  /// Infinite for an undamped spring; 0 when the envelope starts inside the
  /// band.
  /// - Parameter tolerance: The allowed distance from 1, as a fraction of
  ///   the animation distance; non-positive values give infinity.
  public func settlingTime(tolerance: Double = Spring.uiKitSettlingFraction) -> Double {
    guard tolerance > 0 else { return .infinity }
    let modes = self.modes
    guard modes.decay > 0 else { return .infinity }
    // NB: |x − 1| = e^(−a·t)·|A·C + B′·S| (see `displacement(at:)`), and two
    // bounds hold in every regime, with λ the slowest decay rate:
    //   (1) e^(−λ·t)·(|A| + |B′|·t), since |C| ≤ 1 (ζ ≤ 1) and |S| ≤ t;
    //   (2) e^(−λ·t)·M, with M = √(A² + (B′/ω_d)²) below critical damping
    //       and M = |A| + |B′|/(2ω_h) above it.
    // (2) decreases, so it crosses the band once, at ln(M/tol)/λ. (1) rises
    // until t₀ = 1/λ − |A|/|B′| and then falls; bisect on [t₀, ∞). Once
    // either bound is inside the band it stays inside, so take the earlier.
    let lambda = modes.slowRate
    let p = 1.0  // |A|
    let q = (initialVelocity - modes.decay).magnitude  // |B′|, B′ = v₀ + a·A
    var byAmplitude = Double.infinity
    switch modes.kind {
    case .underdamped:
      let b = q / modes.frequency
      byAmplitude = Math.log((p * p + b * b).squareRoot() / tolerance) / lambda
    case .overdamped:
      byAmplitude = Math.log((p + q / (2 * modes.frequency)) / tolerance) / lambda
    case .critical:
      break
    }
    func bound(_ t: Double) -> Double { Math.exp(-lambda * t) * (p + q * t) }
    let peak = q > 0 ? max(0, 1 / lambda - p / q) : 0
    if bound(peak) <= tolerance { return 0 }
    var low = peak
    var high = peak + 1 / lambda
    var doublings = 0
    while bound(high) > tolerance && doublings < 64 {
      low = high
      high = peak + 2 * (high - peak)
      doublings += 1
    }
    for _ in 0..<64 {
      let middle = (low + high) / 2
      if bound(middle) > tolerance { low = middle } else { high = middle }
    }
    return max(0, min(high, byAmplitude))
  }

  private static let ln1500 = 7.313_220_387_090_301  // ln 1500
}

extension Spring {
  /// Creates a spring by decoding its physical parameters, with the same
  /// clamping as ``init(mass:stiffness:damping:initialVelocity:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      mass: try container.decode(Double.self, forKey: .mass),
      stiffness: try container.decode(Double.self, forKey: .stiffness),
      damping: try container.decode(Double.self, forKey: .damping),
      initialVelocity: try container.decode(Double.self, forKey: .initialVelocity))
  }
}

extension Spring {
  /// How the spring's free motion decays.
  struct Modes {
    enum Kind { case underdamped, critical, overdamped }
    var kind: Kind
    /// a = ζ·ω₀ = c / 2m, the mean decay rate.
    var decay: Double
    /// ω_d = ω₀√(1 − ζ²) (under-damped) or ω_h = ω₀√(ζ² − 1) (over-damped).
    var frequency: Double
    /// ω₀² = k / m.
    var omega0Squared: Double
    /// The slowest decay rate: a for ζ ≤ 1, a − ω_h = ω₀² / (a + ω_h) above.
    var slowRate: Double
  }

  var modes: Modes {
    let omega0Squared = stiffness / mass
    let decay = damping / (2 * mass)
    let discriminant = decay * decay - omega0Squared
    if discriminant < 0 {
      return Modes(
        kind: .underdamped, decay: decay, frequency: (-discriminant).squareRoot(),
        omega0Squared: omega0Squared, slowRate: decay)
    }
    if discriminant == 0 {
      return Modes(
        kind: .critical, decay: decay, frequency: 0, omega0Squared: omega0Squared,
        slowRate: decay)
    }
    let h = discriminant.squareRoot()
    return Modes(
      kind: .overdamped, decay: decay, frequency: h, omega0Squared: omega0Squared,
      slowRate: omega0Squared / (decay + h))
  }

  /// The displacement y = x − 1 and its derivative at t > 0.
  func displacement(at t: Double) -> (position: Double, velocity: Double) {
    // NB: with y(0) = A = −1 and y′(0) = v₀, every regime is
    //   y  = e^(−a·t) · (A·C + B′·S),        B′ = v₀ + a·A,
    //   y′ = e^(−a·t) · (v₀·C − (A·ω₀² + a·v₀)·S),
    // where (C, S) = (cos ω_d t, sin(ω_d t)/ω_d), (1, t) or
    // (cosh ω_h t, sinh(ω_h t)/ω_h). The products e^(−a·t)·C and e^(−a·t)·S
    // are formed without overflow, and S stays accurate as ω → 0.
    let modes = self.modes
    let a = modes.decay
    let v0 = initialVelocity
    let start = -1.0
    let envelopeC: Double
    let envelopeS: Double
    switch modes.kind {
    case .underdamped:
      let envelope = Math.exp(-a * t)
      let angle = modes.frequency * t
      envelopeC = envelope * Math.cos(angle)
      envelopeS = envelope * (Math.sin(angle) / modes.frequency)
    case .critical:
      let envelope = Math.exp(-a * t)
      envelopeC = envelope
      envelopeS = envelope * t
    case .overdamped:
      // e^(−a·t)·cosh(h·t) = e^(−λ·t)·(1 + e^(−2h·t)) / 2, λ = a − h, and
      // e^(−a·t)·sinh(h·t)/h = e^(−λ·t)·(1 − e^(−2h·t)) / (2h).
      let h = modes.frequency
      let slow = Math.exp(-modes.slowRate * t)
      let fast = Math.expm1(-2 * h * t)
      envelopeC = slow * (2 + fast) / 2
      envelopeS = slow * (-fast / (2 * h))
    }
    let position = start * envelopeC + (v0 + a * start) * envelopeS
    let velocity = v0 * envelopeC - (start * modes.omega0Squared + a * v0) * envelopeS
    return (position, velocity)
  }
}
