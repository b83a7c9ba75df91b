/// The metadata of recent traces, by the sequence of remembered line
/// endings their lines were: a trace whose lines are the same endings in
/// the same order gets the same ``TraceMetadata``, shared, instead of a new
/// one entry by entry.
///
/// A file of many traces writes the same few blocks of metadata lines but
/// for the trace id (`source`, `units`, `view`, `intent`…, in one order).
// NB: a block is named by the ``MetadataEntryCache`` slots of its endings
// (at most 8, a byte each) and that cache's generation: slots keep their
// entries while the generation is unchanged, so equal names mean equal
// entries in equal order. 256 blocks, direct-mapped; a miss replaces.
struct MetadataBlockCache {
  /// The line endings of a trace's metadata lines so far, as
  /// ``MetadataEntryCache`` slots.
  struct Block: Equatable {
    /// The slots, a byte each, the first lowest.
    private(set) var slots: UInt64 = 0
    /// The number of slots.
    private(set) var count = 0

    /// The largest number of slots.
    static let capacity = 8

    /// Whether it has no slots.
    var isEmpty: Bool { count == 0 }

    /// Whether it has ``capacity`` slots.
    var isFull: Bool { count == Self.capacity }

    /// The slot at `index`.
    func slot(at index: Int) -> Int {
      Int(truncatingIfNeeded: (slots &>> UInt64(truncatingIfNeeded: 8 &* index)) & 0xFF)
    }

    /// Adds a slot (0..<256); the block is not full.
    mutating func append(_ slot: Int) {
      slots |= UInt64(truncatingIfNeeded: slot & 0xFF) &<< UInt64(truncatingIfNeeded: 8 &* count)
      count &+= 1
    }
  }

  private struct Stored {
    var block: Block
    var generation: Int
    var metadata: TraceMetadata
  }

  private var stored = [Stored](
    repeating: Stored(block: Block(), generation: -1, metadata: TraceMetadata()), count: 256)

  @inline(__always)
  private static func index(_ block: Block) -> Int {
    let mixed = (block.slots ^ UInt64(truncatingIfNeeded: block.count)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> 56)
  }

  /// The metadata remembered for a block of a generation, if any.
  func metadata(_ block: Block, generation: Int) -> TraceMetadata? {
    let index = Self.index(block)
    return stored.withUnsafeBufferPointer { stored -> TraceMetadata? in
      guard stored[index].block == block, stored[index].generation == generation else {
        return nil
      }
      return stored[index].metadata
    }
  }

  /// Remembers the metadata that a block of a generation gives.
  mutating func remember(_ metadata: TraceMetadata, _ block: Block, generation: Int) {
    stored[Self.index(block)] = Stored(block: block, generation: generation, metadata: metadata)
  }
}
