extension [UInt8] {
  /// Appends the start of a line that a chunk's end cut, which the next
  /// chunk goes on with; once the line is over `limit` bytes it is not
  /// kept: the bytes are dropped and `isOverlong` set (a reader reports
  /// the line as one problem when it ends).
  @inline(__always)
  mutating func carryLine(
    _ bytes: UnsafeBufferPointer<UInt8>, limit: Int, isOverlong: inout Bool
  ) {
    guard !isOverlong else { return }
    append(contentsOf: bytes)
    if count > limit {
      isOverlong = true
      self = []
    }
  }
}
