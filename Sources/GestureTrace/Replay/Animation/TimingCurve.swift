/// A cubic Bézier timing curve from (0, 0) to (1, 1), like
/// `CAMediaTimingFunction` and `UICubicTimingParameters`.
///
/// The curve maps the fraction of an animation's duration that has elapsed to
/// the fraction of the change that has been applied:
///
/// ```swift
/// TimingCurve.easeInEaseOut.progress(at: 0.5)   // 0.5
/// TimingCurve.easeIn.progress(at: 0.5)          // ≈ 0.3153
/// ```
///
/// The named curves use Core Animation's exact control points. Progress is
/// accurate to 1e-12 or better and is computed with `+ - * /` only, so it is
/// the same on every platform.
public struct TimingCurve: Sendable, Hashable, Codable {
  /// The first control point's horizontal coordinate, in 0…1.
  public let x1: Double
  /// The first control point's vertical coordinate.
  public let y1: Double
  /// The second control point's horizontal coordinate, in 0…1.
  public let x2: Double
  /// The second control point's vertical coordinate.
  public let y2: Double

  /// Creates a curve from its two control points.
  ///
  /// The horizontal coordinates are clamped to 0…1, as Core Animation
  /// requires, so that time maps to exactly one progress value; the vertical
  /// coordinates may lie outside 0…1 to overshoot. A NaN or infinite
  /// coordinate is replaced by the corresponding coordinate of ``linear``.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = TimingCurve.clamped(x1, orLinear: 0)
    self.x2 = TimingCurve.clamped(x2, orLinear: 1)
    self.y1 = y1.isFinite ? y1 : 0
    self.y2 = y2.isFinite ? y2 : 1
  }

  /// Constant speed: control points (0, 0) and (1, 1).
  public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
  /// Slow start: control points (0.42, 0) and (1, 1).
  public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
  /// Slow end: control points (0, 0) and (0.58, 1).
  public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
  /// Slow start and end, UIKit's default animation curve: control points
  /// (0.42, 0) and (0.58, 1).
  public static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
  /// Core Animation's default timing function (`kCAMediaTimingFunctionDefault`):
  /// control points (0.25, 0.1) and (0.25, 1).
  public static let `default` = TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

  /// Returns the progress of the animation after the given fraction of its
  /// duration.
  ///
  /// - Parameter fraction: The elapsed fraction of the duration; values
  ///   below 0 (and NaN) give 0, values above 1 give 1.
  /// - Returns: The curve's height where its horizontal coordinate is
  ///   `fraction`, within 1e-12.
  /// - Complexity: A few Newton steps; at most about 50 bisection steps when
  ///   Newton's method does not converge. Never allocates.
  public func progress(at fraction: Double) -> Double {
    guard fraction > 0 else { return 0 }
    guard fraction < 1 else { return 1 }
    let s = parameter(forX: fraction)
    return TimingCurve.bezier(s, y1, y2)
  }

  /// Returns the Bézier parameter s in 0…1 with x(s) = `x`, for 0 < x < 1.
  func parameter(forX x: Double) -> Double {
    // NB: x(s) is increasing on 0…1 because x1 and x2 lie in 0…1, so the
    // root is unique. Newton from s = x converges in 2–5 steps for the named
    // curves; when x'(s) vanishes (x1 = 0 near s = 0, x2 = 1 near s = 1)
    // bisection takes over, which always converges.
    var s = x
    for _ in 0..<8 {
      let slope = TimingCurve.bezierSlope(s, x1, x2)
      if !(slope > 1e-6) { break }
      let step = (TimingCurve.bezier(s, x1, x2) - x) / slope
      s -= step
      if !(s > 0 && s < 1) { break }
      if step.magnitude < 1e-14 { return s }
    }
    var low = 0.0
    var high = 1.0
    while high - low > 1e-14 {
      let middle = (low + high) / 2
      if TimingCurve.bezier(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// One coordinate of the curve at parameter s:
  /// 3(1 − s)²s·p1 + 3(1 − s)s²·p2 + s³.
  static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    let a = 1 - c - b
    return ((a * s + b) * s + c) * s
  }

  /// The derivative of ``bezier(_:_:_:)`` with respect to s.
  static func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    let a = 1 - c - b
    return (3 * a * s + 2 * b) * s + c
  }

  private static func clamped(_ value: Double, orLinear fallback: Double) -> Double {
    guard value.isFinite else { return fallback }
    return min(max(value, 0), 1)
  }
}

extension TimingCurve {
  /// Creates a curve by decoding its control points, with the same clamping
  /// as ``init(x1:y1:x2:y2:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      x1: try container.decode(Double.self, forKey: .x1),
      y1: try container.decode(Double.self, forKey: .y1),
      x2: try container.decode(Double.self, forKey: .x2),
      y2: try container.decode(Double.self, forKey: .y2))
  }
}
