/// Where an ``IntervalStore`` keeps the intervals it does not count: an
/// array, or a ``SpilledColumn``.
protocol IntervalValues {
  /// Appends an interval, in seconds.
  mutating func append(_ value: Double)
}

extension Array: IntervalValues where Element == Double {}

extension SpilledColumn: IntervalValues {}
