import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `TraceSpool` holds a trace's converted text until the trace ends; what
/// it hands back must be the text appended, in order, in pieces that are
/// each valid UTF-8 however the file reads cut it.
@Suite struct TraceSpoolTests {
  /// The pieces handed back, and whether the file read back.
  static func pieces(_ spool: TraceSpool) -> (pieces: [String], ok: Bool) {
    var pieces: [String] = []
    let ok = spool.forEachPiece { pieces.append($0) }
    return (pieces, ok)
  }

  /// Text mixing sequences of one to four bytes.
  static func text(pieces: Int, seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    let alphabet = ["a", ",", "\n", "é", "ß", "日", "€", "😀", "𝄞", "0"]
    return (0..<pieces).map { _ in
      (0..<Int(generator.next() % 12)).map { _ in
        alphabet[Int(generator.next() % UInt64(alphabet.count))]
      }.joined()
    }
  }

  @Test func keepsShortTextInMemory() {
    let spool = TraceSpool(memoryLimit: 16)
    spool.append("abc")
    spool.append("déf")
    #expect(!spool.hasSpilled)
    #expect(spool.byteCount == 7)
    #expect(spool.heldByteCount == 7)
    let (pieces, ok) = Self.pieces(spool)
    #expect(ok)
    #expect(pieces == ["abcdéf"])
  }

  /// Text reaching the limit goes to the file; one byte short stays.
  @Test func spillsAtTheLimit() {
    let spool = TraceSpool(memoryLimit: 8)
    spool.append("1234567")
    #expect(!spool.hasSpilled)
    spool.append("8")
    #expect(spool.hasSpilled)
    #expect(spool.heldByteCount == 0)
    spool.append("9")
    #expect(spool.byteCount == 9)
    #expect(Self.pieces(spool).pieces.joined() == "123456789")
  }

  /// With limits of 1 to 9 bytes every multi-byte sequence is cut by some
  /// read; each piece still decodes to the text written.
  @Test(arguments: 1...9)
  func piecesAreWholeCharactersInOrder(limit: Int) {
    let spool = TraceSpool(memoryLimit: limit)
    let appended = Self.text(pieces: 300, seed: UInt64(limit))
    for piece in appended { spool.append(piece) }
    let (pieces, ok) = Self.pieces(spool)
    #expect(ok)
    #expect(pieces.joined() == appended.joined())
    #expect(pieces.allSatisfy { !$0.unicodeScalars.contains("\u{FFFD}") })
    #expect(pieces.allSatisfy { $0.utf8.count <= max(limit, 4) })
    #expect(spool.byteCount == appended.joined().utf8.count)
  }

  /// Around the default limit of 256 KiB, in pieces of rows.
  @Test(arguments: [(1 << 18) - 1, 1 << 18, (1 << 18) + 1, 3 * (1 << 18) + 2])
  func largeTextRoundTrips(bytes: Int) {
    let spool = TraceSpool()
    #expect(spool.memoryLimit == 1 << 18)
    let row = "t,0.0083,日本,😀\n"
    var appended = String(repeating: row, count: bytes / row.utf8.count)
    appended += String(repeating: "x", count: bytes - appended.utf8.count)
    #expect(appended.utf8.count == bytes)
    var index = appended.startIndex
    while index < appended.endIndex {
      let end =
        appended.index(index, offsetBy: 1_000, limitedBy: appended.endIndex) ?? appended.endIndex
      spool.append(String(appended[index..<end]))
      index = end
    }
    #expect(spool.byteCount == bytes)
    #expect(spool.hasSpilled == (bytes >= 1 << 18))
    let (pieces, ok) = Self.pieces(spool)
    #expect(ok)
    #expect(pieces.joined() == appended)
  }

  /// A reset drops the text and the file; the spool then starts afresh.
  @Test func resetDropsEverything() {
    let spool = TraceSpool(memoryLimit: 4)
    spool.append("dropped text")
    #expect(spool.hasSpilled)
    spool.reset()
    #expect(spool.byteCount == 0)
    #expect(!spool.hasSpilled)
    let (pieces, ok) = Self.pieces(spool)
    #expect(ok)
    #expect(pieces == [])
    spool.append("kept😀")
    #expect(Self.pieces(spool).pieces.joined() == "kept😀")
  }

  struct Stop: Error {}

  /// An error thrown by the visitor ends the pass and reaches the caller.
  @Test func aThrowingVisitorStopsThePass() {
    let spool = TraceSpool(memoryLimit: 4)
    spool.append("abcdefghij")
    var seen: [String] = []
    var stopped = false
    do throws(Stop) {
      _ = try spool.forEachPiece { (piece: String) throws(Stop) in
        seen.append(piece)
        throw Stop()
      }
    } catch {
      stopped = true
    }
    #expect(stopped)
    #expect(seen == ["abcd"])
  }
}
