import Testing

@testable import GestureTrace

@Suite struct WilsonIntervalTests {
  // Bounds computed independently in Python from Wilson's formula with
  // z = 1.959963984540054.
  @Test(arguments: [
    (2, 4, 0.15003898915214953, 0.8499610108478505),
    (1, 4, 0.04558726080970055, 0.6993581574175981),
    (3, 4, 0.30064184258240184, 0.9544127391902995),
    (0, 4, 0.0, 0.4898908364545973),
    (4, 4, 0.5101091635454027, 1.0),
  ])
  func matchesTheFormula(successes: Int, trials: Int, lower: Double, upper: Double) {
    let interval = WilsonInterval(successes: successes, trials: trials)
    #expect(abs(interval.lower - lower) < 1e-12)
    #expect(abs(interval.upper - upper) < 1e-12)
  }

  @Test func aLargeSampleNarrowsAroundTheRate() {
    // 500 of 1000: half-width ≈ 1.96 × √(0.25/1000) ≈ 0.031.
    let interval = WilsonInterval(successes: 500, trials: 1000)
    #expect(abs((interval.lower + interval.upper) / 2 - 0.5) < 1e-12)
    #expect(abs(interval.upper - interval.lower - 2 * 0.030975) < 1e-4)
  }

  @Test func noTrialsMeansNothingIsKnown() {
    let interval = WilsonInterval(successes: 0, trials: 0)
    #expect(interval.lower == 0 && interval.upper == 1)
  }
}
