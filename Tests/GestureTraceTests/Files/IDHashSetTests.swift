import Testing

@testable import GestureTrace

@Suite struct IDHashSetTests {
  /// Hashes drawn from a small range (so that many repeat) and from the
  /// whole range, with 0 and neighbours of the table's slots: each insert
  /// answers as `Set<UInt64>.insert` does, through several doublings.
  @Test(arguments: 0..<10 as Range<UInt64>)
  func insertsAsASetDoes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var hashes = IDHashSet()
    var reference = Set<UInt64>()
    for step in 0..<5_000 {
      let hash: UInt64
      switch step % 4 {
      case 0: hash = UInt64.random(in: 0..<2_000, using: &rng)
      case 1: hash = rng.next()
      case 2: hash = UInt64.random(in: 0..<2_000, using: &rng) &<< 58  // same low bits
      default: hash = [0, 1, UInt64.max][Int.random(in: 0..<3, using: &rng)]
      }
      #expect(hashes.insert(hash) == reference.insert(hash).inserted)
    }
    // The count leaves out 0, which is kept apart.
    #expect(hashes.count == reference.subtracting([0]).count)
    // Its elements are the set's, each once, 0 included when inserted.
    #expect(hashes.elements.count == reference.count)
    #expect(Set(hashes.elements) == reference)
  }

  /// A decoder's started ids are the hashes of the traces it read, and of
  /// a trace spoiled by a bad row.
  @Test func decoderListsTheIDsOfTheTracesItStarted() {
    var decoder = CSVTraceDecoder()
    let text = """
      trace,t,phase,tx,ty
      a,0,began,0,0
      a,0.01,ended,0,5
      b2,0,began,0,0
      b2,0.01,ended,1,1
      c,0,began,x,0
      """
    let items = decoder.decode(text + "\n")
    let read = items.compactMap { item -> String? in
      guard case .trace(let trace, _) = item else { return nil }
      return trace.id
    }
    #expect(read == ["a", "b2"])
    #expect(
      Set(decoder.startedTraceIDHashes)
        == Set(["a", "b2", "c"].map { TraceIDHash.of(Array($0.utf8)) }))
  }

  /// Batches answer "all new" exactly when each of their hashes is new to
  /// the set and to the batch before it, as one `Set` sees them; and a
  /// reserved set answers as a growing one.
  @Test(arguments: 0..<10 as Range<UInt64>)
  func batchesAnswerAsASetDoes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var batched = IDHashSet()
    var reserved = IDHashSet()
    reserved.reserveCapacity(3_000)
    var reference = Set<UInt64>()
    for _ in 0..<40 {
      let size = Int.random(in: 0..<120, using: &rng)
      let batch = (0..<size).map { _ -> UInt64 in
        // Mostly new, sometimes a repeat of an earlier hash, sometimes 0.
        switch rng.next() % 50 {
        case 0: return 0
        case 1: return UInt64.random(in: 0..<40, using: &rng)
        default: return rng.next()
        }
      }
      var expected = true
      for hash in batch where !reference.insert(hash).inserted { expected = false }
      #expect(batched.insert(contentsOf: batch) == expected)
      #expect(reserved.insert(contentsOf: batch) == expected)
    }
    #expect(batched.count == reference.subtracting([0]).count)
    #expect(reserved.count == batched.count)
  }
}
