import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The set of id hashes says "new" exactly when a `Set` would, through
/// growth, for the hashes of sequential ids (whose low bits vary little),
/// random values and 0, which marks its empty slots.
@Suite struct IDHashSetTests {
  @Test(arguments: [1, 16, 5_000])
  func insertsAsASetDoes(capacity: Int) {
    var ids = IDHashSet(capacity: capacity)
    var reference = Set<UInt64>()
    var rng = SplitMix64(seed: UInt64(capacity))
    // s000000 … s019999 as the synthesizer names them, each twice, then
    // random values, 0 and repeats of both.
    var hashes = (0..<20_000).map { PieceReader.idHash("s" + String(1_000_000 + $0).dropFirst()) }
    hashes += hashes.prefix(500)
    hashes += (0..<3_000).map { _ in rng.next() } + [0, 0, 1, 0]
    hashes += hashes.suffix(700)
    for hash in hashes {
      #expect(ids.insert(hash) == reference.insert(hash).inserted)
    }
    #expect(ids.count == reference.count)
    // 20,000 ids, 3,000 random values (distinct with overwhelming odds), 0
    // and 1.
    #expect(ids.count == 23_002)
  }
}
