extension Quantiles {
  /// A column read in passes: each call hands every value to `visit`, in
  /// chunks, in the same order every time.
  package typealias Passes = ((UnsafeBufferPointer<Double>) -> Void) -> Void

  /// A column's range, quantiles and spread, found in passes over values
  /// that need not fit in memory.
  package struct Streamed: Sendable, Hashable {
    /// The smallest value that is not NaN.
    package var minimum: Double?
    /// The largest value that is not NaN.
    package var maximum: Double?
    /// The quantiles asked for, exactly as ``Quantiles/value(at:)`` gives
    /// them; empty when every value is NaN.
    package var values: [Double]
    /// The sample standard deviation, from exact sums; `nil` with fewer
    /// than two values.
    package var standardDeviation: Double?
    /// The most values held at once while selecting the quantiles.
    package var peakHeld = 0
  }

  /// The range, the quantiles at `probabilities` and the standard
  /// deviation of the values that are not NaN, holding at most
  /// `scratchLimit` of them (plus the chunks `passes` hands over).
  ///
  /// `range` must be the ``ValueRange`` of all values (a pass finds it when
  /// not given). The quantiles have the same bits as ``value(at:)`` of the
  /// sorted values; the standard deviation sums exactly (see ``ExactSum``),
  /// so it is as close or closer to the true value than
  /// ``standardDeviation``, and independent of the values' order.
  /// - Complexity: a few passes per quantile rank, each O(*n*).
  package static func streamed(
    at probabilities: [Double], range givenRange: ValueRange? = nil,
    scratchLimit: Int = 1 << 16, standardDeviation wantsSpread: Bool = true,
    passes: Passes
  ) -> Streamed {
    let range =
      givenRange
      ?? {
        var range = ValueRange()
        passes { range.merge(ValueRange($0)) }
        return range
      }()
    let count = range.orderedCount
    guard count > 0 else { return Streamed(values: []) }
    let minimum =
      range.negativeInfinityCount > 0
      ? -.infinity
      : (range.finiteCount > 0 ? range.lowest : .infinity)
    let maximum =
      range.positiveInfinityCount > 0
      ? .infinity
      : (range.finiteCount > 0 ? range.highest : -.infinity)
    var selector = RankSelector(range: range, scratchLimit: scratchLimit)
    let values = probabilities.map { probability -> Double in
      let position = Double(count - 1) * min(max(probability, 0), 1)
      let lower = Int(position.rounded(.down))
      let upper = min(lower + 1, count - 1)
      let low = selector.value(ofRank: lower, passes: passes)
      let high = selector.value(ofRank: upper, passes: passes)
      return low + (high - low) * (position - Double(lower))
    }
    var spread: Double?
    if wantsSpread && count > 1 {
      spread = standardDeviation(of: range, passes: passes)
    }
    return Streamed(
      minimum: minimum, maximum: maximum, values: values, standardDeviation: spread,
      peakHeld: selector.peakHeld)
  }

  /// The sample standard deviation of the values that are not NaN, by two
  /// exact sums: of the values, then of the squared deviations.
  private static func standardDeviation(of range: ValueRange, passes: Passes) -> Double {
    let count = range.orderedCount
    // NB: an infinity makes the mean infinite (or NaN) and a deviation NaN,
    // as the running sums gave.
    if range.negativeInfinityCount + range.positiveInfinityCount > 0 { return .nan }
    var sum = ExactSum()
    passes { chunk in for value in chunk where value.isFinite { sum.add(value) } }
    let mean = sum.value / Double(count)
    var squares = ExactSum()
    passes { chunk in
      for value in chunk where value.isFinite { squares.add((value - mean) * (value - mean)) }
    }
    return (squares.value / Double(count - 1)).squareRoot()
  }
}

/// Finds the value of a rank among a column's values in passes, holding
/// at most a given number of them.
// NB: each pass counts the values of the current value interval into rank
// bins and keeps each bin's smallest and largest value; the bin holding
// the rank becomes the next interval. The interval's ends are values, so
// they fall in different bins and every pass shrinks it; integer-valued
// columns (microsecond intervals) reach one value or a handful in two
// passes. Once few enough values are left, one more pass gathers and
// sorts them.
struct RankSelector {
  private let range: ValueRange
  private let scratchLimit: Int
  /// The values gathered last, sorted, and the rank of the first.
  private var gathered: [Double] = []
  private var firstGatheredRank = 0

  init(range: ValueRange, scratchLimit: Int) {
    self.range = range
    self.scratchLimit = max(scratchLimit, 1)
  }

  /// The most values held at once by this selector (the gathered ones).
  private(set) var peakHeld = 0

  /// The value of rank `rank` (0-based) among the values that are not NaN.
  mutating func value(ofRank rank: Int, passes: Quantiles.Passes) -> Double {
    let below = range.negativeInfinityCount
    if rank < below { return -.infinity }
    let finiteRank = rank - below
    guard finiteRank < range.finiteCount else { return .infinity }
    if finiteRank >= firstGatheredRank && finiteRank < firstGatheredRank + gathered.count {
      return gathered[finiteRank - firstGatheredRank]
    }
    var low = range.lowest
    var high = range.highest
    var count = range.finiteCount
    var rankWithin = finiteRank
    while low < high && count > scratchLimit {
      let bins = RankBins(range: ValueRange(lowest: low, highest: high, finiteCount: count))
      // NB: a width that overflows cannot be binned; then two bins split at
      // the middle (or at the lowest value, should the middle round up to
      // the highest), which also shrinks the interval every pass.
      var middle = low / 2 + high / 2
      if middle >= high { middle = low }
      let binCount = bins.isScaled ? bins.count : 2
      var counts = [Int](repeating: 0, count: binCount)
      var lows = [Double](repeating: .infinity, count: binCount)
      var highs = [Double](repeating: -.infinity, count: binCount)
      let (lowest, highest) = (low, high)
      passes { chunk in
        for value in chunk where value >= lowest && value <= highest {
          let bin = bins.isScaled ? bins.bin(of: value) : (value <= middle ? 0 : 1)
          counts[bin] &+= 1
          if value < lows[bin] { lows[bin] = value }
          if value > highs[bin] { highs[bin] = value }
        }
      }
      var bin = 0
      while rankWithin >= counts[bin] {
        rankWithin -= counts[bin]
        bin += 1
      }
      (low, high, count) = (lows[bin], highs[bin], counts[bin])
    }
    if low == high { return low }
    var values: [Double] = []
    values.reserveCapacity(count)
    let (lowest, highest) = (low, high)
    passes { chunk in
      for value in chunk where value >= lowest && value <= highest { values.append(value) }
    }
    values.sort()
    peakHeld = max(peakHeld, values.count)
    firstGatheredRank = finiteRank - rankWithin
    gathered = values
    return gathered[rankWithin]
  }
}
