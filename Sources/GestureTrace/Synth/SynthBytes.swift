/// UTF-8 text the synthesizer writes into memory it manages, rows in
/// place: a row costs no copy and no array append.
///
/// ```swift
/// var bytes = SynthBytes(capacity: 4_096)
/// bytes.writeRow { $0.append(ascii: "a") }
/// let text = Array(bytes.buffer)   // [0x61]
/// bytes.free()
/// ```
// NB: not a row written into scratch and appended to a `[UInt8]`: that
// costs a `memmove` and the array's checks per row (docs/performance.md,
// "Notes moved from the code"). The memory is freed by ``free()``, not by a
// deinit: the value is handed to a sink and back, so it is copied, never
// shared.
struct SynthBytes {
  /// The first byte.
  private(set) var start: UnsafeMutablePointer<UInt8>
  /// The number of bytes written.
  private(set) var count = 0
  private var capacity: Int

  /// Allocates room for at least `capacity` bytes.
  init(capacity: Int) {
    self.capacity = max(capacity, 2 * ByteRow.capacity)
    start = .allocate(capacity: self.capacity)
  }

  /// The bytes written.
  var buffer: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start, count: count)
  }

  /// Frees the memory; the value and its copies must not be used after.
  func free() {
    start.deallocate()
  }

  /// Makes room for `extra` more bytes.
  private mutating func reserve(_ extra: Int) {
    guard capacity - count < extra else { return }
    let larger = max(2 * capacity, count + extra)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = larger
  }

  /// Appends bytes.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count)
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of a literal.
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Runs `body` on an empty row written in place (at most
  /// ``ByteRow/capacity`` bytes, as `ByteRow.write(into:_:)` allows).
  mutating func writeRow(_ body: (inout ByteRow) -> Void) {
    reserve(ByteRow.capacity)
    count += ByteRow.write(at: start + count, body)
  }
}
