/// Strings made from short byte sequences, remembered so that the same
/// bytes seen again give the remembered string instead of a new one.
///
/// A file of many traces repeats its metadata keys and most values in every
/// trace (`source`, `synth`, `intent`, `complete`…); making each of them a
/// string again costs a UTF-8 check per line.
// NB: a direct-mapped cache of 256 slots keyed by the bytes packed into two
// words, so a lookup allocates nothing; a miss replaces the slot. Only
// sequences of at most 16 bytes are remembered. With fewer slots, lookups
// missed often (docs/performance.md, "Notes moved from the code").
struct InternedStrings {
  private struct Slot {
    var low: UInt64
    var high: UInt64
    var count: Int
    var string: String
  }

  private var slots = [Slot](
    repeating: Slot(low: 0, high: 0, count: -1, string: ""), count: 256)

  /// The string of these UTF-8 bytes, as `String(decoding:as:)` makes it.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let count = bytes.count
    guard count <= 16 else { return String(decoding: bytes, as: UTF8.self) }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for index in 0..<min(count, 8) { low |= UInt64(bytes[index]) << (8 * index) }
    if count > 8 {
      for index in 8..<count { high |= UInt64(bytes[index]) << (8 * (index - 8)) }
    }
    return lookUp(low, high, bytes).string
  }

  /// The string of the UTF-8 bytes in `range` of `line`, and the slot
  /// (0..<256) it is remembered in; equal bytes get equal slots. The slot
  /// is -1 when the bytes are not remembered.
  // NB: the bytes are packed from eight-byte loads that end at or start in
  // the range, when the line has eight bytes before its end.
  mutating func interned(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> (string: String, slot: Int) {
    let count = range.count
    let bytes = UnsafeBufferPointer(rebasing: line[range])
    guard count > 0, count <= 16, range.upperBound >= 8, let base = line.baseAddress else {
      return count <= 16 ? (string(bytes), -1) : (String(decoding: bytes, as: UTF8.self), -1)
    }
    let raw = UnsafeRawPointer(base)
    let last = UInt64(
      littleEndian: raw.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self))
    if count <= 8 {
      return lookUp(last &>> UInt64(truncatingIfNeeded: 64 - 8 * count), 0, bytes)
    }
    let first = UInt64(
      littleEndian: raw.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self))
    return lookUp(first, last &>> UInt64(truncatingIfNeeded: 128 - 8 * count), bytes)
  }

  /// The remembered string of `bytes`, packed into `low` and `high`, or a
  /// new one that replaces its slot's.
  @inline(__always)
  private mutating func lookUp(
    _ low: UInt64, _ high: UInt64, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> (string: String, slot: Int) {
    let count = bytes.count
    var mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 29
    let slot = Int(truncatingIfNeeded: mixed & 255)
    // NB: a hit only reads the slots, without the uniqueness check of a
    // mutable access.
    let remembered = slots.withUnsafeBufferPointer { slots -> String? in
      guard slots[slot].count == count, slots[slot].low == low, slots[slot].high == high
      else { return nil }
      return slots[slot].string
    }
    if let remembered { return (remembered, slot) }
    let string = String(decoding: bytes, as: UTF8.self)
    slots[slot] = Slot(low: low, high: high, count: count, string: string)
    return (string, slot)
  }
}
