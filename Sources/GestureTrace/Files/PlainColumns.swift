/// ``CanonicalRow/plain``.
enum PlainColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { false }
}
