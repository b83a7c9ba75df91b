import Testing

@testable import GestureTrace

@Suite struct DoubleRoundingTests {
  @Test(arguments: 0..<20 as Range<UInt64>)
  func matchesRoundedBitForBit(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let tricky = ByteRowTests.trickyDouble(using: &rng)
      // Ties and their neighbours, at every scale up to 2⁵³.
      let half = Double(rng.next() >> (11 + rng.next() % 53)) + 0.5
      let values = [tricky, half, -half, half.nextUp, half.nextDown, -half.nextDown]
      for value in values {
        #expect(value.roundedTiesAway.bitPattern == value.rounded().bitPattern, "\(value)")
      }
    }
  }

  @Test(arguments: [
    (2.5, 3.0), (-2.5, -3.0), (0.49999999999999994, 0.0), (-0.25, -0.0), (0x1p52 + 1, 0x1p52 + 1),
    (0x1p52 - 0.5, 0x1p52), (-1e300, -1e300), (.infinity, .infinity),
  ])
  func roundsHandPickedValues(value: Double, expected: Double) {
    #expect(value.roundedTiesAway.bitPattern == expected.bitPattern)
  }

  @Test func keepsNaN() {
    #expect(Double.nan.roundedTiesAway.isNaN)
  }
}
