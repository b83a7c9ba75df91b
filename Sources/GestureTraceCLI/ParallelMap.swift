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
    if elements.count <= 1 { return elements.map(transform) }
    let slots = ResultSlots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      slots.store(transform(elements[index]), at: index)
    }
    return slots.values()
  }
}

/// Write-once result slots shared by concurrent workers; each index is
/// written by exactly one worker before `values()` is read.
private final class ResultSlots<Result>: @unchecked Sendable {
  private var slots: [Result?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: Result, at index: Int) {
    slots.withUnsafeMutableBufferPointer { $0[index] = value }
  }

  func values() -> [Result] {
    slots.map { $0! }
  }
}
