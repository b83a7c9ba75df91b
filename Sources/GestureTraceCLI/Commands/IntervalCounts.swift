import GestureTrace

/// How many times each sampling interval occurs, by its whole nanoseconds,
/// holding at most a given number of distinct intervals.
///
/// Recorded and synthesized traces sample at a few rates with a little
/// jitter, so millions of intervals take a few thousand distinct values:
/// counted, they give `info`'s median, longest gap and jitter exactly,
/// merged in any order, without keeping or spilling every interval.
// NB: the statistics are those ``Quantiles/streamed(at:range:scratchLimit:
// standardDeviation:passes:)`` gives of the intervals' seconds: an
// interval's seconds (`Double(nanoseconds) / 1e9`) never decrease as its
// nanoseconds grow, so ranks by nanoseconds are ranks by seconds, and both
// sums are exact (each count times value added as two doubles), so they do
// not depend on the order of the values.
struct IntervalCounts: Sendable {
  /// The most distinct intervals held.
  let limit: Int
  /// Open addressing, linear probing; a slot with a count of 0 is empty.
  private var slots: [Slot]
  /// The number of distinct intervals held.
  private(set) var distinctCount = 0
  /// The number of intervals counted.
  private(set) var total = 0

  private struct Slot: Sendable {
    var nanoseconds: Int64
    var count: Int
  }

  /// The most distinct intervals a piece of a file counts before it keeps
  /// its intervals as values instead.
  static let pieceLimit = 1 << 15

  /// No intervals, holding at most `limit` distinct ones.
  init(limit: Int = pieceLimit) {
    self.limit = max(limit, 0)
    slots = [Slot](repeating: Slot(nanoseconds: 0, count: 0), count: 16)
  }

  /// Counts an interval once; false, counting nothing, when it is a new
  /// one and `limit` distinct ones are held already.
  @inline(__always)
  mutating func add(_ nanoseconds: Int64) -> Bool {
    add(nanoseconds, count: 1)
  }

  /// Counts an interval `count` (> 0) times; false, counting nothing, when
  /// it is a new one and `limit` distinct ones are held already.
  mutating func add(_ nanoseconds: Int64, count: Int) -> Bool {
    let found = slots.withUnsafeMutableBufferPointer { slots in
      let index = Self.index(of: nanoseconds, in: slots)
      guard slots[index].count == 0 else {
        slots[index].count &+= count
        return true
      }
      return false
    }
    if !found {
      guard distinctCount < limit else { return false }
      if 2 &* (distinctCount &+ 1) > slots.count { grow() }
      slots.withUnsafeMutableBufferPointer { slots in
        slots[Self.index(of: nanoseconds, in: slots)] = Slot(
          nanoseconds: nanoseconds, count: count)
      }
      distinctCount &+= 1
    }
    total &+= count
    return true
  }

  /// Counts the interval between each two consecutive events, in order,
  /// until one is refused (see ``add(_:)``); returns how many were counted.
  // NB: one pass with the slots held, so that an interval seen before
  // (nearly all) costs a probe and an increment, without a call and a
  // uniqueness check each.
  mutating func addIntervals(of events: UnsafeBufferPointer<PanEvent>) -> Int {
    guard events.count > 1 else { return 0 }
    var next = 1
    while true {
      let start = next
      next = slots.withUnsafeMutableBufferPointer { slots in
        var index = start
        while index < events.count {
          let nanoseconds = (events[index].time - events[index &- 1].time).nanoseconds
          let slot = Self.index(of: nanoseconds, in: slots)
          guard slots[slot].count != 0 else { break }
          slots[slot].count &+= 1
          index &+= 1
        }
        return index
      }
      total &+= next &- start
      guard next < events.count else { return next &- 1 }
      // NB: a new interval, counted (with room made) the general way.
      guard add((events[next].time - events[next &- 1].time).nanoseconds) else {
        return next &- 1
      }
      next &+= 1
    }
  }

  /// Adds the counts of `other`; false, adding nothing, when that would
  /// hold more than `limit` distinct intervals.
  mutating func merge(_ other: IntervalCounts) -> Bool {
    if distinctCount &+ other.distinctCount > limit {
      var new = 0
      slots.withUnsafeBufferPointer { slots in
        for slot in other.slots where slot.count > 0 {
          if slots[Self.index(of: slot.nanoseconds, in: slots)].count == 0 { new &+= 1 }
        }
      }
      guard distinctCount + new <= limit else { return false }
    }
    // NB: one probe per interval of `other`, with the slots held until a
    // new one needs room.
    other.slots.withUnsafeBufferPointer { others in
      var next = 0
      while next < others.count {
        next = slots.withUnsafeMutableBufferPointer { slots in
          var index = next
          while index < others.count {
            let other = others[index]
            if other.count > 0 {
              let slot = Self.index(of: other.nanoseconds, in: slots)
              if slots[slot].count != 0 {
                slots[slot].count &+= other.count
              } else if 2 &* (distinctCount &+ 1) <= slots.count {
                slots[slot] = other
                distinctCount &+= 1
              } else {
                break
              }
            }
            index &+= 1
          }
          return index
        }
        if next < others.count { grow() }
      }
    }
    total &+= other.total
    return true
  }

