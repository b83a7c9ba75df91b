import Testing

@testable import GestureTrace

@Suite struct MinimumJerkTests {
  // s(τ) = 10τ³ − 15τ⁴ + 6τ⁵:
  //   τ = 0.25: 10/64 − 15/256 + 6/1024 = (160 − 60 + 6)/1024 = 106/1024
  //   τ = 0.5:  10/8 − 15/16 + 6/32 = (40 − 30 + 6)/32 = 16/32
  //   τ = 0.75: by symmetry s(1 − τ) = 1 − s(τ), 1 − 106/1024 = 918/1024
  @Test(arguments: [
    (0.0, 0.0), (0.25, 0.103515625), (0.5, 0.5), (0.75, 0.896484375), (1.0, 1.0),
  ])
  func positionMatchesHandComputedValues(tau: Double, expected: Double) {
    #expect(MinimumJerk.position(at: tau) == expected)
  }

  @Test(arguments: [-1.0, -0.001, 1.001, 7])
  func positionIsClampedOutsideTheReach(tau: Double) {
    #expect(MinimumJerk.position(at: tau) == (tau < 0 ? 0 : 1))
    #expect(MinimumJerk.velocity(at: tau) == 0)
  }

  @Test func velocityIsZeroAtBothEndsAndPeaksInTheMiddle() {
    #expect(MinimumJerk.velocity(at: 0) == 0)
    #expect(MinimumJerk.velocity(at: 1) == 0)
    // 30 · 0.5² · 0.5² = 30 / 16 = 1.875, the peak speed relative to D/T.
    #expect(MinimumJerk.velocity(at: 0.5) == 1.875)
  }

  @Test(arguments: [0.1, 0.3, 0.5, 0.7, 0.9])
  func velocityIsTheDerivativeOfPosition(tau: Double) {
    let h = 1e-6
    let slope = (MinimumJerk.position(at: tau + h) - MinimumJerk.position(at: tau - h)) / (2 * h)
    #expect(abs(slope - MinimumJerk.velocity(at: tau)) < 1e-6)
  }
}
