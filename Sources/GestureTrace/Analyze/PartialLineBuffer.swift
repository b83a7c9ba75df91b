/// Cuts the bytes of a partial summary, as they arrive in chunks, into
/// lines of at most ``maximumLineLength`` bytes.
///
/// Each byte is looked at once: the search for a line feed goes on where
/// the last chunk's ended, and the bytes of handed-out lines are dropped
/// once per chunk, so reading is linear in the input whatever the chunks.
/// A line longer than the limit is refused as soon as its bytes pass it,
/// never held whole: the buffer holds at most the limit and one chunk.
package struct PartialLineBuffer {
  /// The longest line of a partial, in bytes without its line feed:
  /// 64 MiB, as the JSON Lines trace reader's
  /// (``JSONLinesDecoder/maximumLineLength``).
  ///
  /// Writers of partials refuse to write a longer line
  /// (``PartialFormat/lineLimitProblem(_:)``), so every partial written
  /// reads back.
  package static let maximumLineLength = 1 << 26

  /// The most JSON values and keys a line of a partial holds: 2²³.
  ///
  /// A line is parsed whole into a tree of values of about 40 bytes
  /// each, so this bounds a line's tree to about 320 MB whatever its
  /// bytes (a line of 64 MiB of `0,` would hold 2²⁵ values). A partial's
  /// longest lines are a summary of many groups (about 20,000 values per
  /// group with full decision maps) and a header of many files (one value
  /// per file).
  static let maximumValueCount = 1 << 23

  /// The byte at which a line passes ``maximumValueCount`` values and
  /// keys, counted as the commas, colons and opening brackets outside
  /// strings (each value or key but the first follows one); `nil` when it
  /// does not.
  // NB: one pass over the bytes, before the line is parsed.
  static func valueLimitOffset(
    _ line: some Collection<UInt8>, limit: Int = maximumValueCount
  ) -> Int? {
    // NB: a line of n bytes holds at most n + 1 items.
    guard line.count >= limit else { return nil }
    var count = 1
    var inString = false
    var escaped = false
    for (offset, byte) in line.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"):
        count += 1
        if count > limit { return offset }
      default: break
      }
    }
    return nil
  }

  /// The bytes not yet handed out.
  private var pending: [UInt8] = []
  /// Where the unfinished line starts in ``pending``.
  private var start = 0
  /// How far ``pending`` was searched for a line feed.
  private var scanned = 0
  /// The number of lines handed out.
  package private(set) var lineNumber = 0
  /// The longest line taken.
  package let limit: Int

  /// An empty buffer taking lines of at most `limit` bytes.
  package init(limit: Int = maximumLineLength) {
    self.limit = limit
  }

  /// Whether bytes follow the last line feed.
  package var hasUnterminatedLine: Bool { start < pending.count }

  /// Appends `chunk` and hands each line it completes (without its line
  /// feed) to `body`, while `body` returns true; returns false when it
  /// stopped (the rest waits for ``drain(_:)``).
  package mutating func push(
    _ chunk: UnsafeBufferPointer<UInt8>,
    _ body: (ArraySlice<UInt8>) throws(PartialProblem) -> Bool
  ) throws(PartialProblem) -> Bool {
    pending.append(contentsOf: chunk)
    return try drain(body)
  }

  /// Hands each complete line held to `body`, while it returns true;
  /// returns false when it stopped.
  package mutating func drain(
    _ body: (ArraySlice<UInt8>) throws(PartialProblem) -> Bool
  ) throws(PartialProblem) -> Bool {
    while true {
      guard let end = pending[scanned...].firstIndex(of: 0x0A) else {
        scanned = pending.count
        try checkLength(pending.count - start)
        if start > 0 {
          pending.removeFirst(start)
          scanned -= start
          start = 0
        }
        return true
      }
      lineNumber += 1
      try checkLength(end - start, counted: true)
      let line = pending[start..<end]
      start = end + 1
      scanned = start
      guard try body(line) else { return false }
    }
  }

  /// Throws when a line of `length` bytes (so far) is too long.
  private func checkLength(_ length: Int, counted: Bool = false) throws(PartialProblem) {
    guard length > limit else { return }
    throw PartialProblem(
      line: counted ? lineNumber : lineNumber + 1, column: limit + 1,
      message: "expected a line of at most \(limit) bytes, found a longer one")
  }
}
