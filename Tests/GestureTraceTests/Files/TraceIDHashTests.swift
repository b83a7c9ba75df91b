import Testing

@testable import GestureTrace

/// The id hash is 64-bit FNV-1a: the reference's test vectors, and the
/// three ways to give it an id agree.
@Suite struct TraceIDHashTests {
  /// Vectors of the FNV reference (Fowler, Noll and Vo; "FNV-1a 64").
  @Test(arguments: [
    ("", 0xcbf2_9ce4_8422_2325 as UInt64),
    ("a", 0xaf63_dc4c_8601_ec8c),
    ("foobar", 0x8594_4171_f739_67e8),
  ])
  func matchesTheReferenceVectors(_ id: String, _ expected: UInt64) {
    #expect(TraceIDHash.of(id) == expected)
    #expect(TraceIDHash.of(Array(id.utf8)) == expected)
    let bytes = Array(id.utf8)
    #expect(bytes.withUnsafeBufferPointer { TraceIDHash.of($0) } == expected)
  }

  /// A string hashes as its UTF-8 bytes, not its characters.
  @Test func hashesUTF8Bytes() {
    let id = "é-\u{0600}#1"
    #expect(TraceIDHash.of(id) == TraceIDHash.of(Array(id.utf8)))
    #expect(TraceIDHash.of("e\u{301}") != TraceIDHash.of("\u{e9}"))
  }
}
