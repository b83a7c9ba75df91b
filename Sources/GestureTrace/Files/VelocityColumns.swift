/// ``CanonicalRow/velocity``.
enum VelocityColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { false }
}
