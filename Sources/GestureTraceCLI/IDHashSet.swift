/// A set of trace ids' 64-bit hashes (``PieceReader/idHash(_:)``), by which
/// the pieces of a file find an id that an earlier piece had.
// NB: a `Set<UInt64>` hashed every hash again (SipHash) and rehashed all of
// them at each growth: over 2 % of `analyze`'s time on a 200,000-trace file.
// Here a multiply spreads the hash over the table (open addressing, linear
// probing), and growth moves the values without hashing them.
struct IDHashSet {
  /// The values, 0 for an empty slot; the count is a power of two.
  private var slots: [UInt64]
  /// The number of values in `slots`.
  private var stored = 0
  /// Whether 0, which marks empty slots, is in the set.
  private var hasZero = false

  /// An empty set with room for about `capacity` values before it grows.
  init(capacity: Int = 1 << 12) {
    var size = 16
    while size < 2 * capacity { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// The number of values.
  var count: Int { stored + (hasZero ? 1 : 0) }

  /// Adds `hash`; whether it was not in the set yet.
  mutating func insert(_ hash: UInt64) -> Bool {
    guard hash != 0 else {
      defer { hasZero = true }
      return !hasZero
    }
    if 2 * (stored + 1) > slots.count { grow() }
    let inserted = slots.withUnsafeMutableBufferPointer { Self.insert(hash, into: $0) }
    if inserted { stored += 1 }
    return inserted
  }

  /// Puts `hash` (not 0) into its slot; false when it is there already.
  private static func insert(_ hash: UInt64, into slots: UnsafeMutableBufferPointer<UInt64>)
    -> Bool
  {
    let mask = slots.count - 1
    // The product's high bits, which every bit of the hash reaches, folded
    // into the low ones that pick the slot.
    let mixed = hash &* 0x9E37_79B9_7F4A_7C15
    var index = Int(truncatingIfNeeded: mixed ^ (mixed >> 32)) & mask
    while true {
      let value = slots[index]
      if value == 0 {
        slots[index] = hash
        return true
      }
      if value == hash { return false }
      index = (index + 1) & mask
    }
  }

  /// Doubles the table.
  private mutating func grow() {
    var larger = [UInt64](repeating: 0, count: 2 * slots.count)
    larger.withUnsafeMutableBufferPointer { larger in
      for value in slots where value != 0 { _ = Self.insert(value, into: larger) }
    }
    slots = larger
  }
}
