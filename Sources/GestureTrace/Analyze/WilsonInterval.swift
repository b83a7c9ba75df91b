/// The Wilson score interval of a proportion: where the true rate lies,
/// with 95 % confidence by default, given `successes` out of `trials`.
///
/// Unlike the normal approximation it stays inside 0…1 and is sensible for
/// 0 or `trials` successes (Wilson 1927; Brown, Cai & DasGupta 2001).
package struct WilsonInterval: Sendable, Hashable {
  /// The lower bound, in 0…1.
  package var lower: Double
  /// The upper bound, in 0…1.
  package var upper: Double

  /// The normal quantile for 95 % two-sided confidence.
  static let z95 = 1.959963984540054

  /// The interval for `successes` of `trials`; 0…1 when there are no
  /// trials.
  init(successes: Int, trials: Int, z: Double = WilsonInterval.z95) {
    guard trials > 0 else {
      lower = 0
      upper = 1
      return
    }
    let n = Double(trials)
    let p = Double(successes) / n
    let z2 = z * z
    let denominator = 1 + z2 / n
    let center = (p + z2 / (2 * n)) / denominator
    let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    lower = max(0, center - half)
    upper = min(1, center + half)
  }
}
