extension Double {
  /// The number without a trailing `.0`.
  package var shortText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : description
  }
}
