import Testing

@testable import GestureTrace

/// `Quantiles.streamed`: the same quantiles as sorting, in passes over
/// chunks, holding at most the scratch limit.
@Suite struct StreamedQuantilesTests {
  /// Hands `values` over in chunks of `size`.
  private func passes(_ values: [Double], size: Int) -> Quantiles.Passes {
    { visit in
      values.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          let end = min(start + size, buffer.count)
          visit(UnsafeBufferPointer(rebasing: buffer[start..<end]))
          start = end
        }
        if buffer.isEmpty { visit(buffer) }
      }
    }
  }

  /// Values with NaN, ±0, ties, microsecond-like steps and wide outliers.
  private func column(_ count: Int, seed: UInt64, infinities: Bool) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ -> Double in
      switch generator.next() % 16 {
      case 0: return .nan
      case 1: return -0.0
      case 2: return 0.0
      case 3: return infinities ? .infinity : 1e300
      case 4: return infinities ? -.infinity : -1e300
      case 5, 6, 7: return 0.008333
      default: return Double(8_000 + generator.next() % 700) / 1e6
      }
    }
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func givesTheQuantilesOfSorting(seed: UInt64) {
    let count = [0, 1, 2, 3, 10, 100, 1_000, 5_000][Int(seed % 8)]
    let values = column(count, seed: seed, infinities: seed % 3 == 0)
    let probabilities = Quantiles.summaryProbabilities + [0, 1]
    let expected = Quantiles(values)
    let limit = [1, 3, 17, 1 << 16][Int(seed % 4)]
    let streamed = Quantiles.streamed(
      at: probabilities, scratchLimit: limit, passes: passes(values, size: 7 + Int(seed)))
    let wanted = expected.isEmpty ? [] : probabilities.map { expected.value(at: $0)! }
    #expect(streamed.values.map(\.bitPattern) == wanted.map(\.bitPattern))
    #expect(streamed.minimum == expected.minimum)
    #expect(streamed.maximum == expected.maximum)
    #expect(streamed.peakHeld <= limit)
    switch (streamed.standardDeviation, expected.standardDeviation) {
    case (nil, nil): break
    case (let found?, let old?) where old.isNaN: #expect(found.isNaN)
    case (let found?, let old?) where old.isInfinite: #expect(found == old)
    case (let found?, let old?):
      #expect((found - old).magnitude <= old.magnitude * 1e-12, "\(found) vs \(old)")
    default: Issue.record("standard deviation \(String(describing: streamed.standardDeviation))")
    }
  }

  @Test func theStandardDeviationDoesNotDependOnOrder() {
    var values = column(3_000, seed: 7, infinities: false).filter { $0.magnitude < 1 }
    let forward = Quantiles.streamed(at: [0.5], passes: passes(values, size: 64))
    var generator = SplitMix64(seed: 8)
    values.shuffle(using: &generator)
    let shuffled = Quantiles.streamed(at: [0.5], passes: passes(values, size: 5))
    #expect(forward.standardDeviation?.bitPattern == shuffled.standardDeviation?.bitPattern)
    #expect(forward.values == shuffled.values)
  }

  @Test func hugeRangesAreSplitWithoutOverflow() {
    let values = [-Double.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0, 1, 2, 3, 4]
    let streamed = Quantiles.streamed(
      at: [0, 0.25, 0.5, 0.75, 1], scratchLimit: 1, passes: passes(values, size: 2))
    let expected = Quantiles(values)
    #expect(streamed.values == [0, 0.25, 0.5, 0.75, 1].map { expected.value(at: $0)! })
  }

  @Test func exactSumRoundsOnce() {
    var sum = ExactSum()
    for value in [1e100, 1.0, -1e100, 1e-300] { sum.add(value) }
    #expect(sum.value == 1.0)
    var tenths = ExactSum()
    for _ in 0..<10 { tenths.add(0.1) }
    #expect(tenths.value == 1.0)
    var infinite = ExactSum()
    infinite.add(.infinity)
    infinite.add(1)
    #expect(infinite.value == .infinity)
    var overflow = ExactSum()
    overflow.add(.greatestFiniteMagnitude)
    overflow.add(.greatestFiniteMagnitude)
    #expect(overflow.value == .infinity)
  }
}
