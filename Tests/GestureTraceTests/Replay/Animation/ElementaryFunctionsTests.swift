import Foundation
import Testing

@testable import GestureTrace

@Suite struct ElementaryFunctionsTests {
  /// Expects `actual` within `tolerance` relative of `expected`.
  func expectClose(
    _ actual: Double, _ expected: Double, relative tolerance: Double = 1e-14,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = (actual - expected).magnitude / max(expected.magnitude, .leastNormalMagnitude)
    #expect(
      error <= tolerance, "\(actual) vs \(expected): relative error \(error)",
      sourceLocation: sourceLocation)
  }

  // Reference values are the mathematical constants to 20 digits (tables,
  // or 40-digit arithmetic), not outputs of this code.
  @Test func expMatchesKnownValues() {
    expectClose(Math.exp(1), 2.718_281_828_459_045_235_36)
    expectClose(Math.exp(-1), 0.367_879_441_171_442_321_60)
    expectClose(Math.exp(-10), 4.539_992_976_248_485_153_6e-5)
    expectClose(Math.exp(10), 22_026.465_794_806_716_517)
    expectClose(Math.exp(0.5), 1.648_721_270_700_128_146_8)
    expectClose(Math.exp(-700), 9.859_676_543_759_770_705_7e-305)
    #expect(Math.exp(0) == 1)
  }

  @Test func expHandlesExtremes() {
    #expect(Math.exp(710) == .infinity)
    #expect(Math.exp(-746) == 0)
    #expect(Math.exp(-.infinity) == 0)
    #expect(Math.exp(.infinity) == .infinity)
    #expect(Math.exp(.nan).isNaN)
    // e^-740 = 4.19955…e-322 is subnormal (a multiple of 2^-1074 ≈ 4.94e-324),
    // so only about two digits survive.
    expectClose(Math.exp(-740) * 0x1p100, 4.199_55e-222 * 0x1p100 * 1e-100, relative: 1e-2)
  }

  @Test func expm1IsAccurateNearZero() {
    // e^x − 1 = x + x²/2 + x³/6 + …: for x = 1e-10 that is 1.00000000005e-10.
    expectClose(Math.expm1(1e-10), 1.000_000_000_05e-10)
    expectClose(Math.expm1(-1e-10), -9.999_999_999_5e-11)
    // e^0.3 − 1 and e^−2 − 1 from tables.
    expectClose(Math.expm1(0.3), 0.349_858_807_576_003_103_98)
    expectClose(Math.expm1(-2), -0.864_664_716_763_387_308_11)
  }

  @Test func logMatchesKnownValues() {
    expectClose(Math.log(2), 0.693_147_180_559_945_309_42)
    expectClose(Math.log(10), 2.302_585_092_994_045_684_0)
    expectClose(Math.log(1500), 7.313_220_387_090_301_434_0)
    expectClose(Math.log(0.001), -6.907_755_278_982_137_052_1)
    // A subnormal input: ln 2^-1040 = −1040 · ln 2 = −720.873067782343121793.
    expectClose(Math.log(0x1p-1040), -720.873_067_782_343_121_79)
    #expect(Math.log(1) == 0)
    #expect(Math.log(0) == -.infinity)
    #expect(Math.log(-1).isNaN)
  }

  @Test func sinAndCosMatchKnownValues() {
    expectClose(Math.sin(Double.pi / 6), 0.5)
    expectClose(Math.cos(Double.pi / 3), 0.5)
    expectClose(Math.sin(1), 0.841_470_984_807_896_506_65)
    expectClose(Math.cos(1), 0.540_302_305_868_139_717_40)
    expectClose(Math.sin(100), -0.506_365_641_109_758_793_66)
    expectClose(Math.cos(100), 0.862_318_872_287_683_934_10)
    expectClose(Math.sin(-2.5), -0.598_472_144_103_956_494_05)
    // sin of the double nearest π is π − double(π) ≈ 1.2246467991473532e-16.
    expectClose(Math.sin(Double.pi), 1.224_646_799_147_353_207_2e-16, relative: 1e-12)
    #expect(Math.sin(0) == 0)
    #expect(Math.cos(0) == 1)
    #expect(Math.sin(.infinity).isNaN)
    #expect(Math.cos(.nan).isNaN)
  }

  // The platform's libm (glibc or Darwin, within 1 ulp) as an independent
  // oracle over the ranges the springs use.
  @Test func expAgreesWithPlatform() {
    for x in stride(from: -745.0, through: 709.0, by: 0.37) {
      expectClose(Math.exp(x), Foundation.exp(x), relative: 2e-15)
    }
  }

  @Test func expm1AgreesWithPlatform() {
    for x in stride(from: -1.0, through: 1.0, by: 0.00137) {
      expectClose(Math.expm1(x), Foundation.expm1(x), relative: 1e-15)
    }
  }

  @Test(arguments: [1e-300, 3e-9, 0.1, 0.7, 0.99, 1.01, 1.5, 3, 42, 1e5, 1e300])
  func logAgreesWithPlatform(_ x: Double) {
    expectClose(Math.log(x), Foundation.log(x), relative: 1e-15)
  }

  @Test func sinAndCosAgreeWithPlatform() {
    for x in stride(from: -3_000.0, through: 3_000.0, by: 0.0731) {
      #expect((Math.sin(x) - Foundation.sin(x)).magnitude <= 1e-15, "sin \(x)")
      #expect((Math.cos(x) - Foundation.cos(x)).magnitude <= 1e-15, "cos \(x)")
    }
  }

  @Test func sinAndCosStayBoundedForHugeArguments() {
    for x in [1e10, -3e15, 1e300, -Double.greatestFiniteMagnitude] {
      #expect(Math.sin(x).magnitude <= 1)
      #expect(Math.cos(x).magnitude <= 1)
    }
  }
}
