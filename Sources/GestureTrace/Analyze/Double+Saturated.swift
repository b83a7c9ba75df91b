extension Double {
  /// The value with infinities replaced by the largest finite double of
  /// their sign; finite values and NaN are unchanged.
  ///
  /// A quantity derived from finite trace values can be too large for a
  /// double (a path of 3.4e308 points, a speed of 1.7e308 points over 10 ms);
  /// features and estimated velocities saturate instead of becoming
  /// infinite, so reports never show `inf` for valid input.
  package var saturated: Double {
    guard isInfinite else { return self }
    return self < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
  }

  /// `a + (b - a) * fraction`, also when `b - a` overflows: then the two
  /// ends are weighted separately (each term is at most the larger end).
  static func interpolated(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
    let plain = a + (b - a) * fraction
    guard !plain.isFinite, a.isFinite, b.isFinite else { return plain }
    return a * (1 - fraction) + b * fraction
  }
}

extension Vector2D {
  /// The vector with each component ``Swift/Double/saturated``.
  package var saturated: Vector2D { Vector2D(x: x.saturated, y: y.saturated) }
}
