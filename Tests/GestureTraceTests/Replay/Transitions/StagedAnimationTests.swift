import Testing

@testable import GestureTrace

/// When a staged animation ends: at its latest stage's end.
@Suite struct StagedAnimationTests {
  typealias Stage = StagedAnimation.Stage

  @Test func endsWhenItsLatestStageEnds() {
    // After a start at 2 s, the stages end 0.5, 0.5 + 0.125 = 0.625 and
    // 0.25 s later: the animation at 2.625 s.
    let animation = StagedAnimation(
      start: .seconds(2), from: [0, 0, 0], to: [1, 1, 1],
      stages: [
        Stage(properties: 0..<1, duration: 0.5, curve: .easeOut),
        Stage(properties: 1..<2, duration: 0.125, delay: 0.5, curve: .easeIn),
        Stage(properties: 2..<3, duration: 0.25, curve: .linear),
      ])
    #expect(animation.end == .milliseconds(2_625))
  }

  @Test func aStageWithoutDurationEndsAfterItsDelay() {
    // A negative duration runs for 0 s: the stage ends after its 0.3 s delay.
    let animation = StagedAnimation(
      start: .seconds(1), from: [0], to: [1],
      stages: [Stage(properties: 0..<1, duration: -1, delay: 0.3, curve: .easeOut)])
    #expect(animation.end == .milliseconds(1_300))
  }

  @Test func withoutStagesItEndsAtItsStart() {
    let animation = StagedAnimation(start: .seconds(4), from: [0], to: [1], stages: [])
    #expect(animation.end == .seconds(4))
  }
}
