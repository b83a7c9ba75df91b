/// A two-dimensional vector: a translation in points or a velocity in points
/// per second.
public struct Vector2D: Sendable, Hashable, Codable {
  /// The horizontal component; positive to the right.
  public var x: Double
  /// The vertical component; positive downwards, as in UIKit.
  public var y: Double

  /// Creates a vector from its components.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The zero vector.
  public static let zero = Vector2D(x: 0, y: 0)

  /// The Euclidean length.
  public var length: Double { (x * x + y * y).squareRoot() }

  /// Whether both components are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The component-wise sum.
  public static func + (lhs: Vector2D, rhs: Vector2D) -> Vector2D {
    Vector2D(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// The component-wise difference.
  public static func - (lhs: Vector2D, rhs: Vector2D) -> Vector2D {
    Vector2D(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// The vector scaled by a factor.
  public static func * (lhs: Vector2D, rhs: Double) -> Vector2D {
    Vector2D(x: lhs.x * rhs, y: lhs.y * rhs)
  }
}
