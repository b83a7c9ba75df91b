/// One coordinate of a position, for estimators that work axis by axis.
enum VelocityAxis: Sendable, Hashable, CaseIterable {
  /// The horizontal coordinate.
  case x
  /// The vertical coordinate.
  case y

  /// This coordinate of `position`.
  func value(of position: Vector2D) -> Double {
    switch self {
    case .x: position.x
    case .y: position.y
    }
  }
}
