extension Double {
  /// The number as reports print it: a whole number below 1e15 as an
  /// integer (`-0` as `0`), anything else as `description` (`0.25`,
  /// `1000000000000000.0`, `1e+21`, `5e-324`, `nan`).
  ///
  /// Trace files print numbers as ``shortestDescription`` does; the two
  /// differ on `-0` (`0` here, `-0` there) and on whole numbers from 1e15
  /// to 2^53 (`1000000000000000.0` here, `1000000000000000` there).
  package var reportText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : description
  }
}
