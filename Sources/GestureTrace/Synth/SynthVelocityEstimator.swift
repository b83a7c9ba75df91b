/// Estimates a touch's velocity the way a pan recognizer reports it: the
/// slope of a least-squares line through the recent samples.
///
/// The fit uses the samples no older than ``horizon`` before the newest one,
/// at most ``capacity`` of them; with fewer than two the velocity is zero.
/// It keeps its samples in a ring allocated once, so adding a sample costs
/// no allocation.
struct SynthVelocityEstimator: Sendable, Hashable {
  /// One sample: a time in nanoseconds and a position in points.
  private struct Sample: Sendable, Hashable {
    var time: Int64
    var x: Double
    var y: Double
  }

  /// The most samples the fit uses.
  static let capacity = 64
  /// The oldest sample the fit uses, in nanoseconds before the newest.
  static let horizon: Int64 = 100_000_000

  private var ring: [Sample]
  private var newest = 0
  private var count = 0

  /// Creates an estimator with no samples.
  init() {
    ring = Array(repeating: Sample(time: 0, x: 0, y: 0), count: Self.capacity)
  }

  /// Adds a sample; times must not decrease.
  mutating func add(time: Int64, position: Vector2D) {
    newest = count == 0 ? 0 : (newest + 1) % Self.capacity
    ring[newest] = Sample(time: time, x: position.x, y: position.y)
    count = min(count + 1, Self.capacity)
  }

  /// The velocity in points per second at the newest sample.
  var velocity: Vector2D {
    let tenths = self.tenths
    return Vector2D(x: tenths.x / 10, y: tenths.y / 10)
  }

  /// The velocity at the newest sample in tenths of a point per second,
  /// rounded to whole tenths: ``velocity`` is these divided by 10.
  // NB: the writers of bytes print the tenths as integers; the division by
  // 10 is left to the readers of ``velocity``.
  var tenths: Vector2D {
    guard count >= 2 else { return .zero }
    return ring.withUnsafeBufferPointer { ring in
      let last = ring[newest]
      // NB: times and positions are taken relative to the newest sample, so
      // the sums stay small and exact enough in Double.
      var n = 0.0
      var st = 0.0
      var stt = 0.0
      var sx = 0.0
      var sy = 0.0
      var stx = 0.0
      var sty = 0.0
      var index = newest
      for _ in 0..<count {
        let sample = ring[index]
        let age = last.time &- sample.time
        if age > Self.horizon { break }
        let t = -Double(age) / 1e9
        let x = sample.x - last.x
        let y = sample.y - last.y
        n += 1
        st += t
        stt += t * t
        sx += x
        sy += y
        stx += t * x
        sty += t * y
        index = index == 0 ? Self.capacity - 1 : index - 1
      }
      let denominator = n * stt - st * st
      guard n >= 2, denominator > 0 else { return .zero }
      // NB: reported to 0.1 pt/s, like the points to 0.01 pt, to keep files small.
      return Vector2D(
        x: ((n * stx - st * sx) / denominator * 10).roundedTiesAway,
        y: ((n * sty - st * sy) / denominator * 10).roundedTiesAway)
    }
  }
}
