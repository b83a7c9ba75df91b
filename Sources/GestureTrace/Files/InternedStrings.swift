/// Strings made from short byte sequences, remembered so that the same
/// bytes seen again give the remembered string instead of a new one.
///
/// A file of many traces repeats its metadata keys and most values in every
/// trace (`source`, `synth`, `intent`, `complete`…); making each of them a
/// string again costs a UTF-8 check per line.
// NB: a direct-mapped cache of 64 slots keyed by the bytes packed into two
// words, so a lookup allocates nothing; a miss replaces the slot. Only
// sequences of at most 16 bytes are remembered.
struct InternedStrings {
  private struct Slot {
    var low: UInt64
    var high: UInt64
    var count: Int
    var string: String
  }

  private var slots = [Slot](
    repeating: Slot(low: 0, high: 0, count: -1, string: ""), count: 64)

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
    var mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 29
    let slot = Int(truncatingIfNeeded: mixed & 63)
    return slots.withUnsafeMutableBufferPointer { slots in
      if slots[slot].count == count, slots[slot].low == low, slots[slot].high == high {
        return slots[slot].string
      }
      let string = String(decoding: bytes, as: UTF8.self)
      slots[slot] = Slot(low: low, high: high, count: count, string: string)
      return string
    }
  }
}
