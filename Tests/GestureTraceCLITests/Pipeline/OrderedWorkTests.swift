import Testing

@testable import GestureTraceCLI

/// Results come back in the items' order whatever order threads finish
/// them in, and finishing early neither hangs nor loses a thread (a hang
/// is reported as the test's failure at its time limit).
@Suite(.timeLimit(.minutes(1))) struct OrderedWorkTests {
  /// Work whose length varies from item to item, so later items often
  /// finish before earlier ones.
  static func uneven(_ item: Int) -> Int {
    var state = UInt64(item) &* 0x9E37_79B9_7F4A_7C15
    for _ in 0..<((item * 7_919) % 50_000) { state = state &* 6_364_136_223_846_793_005 &+ 1 }
    // The result is the item's square; `state` only makes the work take time.
    return item * item + (state == 42 ? 1 : 0)
  }

  @Test(arguments: [1, 2, 3, 8])
  func resultsComeInTheItemsOrder(threads: Int) {
    let work = OrderedWork<Int, Int>(threads: threads, work: Self.uneven)
    var found: [Int] = []
    var added = 0
    // As the pipeline does it: a few items ahead of the result taken.
    for index in 0..<500 {
      while added < min(500, index + 4 * threads) {
        work.add(added)
        added += 1
      }
      found.append(work.result(at: index))
    }
    work.finish()
    #expect(found == (0..<500).map { $0 * $0 })
  }

  @Test(arguments: [1, 2, 8])
  func finishingEarlyStopsEveryThread(threads: Int) {
    let work = OrderedWork<Int, Int>(threads: threads, work: Self.uneven)
    for item in 0..<100 { work.add(item) }
    #expect(work.result(at: 0) == 0)
    #expect(work.result(at: 1) == 1)
    // Returns only once every thread has stopped; the other 98 results are
    // dropped.
    work.finish()
  }

  @Test func finishingWithNothingAddedReturns() {
    OrderedWork<Int, Int>(threads: 4, work: Self.uneven).finish()
  }
}
