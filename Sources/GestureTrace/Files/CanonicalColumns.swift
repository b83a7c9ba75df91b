/// A ``CanonicalRow`` as a type: which optional pairs follow `tx,ty`.
protocol CanonicalColumns {
  /// Whether `vx,vy` follow.
  static var hasVelocity: Bool { get }
  /// Whether `x,y` follow (after `vx,vy` when both do).
  static var hasLocation: Bool { get }
}

/// ``CanonicalRow/plain``.
enum PlainColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { false }
}

/// ``CanonicalRow/velocity``.
enum VelocityColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { false }
}

/// ``CanonicalRow/location``.
enum LocationColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { true }
}

/// ``CanonicalRow/both``.
enum AllColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { true }
}
