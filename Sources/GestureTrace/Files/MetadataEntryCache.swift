/// The entries of recent `key: value` metadata line endings, by their
/// bytes: a line ending seen again gives the key and value it gave before,
/// without reading it again.
///
/// A file of many traces repeats most of its metadata lines but for the
/// trace id (`source: synth`, `units: pt`, `intent: complete`…).
// NB: 128 pairs of slots keyed by the ending's bytes, which are 4 to 24
// bytes and packed into three words (overlapping for 9 to 23 bytes, the
// last word shifted for fewer than 8), so that an equal key means equal
// bytes. An ending goes in either slot of its pair, so that two frequent
// endings whose keys meet do not take turns pushing each other out. Only
// endings that were read as valid are remembered.
struct MetadataEntryCache {
  /// A remembered entry.
  struct Entry {
    /// The key, with its ``InternedStrings`` slot.
    var key: (string: String, slot: Int)
    /// The value.
    var value: String
  }

  /// Four words per slot: the three words of the bytes and their count
  /// (0 for an empty slot).
  private var keys = [UInt64](repeating: 0, count: 4 * 256)
  private var entries = [Entry](
    repeating: Entry(key: ("", -1), value: ""), count: 256)
  /// The bit of each slot's key's ``InternedStrings`` slot (`1 << slot %
  /// 64`), or all bits when the key has none.
  private var keyBits = [UInt64](repeating: ~0, count: 256)
  /// Which slot of each pair the next new ending replaces.
  private var nextOfPair = [UInt8](repeating: 0, count: 128)

  /// The bytes of `start..<end` of a line at `base` as four words and the
  /// first slot of their pair, when 4 to 24 bytes long; the line has at
  /// least 8 bytes before `end`.
  // NB: an ending of fewer than 8 bytes (`seed: 1`) is the last word of
  // the line shifted down past the bytes before it: the load stays in
  // the line, since `end` is at least 8.
  @inline(__always)
  private static func key(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> (words: (UInt64, UInt64, UInt64, UInt64), slot: Int)? {
    let count = end - start
    guard count >= 4, count <= 24, end >= 8 else { return nil }
    let raw = UnsafeRawPointer(base)
    var last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
    var first = last
    if count < 8 {
      last = 0
      first &>>= UInt64(truncatingIfNeeded: 64 - 8 * count)
    } else {
      first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }
    let middle =
      count > 16
      ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)) : 0
    var mixed = first ^ (middle &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F)
    mixed = (mixed ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    return ((first, middle, last, UInt64(count)), Int(truncatingIfNeeded: mixed >> 57) << 1)
  }

  /// The slot of the entry remembered for the bytes `start..<end` of a
  /// line, if any, with the bit of its key's ``InternedStrings`` slot
  /// (all bits when the key has none).
  // NB: only the words are read: the entry's strings are retained when
  // ``entry(at:)`` gives them, if ever (a trace's lines that make a block
  // seen before never need them).
  @inline(__always)
  func slot(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> (slot: Int, keyBit: UInt64)? {
    guard let (words, pair) = Self.key(base, start, end) else { return nil }
    let found = keys.withUnsafeBufferPointer { keys -> Int? in
      for slot in pair...(pair + 1) {
        let at = 4 &* slot
        if keys[at] == words.0, keys[at + 1] == words.1, keys[at + 2] == words.2,
          keys[at + 3] == words.3
        {
          return slot
        }
      }
      return nil
    }
    guard let found else { return nil }
    return (found, keyBits.withUnsafeBufferPointer { $0[found] })
  }

  /// The entry in a slot that ``slot(_:_:_:)`` found, as long as nothing
  /// was remembered since (``generation`` unchanged).
  func entry(at slot: Int) -> Entry { entries[slot] }

  /// Counts the entries remembered: a slot found before keeps its entry
  /// while this is unchanged.
  private(set) var generation = 0

  /// Remembers the entry the valid bytes `start..<end` of a line give.
  mutating func remember(
    _ entry: Entry, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) {
    guard let (words, pair) = Self.key(base, start, end) else { return }
    let slot = pair + Int(nextOfPair[pair >> 1])
    nextOfPair[pair >> 1] ^= 1
    generation &+= 1
    keys[4 * slot] = words.0
    keys[4 * slot + 1] = words.1
    keys[4 * slot + 2] = words.2
    keys[4 * slot + 3] = words.3
    entries[slot] = entry
    keyBits[slot] = entry.key.slot >= 0 ? 1 &<< UInt64(truncatingIfNeeded: entry.key.slot & 63) : ~0
  }
}
