/// What the one-pass row reader of ``CSVTraceDecoder`` knows of a file's
/// rows: the role of each field, and whether the columns are in the order
/// the encoder writes. Its static functions read the fields of a row (see
/// `CSVRowScanner+Numbers.swift`).
///
/// The decoder's `scanRow` reads the common rows with it; any other row
/// goes the general way (split into fields, then parse each). Both ways
/// give the same events and problems (`CSVRowScanTests`,
/// `CSVRowScannerAgreementTests`).
struct CSVRowScanner {
  /// Whether common rows and trace metadata lines take the one-pass path
  /// (tests compare both).
  var isEnabled = true
  /// What each field of a row is, as ``CSVLayout/Role`` codes; empty
  /// before the header.
  private(set) var roles: [UInt8] = []
  /// The encoder's column order, when the header has it.
  private(set) var canonicalRow: CanonicalRow?

  /// Learns the rows' fields from the header's layout.
  mutating func read(_ layout: CSVLayout) {
    roles = layout.roles
    canonicalRow = CanonicalRow(roles)
  }
}
