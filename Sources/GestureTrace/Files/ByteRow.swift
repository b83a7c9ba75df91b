/// One line (or one event's object) of a trace file written as UTF-8 bytes
/// into a small buffer on the stack, then appended to the output at once.
///
/// Numbers are written digit by digit with the text `String` gives them:
/// ``append(shortest:)`` as `Double.shortestDescription`, ``append(time:)``
/// as `TraceTime.description`, so a file written through rows has the same
/// bytes as one written through strings, without a string per number.
///
/// ```swift
/// var bytes: [UInt8] = []
/// ByteRow.write(into: &bytes) { row in
///   row.append(time: TraceTime(nanoseconds: 8_300_000))
///   row.append(ascii: ",")
///   row.append(shortest: -2.5)
/// }
/// // bytes == Array("0.0083,-2.5".utf8)
/// ```
// NB: appending to a `String` is slow (docs/performance.md, "Notes moved
// from the code") and a `String` per number an allocation; appending to
// `[UInt8]` byte by byte checks its capacity and uniqueness every time. A
// row is at most a few hundred bytes (``capacity`` bounds every caller's
// row), so it is written with plain stores and copied once.
struct ByteRow {
  /// The most bytes a row may hold.
  static let capacity = 1_024
  /// The longest text ``append(shortest:)`` writes: `Double.description`
  /// of a subnormal, `-2.2250738585072014e-308`, is 24 bytes.
  static let longestNumber = 24

  private let start: UnsafeMutablePointer<UInt8>
  private var cursor: UnsafeMutablePointer<UInt8>

  private init(_ start: UnsafeMutablePointer<UInt8>) {
    self.start = start
    cursor = start
  }

  /// The number of bytes written so far.
  var count: Int { cursor - start }

  /// Runs `body` on an empty row and appends what it wrote to `output`;
  /// `body` writes at most ``capacity`` bytes.
  static func write(into output: inout [UInt8], _ body: (inout ByteRow) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var row = ByteRow(buffer.baseAddress!)
      body(&row)
      precondition(row.count <= capacity - 8, "a row longer than ByteRow.capacity allows")
      output.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: row.count))
    }
  }

  /// Runs `body` on an empty row written at `target`, which has room for
  /// ``capacity`` bytes; returns the number of bytes it wrote.
  static func write(at target: UnsafeMutablePointer<UInt8>, _ body: (inout ByteRow) -> Void)
    -> Int
  {
    var row = ByteRow(target)
    body(&row)
    precondition(row.count <= capacity - 8, "a row longer than ByteRow.capacity allows")
    return row.count
  }

  /// Appends one ASCII character.
  mutating func append(ascii byte: Unicode.Scalar) {
    cursor.pointee = UInt8(truncatingIfNeeded: byte.value)
    cursor += 1
  }

  /// Appends a literal's bytes.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends bytes.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    cursor.update(from: base, count: bytes.count)
    cursor += bytes.count
  }

  /// Appends up to 7 bytes packed in a word, first byte lowest, their
  /// count in the highest byte (``packed(_:)``).
  mutating func append(packed word: UInt64) {
    // NB: all eight bytes are stored and the count byte is written over by
    // what follows; a row never ends within 8 bytes of ``capacity``.
    UnsafeMutableRawPointer(cursor).storeBytes(of: word.littleEndian, as: UInt64.self)
    cursor += Int(truncatingIfNeeded: word >> 56)
  }

  /// The word ``append(packed:)`` writes `text` from: up to 7 bytes.
  static func packed(_ text: String) -> UInt64 {
    let bytes = Array(text.utf8)
    precondition(bytes.count <= 7, "more than 7 bytes to pack")
    var word = UInt64(bytes.count) << 56
    for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * index) }
    return word
  }

  /// Appends a string's UTF-8 bytes.
  // NB: labelled, so that a literal argument is never made a `String`.
  mutating func append(contentsOf text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends a time as `TraceTime.description` writes it: exact decimal
  /// seconds without trailing zeros (`0`, `0.0083`, `-1.25`).
  // NB: one writer of times and numbers for every byte path: ``ByteText``.
  mutating func append(time: TraceTime) {
    cursor += ByteText.writeTime(time, to: cursor)
  }

  /// Appends a phase's name in a trace file (`began`, `changed`, `ended`,
  /// `cancelled`).
  mutating func append(phase: TouchPhase) {
    cursor += ByteText.writePhase(phase, to: cursor)
  }

  /// Appends `tenths / 10` as ``append(shortest:)`` would
  /// (``ByteText/writeTenths(_:to:)``).
  mutating func append(tenths: Double) {
    cursor += ByteText.writeTenths(tenths, to: cursor)
  }

  /// Appends a number as `Double.shortestDescription` writes it: the
  /// shortest text that reads back to the same value, without a trailing
  /// `.0` (`0`, `-0`, `0.4`, `1092`, `1e-05`).
  mutating func append(shortest value: Double) {
    cursor += ByteText.writeShortest(value, to: cursor)
  }
}
