import Testing

@testable import GestureTraceCLI

@Suite struct LinearScaleTests {
  @Test func mapsDataOntoPixelsLinearly() {
    let x = LinearScale(0, 2, to: 40, 440)
    // 40 + 0.5 / 2 × 400 = 140; 40 + 2 / 2 × 400 = 440.
    #expect(x(0.5) == 140)
    #expect(x(2) == 440)
    let y = LinearScale(0, 150, to: 258, 44)
    // Upwards: 258 − 90 / 150 × 214 = 129.6.
    #expect(abs(y(90) - 129.6) < 1e-9)
  }

  /// Span ÷ ticks, then the next 1, 2 or 5 × 10^k at or above it.
  @Test(arguments: [
    (0.0, 2.0, 5, [0, 0.5, 1, 1.5, 2]),  // 0.4 → 0.5
    (0.0, 100.0, 5, [0, 20, 40, 60, 80, 100]),  // 20 → 20
    (0.0, 0.02, 8, [0, 0.005, 0.01, 0.015, 0.02]),  // 0.0025 → 0.005
    (-3.0, 7.0, 4, [0, 5]),  // 2.5 → 5
    (40.0, 160.0, 8, [40, 60, 80, 100, 120, 140, 160]),  // 15 → 20
    (0.3, 0.9, 6, [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]),  // 0.6000000000000001 / 6 → 0.1
  ])
  func ticksAreRoundValuesInside(lower: Double, upper: Double, count: Int, expected: [Double]) {
    #expect(LinearScale(lower, upper, to: 0, 100, ticks: count).ticks() == expected)
  }

  @Test func roundedScaleWidensToWholeSteps() {
    // 12…120 with 5 ticks: 108 / 5 = 21.6 → step 50 → 0…150.
    let y = LinearScale.rounded(12, 120, to: 258, 44, ticks: 5)
    #expect(y.lower == 0)
    #expect(y.upper == 150)
    // 0…0.02 with 8 ticks: a whole number of 0.005 steps stays as it is.
    let x = LinearScale.rounded(0, 0.02, to: 58, 546, ticks: 8)
    #expect(x.upper == 0.02)
  }

  @Test func labelsHaveTheDecimalsOfTheStep() {
    let scale = LinearScale(0, 2, to: 0, 100, ticks: 5)
    #expect(scale.ticks().map(scale.label) == ["0.0", "0.5", "1.0", "1.5", "2.0"])
    let whole = LinearScale(0, 100, to: 0, 100, ticks: 5)
    #expect(whole.label(60) == "60")
  }

  @Test(arguments: [
    (5.0, 5.0), (0.0, 0.0), (Double.nan, 1.0), (1.0, Double.infinity), (9.0, 3.0),
  ])
  func degenerateIntervalsStayUsable(lower: Double, upper: Double) {
    let scale = LinearScale(lower, upper, to: 0, 100)
    #expect(scale.lower < scale.upper)
    #expect(scale(scale.lower) == 0)
    #expect(scale(scale.upper) == 100)
    #expect(!scale.ticks().isEmpty)
  }
}
