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

  /// The Euclidean length, finite whenever it is representable (no
  /// overflow of the squares for components beyond 1e154).
  public var length: Double {
    let plain = (x * x + y * y).squareRoot()
    guard !plain.isFinite || plain < 0x1p-500 else { return plain }
    return Vector2D.scaledLength(x, y)
  }

  /// `hypot` without Foundation: the components scaled by the larger one,
  /// so neither squares overflow nor tiny values underflow.
  // NB: exact arithmetic only (no library `hypot`), so it stays the same
  // on every platform; taken only when the plain formula fails.
  static func scaledLength(_ x: Double, _ y: Double) -> Double {
    let large = Swift.max(x.magnitude, y.magnitude)
    guard large.isFinite, large > 0 else { return large.isNaN ? .nan : large }
    let a = x / large
    let b = y / large
    return large * (a * a + b * b).squareRoot()
  }

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
