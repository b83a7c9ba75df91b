import Testing

@testable import GestureTrace

@Suite struct KeyframeTests {
  @Test func secondHalfWindow() {
    let keyframe = Keyframe(relativeStart: 0.5, relativeDuration: 0.5)
    #expect(keyframe.progress(at: 0) == 0)
    #expect(keyframe.progress(at: 0.3) == 0)
    #expect(keyframe.progress(at: 0.5) == 0)
    // Linear in the window: (0.75 − 0.5) / 0.5 = 0.5, (0.6 − 0.5) / 0.5 = 0.2.
    #expect(keyframe.progress(at: 0.75) == 0.5)
    #expect((keyframe.progress(at: 0.6) - 0.2).magnitude < 1e-15)
    #expect(keyframe.progress(at: 1) == 1)
  }

  @Test func firstHalfWindowHoldsAfterItsEnd() {
    let keyframe = Keyframe(relativeStart: 0, relativeDuration: 0.5)
    #expect(keyframe.progress(at: 0.25) == 0.5)
    #expect(keyframe.progress(at: 0.5) == 1)
    #expect(keyframe.progress(at: 0.9) == 1)
  }

  @Test func overshootAndUndershootAreClamped() {
    #expect(Keyframe.whole.progress(at: 1.08) == 1)
    #expect(Keyframe.whole.progress(at: -0.1) == 0)
    #expect(Keyframe.whole.progress(at: .nan) == 0)
    #expect(Keyframe.whole.progress(at: 0.37) == 0.37)
  }

  @Test func zeroLengthWindowIsAStep() {
    let keyframe = Keyframe(relativeStart: 0.4, relativeDuration: 0)
    #expect(keyframe.progress(at: 0.39) == 0)
    #expect(keyframe.progress(at: 0.4) == 1)
    #expect(keyframe.progress(at: 0.41) == 1)
  }

  @Test func windowIsClampedToTheAnimation() {
    let keyframe = Keyframe(relativeStart: 0.75, relativeDuration: 0.5)
    #expect(keyframe.relativeStart == 0.75 && keyframe.relativeDuration == 0.25)
    let odd = Keyframe(relativeStart: -1, relativeDuration: .nan)
    #expect(odd == Keyframe.whole)
  }

  @Test func keyframeFollowsTheAnimatorsCurvedProgress() {
    // A4 closing: an easeOut animator (scrubsLinearly false) with the player
    // fading in the window start 0.5, duration 0.5. Scrubbed to 0.3, the
    // animator's progress is easeOut(0.3) = 0.44518596747133712 (40-digit
    // bisection), still before the window; at 0.6 it is past 0.5.
    var animator = PropertyAnimator(duration: 0.7, curve: .easeOut, scrubsLinearly: false)
    let fade = Keyframe(relativeStart: 0.5, relativeDuration: 0.5)
    animator.fractionComplete = 0.3
    #expect((animator.progress - 0.445_185_967_471_337_120_47).magnitude < 1e-12)
    #expect(fade.progress(at: animator.progress) == 0)
    animator.fractionComplete = 0.6
    #expect(fade.progress(at: animator.progress) > 0)
  }
}
