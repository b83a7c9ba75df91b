/// Splits a byte stream pushed in chunks of any size into lines, keeping at
/// most ``maximumLength`` bytes of a line.
///
/// Lines end in `\n`; a `\r` before it is dropped, so `\r\n` files read the
/// same. A longer line is reported as overlong and its bytes are discarded,
/// so memory stays bounded whatever the input.
struct LineSplitter {
  /// A line, or the fact that one was too long.
  enum Line {
    /// A complete line without its terminator.
    case text(ArraySlice<UInt8>, number: Int)
    /// A line longer than the limit; its bytes were dropped.
    case overlong(number: Int)
  }

  /// The longest line kept, in bytes.
  static let maximumLength = 65_536
  private var buffer: [UInt8] = []
  private var isOverlong = false
  private var lineNumber = 0

  /// Creates a splitter at the start of a stream.
  init() {}

  /// Reads a chunk, handing over each line it completes.
  mutating func push(_ bytes: UnsafeBufferPointer<UInt8>, into emit: (Line) -> Void) {
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
      finishLine(into: emit)
      start = index + 1
    }
    append(UnsafeBufferPointer(rebasing: bytes[start...]))
  }

  /// Hands over the last line when the input did not end with `\n`.
  mutating func finish(into emit: (Line) -> Void) {
    if !buffer.isEmpty || isOverlong { finishLine(into: emit) }
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !isOverlong else { return }
    if buffer.count + bytes.count > LineSplitter.maximumLength {
      isOverlong = true
      buffer.removeAll(keepingCapacity: false)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  private mutating func finishLine(into emit: (Line) -> Void) {
    lineNumber += 1
    if isOverlong {
      emit(.overlong(number: lineNumber))
    } else {
      var end = buffer.endIndex
      while end > buffer.startIndex, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      emit(.text(buffer[..<end], number: lineNumber))
    }
    buffer.removeAll(keepingCapacity: true)
    isOverlong = false
  }
}
