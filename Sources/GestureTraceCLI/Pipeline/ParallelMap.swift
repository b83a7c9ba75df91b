import Dispatch

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs independent work on every core and returns the results in order.
enum ParallelMap {
  /// The number of cores online.
  static var coreCount: Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }

  /// The results of `transform` for each element, computed concurrently,
  /// in the elements' order.
  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    map(elements, jobs: coreCount, transform)
  }

  /// The results of `transform` for each element, computed on at most
  /// `jobs` threads at once, in the elements' order.
  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], jobs: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    if elements.count <= 1 || jobs <= 1 { return elements.map(transform) }
    let slots = ResultSlots<Result>(count: elements.count)
    if jobs >= coreCount {
      // NB: Dispatch hands out iterations as threads free up, which
      // balances uneven work; it never runs more threads than cores.
      DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        slots.store(transform(elements[index]), at: index)
      }
    } else {
      let workers = min(jobs, elements.count)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for index in stride(from: worker, to: elements.count, by: workers) {
          slots.store(transform(elements[index]), at: index)
        }
      }
    }
    return slots.values()
  }
}

/// Write-once result slots shared by concurrent workers; each index is
/// written by exactly one worker before `values()` is read.
private final class ResultSlots<Result>: @unchecked Sendable {
  // NB: raw storage rather than an array property, so that concurrent
  // stores to different slots never access one Swift variable at once.
  private let slots: UnsafeMutablePointer<Result?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func store(_ value: Result, at index: Int) {
    slots[index] = value
  }

  func values() -> [Result] {
    (0..<count).map { slots[$0].take()! }
  }
}
