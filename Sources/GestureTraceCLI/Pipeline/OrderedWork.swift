import Dispatch

/// Work items done by a fixed number of threads while the thread that hands
/// them out takes the results in the items' order, each as soon as it and
/// every earlier one are done.
///
/// Unlike ``ParallelMap``, nobody waits for a whole batch: a thread that
/// finishes an item takes the next one at once, and the results of
/// earlier items are used while later ones are being worked on.
///
/// The handing thread calls ``add(_:)`` and ``result(at:)`` and, when done,
/// ``finish()``, which returns after every thread has stopped.
final class OrderedWork<Item: Sendable, Result: Sendable>: @unchecked Sendable {
  // NB: `lock` guards every stored property below it; a semaphore of one
  // serves as the mutex, so this needs nothing beyond Dispatch.
  private let lock = DispatchSemaphore(value: 1)
  /// Signalled once per item added and once per thread when finishing.
  private let wakeups = DispatchSemaphore(value: 0)
  private let threads = DispatchGroup()
  private let threadCount: Int
  private var items: [Item?] = []
  private var results: [Result?] = []
  private var done: [DispatchSemaphore] = []
  private var taken = 0
  private var isStopped = false

  /// Starts `threads` threads that run `work` on the items added.
  init(threads threadCount: Int, work: @escaping @Sendable (Item) -> Result) {
    self.threadCount = threadCount
    for _ in 0..<threadCount {
      threads.enter()
      DispatchQueue.global().async { [self] in
        while let (index, item) = nextItem() {
          let result = work(item)
          lock.wait()
          results[index] = result
          let signal = done[index]
          lock.signal()
          signal.signal()
        }
        threads.leave()
      }
    }
  }

  /// Runs `work` on the items `next` gives, on `threads` threads (on this
  /// one when `threads` is 1), and
  /// hands each result to `take` in the items' order, until `take` returns
  /// `false` or the items run out; returns whether every item's result was
  /// taken.
  // NB: a few items per thread are asked for ahead of the result being
  // taken, so a thread never waits for another's item or for the results
  // to be taken; the results waiting to be taken stay few.
  static func run<Failure: Error>(
    threads: Int, work: @escaping @Sendable (Item) -> Result,
    next: () throws(Failure) -> Item?, take: (Result) throws(Failure) -> Bool
  ) throws(Failure) -> Bool {
    guard threads > 1 else {
      while let item = try next() {
        guard try take(work(item)) else { return false }
      }
      return true
    }
    let pending = OrderedWork(threads: threads, work: work)
    defer { pending.finish() }
    let ahead = 4 * threads
    var added = 0
    var index = 0
    while true {
      while added < index + ahead, let item = try next() {
        pending.add(item)
        added += 1
      }
      guard index < added else { return true }
      guard try take(pending.result(at: index)) else { return false }
      index += 1
    }
  }

  /// Adds an item after the others.
  func add(_ item: Item) {
    lock.wait()
    items.append(item)
    results.append(nil)
    done.append(DispatchSemaphore(value: 0))
    lock.signal()
    wakeups.signal()
  }

  /// Waits for the result of item `index` and takes it (once).
  func result(at index: Int) -> Result {
    lock.wait()
    let signal = done[index]
    lock.signal()
    signal.wait()
    lock.wait()
    defer { lock.signal() }
    return results[index].take()!
  }

  /// Stops handing out items (those being worked on are finished and their
  /// results dropped) and returns once every thread has stopped.
  func finish() {
    lock.wait()
    isStopped = true
    lock.signal()
    for _ in 0..<threadCount { wakeups.signal() }
    threads.wait()
  }

  /// The next item for a thread, `nil` once finished.
  private func nextItem() -> (Int, Item)? {
    // NB: a wakeup finding no item can only come from `finish()`: every
    // item added signals once, after it is in the list.
    wakeups.wait()
    lock.wait()
    defer { lock.signal() }
    guard !isStopped, taken < items.count else { return nil }
    let index = taken
    taken += 1
    return (index, items[index].take()!)
  }
}
