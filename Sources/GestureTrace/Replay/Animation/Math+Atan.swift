extension Math {
  // NB: 2 − √3 = tan(π/12) and √3, to double precision.
  private static let tanPiOver12 = 0.267_949_192_431_122_706_5
  private static let sqrt3 = 1.732_050_807_568_877_293_5

  /// Returns the arctangent of `x`, radians, in −π/2…π/2.
  ///
  /// Accurate to a few ulp for every finite `x`; ±π/2 for ±infinity, NaN
  /// for NaN.
  static func atan(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x < 0 { return -atan(-x) }
    // atan x = π/2 − atan(1/x) brings x into 0…1 (1/∞ = 0 gives π/2).
    if x > 1 { return pi / 2 - atan(1 / x) }
    // atan x = π/6 + atan((√3·x − 1) / (x + √3)) brings it into ±tan(π/12).
    if x > tanPiOver12 { return pi / 6 + atanSeries((sqrt3 * x - 1) / (x + sqrt3)) }
    return atanSeries(x)
  }

  /// atan r = r − r³/3 + r⁵/5 − … for |r| ≤ tan(π/12) ≈ 0.268: r² ≤ 0.072,
  /// so 16 terms leave a first omitted term below 1e-18 relative.
  private static func atanSeries(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    var n = 16.0
    while n >= 1 {
      let term = 1 / (2 * n + 1)
      sum = (Int(n) % 2 == 0 ? term : -term) + r2 * sum
      n -= 1
    }
    return r + r * r2 * sum
  }
}
