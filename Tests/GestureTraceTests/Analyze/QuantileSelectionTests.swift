import Testing

@testable import GestureTrace

/// The selection behind medians and quantiles against sorting, on the
/// inputs that are hard for a partition: long runs of equal values, sorted
/// and reversed input, a single distinct value, and −0 next to +0.
@Suite struct QuantileSelectionTests {
  /// How the values of a case are laid out.
  enum Layout: CaseIterable, Sendable {
    case random, ascending, descending, organPipe

    /// The values in this layout; an organ pipe rises, then falls.
    func arrange(_ values: [Double]) -> [Double] {
      let sorted = values.sorted()
      switch self {
      case .random: return values
      case .ascending: return sorted
      case .descending: return sorted.reversed()
      case .organPipe:
        let halves = sorted.indices.map { $0 % 2 == 0 }
        return sorted.indices.filter { halves[$0] }.map { sorted[$0] }
          + sorted.indices.filter { !halves[$0] }.map { sorted[$0] }.reversed()
      }
    }
  }

  static let probabilities = [0, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 1]

  /// `count` values drawn from `distinct` values, laid out as asked.
  static func values(count: Int, distinct: UInt64, layout: Layout, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return layout.arrange((0..<count).map { _ in Double(rng.next() % distinct) * 0.125 - 2 })
  }

  @Test(arguments: [1, 2, 3, 40, 100_000] as [UInt64], Layout.allCases)
  func quantilesOfManyTiesEqualTheSortedOnes(distinct: UInt64, layout: Layout) {
    for count in [1, 2, 3, 57, 2_001, 20_000] {
      var values = Self.values(
        count: count, distinct: distinct, layout: layout, seed: distinct &* 31 &+ UInt64(count))
      let sorted = values.sorted()
      // Definition 7 by hand: position (n − 1)·p between the order
      // statistics at its floor and ceiling.
      let expected = Self.probabilities.map { p -> Double in
        let position = Double(count - 1) * p
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
      }
      #expect(Quantiles.values(at: Self.probabilities, selecting: &values) == expected)
      // The selection only reorders: the same multiset is left.
      #expect(values.sorted() == sorted)
    }
  }

  @Test(arguments: [1, 2, 5, 57, 58, 4_096], Layout.allCases)
  func medianOfIntervalsEqualsTheSortedMedian(count: Int, layout: Layout) {
    // Sampling intervals in seconds: whole nanoseconds around 8.3 ms,
    // often equal.
    var rng = SplitMix64(seed: UInt64(count))
    var values = layout.arrange(
      (0..<count).map { _ in Double(8_300_000 + Int(rng.next() % 7) * 1_000) / 1e9 })
    let sorted = values.sorted()
    let middle = (count - 1) / 2
    let expected =
      count % 2 == 1
      ? sorted[middle] : sorted[middle] + (sorted[middle + 1] - sorted[middle]) * 0.5
    let found = values.withUnsafeMutableBufferPointer { Quantiles.median(selectingIn: $0) }
    #expect(found == expected)
  }

  /// −0 and +0 compare equal; with −0 among the values the selection is
  /// the one used before (Hoare's), so which zero lands at a rank does not
  /// change. Either way the quantile compares equal to the sorted one.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func signedZerosGiveTheSortedQuantiles(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pool: [Double] = [-0.0, 0.0, -1, 1, 0.5]
    var values = (0..<(Int(seed) * 13 + 3)).map { _ in pool[Int(rng.next() % 5)] }
    let sorted = values.sorted()
    let expected = Self.probabilities.map { p -> Double in
      let position = Double(values.count - 1) * p
      let lower = Int(position.rounded(.down))
      let upper = min(lower + 1, values.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    #expect(Quantiles.values(at: Self.probabilities, selecting: &values) == expected)
  }
}
