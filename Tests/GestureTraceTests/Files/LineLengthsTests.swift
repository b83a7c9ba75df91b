import Testing

@testable import GestureTrace

/// Line lengths measured in pieces are those of the whole text: how
/// `convert` measures a trace it writes a row at a time against the
/// readers' line caps.
@Suite struct LineLengthsTests {
  /// The longest line counted the plain way: split at every line feed.
  private func longestBySplitting(_ bytes: [UInt8]) -> Int {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(\.count).max() ?? 0
  }

  @Test(arguments: [
    ("", 0), ("abc", 3), ("ab\n", 2), ("\nabcd", 4), ("a\nbbb\nc", 3), ("\n\n", 0),
    ("é\n", 2), ("# trace g1 kind: drag\ng1,0,began,0,0\n", 21),
  ])
  func longestLineOfAText(text: String, longest: Int) {
    #expect(LineLengths(text.utf8).longest == longest)
  }

  /// Random texts of letters, line feeds and two-byte characters, cut into
  /// random pieces: the pieces joined measure as the whole text.
  @Test(arguments: 0..<100 as Range<UInt64>)
  func piecesMeasureAsTheWholeText(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet: [[UInt8]] = [[0x61], [0x62], [0x0A], Array("é".utf8)]
    var bytes: [UInt8] = []
    for _ in 0..<Int(random.next() % 120) {
      bytes += alphabet[Int(random.next() % UInt64(alphabet.count))]
    }
    let whole = LineLengths(bytes)
    #expect(whole.longest == longestBySplitting(bytes))
    var joined = LineLengths()
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int(random.next() % 9))
      joined.append(LineLengths(bytes[start..<end]))
      start = end
    }
    #expect(joined == whole)
  }
}
