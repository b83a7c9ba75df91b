import Testing

@testable import GestureTrace

@Suite struct HistogramTests {
  @Test func binsEqualWidthsAndKeepTheMaximumInTheLastBin() {
    // 0…12 in 12 bins of width 1: 0 and 0.5 in bin 0, 12 in bin 11.
    let histogram = Histogram([0, 0.5, 1, 5.99, 6, 12], bins: 12)
    #expect(histogram.lower == 0)
    #expect(histogram.binWidth == 1)
    #expect(histogram.counts == [2, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1])
    #expect(histogram.counts.reduce(0, +) == 6)
    #expect(histogram.upperEdge(11) == 12)
  }

  @Test func equalValuesMakeOneBinAndNonFiniteValuesAreDropped() {
    let histogram = Histogram([3, 3, .nan, .infinity, 3])
    #expect(histogram.counts == [3])
    #expect(histogram.binWidth == 0)
    #expect(Histogram([]).counts.isEmpty)
  }

  /// Bins as dividing each value's distance from the lowest by the width
  /// gives them (written out below), for values on and next to every
  /// edge, spans from subnormal to near the largest double, and negative
  /// values.
  @Test(arguments: 0..<40 as Range<UInt64>)
  func binsMatchDividingByTheWidth(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let spans: [Double] = [1, 12, 0.1, .leastNormalMagnitude / 4, 3e-300, 1e300, 1.7e308, 7]
    let span = spans[Int(seed % UInt64(spans.count))]
    let low = seed % 3 == 0 ? -span / 2 : 0
    let bins = [12, 5, 1, 7][Int(seed % 4)]
    let width = span / Double(bins)
    var values = [low, low + span]
    for edge in 0...bins {
      let value = low + Double(edge) * width
      values += [value, value.nextUp, value.nextDown]
    }
    values += (0..<200).map { _ in low + Double(rng.next() % 1_000_001) / 1_000_000 * span }
    values = values.filter { $0.isFinite && $0 >= low && $0 <= low + span }
    let histogram = Histogram(values, bins: bins)
    // The reference: the lowest and highest values, then each value's bin by
    // division, clamped to the bins.
    let lowest = values.min()!
    let highest = values.max()!
    var expected = [Int](repeating: 0, count: bins)
    if highest > lowest && bins > 1 {
      let step = (highest - lowest) / Double(bins)
      for value in values {
        expected[min(max(Int((value - lowest) / step), 0), bins - 1)] += 1
      }
      #expect(histogram.counts == expected)
    } else {
      #expect(histogram.counts == [values.count])
    }
    #expect(histogram.counts.reduce(0, +) == values.count)
  }
}
