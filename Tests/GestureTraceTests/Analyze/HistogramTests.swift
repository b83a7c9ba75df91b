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
}
