extension CSVTraceDecoder {
  /// Takes the common metadata line in one pass over its bytes: an ASCII
  /// `# trace <id> <key>: <value>` line with a valid value, for a trace
  /// whose rows have not started.
  ///
  /// Returns `false`, having changed nothing, for any other line; the
  /// general path then reads it. Both paths give the same metadata.
  // NB: the general path makes strings of the id, key and value and checks
  // them as Unicode text; here ASCII is valid UTF-8, the id is compared as
  // bytes and keys and values come from `strings`.
  mutating func takeTraceEntry(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    if let recent = recentIDBytes, Self.equals(recent, id) {
      // Another line of the trace whose lines are being gathered.
    } else {
      if let recent = recentIDBytes, !Self.isASCII(recent) { return false }
      storeRecentMetadata()
      recentIDBytes = Array(id)
      recentMetadata.reserveCapacity(lastMetadataCount)
    }
    let key = strings.string(UnsafeBufferPointer(rebasing: bytes[keyRange]))
    recentMetadata[key] = strings.string(value)
    return true
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
