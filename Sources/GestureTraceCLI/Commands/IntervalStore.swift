import GestureTrace

/// The sampling intervals of some traces, each once: counted by their
/// nanoseconds (``IntervalCounts``) while few enough are distinct, then
/// kept as values (seconds) after those counted.
///
/// `info` keeps one per piece (its values in memory, at most a piece's)
/// and one per file (its values in a ``SpilledColumn``), which takes the
/// pieces' in input order.
// NB: the order of the intervals changes none of their statistics (see
// ``IntervalCounts``).
struct IntervalStore<Values: IntervalValues> {
  /// The intervals counted; every one so far while ``isCounting``.
  private(set) var counts: IntervalCounts
  /// The intervals not counted.
  private(set) var values: Values
  /// Whether intervals are still counted.
  private(set) var isCounting = true

  /// The number of distinct intervals from which a piece's store stops
  /// counting when they are more than half of its intervals.
  // NB: intervals recorded in nanoseconds are nearly all distinct; then
  // counting them costs a probe of a large table each and the file's
  // store keeps them as values anyway.
  static var sparseCount: Int { 4_096 }

  /// No intervals; at most `limit` distinct ones are counted.
  init(limit: Int, values: Values) {
    counts = IntervalCounts(limit: limit)
    self.values = values
  }

  /// Adds the intervals between consecutive events; counting stops past
  /// the limit, or once most intervals counted are distinct.
  mutating func addIntervals(of events: UnsafeBufferPointer<PanEvent>) {
    var counted = 0
    if isCounting {
      counted = counts.addIntervals(of: events)
      let distinct = counts.distinctCount
      isCounting =
        counted == max(events.count - 1, 0)
        && !(distinct >= Self.sparseCount && 2 * distinct > counts.total)
    }
    if counted + 2 <= events.count {
      for index in counted + 1..<events.count {
        values.append((events[index].time - events[index - 1].time).seconds)
      }
    }
  }

  /// Adds the intervals of a piece's store, which follow those added
  /// before; counting stops when their counts do not fit.
  mutating func add(_ other: IntervalStore<[Double]>) {
    if isCounting && other.values.isEmpty && counts.merge(other.counts) { return }
    if isCounting {
      counts.forEachValue { values.append($0) }
      counts = IntervalCounts(limit: 0)
      isCounting = false
    }
    other.counts.forEachValue { values.append($0) }
    for value in other.values { values.append(value) }
  }
}

extension IntervalStore: Sendable where Values: Sendable {}
