import Testing

@testable import GestureTrace

/// Quantiles found through the rank bins (`Quantiles.values(at:of:)` and
/// a feature's summary) against the sorting definition,
/// `Quantiles(values).value(at:)`, on data sets that are hard for bins:
/// skewed, all in one bin, two far-apart clusters, ties on bin edges, ±0,
/// infinities, NaN, ranges too wide or too narrow for the bins, and very
/// few values.
@Suite struct BinnedQuantilesTests {
  static let probabilities = [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1]

  /// A named data set.
  struct DataSet: Sendable, CustomTestStringConvertible {
    let name: String
    let values: [Double]
    var testDescription: String { name }
  }

  static let dataSets: [DataSet] = {
    var rng = SplitMix64(seed: 7)
    func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
    // 1/u² − 1: most values near 0, a few up to about 10^6.
    let skewed = (0..<5_000).map { _ -> Double in
      let a: Double = uniform() + 1e-3
      let b: Double = uniform() + 1e-3
      return 1 / (a * b) - 1
    }
    // Values exactly on the edges of the 2,048 bins over 0…2048 and next
    // to them, each several times.
    let edges = (0...2_048).flatMap { edge -> [Double] in
      let value = Double(edge)
      return [value, value, value.nextUp, value.nextDown]
    }.filter { $0 >= 0 && $0 <= 2_048 }
    let low: [Double] = (0..<600).map { Double($0 % 7) * 1e-6 }
    let high: [Double] = (0..<400).map { 1e9 + Double($0 % 5) }
    let twoClusters = low + high
    let signedZeros = (0..<301).map { index -> Double in
      [-0.0, 0.0, -0.0, 1, -1, 0.0][index % 6]
    }
    var infinities: [Double] = (0..<200).map { Double($0) }
    infinities += Array(repeating: Double.infinity, count: 30)
    infinities += Array(repeating: -Double.infinity, count: 20)
    return [
      DataSet(name: "skewed", values: skewed),
      DataSet(name: "uniform", values: (0..<3_001).map { _ in uniform() * 40 - 20 }),
      DataSet(name: "all equal", values: Array(repeating: 8.3, count: 1_000)),
      DataSet(name: "integers with ties", values: (0..<2_000).map { Double(($0 * 7) % 12) }),
      DataSet(name: "two far clusters", values: twoClusters),
      DataSet(name: "ties on bin edges", values: edges),
      DataSet(name: "signed zeros", values: signedZeros),
      DataSet(name: "only signed zeros", values: (0..<50).map { $0 % 3 == 0 ? 0.0 : -0.0 }),
      DataSet(name: "infinities", values: infinities),
      DataSet(name: "only infinities", values: [.infinity, -.infinity, .infinity, .infinity]),
      DataSet(name: "NaN", values: (0..<100).map { $0 % 3 == 0 ? .nan : Double($0) }),
      DataSet(name: "only NaN", values: [.nan, .nan]),
      DataSet(name: "NaN and infinity", values: [.nan, .infinity, 3, .nan, -.infinity, 1]),
      DataSet(
        name: "range overflows",
        values: [-1.7e308, 1.7e308, 0, 1, -1, 1.6e308, -1.6e308, 5e307]),
      DataSet(
        name: "subnormal range",
        values: (0..<40).map { Double.leastNonzeroMagnitude * Double($0 % 9) }),
      DataSet(name: "one value", values: [42]),
      DataSet(name: "two values", values: [5, -3]),
      DataSet(name: "empty", values: []),
    ]
  }()

  /// Whether two quantiles are the same number, bit for bit (NaN as NaN).
  static func same(_ found: [Double], _ expected: [Double?]) -> Bool {
    found.count == expected.count
      && zip(found, expected).allSatisfy { value, reference in
        guard let reference else { return false }
        return value.bitPattern == reference.bitPattern || (value.isNaN && reference.isNaN)
      }
  }

  @Test(arguments: dataSets)
  func binnedQuantilesEqualTheSortedOnes(_ dataSet: DataSet) {
    let reference = Quantiles(dataSet.values)
    let expected = reference.isEmpty ? [] : Self.probabilities.map { reference.value(at: $0) }
    let found = dataSet.values.withUnsafeBufferPointer {
      Quantiles.values(at: Self.probabilities, of: $0)
    }
    #expect(Self.same(found, expected), "found \(found), expected \(expected)")
  }

