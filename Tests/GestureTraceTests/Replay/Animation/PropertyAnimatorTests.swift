import Testing

@testable import GestureTrace

@Suite struct PropertyAnimatorTests {
  /// Progress of easeIn (0.42, 0, 1, 1), from 40-digit bisection (mpmath).
  static let easeInAtHalf = 0.315_356_812_572_539_304_26
  static let easeInAtThreeTenths = 0.129_576_760_845_352_552_05

  func expectClose(
    _ actual: Double?, _ expected: Double, within tolerance: Double = 1e-12,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let actual else {
      Issue.record("nil instead of \(expected)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      (actual - expected).magnitude < tolerance, "\(actual) vs \(expected)",
      sourceLocation: sourceLocation)
  }

  @Test func runsTheCurveOverTheDuration() {
    var animator = PropertyAnimator(duration: 0.5, curve: .easeInEaseOut)
    #expect(animator.state == .inactive && !animator.isRunning)
    animator.startAnimation()
    #expect(animator.state == .active && animator.isRunning)
    // easeInEaseOut is point-symmetric: progress 0.5 at half time.
    animator.advance(toSeconds: 0.25)
    expectClose(animator.progress, 0.5)
    expectClose(animator.fractionComplete, 0.5)
    #expect(animator.completionPosition == nil)
    animator.advance(toSeconds: 0.6)
    #expect(animator.progress == 1 && animator.fractionComplete == 1)
    #expect(animator.state == .inactive && !animator.isRunning)
    #expect(animator.completionPosition == .end)
    #expect(animator.completionTime == 0.5)
  }

  @Test func pauseAndStartResumesTheSameTimeline() {
    var animator = PropertyAnimator(duration: 1, curve: .easeIn, at: .seconds(10))
    animator.startAnimation()
    animator.advance(toSeconds: 10.25)
    animator.pauseAnimation()
    // Paused for 0.25 s: nothing moves.
    let held = animator.progress
    animator.advance(toSeconds: 10.5)
    #expect(animator.progress == held && animator.state == .active && !animator.isRunning)
    animator.startAnimation()
    // 0.5 s of running so far: easeIn(0.5), as if never paused.
    animator.advance(toSeconds: 10.75)
    expectClose(animator.progress, Self.easeInAtHalf)
    animator.advance(toSeconds: 20)
    #expect(animator.completionTime == 11.25)  // 1 s of motion + 0.25 s paused
    #expect(animator.completionPosition == .end)
  }

  @Test func scrubbingLinearlyThenContinuingWithFactorZero() {
    // A4 open transition: duration 0.7, started and paused, scrubbed to 0.3.
    var animator = PropertyAnimator(duration: 0.7, curve: .easeIn, at: .seconds(1))
    animator.pauseAnimation()
    #expect(animator.state == .active && !animator.isRunning && animator.progress == 0)
    animator.fractionComplete = 0.3
    #expect(animator.progress == 0.3)  // scrubsLinearly: progress = fraction
    animator.advance(toSeconds: 2)
    animator.continueAnimation(durationFactor: 0)
    // Remaining (1 − 0.3) × 0.7 = 0.49 s, so it ends at 2.49.
    expectClose(animator.scheduledCompletionTime, 2.49)
    // Half way (2.245): progress 0.3 + 0.7 × easeIn(0.5) = 0.52074976880,
    // fraction 0.3 + 0.7 × 0.5 = 0.65.
    animator.advance(toSeconds: 2.245)
    expectClose(animator.progress, 0.3 + 0.7 * Self.easeInAtHalf)
    expectClose(animator.fractionComplete, 0.65)
    animator.advance(toSeconds: 2.489)
    #expect(animator.isRunning)
    animator.advance(toSeconds: 2.5)
    #expect(animator.completionPosition == .end && animator.progress == 1)
    expectClose(animator.completionTime, 2.49)
  }

  @Test func reversingAfterScrubbingReturnsToTheStart() {
    // A4 cancelled: scrub to 0.3, isReversed, continue with factor 0.
    var animator = PropertyAnimator(duration: 0.7, curve: .easeIn)
    animator.pauseAnimation()
    animator.fractionComplete = 0.3
    animator.isReversed = true
    // The fraction stays measured forwards.
    #expect(animator.fractionComplete == 0.3 && animator.progress == 0.3)
    animator.continueAnimation(durationFactor: 0)
    // Back to the start takes 0.3 × 0.7 = 0.21 s.
    expectClose(animator.scheduledCompletionTime, 0.21)
    // Half way: 0.3 − 0.3 × easeIn(0.5) = 0.20539295622823821; fraction 0.15.
    animator.advance(toSeconds: 0.105)
    expectClose(animator.progress, 0.3 * (1 - Self.easeInAtHalf))
    expectClose(animator.fractionComplete, 0.15)
    animator.advance(toSeconds: 1)
    #expect(animator.completionPosition == .start)
    #expect(animator.progress == 0 && animator.fractionComplete == 0)
    expectClose(animator.completionTime, 0.21)
  }

  @Test func scrubbingThroughTheCurve() {
    // scrubsLinearly false: progress = easeIn(0.3) = 0.12957676084535255.
    var animator = PropertyAnimator(duration: 0.7, curve: .easeIn, scrubsLinearly: false)
    animator.fractionComplete = 0.3  // activates, paused
    #expect(animator.state == .active && !animator.isRunning)
    expectClose(animator.progress, Self.easeInAtThreeTenths)
    #expect(animator.fractionComplete == 0.3)
    // Continuing starts from the scrubbed progress, with no jump.
    animator.continueAnimation(durationFactor: 0)
    expectClose(animator.progress, Self.easeInAtThreeTenths)
  }

  @Test func aRunAfterScrubbingThroughTheCurveMovesOnFromTheCurve() {
    // easeIn(0.5) = 0.3153568125725393 (the Bézier's x solved by bisection).
    let scrubbed = 0.3153568125725393
    var animator = PropertyAnimator(duration: 1, curve: .easeIn, scrubsLinearly: false)
    animator.fractionComplete = 0.5
    animator.continueAnimation(durationFactor: 0)
    #expect(animator.scheduledCompletionTime == 0.5)
    // The 0.5 s left run the curve afresh from `scrubbed` to 1: half way
    // (0.25 s) the curve is again at easeIn(0.5).
    animator.advance(toSeconds: 0.25)
    let halfWay = scrubbed + (1 - scrubbed) * scrubbed
    expectClose(animator.progress, halfWay)
    // Pausing there keeps that progress.
    animator.pauseAnimation()
    #expect(!animator.isRunning)
    expectClose(animator.progress, halfWay)
  }

  @Test func durationFactorScalesTheOriginalDuration() {
    var animator = PropertyAnimator(duration: 0.7, curve: .linear)
    animator.pauseAnimation()
    animator.fractionComplete = 0.3
    animator.continueAnimation(durationFactor: 2)
    // 2 × 0.7 = 1.4 s for the remaining 0.7 of progress: at 0.7 s it is
    // half way, 0.3 + 0.35 = 0.65.
    expectClose(animator.scheduledCompletionTime, 1.4)
    animator.advance(toSeconds: 0.7)
    expectClose(animator.progress, 0.65)
  }

  @Test func continuingAtTheTargetCompletesAtOnce() {
    var animator = PropertyAnimator(duration: 0.7, at: .seconds(3))
    animator.pauseAnimation()
    animator.fractionComplete = 1
    animator.continueAnimation(durationFactor: 0)
    #expect(animator.state == .inactive && animator.completionPosition == .end)
    #expect(animator.completionTime == 3)
  }

  @Test func fractionCompleteIsClampedAndOnlySetWhilePaused() {
    var animator = PropertyAnimator(duration: 1, curve: .linear)
    animator.fractionComplete = 1.5
    #expect(animator.fractionComplete == 1)
    animator.fractionComplete = -0.2
    #expect(animator.fractionComplete == 0)
    animator.fractionComplete = .nan
    #expect(animator.fractionComplete == 0)
    animator.startAnimation()
    animator.advance(toSeconds: 0.25)
    animator.fractionComplete = 0.9  // running: ignored
    expectClose(animator.fractionComplete, 0.25)
  }

  @Test func reversingWhileRunningTurnsAround() {
    var animator = PropertyAnimator(duration: 1, curve: .linear)
    animator.startAnimation()
    animator.advance(toSeconds: 0.4)
    animator.isReversed = true
    #expect(animator.isRunning)
    // Back from 0.4 over 0.4 × 1 s: at 0.6 it is at 0.2.
    animator.advance(toSeconds: 0.6)
    expectClose(animator.progress, 0.2)
    animator.advance(toSeconds: 0.8)
    #expect(animator.completionPosition == .start)
    expectClose(animator.completionTime, 0.8)
  }

  @Test func uiKitSpringAnimatorFollowsTheSpring() {
    // Critically damped, duration 0.7: ω₀ = ln 1500 / 0.7, so at 0.35 s
    // ω₀t = ln 1500 / 2 and progress = 1 − (1 + ln 1500 / 2) / √1500
    // = 0.8797668418041329.
    var animator = PropertyAnimator(duration: 0.7, curve: .spring(dampingRatio: 1))
    animator.startAnimation()
    animator.advance(toSeconds: 0.35)
    expectClose(animator.progress, 0.879_766_841_804_132_899_95)
    animator.advance(toSeconds: 0.7)
    #expect(animator.progress == 1 && animator.completionPosition == .end)
  }

  @Test func physicalSpringIgnoresTheDuration() {
    let spring = Spring(mass: 1, stiffness: 100, damping: 20)
    var animator = PropertyAnimator(duration: 5, curve: .spring(spring))
    animator.startAnimation()
    expectClose(animator.scheduledCompletionTime, spring.settlingTime())
    animator.advance(toSeconds: 0.1)
    // Critical, ω₀ = 10: 1 − (1 + 1)·e^−1 = 1 − 2/e.
    expectClose(animator.progress, 0.264_241_117_657_115_356_81)
  }

  @Test func delayedStartHoldsTheStart() {
    var animator = PropertyAnimator(duration: 0.5, curve: .linear)
    animator.startAnimation(afterDelay: 0.5)
    animator.advance(toSeconds: 0.4)
    #expect(animator.progress == 0 && animator.isRunning)
    animator.advance(toSeconds: 0.75)
    expectClose(animator.progress, 0.5)
    expectClose(animator.scheduledCompletionTime, 1)
  }

  @Test func stopAndFinish() {
    var animator = PropertyAnimator(duration: 1, curve: .linear)
    animator.startAnimation()
    animator.advance(toSeconds: 0.3)
    animator.stopAnimation(withoutFinishing: false)
    #expect(animator.state == .stopped && !animator.isRunning)
    expectClose(animator.progress, 0.3)
    animator.startAnimation()  // ignored while stopped
    #expect(animator.state == .stopped)
    animator.advance(toSeconds: 0.5)
    animator.finishAnimation(at: .current)
    #expect(animator.state == .inactive && animator.completionPosition == .current)
    #expect(animator.completionTime == 0.5)
    expectClose(animator.progress, 0.3)

    var other = PropertyAnimator(duration: 1)
    other.startAnimation()
    other.advance(toSeconds: 0.3)
    other.stopAnimation(withoutFinishing: true)
    #expect(other.state == .inactive && other.completionPosition == nil)
  }

  @Test func clockNeverRunsBackwards() {
    var animator = PropertyAnimator(duration: 1, curve: .linear)
    animator.startAnimation()
    animator.advance(toSeconds: 0.5)
    animator.advance(toSeconds: 0.2)
    animator.advance(toSeconds: .nan)
    #expect(animator.currentTime == 0.5)
    expectClose(animator.progress, 0.5)
  }

  @Test func zeroDurationCompletesWhenStarted() {
    var animator = PropertyAnimator(duration: -3, curve: .spring(dampingRatio: 0.5))
    #expect(animator.duration == 0)
    animator.startAnimation()
    #expect(animator.completionPosition == .end && animator.progress == 1)
  }

  @Test func sameCallsGiveIdenticalBits() {
    func run() -> [UInt64] {
      var animator = PropertyAnimator(
        duration: 0.7, curve: .spring(dampingRatio: 0.9, initialVelocity: 0.4))
      animator.pauseAnimation()
      animator.fractionComplete = 0.42
      animator.continueAnimation()
      var bits: [UInt64] = []
      for frame in 1...120 {
        animator.advance(to: TraceTime(nanoseconds: Int64(frame) * 8_333_333))
        bits.append(animator.progress.bitPattern)
      }
      return bits
    }
    #expect(run() == run())
  }
}
