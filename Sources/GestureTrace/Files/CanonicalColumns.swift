/// A ``CanonicalRow`` as a type: which optional pairs follow `tx,ty`.
protocol CanonicalColumns {
  /// Whether `vx,vy` follow.
  static var hasVelocity: Bool { get }
  /// Whether `x,y` follow (after `vx,vy` when both do).
  static var hasLocation: Bool { get }
}
