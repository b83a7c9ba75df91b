import GestureTrace
import Testing

@testable import GestureTraceCLI

/// An interval store holds every interval once, counted or as a value,
/// whether it takes events or other stores, and stops counting where its
/// limit says.
@Suite struct IntervalStoreTests {
  /// Events whose intervals are `intervals` nanoseconds.
  static func events(_ intervals: [Int64]) -> [PanEvent] {
    var time: Int64 = 0
    return [PanEvent(time: .zero, phase: .began, translation: .zero)]
      + intervals.map { interval in
        time += interval
        return PanEvent(time: TraceTime(nanoseconds: time), phase: .changed, translation: .zero)
      }
  }

  /// Every interval a store holds, in seconds, sorted.
  static func held(_ store: IntervalStore<[Double]>) -> [Double] {
    var all = store.values
    store.counts.forEachValue { all.append($0) }
    return all.sorted()
  }

  @Test(arguments: [2, 4, 100])
  func everyIntervalIsHeldOnce(fileLimit: Int) {
    let pieces: [[Int64]] = [[10, 10, 20], [20, 30], [40, 50, 60, 10], [], [70]]
    var file = IntervalStore<[Double]>(limit: fileLimit, values: [])
    for piece in pieces {
      var part = IntervalStore<[Double]>(limit: 3, values: [])
      Self.events(piece).withUnsafeBufferPointer { part.addIntervals(of: $0) }
      #expect(part.counts.distinctCount <= 3)
      #expect(Self.held(part) == piece.sorted().map { TraceTime(nanoseconds: $0).seconds })
      file.add(part)
    }
    let all = pieces.joined().sorted().map { TraceTime(nanoseconds: $0).seconds }
    #expect(Self.held(file) == all)
    // The third piece has four distinct intervals, past its limit: it
    // keeps values, and the file then keeps every interval as a value.
    #expect(!file.isCounting && file.counts.total == 0 && file.values.count == all.count)
  }

  @Test func aPieceWithinItsLimitIsCountedWhole() {
    var part = IntervalStore<[Double]>(limit: 8, values: [])
    Self.events([5, 5, 6, 7, 5]).withUnsafeBufferPointer { part.addIntervals(of: $0) }
    #expect(part.isCounting && part.values.isEmpty)
    #expect(part.counts.total == 5 && part.counts.distinctCount == 3)
    var file = IntervalStore<[Double]>(limit: 8, values: [])
    file.add(part)
    file.add(part)
    #expect(file.isCounting && file.counts.total == 10 && file.counts.distinctCount == 3)
  }
}
