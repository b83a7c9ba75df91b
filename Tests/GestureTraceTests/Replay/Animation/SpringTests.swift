import Foundation
import Testing

@testable import GestureTrace

@Suite struct SpringTests {
  /// The textbook solution of m·x″ + c·x′ + k·(x − 1) = 0, x(0) = 0,
  /// x′(0) = v₀, written in the usual root form with the platform's libm.
  static func analytic(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ t: Double)
    -> Double
  {
    let omega0 = (k / m).squareRoot()
    let zeta = c / (2 * (k * m).squareRoot())
    if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * omega0 - v0) / omegaD
      return 1 - Foundation.exp(-zeta * omega0 * t) * (cos(omegaD * t) + b * sin(omegaD * t))
    }
    if zeta == 1 {
      return 1 - Foundation.exp(-omega0 * t) * (1 + (omega0 - v0) * t)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega0 * (zeta - root)
    let r2 = -omega0 * (zeta + root)
    // x − 1 = C1·e^(r1·t) + C2·e^(r2·t), C1 + C2 = −1, r1·C1 + r2·C2 = v₀.
    let c2 = (v0 + r1) / (r2 - r1)
    let c1 = -1 - c2
    return 1 + c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
  }

  /// (mass, stiffness, damping, initial velocity): under-, critically and
  /// over-damped, with zero, positive and negative initial velocities.
  static let springs: [(Double, Double, Double, Double)] = [
    (1, 100, 4, 0),  // ζ = 0.2
    (1, 300, 20, 3),  // ζ ≈ 0.577
    (2, 50, 19.6, -2),  // ζ = 0.98
    (1, 100, 20, 0),  // ζ = 1
    (1, 100, 20, 8),  // ζ = 1, pushed
    (0.5, 200, 20, 0),  // ζ = 1 with m ≠ 1
    (1, 100, 30, 0),  // ζ = 1.5
    (1, 10, 60, -1),  // ζ ≈ 9.5
  ]

  @Test(arguments: springs)
  func valueMatchesAnalyticSolution(_ m: Double, _ k: Double, _ c: Double, _ v0: Double) {
    let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
    for i in 0...300 {
      let t = Double(i) / 100
      let expected = SpringTests.analytic(m, k, c, v0, t)
      #expect((spring.value(at: t) - expected).magnitude < 1e-12, "t = \(t)")
    }
  }

  @Test(arguments: springs)
  func velocityIsTheDerivativeOfValue(_ m: Double, _ k: Double, _ c: Double, _ v0: Double) {
    let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
    #expect(spring.velocity(at: 0) == v0)
    let h = 1e-6
    for i in 1...100 {
      let t = Double(i) / 50
      // Central difference: error ~ h²·x‴/6, far below 1e-6 here.
      let slope = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
      #expect((spring.velocity(at: t) - slope).magnitude < 1e-6 * max(1, slope.magnitude))
    }
  }

  @Test func handComputedValues() {
    // Critical, ω₀ = 1, v₀ = 0: x(1) = 1 − (1 + 1)·e^−1 = 1 − 2/e.
    let critical = Spring(mass: 1, stiffness: 1, damping: 2)
    #expect((critical.value(at: 1) - 0.264_241_117_657_115_356_81).magnitude < 1e-15)
    // Over-damped m = 1, k = 2, c = 3: roots −1, −2, x(t) = 1 − 2e^−t + e^−2t,
    // so x(1) = 1 − 0.735758882342885 + 0.135335283236613.
    let over = Spring(mass: 1, stiffness: 2, damping: 3)
    #expect((over.value(at: 1) - 0.399_576_400_893_728_048_7).magnitude < 1e-15)
    // Undamped ω₀ = 1: x(t) = 1 − cos t, so x(π/2) = 1 and x(π) = 2.
    let undamped = Spring(mass: 1, stiffness: 1, damping: 0)
    #expect((undamped.value(at: Double.pi / 2) - 1).magnitude < 1e-15)
    #expect((undamped.value(at: Double.pi) - 2).magnitude < 1e-15)
    #expect(undamped.settlingTime() == .infinity)
  }

  @Test func nearlyCriticalDampingIsContinuous() {
    // ζ = 1 ± 1e-9 must agree with ζ = 1 to about 1e-9, without the
    // cancellation of the root form.
    let critical = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2)
    for damping in [20 * (1 - 1e-9), 20 * (1 + 1e-9)] {
      let spring = Spring(mass: 1, stiffness: 100, damping: damping, initialVelocity: 2)
      for i in 1...100 {
        let t = Double(i) / 100
        #expect((spring.value(at: t) - critical.value(at: t)).magnitude < 1e-8)
      }
    }
  }

  @Test func swiftUIMappingMatchesAppleExample() {
    // Apple's Spring documentation: duration (response) 0.5, bounce 0.3
    // (dampingFraction 0.7) → mass 1, stiffness 157.9, damping 17.6.
    // (2π/0.5)² = 157.91367…, 4π·0.7/0.5 = 17.59291…
    let spring = Spring(response: 0.5, dampingFraction: 0.7)
    #expect(spring.mass == 1)
    #expect((spring.stiffness - 157.913_670_417_429_737).magnitude < 1e-9)
    #expect((spring.damping - 17.592_918_860_102_841).magnitude < 1e-9)
    #expect((spring.dampingRatio - 0.7).magnitude < 1e-15)
  }

  @Test func uiKitConventionSettlesAtDuration() {
    // ζ·ω₀ = ln 1500 / duration, so the envelope is 1/1500 at the duration.
    let spring = Spring(dampingRatio: 0.7, duration: 0.33, initialVelocity: 0.7)
    #expect((spring.dampingRatio - 0.7).magnitude < 1e-15)
    #expect(spring.mass == 1)
    let decay = spring.damping / 2
    #expect((decay * 0.33 - 7.313_220_387_090_301_434).magnitude < 1e-12)
    // At the duration the spring is within amplitude/1500 of rest, where the
    // amplitude √(1 + ((ζω₀ − v₀)/ω_d)²) ≈ 1.4 for these parameters.
    #expect((spring.value(at: 0.33) - 1).magnitude < 1.5 / 1_500)
    #expect(spring.velocity(at: 0) == 0.7)
  }

  @Test func uiKitCriticalSpringReachesKnownValueAtDuration() {
    // ζ = 1, v₀ = 0: x(d) = 1 − (1 + ω₀·d)·e^(−ω₀·d) with ω₀·d = ln 1500,
    // = 1 − (1 + ln 1500)/1500 = 0.994457853075273132.
    let spring = Spring(dampingRatio: 1, duration: 0.7)
    #expect((spring.value(at: 0.7) - 0.994_457_853_075_273_132_38).magnitude < 1e-14)
  }

  @Test func uiKitParametersAreClamped() {
    #expect((Spring(dampingRatio: 0, duration: 1).dampingRatio - 0.01).magnitude < 1e-15)
    #expect((Spring(dampingRatio: 3, duration: 1).dampingRatio - 1).magnitude < 1e-15)
    #expect((Spring(dampingRatio: .nan, duration: 1).dampingRatio - 1).magnitude < 1e-15)
    for duration in [0, -1, Double.nan, .infinity] {
      let spring = Spring(dampingRatio: 0.5, duration: duration)
      #expect(spring.stiffness.isFinite && spring.damping.isFinite)
      #expect((spring.value(at: 0.001) - 1).magnitude < 1e-9)
    }
  }

  @Test func physicalParametersAreSanitized() {
    let spring = Spring(mass: 0, stiffness: -3, damping: .nan, initialVelocity: .infinity)
    #expect(spring == Spring(mass: 1, stiffness: 1, damping: 0, initialVelocity: 0))
    #expect(spring.value(at: -1) == 0)
    #expect(spring.value(at: .nan) == 0)
    #expect(spring.value(at: .infinity) == 1)
  }

  @Test func criticalSettlingTimeIsExactWithoutVelocity() {
    // ζ = 1, v₀ = 0: |x − 1| = (1 + ω₀t)e^(−ω₀t) decreases, so the settling
    // time is where it equals the tolerance.
    let spring = Spring(mass: 1, stiffness: 400, damping: 40)
    let t = spring.settlingTime(tolerance: 1e-3)
    #expect((1 - spring.value(at: t) - 1e-3).magnitude < 1e-12)
  }

  @Test(arguments: springs)
  func springStaysSettledAfterSettlingTime(
    _ m: Double, _ k: Double, _ c: Double, _ v0: Double
  ) {
    let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
    let tolerance = 1e-3
    let settle = spring.settlingTime(tolerance: tolerance)
    #expect(settle.isFinite && settle > 0)
    for i in 0...2_000 {
      let t = settle + Double(i) / 500
      // (The bound is exact for critical damping: allow rounding.)
      #expect((spring.value(at: t) - 1).magnitude <= tolerance * (1 + 1e-9), "t = \(t)")
    }
    // And it is not far too late: within about one period of the spring
    // (2π/ω₀) plus 10 %, the spring was still outside half the band.
    let period = 2 * Double.pi / spring.naturalFrequency
    let earliest = max(0, settle - 1.1 * period - 0.1 * settle)
    let outside = (0...1_000).contains { i in
      let t = earliest + (settle - earliest) * Double(i) / 1_000
      return (spring.value(at: t) - 1).magnitude > tolerance / 2
    }
    #expect(outside)
  }
}
