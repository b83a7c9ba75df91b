/// The offsets of the commas and line breaks in a window of bytes, found
/// 64 bytes at a time with vector compares, for ``CSVTraceDecoder``'s
/// block reader.
///
/// A window starts at a line start and holds at most ``windowSize``
/// bytes, a whole number of 64-byte blocks. Its separators are listed in
/// order; ``cursor`` is the first one the reader has not used.
// NB: a class, so that the decoder (a struct) carries one reference and
// the reader can keep it while it calls the decoder's mutating methods.
// The window is only valid during one `push`: the decoder clears it at
// the start of each, and makes a new one when a copy of the decoder
// shares it.
final class SeparatorIndex {
  /// The most bytes a window holds.
  static let windowSize = 16_384

  /// The separators' offsets from ``start``, ``count`` of them.
  let offsets: UnsafeMutablePointer<UInt32>
  /// The number of separators in the window.
  private(set) var count = 0
  /// The bytes the window is in; `nil` when there is no window.
  private(set) var base: UnsafePointer<UInt8>?
  /// The window's first byte.
  private(set) var start = 0
  /// The offset after the window's last byte.
  private(set) var end = 0
  /// The first separator not yet used.
  var cursor = 0
  /// The bit each byte of a 16-byte vector stands for in its half's mask.
  // NB: a stored value, not a literal: with the weights known, the
  // compiler sees that the sum of a half's weights is a bitwise or and
  // builds it byte by byte; with them unknown, it sums each half with one
  // `psadbw` (x86) — the movemask Swift does not offer.
  private let weights: SIMD16<UInt8>

  /// Creates an empty index.
  init() {
    offsets = .allocate(capacity: Self.windowSize + 64)
    weights = SIMD16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
  }

  deinit { offsets.deallocate() }

  /// Forgets the window.
  func clear() {
    base = nil
    count = 0
    cursor = 0
    start = 0
    end = 0
  }

  /// Whether the window is in `base` and holds `offset`; then moves
  /// ``cursor`` to the first separator at or after `offset`.
  @inline(__always)
  func covers(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Bool {
    guard self.base == base, offset >= start, offset < end else { return false }
    let target = UInt32(truncatingIfNeeded: offset &- start)
    while cursor < count, offsets[cursor] < target { cursor &+= 1 }
    return true
  }

  /// Makes the window that starts at `start` and ends at or before
  /// `limit` (at least 64 bytes after `start`), and lists its separators.
  func build(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int) {
    let blocks = min(Self.windowSize, limit &- start) &>> 6
    self.base = base
    self.start = start
    self.end = start &+ blocks &<< 6
    cursor = 0
    var found = 0
    let weights = self.weights
    for block in 0..<blocks {
      var bits = Self.mask(UnsafeRawPointer(base + (start &+ block &<< 6)), weights)
      let offset = UInt32(truncatingIfNeeded: block &<< 6)
      while bits != 0 {
        offsets[found] = offset &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
        found &+= 1
        bits &= bits &- 1
      }
    }
    count = found
  }

  /// One bit for each comma or line break among the 64 bytes at `bytes`,
  /// the lowest bit for the first byte.
  @inline(__always)
  static func mask(_ bytes: UnsafeRawPointer, _ weights: SIMD16<UInt8>) -> UInt64 {
    let comma = SIMD16<UInt8>(repeating: UInt8(ascii: ","))
    let lineBreak = SIMD16<UInt8>(repeating: 0x0A)
    var bits: UInt64 = 0
    for part in 0..<4 {
      let vector = bytes.loadUnaligned(fromByteOffset: part &* 16, as: SIMD16<UInt8>.self)
      let hits = unsafeBitCast((vector .== comma) .| (vector .== lineBreak), to: SIMD16<UInt8>.self)
      let weighted = hits & weights
      let low = UInt64(weighted.lowHalf.wrappedSum())
      let high = UInt64(weighted.highHalf.wrappedSum())
      bits |= (low | high &<< 8) &<< UInt64(part &* 16)
    }
    return bits
  }
}
