/// Elementary functions written with `+ - * /` only, so that the animation
/// code needs neither Foundation nor libm and gives identical bits on every
/// platform.
///
/// Each function is accurate to a few units in the last place (about 1e-15
/// relative) over the ranges the animation code uses; see each function for
/// its range.
// NB: every function is range reduction followed by a truncated Taylor series
// evaluated by Horner's rule. The series lengths are chosen so that the first
// omitted term is below 1e-17 relative on the reduced range. Nothing here
// reads the platform's libm, so the results are the same bits everywhere.
enum Math {
  /// π to double precision.
  static let pi = 3.141_592_653_589_793_116

  // NB: fdlibm's split of ln 2: `ln2Hi` has 32 significant bits, so k·ln2Hi
  // is exact for |k| < 2^21, and ln2Hi + ln2Lo is ln 2 to about 2^-85.
  static let ln2Hi = 6.931_471_803_691_238_164_90e-01
  static let ln2Lo = 1.908_214_929_270_587_700_02e-10
  static let invLn2 = 1.442_695_040_888_963_387_00

  // NB: fdlibm's three-part split of π/2, 33 significant bits each, so k·part
  // is exact for |k| < 2^20.
  static let halfPi1 = 1.570_796_326_734_125_614_17e+00
  static let halfPi2 = 6.077_100_506_303_965_976_60e-11
  static let halfPi3 = 2.022_266_248_711_166_455_80e-21
  static let twoOverPi = 6.366_197_723_675_813_824_33e-01

  /// Returns e raised to the power `x`.
  ///
  /// Accurate to about 2 ulp for every finite `x`; returns 0 below −745.2,
  /// infinity above 709.8 and NaN for NaN.
  static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782_712_893_384 { return .infinity }
    if x < -745.2 { return 0 }
    let k = (x * invLn2).rounded()
    // |r| ≤ ln 2 / 2 ≈ 0.347
    let r = (x - k * ln2Hi) - k * ln2Lo
    let er = 1 + expm1Series(r)
    // Scaling by 2^k is exact (or a single rounding for subnormal results).
    return Double(sign: .plus, exponent: Int(k), significand: er)
  }

  /// Returns e^x − 1, accurate to a few ulp even when `x` is close to zero.
  static func expm1(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x.magnitude <= 0.35 { return expm1Series(x) }
    return exp(x) - 1
  }

  /// The Taylor series of e^x − 1 for |x| ≤ 0.35, to the x^17 term.
  // NB: 0.35^18 / 18! ≈ 1e-24, far below 1e-17 relative to x.
  private static func expm1Series(_ x: Double) -> Double {
    var sum = 1.0
    var n = 17.0
    while n >= 2 {
      sum = 1 + x / n * sum
      n -= 1
    }
    return x * sum
  }

  /// Returns the natural logarithm of `x`.
  ///
  /// Accurate to about 2 ulp for every positive `x`; returns −infinity for 0,
  /// NaN for negative numbers and NaN, infinity for infinity.
  static func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    // x = m · 2^e with m in [1, 2), exact for subnormal x too.
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095_145 {
      m /= 2
      e += 1
    }
    // ln m = 2 atanh(s), s = (m − 1) / (m + 1), |s| ≤ 0.1716
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var sum = 0.0
    var n = 12.0
    while n >= 1 {
      sum = 1 / (2 * n + 1) + s2 * sum
      n -= 1
    }
    let lnM = 2 * s + 2 * s * s2 * sum
    return e * ln2Hi + (e * ln2Lo + lnM)
  }

  /// Returns the sine of `x` (radians).
  ///
  /// Accurate to about 1e-16 absolute for |x| ≤ 1e5 (about 1e-15 relative
  /// away from the zeros); the reduction degrades slowly beyond that and is
  /// meaningless beyond about 1e15, where results still stay within −1…1.
  /// NaN for NaN and infinities.
  static func sin(_ x: Double) -> Double {
    let (quadrant, r) = reduced(x)
    switch quadrant {
    case 0: return sinSeries(r)
    case 1: return cosSeries(r)
    case 2: return -sinSeries(r)
    default: return -cosSeries(r)
    }
  }

  /// Returns the cosine of `x` (radians), with the accuracy of ``sin(_:)``.
  static func cos(_ x: Double) -> Double {
    let (quadrant, r) = reduced(x)
    switch quadrant {
    case 0: return cosSeries(r)
    case 1: return -sinSeries(r)
    case 2: return -cosSeries(r)
    default: return sinSeries(r)
    }
  }

  /// Splits `x` into k·π/2 + r with |r| ≤ π/4 (about), returning k mod 4
  /// and r.
  private static func reduced(_ x: Double) -> (quadrant: Int, r: Double) {
    if !x.isFinite { return (0, .nan) }
    if x.magnitude <= 0.785_398_163_397_448_279 { return (0, x) }
    let k = (x * twoOverPi).rounded()
    var r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
    // NB: beyond about 2^52 the products k·part are no longer exact and r
    // can be anything; keep the result bounded rather than meaningful.
    if !(r.magnitude <= 0.8) { r = 0 }
    // k mod 4 without converting a possibly huge k to an integer.
    let q = k - 4 * (k / 4).rounded(.down)
    return (Int(q), r)
  }

  /// The Taylor series of sin r for |r| ≤ π/4, to the r^21 term.
  // NB: (π/4)^23 / 23! ≈ 5e-25.
  private static func sinSeries(_ r: Double) -> Double {
    r * nested(r * r, highest: 21)
  }

  /// The Taylor series of cos r for |r| ≤ π/4, to the r^20 term.
  // NB: (π/4)^22 / 22! ≈ 4e-23.
  private static func cosSeries(_ r: Double) -> Double {
    nested(r * r, highest: 20)
  }

  /// 1 − r²/(2·3)·(1 − r²/(4·5)·(…)) for sin's series (`highest` odd), or
  /// 1 − r²/(1·2)·(1 − r²/(3·4)·(…)) for cos's (`highest` even): the
  /// series of sin r / r or cos r to the r^(highest−1) or r^highest term,
  /// evaluated innermost first.
  @inline(__always)
  private static func nested(_ r2: Double, highest: Double) -> Double {
    var sum = 1.0
    var n = highest
    while n >= 2 {
      sum = 1 - r2 / (n * (n - 1)) * sum
      n -= 2
    }
    return sum
  }
}
