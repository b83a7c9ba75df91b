/// Where a ``TraceAnalyzer`` moves per-trace numbers that would not fit in
/// memory (a temporary file, say), and reads them back in the order
/// stored; the library itself reads and writes no file.
package protocol TraceValueStore: Sendable {
  /// Appends a group's columns: `columns` holds `columnCount` of them,
  /// `rowCount` numbers each, one after another; false when they cannot
  /// be stored (the analyzer then keeps them in memory).
  mutating func store(
    group: String?, columns: UnsafeBufferPointer<Double>, rowCount: Int, columnCount: Int
  ) -> Bool

  /// The numbers stored for a group's column, in order, with room for
  /// `extra` more; `nil` when they cannot be read back.
  func values(group: String?, column: Int, reserving extra: Int) -> [Double]?

  /// Releases the store; it is not used again.
  func close()
}
