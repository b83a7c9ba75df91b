import Testing

@testable import GestureTrace

@Suite struct SynthVelocityEstimatorTests {
  @Test func isZeroWithFewerThanTwoSamples() {
    var estimator = SynthVelocityEstimator()
    #expect(estimator.velocity == .zero)
    estimator.add(time: 5_000_000, position: Vector2D(x: 3, y: 4))
    #expect(estimator.velocity == .zero)
  }

  @Test func twoSamplesGiveTheirSlope() {
    var estimator = SynthVelocityEstimator()
    estimator.add(time: 0, position: .zero)
    estimator.add(time: 10_000_000, position: Vector2D(x: 1, y: -2))
    // 1 pt and −2 pt in 0.01 s.
    let velocity = estimator.velocity
    #expect(abs(velocity.x - 100) < 1e-9)
    #expect(abs(velocity.y + 200) < 1e-9)
  }

  @Test func straightLineGivesItsSlopeExactly() {
    var estimator = SynthVelocityEstimator()
    // 40 samples 8 ms apart moving at (250, −75) pt/s; the fit sees the last
    // 100 ms of them, all on the line.
    for k in 0..<40 {
      let seconds = Double(k) * 0.008
      estimator.add(
        time: Int64(k) * 8_000_000, position: Vector2D(x: 250 * seconds, y: 7 - 75 * seconds))
    }
    #expect(abs(estimator.velocity.x - 250) < 1e-6)
    #expect(abs(estimator.velocity.y + 75) < 1e-6)
  }

  @Test func samplesOlderThanTheHorizonAreIgnored() {
    var estimator = SynthVelocityEstimator()
    estimator.add(time: 0, position: Vector2D(x: 1_000, y: 0))
    // Three samples at 200, 250, 300 ms moving at 50 pt/s; the first sample
    // is 300 ms older than the newest and must not pull the slope.
    for k in 0..<3 {
      estimator.add(
        time: 200_000_000 + Int64(k) * 50_000_000, position: Vector2D(x: 2.5 * Double(k), y: 0))
    }
    #expect(abs(estimator.velocity.x - 50) < 1e-9)
  }

  @Test func sampleExactlyAtTheHorizonIsKept() {
    var kept = SynthVelocityEstimator()
    kept.add(time: 0, position: .zero)
    kept.add(time: 100_000_000, position: Vector2D(x: 10, y: 0))
    #expect(abs(kept.velocity.x - 100) < 1e-9)

    var dropped = SynthVelocityEstimator()
    dropped.add(time: 0, position: .zero)
    dropped.add(time: 100_000_001, position: Vector2D(x: 10, y: 0))
    #expect(dropped.velocity == .zero)
  }

  @Test func ringKeepsOnlyTheNewestSamples() {
    var estimator = SynthVelocityEstimator()
    // 100 samples 1 ms apart: more than the ring holds. The old ones move at
    // 10 pt/s, the newest 64 at −20 pt/s; only those must count.
    for k in 0..<100 {
      let x = k < 36 ? 0.01 * Double(k) : 0.35 - 0.02 * Double(k - 35)
      estimator.add(time: Int64(k) * 1_000_000, position: Vector2D(x: x, y: 0))
    }
    #expect(abs(estimator.velocity.x + 20) < 1e-6)
  }

  /// The fit as it was written before the table of ages: a division per
  /// sample, over the newest samples within the horizon, at most 64.
  static func referenceVelocity(_ samples: [(time: Int64, x: Double, y: Double)]) -> Vector2D {
    guard samples.count >= 2, let last = samples.last else { return .zero }
    var n = 0.0
    var st = 0.0
    var stt = 0.0
    var sx = 0.0
    var sy = 0.0
    var stx = 0.0
    var sty = 0.0
    for sample in samples.suffix(64).reversed() {
      let age = last.time &- sample.time
      if age > 100_000_000 { break }
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
    }
    let denominator = n * stt - st * st
    guard n >= 2, denominator > 0 else { return .zero }
    return Vector2D(
      x: ((n * stx - st * sx) / denominator * 10).rounded() / 10,
      y: ((n * sty - st * sy) / denominator * 10).rounded() / 10)
  }

  /// Random touches at `rate` hertz with jitter; times in whole
  /// microseconds unless `nanoseconds`.
  @Test(arguments: [(1.0, false), (60, false), (120, false), (1_000, false), (120, true)])
  func fitIsBitForBitTheDivisionsFit(rate: Double, nanoseconds: Bool) {
    var rng = SplitMix64(seed: UInt64(rate) &+ (nanoseconds ? 1 : 0))
    for _ in 0..<40 {
      var estimator = SynthVelocityEstimator()
      var samples: [(time: Int64, x: Double, y: Double)] = []
      var time: Int64 = 0
      var position = Vector2D(x: rng.uniform(0...390), y: rng.uniform(0...844))
      for _ in 0..<200 {
        let step = 1e9 / rate * (rng.chance(0.05) ? 2 : 1) + 400_000 * rng.normal()
        let granule: Int64 = nanoseconds ? 1 : 1_000
        time += max(granule, Int64(step / Double(granule)) * granule)
        position.x += (rng.uniform(-300...300) / 100).rounded() / 3
        position.y += (rng.uniform(-900...900) / 100).rounded() / 3
        estimator.add(time: time, position: position)
        samples.append((time, position.x, position.y))
        let expected = Self.referenceVelocity(samples)
        let velocity = estimator.velocity
        #expect(velocity.x.bitPattern == expected.x.bitPattern)
        #expect(velocity.y.bitPattern == expected.y.bitPattern)
        #expect(estimator.tenths.x == estimator.tenths.x.rounded())
      }
    }
  }
}
