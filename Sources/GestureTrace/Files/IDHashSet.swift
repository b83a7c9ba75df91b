/// A set of 64-bit id hashes: open addressing with linear probing in a
/// power-of-two table kept at most half full.
// NB: the decoder remembers every finished trace's id hash, and `analyze`
// the ids of the pieces it has taken. `Set<UInt64>` hashes each of them
// again with SipHash and rehashes them all as it grows; these are hashes
// already, so a multiply spreads them over the table
// (docs/performance.md, "Notes moved from the code").
package struct IDHashSet {
  /// The slots; 0 is an empty slot (a hash of 0 is kept in `hasZero`).
  private var slots = [UInt64](repeating: 0, count: 64)
  private var hasZero = false
  /// The number of hashes in `slots`.
  private(set) var count = 0

  /// An empty set.
  package init() {}

  /// Adds `hash`; returns whether it was not there yet.
  package mutating func insert(_ hash: UInt64) -> Bool {
    if hash == 0 {
      defer { hasZero = true }
      return !hasZero
    }
    if 2 &* (count &+ 1) > slots.count { grow() }
    let inserted = slots.withUnsafeMutableBufferPointer { slots in
      Self.place(hash, in: slots)
    }
    if inserted { count &+= 1 }
    return inserted
  }

  /// Adds every hash; returns whether none was there yet (nor repeated).
  // NB: one pass with the table's storage held once: a large table is
  // mostly out of cache, and without a call and a uniqueness check
  // around each add the processor waits for several slots at once.
  package mutating func insert(contentsOf hashes: [UInt64]) -> Bool {
    reserveCapacity(count &+ hashes.count &+ 1)
    var added = 0
    var allNew = true
    slots.withUnsafeMutableBufferPointer { slots in
      for hash in hashes {
        if hash == 0 {
          allNew = allNew && !hasZero
          hasZero = true
        } else if Self.place(hash, in: slots) {
          added &+= 1
        } else {
          allNew = false
        }
      }
    }
    count &+= added
    return allNew
  }

  /// The hashes in the set, in no particular order.
  package var elements: [UInt64] {
    var elements = slots.filter { $0 != 0 }
    if hasZero { elements.append(0) }
    return elements
  }

  /// Whether `hash` is in the set.
  package func contains(_ hash: UInt64) -> Bool {
    if hash == 0 { return hasZero }
    let mask = slots.count &- 1
    let shift = UInt64(64 &- slots.count.trailingZeroBitCount)
    var index = Int(truncatingIfNeeded: (hash &* Self.multiplier) &>> shift)
    while true {
      let slot = slots[index]
      if slot == hash { return true }
      if slot == 0 { return false }
      index = (index &+ 1) & mask
    }
  }

  /// Makes room for `count` hashes in all without growing.
  // NB: each growth places every hash again, each a likely cache miss in a
  // large table; `analyze` knows early about how many traces a file has.
  package mutating func reserveCapacity(_ count: Int) {
    while 2 &* count > slots.count { grow() }
  }

  /// Puts `hash` (not 0) in its slot or the first empty one after it;
  /// returns `false` when it is there already.
  private static func place(_ hash: UInt64, in slots: UnsafeMutableBufferPointer<UInt64>) -> Bool {
    let mask = slots.count &- 1
    // NB: Fibonacci hashing: the top bits of the product depend on every
    // bit of the hash.
    let shift = UInt64(64 &- slots.count.trailingZeroBitCount)
    var index = Int(truncatingIfNeeded: (hash &* multiplier) &>> shift)
    while true {
      let slot = slots[index]
      if slot == hash { return false }
      if slot == 0 {
        slots[index] = hash
        return true
      }
      index = (index &+ 1) & mask
    }
  }

  /// Fibonacci hashing's multiplier, 2^64 / φ.
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Doubles the table and places every hash again.
  private mutating func grow() {
    var larger = [UInt64](repeating: 0, count: 2 &* slots.count)
    larger.withUnsafeMutableBufferPointer { larger in
      for hash in slots where hash != 0 { _ = Self.place(hash, in: larger) }
    }
    slots = larger
  }
}
