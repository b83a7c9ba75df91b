/// Android's `lsq2` and `impulse` estimators, computed in `Float` as AOSP
/// `libs/input/VelocityTracker.cpp` does.
///
/// Both read a pointer's stored samples, oldest first; the caller has already
/// applied Android's history rules (20 samples, 100 ms horizon, equal times
/// replaced, 40 ms stop). Results are in position units per second.
enum AndroidVelocityMath {
  /// Nanoseconds to seconds, as the float32 constant AOSP multiplies by.
  static let secondsPerNanosecond: Float = 1e-9

  /// The `lsq2` velocity along one axis: the slope at the newest sample of
  /// the least-squares quadratic through the samples.
  ///
  /// - One sample (or none): `nil`.
  /// - Two samples: the straight line through them (AOSP's general QR path
  ///   at degree 1); `nil` when its time column is degenerate.
  /// - Three or more: the closed-form unweighted quadratic fit on centred
  ///   float32 sums; `nil` when its denominator is exactly zero.
  static func leastSquaresVelocity(
    _ ring: VelocitySampleRing, axis: VelocityAxis
  ) -> Float? {
    let count = ring.count
    guard count >= 2, let newest = ring.newest else { return nil }
    if count == 2 {
      return lineVelocity(from: ring[0], to: newest, axis: axis)
    }
    var sumX: Float = 0
    var sumX2: Float = 0
    var sumX3: Float = 0
    var sumX4: Float = 0
    var sumY: Float = 0
    var sumXY: Float = 0
    var sumX2Y: Float = 0
    for index in 0..<count {
      let entry = ring[index]
      // NB: time is the age relative to the newest sample, negated, in
      // seconds: computed from the exact integer difference, never from
      // absolute times in float32.
      let age = VelocitySampleRing.nanoseconds(from: entry.time, to: newest.time)
      let x = Float(0 &- age) * secondsPerNanosecond
      let y = Float(axis.value(of: entry.position))
      let x2 = x * x
      let x3 = x2 * x
      let x4 = x3 * x
      sumX += x
      sumX2 += x2
      sumXY += x * y
      sumX2Y += x2 * y
      sumY += y
      sumX3 += x3
      sumX4 += x4
    }
    let n = Float(count)
    let sxx = sumX2 - sumX * sumX / n
    let sxy = sumXY - sumX * sumY / n
    let sxx2 = sumX3 - sumX * sumX2 / n
    let sx2y = sumX2Y - sumX2 * sumY / n
    let sx2x2 = sumX4 - sumX2 * sumX2 / n
    let denominator = sxx * sx2x2 - sxx2 * sxx2
    guard denominator != 0 else { return nil }
    return (sxy * sx2x2 - sx2y * sxx2) / denominator
  }

  /// The degree-1 least-squares slope through two samples, or `nil` when the
  /// orthogonalised time column is shorter than 1e-6 (about 1.4 µs apart).
  static func lineVelocity(
    from older: VelocitySampleRing.Entry, to newer: VelocitySampleRing.Entry,
    axis: VelocityAxis
  ) -> Float? {
    // NB: Gram–Schmidt on the columns (1, 1) and (x, 0), x the older time in
    // seconds, leaves (x/2, −x/2) of norm |x|/√2; the solution is the slope.
    let age = VelocitySampleRing.nanoseconds(from: older.time, to: newer.time)
    let x = Float(0 &- age) * secondsPerNanosecond
    let half = x * 0.5
    let norm = (half * half + half * half).squareRoot()
    guard norm >= 1e-6 else { return nil }
    let rise = Float(axis.value(of: newer.position)) - Float(axis.value(of: older.position))
    return rise / (0 - x)
  }

  /// The `impulse` (kinetic-energy) velocity along one axis.
  ///
  /// - No sample: `nil`. One sample: 0. Two samples: the slope.
  /// - More: work W starts at 0; for each consecutive pair, with segment
  ///   velocity v and the energy-equivalent velocity v′ = sign(W)·√(2|W|),
  ///   W += (v − v′)·|v|, halving W after the first pair; the result is
  ///   sign(W)·√(2|W|).
  ///
  /// - Parameter isDelta: Whether each value is a change since the previous
  ///   sample (a scroll axis) rather than a position; a segment's numerator
  ///   is then the newer sample's value.
  static func impulseVelocity(
    _ ring: VelocitySampleRing, axis: VelocityAxis, isDelta: Bool = false
  ) -> Float? {
    let count = ring.count
    guard count > 0 else { return nil }
    guard count > 1 else { return 0 }
    var work: Float = 0
    for index in 1..<count {
      let older = ring[index - 1]
      let newer = ring[index]
      let nanoseconds = VelocitySampleRing.nanoseconds(from: older.time, to: newer.time)
      // NB: equal times cannot be stored (the newest is replaced); skip them
      // anyway, as AOSP does, rather than divide by zero.
      guard nanoseconds != 0 else { continue }
      let newerValue = Float(axis.value(of: newer.position))
      let rise = isDelta ? newerValue : newerValue - Float(axis.value(of: older.position))
      let velocity = rise / (secondsPerNanosecond * Float(nanoseconds))
      if count == 2 { return velocity }
      let previous = energyToVelocity(work)
      work += (velocity - previous) * abs(velocity)
      if index == 1 { work *= 0.5 }
    }
    return energyToVelocity(work)
  }

  /// The velocity whose kinetic energy per unit mass is `work`, with its sign.
  static func energyToVelocity(_ work: Float) -> Float {
    let speed = (2 * abs(work)).squareRoot()
    return work < 0 ? -speed : speed
  }
}
