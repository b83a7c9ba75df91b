/// Cuts the bytes of a CSV trace file, pushed in pieces of any size, into
/// lines: a line cut by the end of a piece is carried over to the next,
/// a line longer than ``maximumLineLength`` is reported as such without
/// being held in memory, and the lines are counted.
///
/// ```swift
/// var reader = CSVLineReader()
/// var start = 0
/// while let (ended, next) = reader.nextLine(base, from: start, count: count) {
///   // ended: the line (in place or joined with carried bytes), or overlong
///   start = next
/// }
/// let last = reader.finish()
/// ```
///
/// ``CSVTraceDecoder`` reads its lines this way; its one-pass row reader
/// takes rows straight from the pushed bytes while nothing is carried,
/// counting them in ``line``.
struct CSVLineReader {
  /// The longest line read, in bytes; a longer one is a problem and is
  /// skipped without being held in memory.
  static let maximumLineLength = 1 << 20

  /// A line that ended.
  enum Line {
    /// A whole line within the pushed bytes, without its line feed.
    case inPlace(UnsafeBufferPointer<UInt8>)
    /// A line joined from bytes carried over and the pushed ones.
    case joined([UInt8])
    /// A line longer than ``maximumLineLength``.
    case overlong
  }

  /// The start of a line cut by the end of the last push.
  private var carried: [UInt8] = []
  /// Whether the line being read has passed ``maximumLineLength``.
  private var isOverlong = false
  /// The number of lines read: the line number of the last one.
  var line = 0

  /// Whether no bytes of a line are carried over from an earlier push.
  // NB: true while an overlong line is skipped, too (its bytes are not
  // kept); the decoder's row reader looks only at this.
  @inline(__always)
  var hasNoCarriedBytes: Bool { carried.isEmpty }

  /// Reads the line that starts at `start` in the `count` bytes at `base`
  /// (after any bytes carried over), counting it; returns it and the
  /// offset after its line feed. Returns `nil`, having carried the bytes
  /// over, when the bytes end before a line feed.
  @inline(__always)
  mutating func nextLine(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int
  ) -> (Line, next: Int)? {
    var end = start
    // NB: eight bytes at a time while they are in the buffer (comment
    // lines come this way): the lowest byte that was 0x0A is the lowest
    // set bit of the zero-byte test.
    while end &+ 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
      let spread = word ^ 0x0A0A_0A0A_0A0A_0A0A
      let zeros = (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
      if zeros != 0 {
        end &+= zeros.trailingZeroBitCount &>> 3
        break
      }
      end &+= 8
    }
    while end < count && base[end] != 0x0A { end += 1 }
    let bytes = UnsafeBufferPointer(start: base + start, count: end - start)
    if end == count {
      carry(bytes)
      return nil
    }
    line += 1
    if isOverlong {
      isOverlong = false
      return (.overlong, end + 1)
    }
    if carried.isEmpty {
      return (bytes.count > Self.maximumLineLength ? .overlong : .inPlace(bytes), end + 1)
    }
    carried.append(contentsOf: bytes)
    let joined = carried
    carried.removeAll(keepingCapacity: true)
    return (joined.count > Self.maximumLineLength ? .overlong : .joined(joined), end + 1)
  }

  /// Ends the bytes: the last line, when it has no line feed, counted.
  mutating func finish() -> Line? {
    if isOverlong {
      isOverlong = false
      line += 1
      return .overlong
    }
    guard !carried.isEmpty else { return nil }
    let joined = carried
    carried = []
    line += 1
    return joined.count > Self.maximumLineLength ? .overlong : .joined(joined)
  }

  /// Keeps the start of a line cut by the end of the bytes, unless it is
  /// too long already.
  private mutating func carry(_ bytes: UnsafeBufferPointer<UInt8>) {
    carried.carryLine(bytes, limit: Self.maximumLineLength, isOverlong: &isOverlong)
  }
}
