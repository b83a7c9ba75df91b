/// ``CanonicalRow/both``.
enum AllColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { true }
}
