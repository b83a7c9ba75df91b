/// The minimum-jerk reach profile of Flash and Hogan (1985): how far a
/// point-to-point hand movement has gone at a fraction of its duration.
///
/// A reach from p₀ to p_f over a duration T is at
/// p₀ + (p_f − p₀)·s(t/T) with s(τ) = 10τ³ − 15τ⁴ + 6τ⁵, which starts and
/// ends at rest with zero acceleration.
enum MinimumJerk {
  /// The fraction of the distance covered at normalized time `tau`,
  /// clamped to the reach: 0 before it starts, 1 after it ends.
  static func position(at tau: Double) -> Double {
    guard tau > 0 else { return 0 }
    guard tau < 1 else { return 1 }
    let cube = tau * tau * tau
    return cube * (10 + tau * (-15 + 6 * tau))
  }

  /// The derivative of ``position(at:)`` with respect to `tau`:
  /// 30τ²(1 − τ)², zero outside the reach.
  static func velocity(at tau: Double) -> Double {
    guard tau > 0, tau < 1 else { return 0 }
    let product = tau * (1 - tau)
    return 30 * product * product
  }
}
