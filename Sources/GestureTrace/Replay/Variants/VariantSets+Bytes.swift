extension VariantSets {
  /// Parses a variants file from its bytes; bytes that are not UTF-8 are
  /// reported at their line and column, as `expected valid UTF-8, found
  /// byte 0xFF`, instead of being read as U+FFFD. Specs are looked up in
  /// `catalog`.
  package init(
    parsing bytes: [UInt8], in catalog: TransitionCatalog = .builtIn
  ) throws(VariantError) {
    if let offset = bytes.firstInvalidUTF8Offset {
      let before = bytes[..<offset]
      let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      throw VariantError(
        "\(line):\(column): expected valid UTF-8, found byte \(bytes[offset].hexText)")
    }
    try self.init(parsing: String(decoding: bytes, as: UTF8.self), in: catalog)
  }
}
