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

  @Test(
    arguments: [
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

  /// The median by the window around `guess`, of a copy.
  static func median(_ nanoseconds: [Int64], near guess: Int64) -> Double? {
    var values = nanoseconds
    var scratch = [Int64](repeating: -1, count: values.count)
    return values.withUnsafeMutableBufferPointer { values in
      scratch.withUnsafeMutableBufferPointer { scratch in
        IntervalMedian.median(of: values, near: guess, scratch: scratch)
      }
    }
  }

  /// Where a guess lies against the values: it may change the work, never
  /// the result.
  enum Guess: CaseIterable, Sendable {
    case belowAll, aboveAll, median, smallest, largest, zero, minimum, maximum

    func value(for values: [Int64]) -> Int64 {
      let sorted = values.sorted()
      switch self {
      case .belowAll:
        let first = sorted[0]
        return first <= .min / 2 ? .min : first - Int64(first.magnitude / 2) - 1_000
      case .aboveAll:
        let last = sorted[sorted.count - 1]
        return last >= .max / 2 ? .max : last + Int64(last.magnitude / 2) + 1_000
      case .median: return sorted[(sorted.count - 1) / 2]
      case .smallest: return sorted[0]
      case .largest: return sorted[sorted.count - 1]
      case .zero: return 0
      case .minimum: return .min
      case .maximum: return .max
      }
    }
  }

  /// The window median equals the sorted median in seconds for every kind
  /// of guess: ranks inside the window, below it, above it, and split by
  /// it, for odd and even counts.
  @Test(arguments: Guess.allCases, [1, 2, 3, 4, 5, 16, 17, 57, 58, 301])
  func windowMedianEqualsTheSortedMedian(guess: Guess, count: Int) {
    let pools: [[Int64]] = [
      // Sampling near 8.3 ms with jitter: the usual case.
      (0..<40).map { 8_000_000 + $0 * 17_000 },
      // Two clusters: the window around one of them misses the median.
      [4_000_000, 4_000_100, 4_000_200, 16_000_000, 16_000_100],
      [0, 1, 2, 3],
      [-5_000_000, 5_000_000, .max, .min],
    ]
    for (index, pool) in pools.enumerated() {
      for seed in 0..<10 as Range<UInt64> {
        var rng = SplitMix64(seed: seed &* 131 &+ UInt64(count * 8 + index))
        let values = (0..<count).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
        let guessed = guess.value(for: values)
        #expect(
          Self.median(values, near: guessed)?.bitPattern
            == Self.sortedMedian(values)?.bitPattern, "guess \(guessed), \(values.prefix(8))")
      }
    }
  }

  /// Ties on the window's edges: a guess of 6,400,000 ns gives the window
  /// 6,400,000 ± 6,400,000 / 32 = 6,200,000 … 6,600,000 (both inside),
  /// and the values sit on, just inside and just outside both edges.
  @Test(arguments: [2, 3, 4, 7, 16, 17, 40, 41])
  func windowMedianWithTiesOnItsEdges(count: Int) {
    #expect(IntervalMedian.Window(around: 6_400_000).lowest == 6_200_000)
    #expect(IntervalMedian.Window(around: 6_400_000).width == 400_000)
    let pool: [Int64] = [
      6_199_999, 6_200_000, 6_200_000, 6_200_001, 6_400_000, 6_599_999, 6_600_000, 6_600_000,
      6_600_001,
    ]
    for seed in 0..<40 as Range<UInt64> {
      var rng = SplitMix64(seed: seed &+ UInt64(count) &* 1_000)
      // Weighted to one side or the other so that the middle ranks fall
      // on each edge in some seeds.
      let side = Int(seed % 3)
      let values = (0..<count).map { _ -> Int64 in
        let pick = Int(rng.next() % UInt64(pool.count))
        return pool[side == 0 ? pick / 2 : side == 1 ? pool.count - 1 - pick / 2 : pick]
      }
      #expect(
        Self.median(values, near: 6_400_000)?.bitPattern
          == Self.sortedMedian(values)?.bitPattern, "\(values)")
    }
  }

  /// Hand-made cases for each way the window can fall.
  @Test(
    arguments: [
      // Around 4 ms (± 4 ms / 32 = 125 µs) only 4 ms is inside, 1 and 3 ms
      // below: the middle ranks (3 and 4 ms) are split, all are selected
      // among: 0.003 + (0.004 − 0.003) × 0.5 = 0.0035 (as doubles too).
      ([1_000_000, 3_000_000, 4_000_000, 9_000_000], 4_000_000 as Int64, 0.0035),
      // All four inside 3.1 s ± 96.875 ms; dyadic seconds, so exactly
      // 3.0625 + (3.125 − 3.0625) × 0.5 = 3.09375.
      ([3_031_250_000, 3_062_500_000, 3_125_000_000, 3_187_500_000], 3_100_000_000, 3.09375),
      // Both middle ranks below the window: 2 and 3 s of 1, 2, 3, 100 s
      // around 100 s (± 3.125 s): 2 + (3 − 2) × 0.5 = 2.5.
      ([100_000_000_000, 3_000_000_000, 1_000_000_000, 2_000_000_000], 100_000_000_000, 2.5),
      // Both above the window around 1 ns (1 … 1, holding the 1 ns): ranks
      // 1 and 2 are 0.5 and 1 s, 0.5 + (1 − 0.5) × 0.5 = 0.75 s.
      ([1, 500_000_000, 1_000_000_000, 2_000_000_000], 1, 0.75),
    ] as [([Int64], Int64, Double)])
  func windowMedianByHand(nanoseconds: [Int64], guess: Int64, expected: Double) {
    #expect(Self.median(nanoseconds, near: guess) == expected)
  }
}
