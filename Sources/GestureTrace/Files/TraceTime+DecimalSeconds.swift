extension TraceTime {
  /// The time of decimal seconds read as their digits: `digits` is the
  /// integer they make, `decimals` of them after the point; `nil` for more
  /// than 9 decimals or a time out of range. As
  /// ``DecimalLiteral/nanoseconds()`` reads the same literal.
  ///
  /// The fast readers (CSV rows, JSON Lines events) read times this way.
  @inline(__always)
  static func decimalSeconds(_ digits: UInt64, decimals: Int, negative: Bool) -> TraceTime? {
    guard decimals <= 9 else { return nil }
    let (product, overflow) = digits.multipliedReportingOverflow(
      by: nanosecondsPerDecimalUnit[decimals])
    guard !overflow else { return nil }
    return TraceTime.checked(magnitude: product, negative: negative)
  }

  /// The nanoseconds in one unit of the last of 0 to 9 decimals of
  /// seconds: 10^(9 - n).
  static let nanosecondsPerDecimalUnit: [UInt64] = [
    1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1,
  ]
}
