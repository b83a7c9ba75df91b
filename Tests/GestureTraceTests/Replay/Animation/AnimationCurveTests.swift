import Foundation
import Testing

@testable import GestureTrace

@Suite struct AnimationCurveTests {
  @Test func cubicCurveRunsForTheRequestedDuration() {
    // UIView.animate(withDuration: 0.33): ease-in-out, half way at 0.165 s.
    let curve = AnimationCurve.easeInEaseOut
    #expect(curve.runningTime(forDuration: 0.33) == 0.33)
    #expect((curve.progress(atElapsed: 0.165, duration: 0.33) - 0.5).magnitude < 1e-12)
    #expect(curve.progress(atElapsed: 0.33, duration: 0.33) == 1)
    #expect(curve.progress(atElapsed: -1, duration: 0.33) == 0)
  }

  @Test func uiKitSpringUsesTheRequestedDuration() {
    // ζ = 1, duration 0.7: half way, 1 − (1 + ln 1500 / 2) / √1500.
    let curve = AnimationCurve.spring(dampingRatio: 1)
    #expect(curve.runningTime(forDuration: 0.7) == 0.7)
    let half = curve.progress(atElapsed: 0.35, duration: 0.7)
    #expect((half - 0.879_766_841_804_132_899_95).magnitude < 1e-12)
    #expect(curve.progress(atElapsed: 0.7, duration: 0.7) == 1)
  }

  @Test func physicalSpringRunsUntilItSettles() {
    let spring = Spring(mass: 1, stiffness: 100, damping: 20)
    let curve = AnimationCurve.spring(spring)
    #expect(curve.runningTime(forDuration: 0.1) == spring.settlingTime())
    #expect(curve.runningTime(forDuration: 9) == spring.settlingTime())
    let undamped = AnimationCurve.spring(Spring(mass: 1, stiffness: 1, damping: 0))
    #expect(undamped.runningTime(forDuration: 1) == 3_600)
  }

  @Test func scrubbingFractionGoesThroughTheCurve() {
    // easeIn(0.3) = 0.12957676084535255 (40-digit bisection).
    let progress = AnimationCurve.easeIn.progress(at: 0.3, duration: 0.7)
    #expect((progress - 0.129_576_760_845_352_552_05).magnitude < 1e-12)
    #expect(AnimationCurve.easeIn.progress(at: 2, duration: 0.7) == 1)
    #expect(AnimationCurve.easeIn.progress(at: .nan, duration: 0.7) == 0)
  }

  @Test func invalidDurationsRunForNoTime() {
    for duration in [-1, 0, Double.nan, .infinity] {
      #expect(AnimationCurve.linear.runningTime(forDuration: duration) == 0)
      #expect(AnimationCurve.linear.progress(atElapsed: 0, duration: duration) == 1)
    }
  }

  @Test func codableRoundTrips() throws {
    let curves: [AnimationCurve] = [
      .easeOut, .cubic(TimingCurve(x1: 0.2, y1: 1.4, x2: 0.6, y2: 1)),
      .spring(dampingRatio: 0.9, initialVelocity: 0.7),
      .spring(Spring(mass: 2, stiffness: 300, damping: 10, initialVelocity: -1)),
    ]
    let data = try JSONEncoder().encode(curves)
    #expect(try JSONDecoder().decode([AnimationCurve].self, from: data) == curves)
  }

  @Test func decodingSanitizesParameters() throws {
    let json = #"{"mass":0,"stiffness":-5,"damping":2,"initialVelocity":1}"#
    let spring = try JSONDecoder().decode(Spring.self, from: Data(json.utf8))
    #expect(spring == Spring(mass: 1, stiffness: 1, damping: 2, initialVelocity: 1))
    let curveJSON = #"{"x1":-2,"y1":0,"x2":1.5,"y2":1}"#
    let curve = try JSONDecoder().decode(TimingCurve.self, from: Data(curveJSON.utf8))
    #expect(curve == .linear)
  }
}
