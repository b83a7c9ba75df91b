extension CSVMetadataReader {
  /// Takes the common metadata line in one pass over its bytes: an ASCII
  /// `# trace <id> <key>: <value>` line with a valid value, for a trace
  /// whose rows have not started; `current` is the trace whose rows are
  /// being read, `ids` the decoder's (both only read).
  ///
  /// Returns `false`, having changed nothing, for any other line; the
  /// general path then reads it. Both paths give the same metadata.
  // NB: the general path makes strings of the id, key and value and checks
  // them as Unicode text; here ASCII is valid UTF-8, the id is compared as
  // bytes and keys and values come from `strings`.
  // NB: `current` and `ids` are `inout` so that they are passed by address:
  // passed by value, the pending trace was copied for every metadata line.
  mutating func takeTraceEntry(
    _ bytes: UnsafeBufferPointer<UInt8>, current: inout PendingTrace?, ids: inout CSVTraceIDs
  ) -> Bool {
    guard Self.isASCII(bytes),
      case .traceEntry(let idRange, let keyRange, let valueRange)? = CSVComment.parts(
        ascii: bytes)
    else { return false }
    let value = UnsafeBufferPointer(rebasing: bytes[valueRange])
    guard CSVComment.isValue(value) else { return false }
    let id = UnsafeBufferPointer(rebasing: bytes[idRange])
    // NB: ids are compared as strings, which are equal when canonically
    // equivalent; bytes decide alike only when both ids are ASCII.
    if let currentID = current?.idBytes {
      guard Self.isASCII(currentID), !Self.equals(currentID, id) else { return false }
    }
    if let words = recentIDWords, words.count == id.count, words.matches(id) {
      // Another line of the trace whose lines are being gathered.
    } else if let recent = recentIDBytes, Self.equals(recent, id) {
      // Another line of the trace whose lines are being gathered.
    } else {
      if let recent = recentIDBytes, !Self.isASCII(recent) { return false }
      if ids.hasStarted(id) { return false }
      storeRecentMetadata()
      setRecentID(Array(id))
      recentMetadata.reserveCapacity(lastMetadataCount)
    }
    gather(key: strings.interned(bytes, keyRange), value: strings.string(value))
    return true
  }

  /// Takes the commonest metadata line: `# trace <id> <key>: <value>`
  /// with single spaces and printable ASCII, for a trace whose rows have
  /// not started; `current` and `ids` as for ``takeTraceEntry(_:current:ids:)``.
  ///
  /// Returns `false`, having changed nothing, for any other line;
  /// ``takeTraceEntry(_:)`` then reads it. Both take the same entry.
  // NB: one pass over the bytes, without finding the words first; the key
  // and the value are interned from words loaded within the line. An id
  // equal to the gathered one needs no comparison with the current
  // trace's: the gathered id is never that trace's (`startTrace` takes its
  // lines, and a line for the current trace is reported, not gathered).
  mutating func takeShortTraceEntry(
    _ bytes: UnsafeBufferPointer<UInt8>, current: inout PendingTrace?, ids: inout CSVTraceIDs
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    // "# trace " as one word.
    guard count >= 16,
      UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        == UInt64(littleEndian: 0x2065_6361_7274_2023)
    else { return false }
    var index = 8
    var isGathered = false
    if let words = recentIDWords {
      if count >= 24 {
        // NB: the id as two words; the line has the 16 bytes they cover.
        isGathered =
          8 + words.count + 4 < count && words.isPrefix(of: base + 8)
          && base[8 + words.count] == 0x20
      } else {
        isGathered =
          8 + words.count + 4 < count
          && words.matches(UnsafeBufferPointer(start: base + 8, count: words.count))
          && base[8 + words.count] == 0x20
      }
      if isGathered { index += words.count }
    } else if let recent = recentIDBytes {
      isGathered = recent.withUnsafeBufferPointer { id -> Bool in
        guard 8 + id.count + 4 < count else { return false }
        for offset in 0..<id.count where base[8 + offset] != id[offset] || id[offset] >= 0x80 {
          return false
        }
        return base[8 + id.count] == 0x20
      }
      if isGathered { index += recent.count }
    }
    if !isGathered {
      // Printable ASCII but the colon (which would end the line's head).
      while index < count, base[index] &- 0x21 < 0x5E, base[index] != UInt8(ascii: ":") {
        index += 1
      }
      guard index > 8, index + 4 < count, base[index] == 0x20 else { return false }
    }
    let idEnd = index
    index += 1
    // NB: an ending seen before (`key: value`) was valid then and gives the
    // same entry; only the id is read. A new key joins the block.
    if let (slot, keyBit) = entries.slot(base, index, count) {
      if !isGathered { guard takeID(base, idEnd, count, &current, &ids) else { return false } }
      if recentKeySlots & keyBit == 0, recentMetadata.isEmpty, !recentBlock.isFull {
        recentKeySlots |= keyBit
        recentBlock.append(slot)
      } else {
        let entry = entries.entry(at: slot)
        gather(key: entry.key, value: entry.value)
      }
      return true
    }
    let keyStart = index
    while index < count, Self.isKeyByte(base[index]) { index += 1 }
    let keyEnd = index
    guard keyEnd > keyStart, keyEnd + 2 < count, base[keyEnd] == UInt8(ascii: ":"),
      base[keyEnd + 1] == 0x20, base[keyEnd + 2] != 0x20, base[count - 1] != 0x20
    else { return false }
    // The value: printable ASCII, spaces only inside.
    var bad = false
    for offset in (keyEnd + 2)..<count { bad = bad || base[offset] &- 0x20 >= 0x5F }
    guard !bad else { return false }
    if !isGathered { guard takeID(base, idEnd, count, &current, &ids) else { return false } }
    let entry = MetadataEntryCache.Entry(
      key: strings.interned(bytes, keyStart..<keyEnd),
      value: strings.interned(bytes, (keyEnd + 2)..<count).string)
    // NB: the block's slots must keep their entries until they are added.
    addRecentBlock()
    entries.remember(entry, base, keyStart, count)
    gather(key: entry.key, value: entry.value)
    return true
  }

  /// Starts gathering the lines of the trace whose printable ASCII id is
  /// the bytes from 8 to `idEnd` of a line of `count` bytes; `false`,
  /// having changed nothing, when the general path must read the line.
  // NB: in a line of 24 bytes or more the id is compared with the current
  // trace's as words (an ASCII id's words have no high bit), and kept as
  // words loaded from the line, without a loop over its bytes.
  @inline(__always)
  private mutating func takeID(
    _ base: UnsafePointer<UInt8>, _ idEnd: Int, _ count: Int, _ current: inout PendingTrace?,
    _ ids: inout CSVTraceIDs
  ) -> Bool {
    let id = UnsafeBufferPointer(start: base + 8, count: idEnd - 8)
    if let words = ids.currentWords, count >= 24 {
      guard (words.low | words.high) & 0x8080_8080_8080_8080 == 0,
        words.count != id.count || !words.isPrefix(of: base + 8)
      else { return false }
    } else if let currentID = current?.idBytes {
      guard Self.isASCII(currentID), !Self.equals(currentID, id) else { return false }
    }
    if let recent = recentIDBytes, !Self.isASCII(recent) { return false }
    // NB: a line for a trace already finished is the general path's to
    // report (one hash per trace whose lines start, not per line).
    if ids.hasStarted(id) { return false }
    storeRecentMetadata()
    if count >= 24, id.count <= 16 {
      setRecentID(ascii: base + 8, count: id.count)
    } else {
      setRecentID(Array(id))
    }
    return true
  }

  /// Sets an entry of the gathered metadata, its key with its `strings`
  /// slot.
  @inline(__always)
  private mutating func gather(key: (string: String, slot: Int), value: String) {
    addRecentBlock()
    if recentMetadata.isEmpty { recentMetadata.reserveCapacity(lastMetadataCount) }
    let bit: UInt64 = key.slot >= 0 ? 1 &<< UInt64(truncatingIfNeeded: key.slot & 63) : ~0
    if recentKeySlots & bit == 0 {
      recentKeySlots |= bit
      recentMetadata.append(newKey: key.string, value: value)
    } else {
      recentMetadata[key.string] = value
    }
  }

  /// Adds the entries of ``recentBlock`` to ``recentMetadata``, which is
  /// then all the gathered metadata.
  mutating func addRecentBlock() {
    guard !recentBlock.isEmpty else { return }
    let block = recentBlock
    recentBlock = MetadataBlockCache.Block()
    recentMetadata.reserveCapacity(max(lastMetadataCount, block.count))
    for index in 0..<block.count {
      let entry = entries.entry(at: block.slot(at: index))
      recentMetadata.append(newKey: entry.key.string, value: entry.value)
    }
  }

  /// The gathered metadata, taken: a block of lines seen before gives the
  /// metadata it gave then.
  mutating func takeRecentMetadata() -> TraceMetadata {
    if !recentBlock.isEmpty {
      let generation = entries.generation
      if let shared = blocks.metadata(recentBlock, generation: generation) {
        recentBlock = MetadataBlockCache.Block()
        return shared
      }
      let block = recentBlock
      addRecentBlock()
      blocks.remember(recentMetadata, block, generation: generation)
    }
    var taken = TraceMetadata()
    swap(&taken, &recentMetadata)
    return taken
  }

  /// Whether a byte may be in a metadata key: an ASCII letter or digit,
  /// `-`, `_` or `.`.
  @inline(__always)
  private static func isKeyByte(_ byte: UInt8) -> Bool {
    // NB: most key bytes are lowercase letters: one test for them first.
    if byte &- 0x61 < 26 { return true }
    // Bits 0x2D, 0x2E, 0x30...0x39 below 64; 0x41...0x5A, 0x5F from 64.
    let low: UInt64 = 0x03FF_6000_0000_0000
    let high: UInt64 = 0x0000_0000_87FF_FFFE
    return byte < 64
      ? low &>> UInt64(byte) & 1 != 0 : byte < 128 && high &>> UInt64(byte &- 64) & 1 != 0
  }

  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }

  private static func isASCII(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isASCII($0) }
  }

  private static func equals(_ stored: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    stored.withUnsafeBufferPointer { stored in
      guard stored.count == bytes.count else { return false }
      for index in 0..<bytes.count where stored[index] != bytes[index] { return false }
      return true
    }
  }
}
