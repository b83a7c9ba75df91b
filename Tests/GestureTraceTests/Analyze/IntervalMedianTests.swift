import Testing

@testable import GestureTrace

/// The median of intervals kept as whole nanoseconds against the median of
/// the same intervals in seconds by sorting (``Quantiles/median``).
@Suite struct IntervalMedianTests {
  /// The median by ``IntervalMedian``, of a copy.
  static func median(_ nanoseconds: [Int64]) -> Double? {
    var values = nanoseconds
    return values.withUnsafeMutableBufferPointer { IntervalMedian.median(of: $0) }
  }

  /// The sorting definition on the intervals in seconds.
  static func sortedMedian(_ nanoseconds: [Int64]) -> Double? {
    Quantiles(nanoseconds.map { TraceTime(nanoseconds: $0).seconds }).median
  }

  @Test(arguments: [
    ([], nil),
    // One interval: itself, 5,000,000 ns = 0.005 s.
    ([5_000_000], 0.005),
    // Two: 1 s and 3 s, 1 + (3 − 1) × 0.5 = 2.
    ([3_000_000_000, 1_000_000_000], 2.0),
    // Ranks 1 and 2 of 0, 1, 2, 3 s: 1 + (2 − 1) × 0.5 = 1.5.
    ([3_000_000_000, 0, 1_000_000_000, 2_000_000_000], 1.5),
    // Odd count: the middle of 0, 0.25, 0.5 s.
    ([500_000_000, 0, 250_000_000], 0.25),
    // Equal intervals: that interval.
    ([8_333_333, 8_333_333, 8_333_333, 8_333_333], 0.008333333),
    // Zero intervals: +0 (never −0).
    ([0, 0, 0], 0.0),
  ] as [([Int64], Double?)])
  func medianByHand(nanoseconds: [Int64], expected: Double?) {
    let found = Self.median(nanoseconds)
    #expect(found == expected)
    #expect(found?.sign != .minus)
  }

  /// Random intervals from pools with many ties, near 8.3 ms, above 2⁵³
  /// (where distinct integers round to the same double), negative and
  /// extreme, for odd and even counts.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 57, 58, 1_001])
  func medianEqualsTheSortedMedianInSeconds(count: Int) {
    let pools: [[Int64]] = [
      [8_300_000, 8_300_001, 8_333_333, 8_333_334, 8_400_000],
      [0, 0, 1, 16_666_667],
      [1 << 53, (1 << 53) + 1, (1 << 53) + 2, (1 << 53) + 3, 1 << 60],
      [-8_000_000, 0, 8_000_000, .max, .min, .max - 1],
    ]
    for (index, pool) in pools.enumerated() {
      for seed in 0..<20 as Range<UInt64> {
        var rng = SplitMix64(seed: seed &* 97 &+ UInt64(count * 4 + index))
        let values = (0..<count).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
        #expect(
          Self.median(values)?.bitPattern == Self.sortedMedian(values)?.bitPattern,
          "\(values.prefix(8))")
      }
    }
  }
}
