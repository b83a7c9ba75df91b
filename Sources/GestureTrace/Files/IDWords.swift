/// A trace id of at most 16 bytes packed into two little-endian words, to
/// compare rows' ids with it in two loads.
struct IDWords {
  let low: UInt64
  let high: UInt64
  /// The bits of `low` and `high` the id fills.
  let lowMask: UInt64
  let highMask: UInt64
  let count: Int

  /// Packs an id of at most 16 bytes that does not start with `#` (a line
  /// that starts with `#` is a comment, not a row).
  init?(_ bytes: [UInt8]) {
    guard bytes.count <= 16, bytes.first != UInt8(ascii: "#") else { return nil }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (index, byte) in bytes.enumerated() {
      if index < 8 {
        low |= UInt64(byte) << (8 * index)
      } else {
        high |= UInt64(byte) << (8 * (index - 8))
      }
    }
    self.low = low
    self.high = high
    count = bytes.count
    lowMask = count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    highMask = count >= 16 ? ~0 : count <= 8 ? 0 : (1 << (8 * UInt64(count - 8))) &- 1
  }

  /// Whether the bytes at `start` begin with the id; reads 16 bytes.
  @inline(__always)
  func isPrefix(of start: UnsafePointer<UInt8>) -> Bool {
    let raw = UnsafeRawPointer(start)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // NB: the masks are made once per trace, not per row.
    return first & lowMask == low && second & highMask == high
  }
}

extension IDWords {
  /// Packs a non-empty ASCII id of at most 16 bytes at `start`, where 16
  /// bytes can be read; `nil` when it starts with `#`, as ``init(_:)``
  /// gives.
  @inline(__always)
  init?(ascii start: UnsafePointer<UInt8>, count: Int) {
    guard count <= 16, count > 0, start[0] != UInt8(ascii: "#") else { return nil }
    let raw = UnsafeRawPointer(start)
    let lowMask: UInt64 = count >= 8 ? ~0 : (1 &<< (8 &* UInt64(truncatingIfNeeded: count))) &- 1
    let highMask: UInt64 =
      count >= 16
      ? ~0 : count <= 8 ? 0 : (1 &<< (8 &* UInt64(truncatingIfNeeded: count &- 8))) &- 1
    self.low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & lowMask
    self.high =
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & highMask
    self.lowMask = lowMask
    self.highMask = highMask
    self.count = count
  }
}

extension IDWords {
  /// The id's bytes.
  var bytes: [UInt8] { (0..<count).map { byte(at: $0) } }

  /// The byte at `index` (less than ``count``).
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    let word = index < 8 ? low : high
    return UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: 8 &* (index & 7)))
  }

  /// Whether `bytes`, ``count`` of them, are the id's.
  @inline(__always)
  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var differ: UInt8 = 0
    for index in 0..<count { differ |= bytes[index] ^ byte(at: index) }
    return differ == 0
  }

  /// Whether `bytes`, ``count`` of them, are the id's.
  func matches(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { matches($0) }
  }
}