  @Test(arguments: dataSets)
  func featureSummaryQuantilesEqualTheSortedOnes(_ dataSet: DataSet) {
    let summary = FeatureSummary(name: "x", unit: "", values: dataSet.values)
    let reference = Quantiles(dataSet.values)
    let expected =
      reference.isEmpty ? [] : FeatureSummary.probabilities.map { reference.value(at: $0) }
    #expect(Self.same(summary.quantiles, expected), "found \(summary.quantiles)")
    // The histogram from the rank bins is the one binning each value gives
    // (itself checked against division in HistogramTests).
    #expect(summary.histogram == Histogram(dataSet.values, bins: 12))
    #expect(summary.histogram.counts.reduce(0, +) == dataSet.values.filter(\.isFinite).count)
  }

  /// A feature's histogram, made from its rank bins and the values of the
  /// rank bins on an edge, bins as dividing each value's distance from
  /// the lowest by the width does, for values on and next to every edge
  /// (written out below), spans from subnormal to near the largest
  /// double, and negative values.
  @Test(arguments: 0..<48 as Range<UInt64>)
  func featureHistogramMatchesDividingByTheWidth(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let spans: [Double] = [1, 12, 0.1, .leastNormalMagnitude / 4, 3e-300, 1e300, 1.7e308, 7, 2_048]
    let span = spans[Int(seed % UInt64(spans.count))]
    let low = seed % 3 == 0 ? -span / 2 : (seed % 3 == 1 ? 0 : 1e6)
    let width = span / 12
    var values = [low, low + span]
    for edge in 0...12 {
      let value = low + Double(edge) * width
      values += [value, value.nextUp, value.nextDown, value, value]
    }
    // Also the rank bins' edges (2,048 of them), and random values.
    for edge in stride(from: 0, through: 2_048, by: 1) {
      let value = low + Double(edge) * (span / 2_048)
      values += [value, value.nextUp]
    }
    values += (0..<3_000).map { _ in low + Double(rng.next() % 1_000_001) / 1_000_000 * span }
    values = values.filter { $0.isFinite && $0 >= low && $0 <= low + span }
    let summary = FeatureSummary(name: "x", unit: "", values: values)
    let lowest = values.min()!
    let highest = values.max()!
    var expected = [Int](repeating: 0, count: 12)
    let step = (highest - lowest) / 12
    if highest > lowest {
      for value in values {
        expected[min(max(Int((value - lowest) / step), 0), 11)] += 1
      }
    } else {
      expected = [values.count]
    }
    #expect(summary.histogram.counts == expected)
    #expect(summary.histogram.lower == lowest)
  }

  /// Random columns in random layouts, with runs of ties, against sorting.
  @Test(arguments: 0..<30 as Range<UInt64>)
  func randomColumnsGiveTheSortedQuantiles(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(rng.next() % 3_000)
    let distinct = [2, 13, 1_000, 1 << 40][Int(seed % 4)] as UInt64
    let values = (0..<count).map { _ in Double(rng.next() % distinct) * 0.37 - 50 }
    let reference = Quantiles(values)
    let expected = reference.isEmpty ? [] : Self.probabilities.map { reference.value(at: $0) }
    let found = values.withUnsafeBufferPointer {
      Quantiles.values(at: Self.probabilities, of: $0)
    }
    #expect(Self.same(found, expected))
  }

  @Test func rankBinsNeverDecreaseAsValuesGrow() {
    // Values across the range in ascending order, on and next to every
    // fine edge: their bins must be ascending and within 0..<count.
    let range = [0.3, 17.1].withUnsafeBufferPointer { ValueRange($0) }
    let bins = RankBins(range: range)
    let width = (17.1 - 0.3) / Double(bins.count)
    let values = (0...bins.count).flatMap { edge -> [Double] in
      let value = 0.3 + Double(edge) * width
      return [value.nextDown, value, value.nextUp]
    }.filter { $0 >= 0.3 && $0 <= 17.1 }.sorted()
    let found = values.map { bins.bin(of: $0) }
    #expect(found == found.sorted())
    #expect(found.first == 0 && found.last == bins.count - 1)
  }

  @Test func valueRangeCountsWhatIsNotFinite() {
    let values: [Double] = [.nan, 3, -.infinity, -2, .infinity, .infinity, 0]
    let range = values.withUnsafeBufferPointer { ValueRange($0) }
    // Finite: 3, −2, 0; lowest −2, highest 3.
    #expect(range.lowest == -2 && range.highest == 3)
    #expect(range.finiteCount == 3)
    #expect(range.negativeInfinityCount == 1 && range.positiveInfinityCount == 2)
    #expect(range.orderedCount == 6)
  }
}
