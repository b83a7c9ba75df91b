import Testing

@testable import GestureTrace

@Suite struct SeparatorIndexTests {
  /// Random bytes with commas and line breaks among them, dense and
  /// sparse, and bytes that differ from them in one bit (`-`, `.`, `\v`,
  /// 0x8A, 0xAC): the index lists exactly the offsets of the commas and
  /// line breaks of its window, which is a whole number of 64-byte
  /// blocks, at most the window size, ending at or before the limit.
  @Test(arguments: 0..<24 as Range<UInt64>)
  func listsEveryCommaAndLineBreak(_ seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let size = Int.random(in: 64...40_000, using: &random)
    let alphabet: [UInt8] = [0x2C, 0x0A, 0x2D, 0x2E, 0x0B, 0x8A, 0xAC, 0x30, 0x61, 0x00, 0xFF]
    let density = Int.random(in: 1...30, using: &random)
    let bytes = (0..<size).map { _ -> UInt8 in
      Int.random(in: 0..<density, using: &random) == 0
        ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0x30...0x7A, using: &random)
    }
    let start = Int.random(in: 0..<(size - 63), using: &random)
    let limit = Int.random(in: (start + 64)...size, using: &random)
    let index = SeparatorIndex()
    bytes.withUnsafeBufferPointer { buffer in
      index.build(buffer.baseAddress!, from: start, limit: limit)
    }
    let length = min(SeparatorIndex.windowSize, limit - start) / 64 * 64
    #expect(index.start == start)
    #expect(index.end == start + length)
    let expected = (start..<(start + length)).filter { bytes[$0] == 0x2C || bytes[$0] == 0x0A }
    let found = (0..<index.count).map { start + Int(index.offsets[$0]) }
    #expect(found == expected)
  }

  /// `covers` holds for offsets inside the window only, and moves the
  /// cursor to the first separator at or after the offset.
  @Test func coversMovesTheCursor() {
    let text = Array((String(repeating: "ab,cd\n", count: 40)).utf8)
    let index = SeparatorIndex()
    text.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      index.build(base, from: 6, limit: text.count)
      #expect(index.end == 6 + 192)
      #expect(!index.covers(base, 5))
      #expect(!index.covers(base, 6 + 192))
      #expect(index.covers(base, 6))
      #expect(index.cursor == 0)
      #expect(index.covers(base, 9))
      #expect(index.cursor == 1)  // the line break at 11
      #expect(index.covers(base, 12))
      #expect(6 + Int(index.offsets[index.cursor]) == 14)
      index.clear()
      #expect(!index.covers(base, 12))
    }
  }
}
