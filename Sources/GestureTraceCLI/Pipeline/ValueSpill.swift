import GestureTrace

/// Per-trace numbers of an analysis (features, decision times) kept in an
/// anonymous temporary file instead of memory, so that `analyze` needs
/// memory for the traces in flight, not for every trace read.
///
/// Numbers are written as their exact bits and read back in the order
/// stored, one column at a time, when the summary is made.
// NB: quantiles must be exact, so every value is kept; in memory, 8 bytes
// per number per trace would grow with the file
// (docs/performance.md, "Notes moved from the code").
struct ValueSpill: TraceValueStore {
  private let descriptor: Int32
  private var size = 0
  /// Where each (group, column)'s numbers are, in the order stored.
  private var segments: [Key: [Range<Int>]] = [:]

  private struct Key: Hashable {
    var group: String?
    var column: Int
  }

  /// A spill in a new temporary file; `nil` when none can be made.
  init?() {
    guard let descriptor = Platform.anonymousTemporaryFile() else { return nil }
    self.descriptor = descriptor
  }

  /// Appends a group's columns: `columns` holds `columnCount` of them,
  /// `rowCount` numbers each, one after another; false when the file
  /// cannot be written (the numbers are then lost: the caller keeps them
  /// instead).
  // NB: one write for all the columns.
  mutating func store(
    group: String?, columns: UnsafeBufferPointer<Double>, rowCount: Int, columnCount: Int
  ) -> Bool {
    guard rowCount > 0 else { return true }
    let bytes = UnsafeRawBufferPointer(
      UnsafeBufferPointer(rebasing: columns[0..<rowCount * columnCount]))
    guard Platform.writeAll(descriptor, bytes) else { return false }
    let columnSize = rowCount * MemoryLayout<Double>.size
    for column in 0..<columnCount {
      let start = size + column * columnSize
      segments[Key(group: group, column: column), default: []].append(start..<start + columnSize)
    }
    size += columnCount * columnSize
    return true
  }

  /// The numbers stored for a group's column, in order, with room for
  /// `extra` more; `nil` when they cannot be read back.
  // NB: the numbers still in memory are appended next; without the room
  // the whole column was copied into a larger array.
  func values(group: String?, column: Int, reserving extra: Int = 0) -> [Double]? {
    let ranges = segments[Key(group: group, column: column)] ?? []
    let count = ranges.reduce(0) { $0 + $1.count } / MemoryLayout<Double>.size
    var failed = false
    let values = [Double](unsafeUninitializedCapacity: count + extra) { buffer, initialized in
      let bytes = UnsafeMutableRawBufferPointer(buffer)
      var offset = 0
      for range in ranges {
        let target = UnsafeMutableBufferPointer(
          start: bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self),
          count: range.count)
        if Platform.readBytes(descriptor, into: target, atOffset: range.lowerBound) != range.count {
          failed = true
          break
        }
        offset += range.count
      }
      initialized = failed ? 0 : count
    }
    return failed ? nil : values
  }

  /// Closes and so removes the file.
  func close() {
    Platform.close(descriptor)
  }
}
