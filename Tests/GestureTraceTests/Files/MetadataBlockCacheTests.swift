import Testing

@testable import GestureTrace

@Suite struct MetadataBlockCacheTests {
  @Test(arguments: [[0], [255, 0, 7], [1, 2, 3, 4, 5, 6, 7, 8], [200, 200, 13, 0, 255]])
  func aBlockGivesBackItsSlotsInOrder(_ slots: [Int]) {
    var block = MetadataBlockCache.Block()
    for slot in slots { block.append(slot) }
    #expect(block.count == slots.count)
    #expect((0..<block.count).map { block.slot(at: $0) } == slots)
    #expect(block.isFull == (slots.count == MetadataBlockCache.Block.capacity))
  }

  @Test func blocksDifferInOrderAndLength() {
    var ab = MetadataBlockCache.Block()
    ab.append(1)
    ab.append(2)
    var ba = MetadataBlockCache.Block()
    ba.append(2)
    ba.append(1)
    var abZero = ab
    abZero.append(0)  // slot 0 adds no bits: the count tells them apart
    #expect(ab != ba)
    #expect(ab != abZero)
  }

  @Test func metadataIsFoundForItsBlockAndGenerationOnly() {
    var cache = MetadataBlockCache()
    var block = MetadataBlockCache.Block()
    block.append(3)
    block.append(9)
    var metadata = TraceMetadata()
    metadata["source"] = "synth"
    cache.remember(metadata, block, generation: 5)
    #expect(cache.metadata(block, generation: 5) == metadata)
    #expect(cache.metadata(block, generation: 6) == nil)
    var other = block
    other.append(4)
    #expect(cache.metadata(other, generation: 5) == nil)
    #expect(cache.metadata(MetadataBlockCache.Block(), generation: 5) == nil)
  }

  /// More blocks than the cache has room for (256), so some share a place:
  /// a lookup gives a block's own metadata or nothing, never another's.
  @Test func sharedPlacesNeverGiveAnotherBlocksMetadata() {
    var cache = MetadataBlockCache()
    let blocks = (0..<600).map { number -> MetadataBlockCache.Block in
      var block = MetadataBlockCache.Block()
      block.append(number % 256)
      if number >= 256 { block.append(number / 256) }
      return block
    }
    func metadata(_ number: Int) -> TraceMetadata {
      var metadata = TraceMetadata()
      metadata["n"] = String(number)
      return metadata
    }
    for (number, block) in blocks.enumerated() {
      cache.remember(metadata(number), block, generation: 1)
    }
    var found = 0
    for (number, block) in blocks.enumerated() {
      if let got = cache.metadata(block, generation: 1) {
        #expect(got == metadata(number))
        found += 1
      }
    }
    // At most one block per place, and the last remembered is found.
    #expect(found <= 256)
    #expect(cache.metadata(blocks[599], generation: 1) == metadata(599))
  }
}
