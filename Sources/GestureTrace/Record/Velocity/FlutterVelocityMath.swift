/// Flutter's velocity trackers, computed in `Double` as
/// `packages/flutter/lib/src/gestures/velocity_tracker.dart` does.
///
/// Each reads every stored sample (up to 20, oldest first) and chooses its
/// own window. Results are in position units per second.
enum FlutterVelocityMath {
  /// Samples older than this, relative to the newest, are not fitted: 100 ms.
  static let horizonMilliseconds = 100.0
  /// A gap longer than this between consecutive samples ends the window: 40 ms.
  static let stoppedMilliseconds = 40.0
  /// The fewest samples that get a fit; fewer give zero velocity.
  static let minimumSampleCount = 3
  /// Gram–Schmidt columns shorter than this mean there is no fit.
  static let precisionErrorTolerance = 1e-10

  /// The base tracker's velocity: a quadratic least-squares fit per axis.
  ///
  /// Walking back from the newest sample, a sample is fitted unless its age
  /// exceeds 100 ms or its gap to the next-newer sample exceeds 40 ms, which
  /// ends the walk. With at least 3 samples, x = −age in milliseconds and the
  /// velocity is the linear coefficient × 1000. Fewer samples, or a failed
  /// fit on either axis, give zero; no sample at all gives `nil`.
  static func leastSquaresVelocity(_ ring: VelocitySampleRing) -> Vector2D? {
    guard let newest = ring.newest else { return nil }
    let capacity = VelocitySampleRing.capacity
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * capacity) {
      buffer -> Vector2D in
      guard let base = buffer.baseAddress else { return .zero }
      let times = base
      let xs = base + capacity
      let ys = base + 2 * capacity
      var used = 0
      var previousTime = newest.time
      var index = ring.count - 1
      while index >= 0 {
        let entry = ring[index]
        let ageNanoseconds = VelocitySampleRing.nanoseconds(from: entry.time, to: newest.time)
        let gapNanoseconds = VelocitySampleRing.nanoseconds(from: entry.time, to: previousTime)
        let age = Double(ageNanoseconds) / 1e6
        let gap = abs(Double(gapNanoseconds)) / 1e6
        previousTime = entry.time
        if age > horizonMilliseconds || gap > stoppedMilliseconds { break }
        times[used] = -age
        xs[used] = entry.position.x
        ys[used] = entry.position.y
        used += 1
        index -= 1
      }
      guard used >= minimumSampleCount,
        let slopeX = quadraticSlope(times: times, values: xs, count: used),
        let slopeY = quadraticSlope(times: times, values: ys, count: used)
      else { return .zero }
      return Vector2D(x: slopeX * 1000, y: slopeY * 1000)
    }
  }

  /// The linear coefficient of the unweighted least-squares quadratic through
  /// `count` points, by Gram–Schmidt QR; `nil` when the columns are dependent.
  static func quadraticSlope(
    times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int
  ) -> Double? {
    let columns = 3
    guard count >= columns else { return nil }
    return withUnsafeTemporaryAllocation(
      of: Double.self, capacity: 2 * columns * count + columns * columns
    ) { buffer -> Double? in
      guard let a = buffer.baseAddress else { return nil }
      let q = a + columns * count
      let r = q + columns * count
      // Vandermonde columns 1, t, t² (all weights are 1).
      for h in 0..<count {
        a[h] = 1
        a[count + h] = times[h]
        a[2 * count + h] = times[h] * times[h]
      }
      for j in 0..<columns {
        let qj = q + j * count
        for h in 0..<count { qj[h] = a[j * count + h] }
        for i in 0..<j {
          let dot = dotProduct(qj, q + i * count, count)
          for h in 0..<count { qj[h] -= dot * q[i * count + h] }
        }
        let norm = dotProduct(qj, qj, count).squareRoot()
        if norm < precisionErrorTolerance { return nil }
        let inverseNorm = 1 / norm
        for h in 0..<count { qj[h] *= inverseNorm }
        for i in 0..<columns {
          r[j * columns + i] = i < j ? 0 : dotProduct(qj, a + i * count, count)
        }
      }
      // Back substitution of R·b = Qᵀ·y, bottom row first; only b₁ is needed.
      let b2 = dotProduct(q + 2 * count, values, count) / r[2 * columns + 2]
      let b1 = (dotProduct(q + count, values, count) - r[columns + 2] * b2) / r[columns + 1]
      return b1
    }
  }

  /// The dot product of two vectors of `count` elements.
  static func dotProduct(
    _ lhs: UnsafePointer<Double>, _ rhs: UnsafePointer<Double>, _ count: Int
  ) -> Double {
    var sum = 0.0
    for h in 0..<count { sum += lhs[h] * rhs[h] }
    return sum
  }

  /// The velocity of the segment ending `segmentsBack` segments before the
  /// newest sample: Δposition × 1000 / Δt in ms, or zero when an end is
  /// missing or Δt is not positive.
  static func segmentVelocity(
    _ ring: VelocitySampleRing, segmentsBack: Int
  ) -> Vector2D {
    let endIndex = ring.count - 1 - segmentsBack
    guard endIndex >= 1 else { return .zero }
    let start = ring[endIndex - 1]
    let end = ring[endIndex]
    let nanoseconds = VelocitySampleRing.nanoseconds(from: start.time, to: end.time)
    guard nanoseconds > 0 else { return .zero }
    let milliseconds = Double(nanoseconds) / 1e6
    let delta = end.position - start.position
    return Vector2D(x: delta.x * 1000 / milliseconds, y: delta.y * 1000 / milliseconds)
  }

  /// The weighted average of the last three segment velocities, oldest
  /// segment first: the iOS and macOS scroll-view fling trackers.
  ///
  /// A missing segment counts as zero, so two samples give `newest · v`.
  /// No sample at all gives `nil`.
  static func weightedSegmentVelocity(
    _ ring: VelocitySampleRing, oldest: Double, middle: Double, newest: Double
  ) -> Vector2D? {
    guard !ring.isEmpty else { return nil }
    return segmentVelocity(ring, segmentsBack: 2) * oldest
      + segmentVelocity(ring, segmentsBack: 1) * middle
      + segmentVelocity(ring, segmentsBack: 0) * newest
  }
}
