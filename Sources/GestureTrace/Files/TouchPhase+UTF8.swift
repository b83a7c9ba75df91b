extension TouchPhase {
  /// Reads a phase name from UTF-8 bytes.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    // NB: compared byte by byte; a generic comparison with a string's UTF-8
    // view costs more than the rest of a row.
    func matches(_ word: StaticString) -> Bool {
      guard bytes.count == word.utf8CodeUnitCount else { return false }
      let expected = word.utf8Start
      for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
      return true
    }
    switch bytes.count {
    case 5 where matches("began"): self = .began
    case 5 where matches("ended"): self = .ended
    case 6 where matches("failed"): self = .cancelled
    case 7 where matches("changed"): self = .changed
    case 9 where matches("cancelled"): self = .cancelled
    default: return nil
    }
  }
}
