import Testing

@testable import GestureTrace

@Suite struct McNemarTestTests {
  /// 2 × Σ_{k ≤ min} C(n, k) / 2ⁿ, summed exactly in integers (n ≤ 60).
  static func exactP(_ b: Int, _ c: Int) -> Double {
    let n = b + c
    guard n > 0 else { return 1 }
    var coefficient: UInt64 = 1
    var tail: UInt64 = 0
    for k in 0...min(b, c) {
      if k > 0 { coefficient = coefficient * UInt64(n - k + 1) / UInt64(k) }
      tail += coefficient
    }
    return min(1, 2 * Double(tail) / Double(UInt64(1) << UInt64(n)))
  }

  @Test(arguments: [
    (8, 1, 0.0390625), (1, 8, 0.0390625), (6, 0, 0.03125), (5, 0, 0.0625), (0, 0, 1.0),
    (5, 5, 1.0), (3, 1, 0.625), (4, 5, 1.0),
  ])
  func handComputedPValues(onlyFirst: Int, onlySecond: Int, p: Double) {
    let computed = McNemarTest(onlyFirst: onlyFirst, onlySecond: onlySecond).pValue
    #expect((computed - p).magnitude <= 1e-12)
  }

  @Test(arguments: 0..<40)
  func agreesWithExactIntegerSums(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let b = Int(rng.next() % 31)
    let c = Int(rng.next() % 30)
    let p = McNemarTest(onlyFirst: b, onlySecond: c).pValue
    let exact = Self.exactP(b, c)
    #expect((p - exact).magnitude <= 1e-12 * max(exact, 1e-300))
  }

  /// Large counts neither overflow nor lose the symmetry of the test.
  @Test func largeCountsStayFiniteAndSymmetric() {
    let balanced = McNemarTest(onlyFirst: 1_000_000, onlySecond: 1_000_000).pValue
    #expect(balanced == 1)
    let near = McNemarTest(onlyFirst: 10_050, onlySecond: 9_950).pValue
    #expect(near > 0.4 && near < 0.6)  // z ≈ 0.71, two-sided p ≈ 0.48
    let far = McNemarTest(onlyFirst: 1_000_000, onlySecond: 900_000).pValue
    #expect(far >= 0 && far < 1e-12)
    #expect(
      McNemarTest(onlyFirst: 12_345, onlySecond: 12_000).pValue
        == McNemarTest(onlyFirst: 12_000, onlySecond: 12_345).pValue)
  }
}
