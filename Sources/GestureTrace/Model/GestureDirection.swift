/// A direction a finger moves in, in UIKit coordinates (y grows downwards).
public enum GestureDirection: String, Sendable, Hashable, Codable, CaseIterable {
  /// Towards the top of the screen (negative y).
  case up
  /// Towards the bottom of the screen (positive y).
  case down
  /// Towards the left edge (negative x).
  case left
  /// Towards the right edge (positive x).
  case right

  /// The unit vector along the direction.
  public var unit: Vector2D {
    switch self {
    case .up: return Vector2D(x: 0, y: -1)
    case .down: return Vector2D(x: 0, y: 1)
    case .left: return Vector2D(x: -1, y: 0)
    case .right: return Vector2D(x: 1, y: 0)
    }
  }

  /// The unit vector across the direction.
  public var cross: Vector2D { Vector2D(x: unit.y, y: unit.x) }

  /// The direction's axis: `x` for left and right, `y` for up and down.
  public var axis: String {
    switch self {
    case .up, .down: return "y"
    case .left, .right: return "x"
    }
  }

  /// The direction a translation mostly points in: along its larger
  /// component, `nil` for a zero or non-finite translation.
  public init?(of translation: Vector2D) {
    guard translation.isFinite, translation != .zero else { return nil }
    if translation.y.magnitude >= translation.x.magnitude {
      self = translation.y < 0 ? .up : .down
    } else {
      self = translation.x < 0 ? .left : .right
    }
  }
}
