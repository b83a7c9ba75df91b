import Testing

@testable import GestureTrace

@Suite struct FloatingPanelSpringTests {
  typealias S = FloatingPanelSpring

  @Test func dampingIsCriticalUpTo300AndUnderdampedAbove() {
    // ln(0.991) = −0.0090407446…; 2π · 2.5 · 0.001 = 0.0157079633…;
    // their ratio is 0.575551…
    #expect(S.damping(velocity: 300) == 1)
    #expect(S.damping(velocity: -300) == 1)
    #expect((S.damping(velocity: 300.0001) - 0.575_551_68).magnitude < 1e-8)
    #expect((S.damping(velocity: -3000) - 0.575_551_68).magnitude < 1e-8)
    // ω = 2π / 0.4 = 5π.
    #expect((S.frequency - 15.707_963_267_948_966).magnitude < 1e-12)
  }

  @Test func twoStepsWorkedByHand() {
    // ω = 2, ζ = 1, h = 0.5 (all exact in binary): f = 1 + 2 · 0.5 · 2 = 3,
    // h²ω² = 1, d = 4. From rest at 0 towards 100:
    //   x₁ = (3 · 0 + 0.5 · 0 + 1 · 100) / 4 = 25
    //   v₁ = (0 + 0.5 · 4 · (100 − 25)) / 4 = 37.5
    //   x₂ = (3 · 25 + 0.5 · 37.5 + 100) / 4 = 193.75 / 4 = 48.4375
    //   v₂ = (37.5 + 2 · (100 − 48.4375)) / 4 = 140.625 / 4 = 35.15625
    // (The textbook backward Euler velocity would be (25 − 0) / 0.5 = 50.)
    let first = S.step(position: 0, velocity: 0, target: 100, damping: 1, frequency: 2, frame: 0.5)
    #expect(first.position == 25)
    #expect(first.velocity == 37.5)
    let second = S.step(
      position: first.position, velocity: first.velocity, target: 100, damping: 1,
      frequency: 2, frame: 0.5)
    #expect(second.position == 48.4375)
    #expect(second.velocity == 35.156_25)
  }

  @Test func atRestOnTheTargetTakesOneFrame() {
    // The animator steps before it checks: x stays on the target, the frame
    // moved 0 px, so it stops after the first frame.
    #expect(S.settleTime(from: 417, to: 417, velocity: 0) == 1.0 / 60)
    #expect(S.settleTime(from: 417, to: 417, velocity: 0, frame: 1.0 / 120) == 1.0 / 120)
  }

  @Test func withinAPixelAndSlowStopsAtOnce() {
    // 0.2 pt away at rest: after one frame it is nearer still and moved
    // less than 0.2 pt, both within 1/3 pt.
    #expect(S.settleTime(from: 0, to: 0.2, velocity: 0) == 1.0 / 60)
  }

  @Test func criticallyDampedTimeGrowsWithDistance() {
    let distances: [Double] = [1, 10, 50, 100, 200, 400, 1000]
    let times = distances.map { S.settleTime(from: 0, to: $0, velocity: 0) }
    for (shorter, longer) in zip(times, times.dropFirst()) {
      #expect(shorter <= longer)
    }
    #expect(times.first! < times.last!)
    // The continuous critically damped spring needs (1 + ωt)e^(−ωt) < 1/300
    // for 100 pt to come within 1/3 pt: ωt ≈ 8.4, t ≈ 0.53 s; the implicit
    // step lags it, so the discrete time is longer but under a second.
    let hundred = S.settleTime(from: 0, to: 100, velocity: 0)
    #expect(hundred > 0.53 && hundred < 1)
  }

  @Test func timesAreWholeFrames() {
    let time = S.settleTime(from: 607, to: 417, velocity: -3000)
    let frames = time * 60
    #expect((frames - frames.rounded()).magnitude < 1e-9)
    #expect(time > 0 && time < 2)
  }

  @Test func timeIsCappedAtTenSeconds() {
    // One-second frames: f = 1 + 2ω ≈ 32.4 and d = f + ω² ≈ 279.2, so a
    // step from rest keeps f / d ≈ 0.12 of the gap (and the velocity it
    // gains slows the next ones): 1e12 pt needs more than ten steps to come
    // within a pixel.
    #expect(S.settleTime(from: 0, to: 1e12, velocity: 0, frame: 1) == 10)
    #expect(S.settleTime(from: 0, to: .nan, velocity: 0) == 10)
    #expect(S.settleTime(from: 0, to: 100, velocity: 0, frame: 0) == 0)
  }
}
