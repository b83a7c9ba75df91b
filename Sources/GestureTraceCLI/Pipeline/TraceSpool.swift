/// The text of one trace, appended a piece at a time and read back in
/// order: in memory up to a limit, then in an anonymous temporary file.
///
/// `convert` spools a CSV trace's encoded events as their rows are read,
/// and writes them out only when the trace ends valid; a trace with a
/// problem is dropped with ``reset()``. So memory holds at most the limit,
/// however long the trace.
///
/// Should no temporary file be made or written, the text stays in memory
/// instead, as ``SpilledColumn`` does: a full disk costs memory, not the
/// output.
// NB: text, not bytes, goes in and comes out: the output takes strings.
// Pieces read back from the file are cut at a UTF-8 sequence's start, so
// each is valid UTF-8 when the text appended was (a CSV id repeats on
// every row, and may hold any character).
final class TraceSpool {
  /// How many bytes stay in memory before they go to the file.
  let memoryLimit: Int
  private var text = ""
  private var descriptor: Int32?
  private var spilledBytes = 0
  private var spillFailed = false

  /// An empty spool that keeps up to `memoryLimit` bytes in memory (256
  /// KiB by default).
  init(memoryLimit: Int = 1 << 18) {
    self.memoryLimit = max(memoryLimit, 1)
  }

  deinit {
    if let descriptor { Platform.close(descriptor) }
  }

  /// The number of bytes appended since the last reset.
  var byteCount: Int { spilledBytes + text.utf8.count }

  /// The number of bytes held in memory now.
  var heldByteCount: Int { text.utf8.count }

  /// Whether some of the text is in the file.
  var hasSpilled: Bool { spilledBytes > 0 }

  /// Appends a piece of text.
  func append(_ piece: String) {
    text += piece
    if text.utf8.count >= memoryLimit && !spillFailed { spill() }
  }

  /// Drops everything appended; the file, if any, is closed and so
  /// removed.
  func reset() {
    text.removeAll(keepingCapacity: true)
    if let descriptor { Platform.close(descriptor) }
    descriptor = nil
    spilledBytes = 0
    spillFailed = false
  }

  /// Writes the text held in memory to the file.
  private func spill() {
    if descriptor == nil { descriptor = Platform.anonymousTemporaryFile() }
    let written = descriptor.map { descriptor in
      text.withUTF8 { Platform.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
    guard written == true else {
      // NB: what the file holds is still read back first; the rest stays
      // here.
      spillFailed = true
      return
    }
    spilledBytes += text.utf8.count
    text.removeAll(keepingCapacity: true)
  }

  /// Hands the text to `visit` in order, in pieces of at most about
  /// ``memoryLimit`` bytes; false when the file could not be read back
  /// (`visit` may have seen some).
  func forEachPiece<Failure: Error>(
    _ visit: (String) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    if let descriptor, spilledBytes > 0 {
      var buffer = [UInt8](repeating: 0, count: max(memoryLimit, 4))
      var offset = 0
      // Bytes of a sequence cut by the last read, carried to the next.
      var carried = 0
      while offset < spilledBytes {
        let want = min(spilledBytes - offset, buffer.count - carried)
        let read = buffer.withUnsafeMutableBufferPointer { buffer in
          let target = UnsafeMutableBufferPointer(rebasing: buffer[carried..<carried + want])
          return Platform.readBytes(descriptor, into: target, atOffset: offset)
        }
        guard read == want else { return false }
        offset += want
        let end = carried + want
        // NB: at the end of the file the last sequence is whole.
        let cut = offset == spilledBytes ? end : Self.sequenceStart(before: end, in: buffer)
        try visit(String(decoding: buffer[..<cut], as: UTF8.self))
        carried = end - cut
        for index in 0..<carried { buffer[index] = buffer[cut + index] }
      }
    }
    if !text.isEmpty { try visit(text) }
    return true
  }

  /// The offset of the last UTF-8 sequence that may be cut at `end`: the
  /// last byte before it that is not a continuation byte, within the
  /// three bytes a longer sequence has after its first; `end` when the
  /// bytes before it end a sequence.
  private static func sequenceStart(before end: Int, in bytes: [UInt8]) -> Int {
    var index = end
    while index > 0, end - index < 4 {
      index -= 1
      let byte = bytes[index]
      guard byte & 0xC0 == 0x80 else {
        // A lead byte: is its sequence whole before `end`?
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        return index + length <= end ? end : index
      }
    }
    return end
  }
}
