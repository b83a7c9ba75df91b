extension Int {
  /// 1 when `condition` holds, else 0, without a branch.
  // NB: written as `condition ? 1 : 0`, the loops that count or move by a
  // comparison (selection, ranges, bins) were compiled with a conditional
  // jump, mispredicted on most values.
  @inline(__always)
  init(bit condition: Bool) {
    self = Int(unsafeBitCast(condition, to: UInt8.self))
  }
}
