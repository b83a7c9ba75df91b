/// ``CanonicalRow/location``.
enum LocationColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { true }
}
