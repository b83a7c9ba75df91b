import Testing

@testable import GestureTrace

@Suite struct SplitMix64Tests {
  // The expected outputs were computed independently from the algorithm's
  // definition (state += 0x9E3779B97F4A7C15; z = (z ^ z >> 30) *
  // 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31,
  // all mod 2^64) with Python's integers; the seed-1234567 values are also
  // the published ones of Rosetta Code's "Pseudo-random numbers/Splitmix64".
  @Test(
    arguments: [
      (0 as UInt64, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F]),
      (
        1_234_567,
        [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]
      ),
    ] as [(UInt64, [UInt64])])
  func firstOutputsMatchReference(seed: UInt64, expected: [UInt64]) {
    var rng = SplitMix64(seed: seed)
    let outputs = (0..<expected.count).map { _ in rng.next() }
    #expect(outputs == expected)
  }

  @Test func sameSeedRepeatsAndAnotherSeedDiffers() {
    var a = SplitMix64(seed: 99)
    var b = SplitMix64(seed: 99)
    var c = SplitMix64(seed: 100)
    let first = (0..<8).map { _ in a.next() }
    #expect(first == (0..<8).map { _ in b.next() })
    #expect(first != (0..<8).map { _ in c.next() })
  }

  @Test func unitValuesLieInHalfOpenInterval() {
    var rng = SplitMix64(seed: 7)
    var sum = 0.0
    for _ in 0..<10_000 {
      let u = rng.unit()
      #expect(u >= 0 && u < 1)
      sum += u
    }
    // Mean of U(0,1) is 0.5 with standard error 0.289 / 100 = 0.003.
    #expect(abs(sum / 10_000 - 0.5) < 0.015)
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func normalIsTheSumOfTwelveQuarters(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var copy = rng
    for _ in 0..<1_000 {
      var quarters: [UInt64] = []
      for _ in 0..<3 {
        let bits = copy.next()
        for shift in stride(from: 0 as UInt64, to: 64, by: 16) {
          quarters.append((bits >> shift) & 0xFFFF)
        }
      }
      let expected = quarters.map { (Double($0) + 0.5) / 65_536 }.reduce(0, +) - 6
      let z = rng.normal()
      // The quarters' sum is exact in both; only the final scaling rounds.
      #expect(abs(z - expected) <= 1e-12)
      #expect(z == (Double(quarters.reduce(0, +)) + 6) * 0x1p-16 - 6)
    }
  }

  @Test func normalHasUnitVarianceAndBoundedRange() {
    var rng = SplitMix64(seed: 11)
    let count = 20_000.0
    var sum = 0.0
    var squares = 0.0
    for _ in 0..<Int(count) {
      let z = rng.normal()
      #expect(z > -6 && z < 6)
      sum += z
      squares += z * z
    }
    let mean = sum / count
    // Standard errors: mean 1 / √20000 ≈ 0.007, variance √2 / √20000 ≈ 0.01.
    #expect(abs(mean) < 0.035)
    #expect(abs(squares / count - mean * mean - 1) < 0.05)
  }

  @Test func signIsBalanced() {
    var rng = SplitMix64(seed: 3)
    let positives = (0..<10_000).filter { _ in rng.sign() > 0 }.count
    // Binomial(10000, 0.5): standard deviation 50.
    #expect(abs(positives - 5_000) < 250)
  }
}
