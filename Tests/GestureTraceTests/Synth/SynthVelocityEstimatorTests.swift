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
}
