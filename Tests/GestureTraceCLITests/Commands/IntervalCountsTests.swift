import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Counted intervals give the statistics `info` found from every value.
@Suite struct IntervalCountsTests {
  /// Intervals (nanoseconds) of many shapes: clustered samples with
  /// jitter, a few values, wide and negative ones, ties at the median,
  /// values whose seconds round to the same double.
  static func intervals(seed: UInt64) -> [Int64] {
    var rng = SplitMix64(seed: seed)
    let count = [0, 1, 2, 3, 10, 1_000, 5_001][Int(seed % 7)]
    return (0..<count).map { _ -> Int64 in
      switch seed % 5 {
      case 0: return 8_333_000 + Int64(rng.next() % 2_000) * 1_000 - 1_000_000
      case 1: return [0, 4_000_000, 8_000_000][Int(rng.next() % 3)]
      case 2: return Int64(bitPattern: rng.next()) >> Int(rng.next() % 64)
      case 3: return (1 << 60) + Int64(rng.next() % 300)
      default: return Int64(rng.next() % 100_000_000_000)
      }
    }
  }

  /// What `info` printed of every value: the spilled column's statistics.
  static func statsOfValues(_ intervals: [Int64]) -> InfoCommand.ColumnStats {
    let values = intervals.map { TraceTime(nanoseconds: $0).seconds }
    let streamed = values.withUnsafeBufferPointer { buffer in
      Quantiles.streamed(at: [0.5], scratchLimit: 7) { visit in visit(buffer) }
    }
    return InfoCommand.ColumnStats(streamed)
  }

  static func bits(_ stats: InfoCommand.ColumnStats) -> [UInt64?] {
    [stats.minimum, stats.maximum, stats.median, stats.standardDeviation].map {
      $0?.bitPattern
    }
  }

  @Test(arguments: 0..<70 as Range<UInt64>)
  func countedStatsAreThoseOfEveryValue(seed: UInt64) {
    let intervals = Self.intervals(seed: seed)
    var counts = IntervalCounts(limit: .max)
    var allAdded = true
    for interval in intervals { allAdded = counts.add(interval) && allAdded }
    #expect(allAdded)
    #expect(counts.total == intervals.count)
    #expect(counts.distinctCount == Set(intervals).count)
    #expect(Self.bits(counts.stats) == Self.bits(Self.statsOfValues(intervals)))
  }

  @Test(arguments: 0..<70 as Range<UInt64>)
  func mergedPiecesCountAsOne(seed: UInt64) {
    let intervals = Self.intervals(seed: seed)
    var whole = IntervalCounts(limit: .max)
    for interval in intervals { _ = whole.add(interval) }
    var rng = SplitMix64(seed: seed &+ 99)
    var merged = IntervalCounts(limit: .max)
    var start = 0
    while start < intervals.count {
      let end = min(intervals.count, start + 1 + Int(rng.next() % 400))
      var piece = IntervalCounts(limit: .max)
      for interval in intervals[start..<end] { _ = piece.add(interval) }
      let isMerged = merged.merge(piece)
      #expect(isMerged)
      start = end
    }
    #expect(merged.sorted.map(\.nanoseconds) == whole.sorted.map(\.nanoseconds))
    #expect(merged.sorted.map(\.count) == whole.sorted.map(\.count))
    var values: [Double] = []
    merged.forEachValue { values.append($0) }
    #expect(values == intervals.sorted().map { TraceTime(nanoseconds: $0).seconds })
  }

  @Test func refusesANewIntervalPastItsLimit() {
    var counts = IntervalCounts(limit: 2)
    let added = [
      counts.add(5), counts.add(7), counts.add(5), counts.add(9), counts.add(7, count: 3),
    ]
    #expect(added == [true, true, true, false, true])
    #expect(counts.sorted.map(\.count) == [2, 4] && counts.total == 6)
    var other = IntervalCounts(limit: 10)
    _ = other.add(7)
    _ = other.add(11)
    let isMerged = counts.merge(other)
    #expect(!isMerged)
    #expect(counts.total == 6 && counts.distinctCount == 2)
    var none = IntervalCounts(limit: 0)
    let isAdded = none.add(1)
    #expect(!isAdded)
    #expect(
      none.stats
        == InfoCommand.ColumnStats(
          minimum: nil, maximum: nil, median: nil, standardDeviation: nil))
  }

  /// A median between two values and a spread computed by hand.
  @Test func handComputedStats() {
    var counts = IntervalCounts()
    for interval: Int64 in [2_000_000, 4_000_000, 4_000_000, 10_000_000] {
      _ = counts.add(interval)
    }
    let stats = counts.stats
    #expect(stats.minimum == 0.002 && stats.maximum == 0.01 && stats.median == 0.004)
    // Mean 0.005; squared deviations 9, 1, 1, 25 (e-6); 36e-6 / 3 = 12e-6.
    let expected = (12e-6 as Double).squareRoot()
    #expect(abs(stats.standardDeviation! - expected) < 1e-15)
  }
}