  /// The distinct intervals and their counts, shortest first.
  var sorted: [(nanoseconds: Int64, count: Int)] {
    slots.lazy.filter { $0.count > 0 }.map { ($0.nanoseconds, $0.count) }
      .sorted { $0.nanoseconds < $1.nanoseconds }
  }

  /// Hands every interval counted to `visit` as seconds, each as many
  /// times as counted, shortest first.
  func forEachValue(_ visit: (Double) -> Void) {
    for (nanoseconds, count) in sorted {
      let seconds = TraceTime(nanoseconds: nanoseconds).seconds
      for _ in 0..<count { visit(seconds) }
    }
  }

  /// The slot holding `nanoseconds`, or the empty one where it goes.
  @inline(__always)
  private static func index(of nanoseconds: Int64, in slots: UnsafeMutableBufferPointer<Slot>)
    -> Int
  {
    index(of: nanoseconds, in: UnsafeBufferPointer(slots))
  }

  @inline(__always)
  private static func index(of nanoseconds: Int64, in slots: UnsafeBufferPointer<Slot>) -> Int {
    // NB: Fibonacci hashing: intervals of whole microseconds (multiples
    // of 1,000) still spread over the slots through the product's high
    // bits.
    let mask = slots.count &- 1
    let shift = UInt64(64 &- slots.count.trailingZeroBitCount)
    var index = Int(
      truncatingIfNeeded: (UInt64(bitPattern: nanoseconds) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while slots[index].count != 0 && slots[index].nanoseconds != nanoseconds {
      index = (index &+ 1) & mask
    }
    return index
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(nanoseconds: 0, count: 0), count: old.count * 2)
    slots.withUnsafeMutableBufferPointer { slots in
      for slot in old where slot.count > 0 {
        slots[Self.index(of: slot.nanoseconds, in: slots)] = slot
      }
    }
  }

  /// The median, longest interval and standard deviation (jitter) of the
  /// intervals' seconds, as ``InfoTally`` finds them from every value.
  var stats: InfoCommand.ColumnStats {
    let entries = sorted
    guard let first = entries.first, let last = entries.last else {
      return InfoCommand.ColumnStats(
        minimum: nil, maximum: nil, median: nil, standardDeviation: nil)
    }
    func seconds(_ nanoseconds: Int64) -> Double { TraceTime(nanoseconds: nanoseconds).seconds }
    let count = total
    // NB: as `Quantiles.streamed(at: [0.5], …)` interpolates.
    let position = Double(count - 1) * 0.5
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, count - 1)
    var low = 0.0
    var high = 0.0
    var rank = 0
    for (nanoseconds, times) in entries {
      if lower >= rank && lower < rank + times { low = seconds(nanoseconds) }
      if upper >= rank && upper < rank + times {
        high = seconds(nanoseconds)
        break
      }
      rank += times
    }
    let median = low + (high - low) * (position - Double(lower))
    var spread: Double?
    if count > 1 {
      var sum = ExactSum()
      for (nanoseconds, times) in entries { sum.addProduct(seconds(nanoseconds), times) }
      let mean = sum.value / Double(count)
      var squares = ExactSum()
      for (nanoseconds, times) in entries {
        let value = seconds(nanoseconds)
        squares.addProduct((value - mean) * (value - mean), times)
      }
      spread = (squares.value / Double(count - 1)).squareRoot()
    }
    return InfoCommand.ColumnStats(
      minimum: seconds(first.nanoseconds), maximum: seconds(last.nanoseconds), median: median,
      standardDeviation: spread)
  }
}

extension ExactSum {
  /// Adds `value` times `count` exactly: the rounded product and its
  /// rounding error, both doubles (a fused multiply-add gives the error
  /// exactly while neither underflows).
  fileprivate mutating func addProduct(_ value: Double, _ count: Int) {
    if count == 1 {
      add(value)
      return
    }
    let factor = Double(count)
    let product = value * factor
    add(product)
    add((-product).addingProduct(value, factor))
  }
}
