import Testing

@testable import GestureTrace

@Suite struct InternedStringsTests {
  /// Byte sequences of 0 to 24 bytes drawn from a few letters, so that the
  /// same sequence comes back often and slots are shared and replaced.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func givesWhatDecodingGives(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var strings = InternedStrings()
    let alphabet: [UInt8] = Array("abc.\u{E9}".utf8) + [0xFF]
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...24, using: &rng)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &rng)! }
      let string = bytes.withUnsafeBufferPointer { strings.string($0) }
      #expect(string == String(decoding: bytes, as: UTF8.self))
      #expect(Array(string.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
  }
}
