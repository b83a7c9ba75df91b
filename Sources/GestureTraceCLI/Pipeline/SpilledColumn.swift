import GestureTrace

/// A column of numbers appended one at a time and read back in passes,
/// holding at most one chunk of them in memory: full chunks go to an
/// anonymous temporary file.
///
/// Should no temporary file be made or written, the numbers stay in
/// memory instead, as before, so a full disk costs memory, not the answer.
// NB: `info` keeps one number per sampling interval; with the file its
// memory is a chunk, however large the input
// (docs/performance.md, "Notes moved from the code").
final class SpilledColumn {
  /// How many numbers a chunk holds.
  let chunkCapacity: Int
  private var chunk: [Double] = []
  private var descriptor: Int32?
  private var spilledBytes = 0
  private var spillFailed = false
  /// The range of every number appended.
  private(set) var range = ValueRange()

  /// An empty column with chunks of `chunkCapacity` numbers (64 KiB, 512
  /// KB, by default).
  init(chunkCapacity: Int = 1 << 16) {
    self.chunkCapacity = max(chunkCapacity, 1)
    chunk.reserveCapacity(self.chunkCapacity)
  }

  deinit {
    if let descriptor { Platform.close(descriptor) }
  }

  /// The numbers held in memory now.
  var heldCount: Int { chunk.count }

  /// The number of numbers appended.
  var count: Int { spilledBytes / MemoryLayout<Double>.size + chunk.count }

  /// Appends a number.
  func append(_ value: Double) {
    chunk.append(value)
    if chunk.count >= chunkCapacity && !spillFailed { spill() }
  }

  /// Appends numbers.
  func append(contentsOf values: some Sequence<Double>) {
    for value in values { append(value) }
  }

  /// Writes the chunk to the file.
  private func spill() {
    if descriptor == nil { descriptor = Platform.anonymousTemporaryFile() }
    let written = descriptor.map { descriptor in
      chunk.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
    }
    guard written == true else {
      // NB: what the file holds is still read back first; the rest stays
      // here.
      spillFailed = true
      return
    }
    chunk.withUnsafeBufferPointer { range.merge(ValueRange($0)) }
    spilledBytes += chunk.count * MemoryLayout<Double>.size
    chunk.removeAll(keepingCapacity: true)
  }

  /// Hands every number to `visit` in the order appended, in chunks; false
  /// when the file could not be read back (`visit` may have seen some).
  @discardableResult
  func forEachChunk(_ visit: (UnsafeBufferPointer<Double>) -> Void) -> Bool {
    var ok = true
    if let descriptor, spilledBytes > 0 {
      var buffer = [Double](repeating: 0, count: chunkCapacity)
      var offset = 0
      while offset < spilledBytes {
        let bytes = min(spilledBytes - offset, chunkCapacity * MemoryLayout<Double>.size)
        let read = buffer.withUnsafeMutableBytes { raw in
          let target = UnsafeMutableBufferPointer(
            start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes)
          return Platform.readBytes(descriptor, into: target, atOffset: offset)
        }
        guard read == bytes else {
          ok = false
          break
        }
        buffer.withUnsafeBufferPointer {
          visit(UnsafeBufferPointer(rebasing: $0[0..<bytes / MemoryLayout<Double>.size]))
        }
        offset += bytes
      }
    }
    chunk.withUnsafeBufferPointer { visit($0) }
    return ok
  }

  /// The range of every number appended, including those in memory.
  var fullRange: ValueRange {
    var full = range
    chunk.withUnsafeBufferPointer { full.merge(ValueRange($0)) }
    return full
  }
}
