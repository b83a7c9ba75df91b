/// A small, fast, seeded pseudo-random number generator: Steele, Lea and
/// Flood's SplitMix64.
///
/// The same seed always yields the same sequence on every platform, which
/// makes it the generator for synthetic traces and for property tests:
///
/// ```swift
/// var rng = SplitMix64(seed: 0)
/// rng.next()   // 0xE220A8397B1DCDAF
/// ```
///
/// It is not a cryptographic generator.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The generator's state: it advances by a fixed odd constant per output.
  private var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= SplitMix64.golden
    return SplitMix64.mixed(state)
  }

  /// The state increment: 2⁶⁴ divided by the golden ratio, made odd.
  static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// SplitMix64's output function: a bijective mix of 64 bits.
  static func mixed(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
