import Testing

@testable import GestureTrace

/// The edge rules of each estimator, with hand-computed answers.
@Suite struct VelocityTrackerTests {
  /// A sample at `milliseconds` with position (`x`, `y`).
  static func at(
    _ milliseconds: Int64, _ x: Double, _ y: Double = 0, _ action: PointerAction = .move
  ) -> PointerSample {
    PointerSample(time: .milliseconds(milliseconds), position: Vector2D(x: x, y: y), action: action)
  }

  static func expectClose(
    _ actual: Vector2D?, _ expected: Vector2D?, relative tolerance: Double = 1e-6,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let expected else {
      #expect(actual == nil, sourceLocation: sourceLocation)
      return
    }
    guard let actual else {
      Issue.record("no velocity, expected \(expected)", sourceLocation: sourceLocation)
      return
    }
    for (a, e) in [(actual.x, expected.x), (actual.y, expected.y)] {
      let scale = max(abs(e), 1)
      #expect(abs(a - e) <= tolerance * scale, "got \(actual)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: VelocityEstimator.allCases)
  func noSampleGivesNone(_ estimator: VelocityEstimator) {
    #expect(estimator.velocity(of: []) == nil)
    #expect(estimator.velocity(of: [Self.at(5, 1, 1, .up)]) == nil)
  }

  /// One sample: Android lsq2 and last-delta have none, impulse gives 0, the
  /// Flutter trackers (and uikit, which weighs as ios) give zero.
  @Test(
    arguments: [
      (VelocityEstimator.lsq2, nil), (.impulse, .zero), (.flutterLSQ2, .zero), (.ios, .zero),
      (.macos, .zero), (.lastDelta, nil), (.uikit, .zero),
    ] as [(VelocityEstimator, Vector2D?)])
  func oneSample(_ estimator: VelocityEstimator, _ expected: Vector2D?) {
    let samples = [Self.at(0, 3, 4, .down), Self.at(0, 3, 4, .up)]
    #expect(estimator.velocity(of: samples) == expected)
  }

  /// Two samples 10 ms apart moving (10, −20): the slope is (1000, −2000)/s.
  /// Flutter's least squares needs 3 samples (zero); the iOS tracker weighs
  /// the only segment 0.05 → (50, −100), macOS 0.2 → (200, −400); uikit as
  /// iOS (the lift repeats the last position).
  @Test(arguments: [
    (VelocityEstimator.lsq2, Vector2D(x: 1000, y: -2000)),
    (.impulse, Vector2D(x: 1000, y: -2000)), (.flutterLSQ2, .zero),
    (.ios, Vector2D(x: 50, y: -100)), (.macos, Vector2D(x: 200, y: -400)),
    (.lastDelta, Vector2D(x: 1000, y: -2000)), (.uikit, Vector2D(x: 50, y: -100)),
  ])
  func twoSamples(_ estimator: VelocityEstimator, _ expected: Vector2D) {
    let samples = [Self.at(0, 0, 0, .down), Self.at(10, 10, -20), Self.at(10, 10, -20, .up)]
    Self.expectClose(estimator.velocity(of: samples), expected)
  }

  /// x = 1, 4, 8 at t = 0, 1, 2 ms. Quadratic through them, t in s relative
  /// to the newest: x = 8 + c₁t + c₂t²; t = −0.001 gives −0.001c₁ + 1e-6c₂ = −4,
  /// t = −0.002 gives −0.002c₁ + 4e-6c₂ = −7, so c₂ = 5e5 and c₁ = 4500.
  /// Segments: 3000/s then 4000/s. iOS: 0.35·3000 + 0.05·4000 = 1250;
  /// macOS: 0.65·3000 + 0.2·4000 = 2750. Impulse: W = 3000²/2 = 4.5e6, then
  /// v′ = 3000, W += (4000 − 3000)·4000 → 8.5e6, v = √(1.7e7) = 4123.1056.
  @Test(arguments: [
    (VelocityEstimator.lsq2, 4500.0), (.flutterLSQ2, 4500), (.ios, 1250), (.macos, 2750),
    (.impulse, 4123.105626), (.lastDelta, 4000), (.uikit, 1250),
  ])
  func threeSamplesOnAParabola(_ estimator: VelocityEstimator, _ expected: Double) {
    let samples = [
      Self.at(0, 1, 1, .down), Self.at(1, 4, 4), Self.at(2, 8, 8), Self.at(2, 8, 8, .up),
    ]
    // NB: float32 (Android) holds about 1e-5 relative here, as AOSP's test asks.
    Self.expectClose(
      estimator.velocity(of: samples), Vector2D(x: expected, y: expected), relative: 1e-5)
  }

  /// Android and last-delta replace a sample at the newest sample's time, so
  /// (0, 0), (10 ms, 10), (10 ms, 20) is the line (0, 0)–(10 ms, 20): 2000/s.
  /// Flutter keeps both: the iOS tracker's newest segment has Δt = 0 and
  /// counts as 0, the middle one is 1000/s → 0.35·1000 = 350; its least
  /// squares has only two distinct times, no quadratic fit, so zero. uikit
  /// keeps both, as iOS.
  @Test(arguments: [
    (VelocityEstimator.lsq2, 2000.0), (.impulse, 2000), (.lastDelta, 2000), (.ios, 350),
    (.macos, 650), (.flutterLSQ2, 0), (.uikit, 350),
  ])
  func equalTimestamps(_ estimator: VelocityEstimator, _ expected: Double) {
    let samples = [Self.at(0, 0, 0, .down), Self.at(10, 10), Self.at(10, 20)]
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: expected, y: 0), relative: 1e-5)
  }

  /// x = 0, 100, 110, 130, 160 at 0, 10, 60, 70, 80 ms: a 50 ms gap. Android
  /// restarts its history and Flutter's least squares stops its window there,
  /// leaving 110, 130, 160 at t = −0.02, −0.01, 0 s: −0.01c₁ + 1e-4c₂ = −30
  /// and −0.02c₁ + 4e-4c₂ = −50 give c₂ = 5e4 and c₁ = 3500. The iOS tracker
  /// has no gap rule: 0.6·(10/50 ms) + 0.35·2000 + 0.05·3000 = 120 + 700 + 150;
  /// nor has uikit.
  @Test(arguments: [
    (VelocityEstimator.lsq2, 3500.0), (.flutterLSQ2, 3500), (.ios, 970),
    (.lastDelta, 3000), (.uikit, 970),
  ])
  func gapOver40Milliseconds(_ estimator: VelocityEstimator, _ expected: Double) {
    let samples = [
      Self.at(0, 0, 0, .down), Self.at(10, 100), Self.at(60, 110), Self.at(70, 130),
      Self.at(80, 160), Self.at(90, 160, 0, .up),
    ]
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: expected, y: 0), relative: 1e-5)
  }

  /// Impulse after the 50 ms gap sees only 110, 130, 160: segments 2000/s and
  /// 3000/s; W = 2e6, v′ = 2000, W += 1000·3000 → 5e6, v = √(1e7) = 3162.2777.
  @Test func impulseRestartsAfterAGap() {
    let samples = [
      Self.at(0, 0, 0, .down), Self.at(10, 100), Self.at(60, 110), Self.at(70, 130),
      Self.at(80, 160),
    ]
    Self.expectClose(
      VelocityEstimator.impulse.velocity(of: samples), Vector2D(x: 3162.277660, y: 0),
      relative: 1e-5)
  }

  /// Moving 1000/s, then lifting 41 ms after the last sample: Android has
  /// none, Flutter's trackers zero, last-delta keeps the last slope, and
  /// uikit the pre-pause velocity: three 1000/s segments, weights summing
  /// to 1.
  @Test(
    arguments: [
      (VelocityEstimator.lsq2, nil), (.impulse, nil), (.flutterLSQ2, .zero), (.ios, .zero),
      (.macos, .zero), (.lastDelta, Vector2D(x: 1000, y: 0)), (.uikit, Vector2D(x: 1000, y: 0)),
    ] as [(VelocityEstimator, Vector2D?)])
  func liftAfterAPause(_ estimator: VelocityEstimator, _ expected: Vector2D?) {
    let moves = [Self.at(0, 0, 0, .down), Self.at(10, 10), Self.at(20, 20), Self.at(30, 30)]
    Self.expectClose(estimator.velocity(of: moves + [Self.at(71, 30, 0, .up)]), expected)
  }

  /// The issue's samples: y = 0, 5, 30 at 0, 10, 20 ms and the lift at
  /// 30 ms, y = 60. Segments 500, 2500 and (with the lift) 3000 pt/s. uikit
  /// counts the lift as the last move: 0.6·500 + 0.35·2500 + 0.05·3000 =
  /// 300 + 875 + 150 = 1325. The others do not fit it: ios has two segments,
  /// 0.35·500 + 0.05·2500 = 175 + 125 = 300; last-delta 2500.
  @Test(arguments: [
    (VelocityEstimator.uikit, 1325.0), (.ios, 300), (.lastDelta, 2500),
  ])
  func liftAtANewPosition(_ estimator: VelocityEstimator, _ expected: Double) {
    let samples = [
      Self.at(0, 0, 0, .down), Self.at(10, 0, 5), Self.at(20, 0, 30), Self.at(30, 0, 60, .up),
    ]
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: 0, y: expected))
  }

  /// A finger that rests where it is, sampled at 100 Hz: x = 0, 10, 20, 30
  /// at 0–30 ms, then 30 at 40, 50 and 60 ms, and the lift at 70 ms. uikit
  /// takes no resting sample (UIKit sends no touchesMoved): 1000/s. ios
  /// weighs the last three segments, all at rest: 0. last-delta: 0.
  @Test(arguments: [
    (VelocityEstimator.uikit, 1000.0), (.ios, 0), (.lastDelta, 0),
  ])
  func restingMovesAfterADrag(_ estimator: VelocityEstimator, _ expected: Double) {
    let samples = [
      Self.at(0, 0, 0, .down), Self.at(10, 10), Self.at(20, 20), Self.at(30, 30),
      Self.at(40, 30), Self.at(50, 30), Self.at(60, 30), Self.at(70, 30, 0, .up),
    ]
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: expected, y: 0))
  }

  /// A lift exactly 40 ms after the last sample is not a pause (the rule is
  /// strictly longer), so every estimator sees the 1000/s line; the iOS
  /// tracker's three segments are all 1000/s and its weights sum to 1.
  @Test(arguments: VelocityEstimator.allCases)
  func liftAfterExactly40Milliseconds(_ estimator: VelocityEstimator) {
    let samples = [
      Self.at(0, 0, 0, .down), Self.at(10, 10), Self.at(20, 20), Self.at(30, 30),
      Self.at(70, 30, 0, .up),
    ]
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: 1000, y: 0), relative: 1e-5)
  }

  @Test(arguments: VelocityEstimator.allCases)
  func cancelForgetsTheGesture(_ estimator: VelocityEstimator) {
    var tracker = VelocityTracker(estimator: estimator)
    for sample in [Self.at(0, 0, 0, .down), Self.at(10, 5, 10), Self.at(20, 10, 20)] {
      tracker.add(sample)
    }
    #expect(tracker.velocity() != nil)
    tracker.add(Self.at(20, 10, 20, .cancel))
    #expect(tracker.velocity() == nil)
  }

  /// A touch-down forgets the previous gesture: a fast earlier gesture 5 ms
  /// before leaves no trace in the new one's 1000/s.
  @Test(arguments: VelocityEstimator.allCases)
  func downStartsAFreshGesture(_ estimator: VelocityEstimator) {
    let first = [Self.at(0, 0, 0, .down), Self.at(10, 500), Self.at(20, 900)]
    let second = [
      Self.at(25, 0, 0, .down), Self.at(35, 10), Self.at(45, 20), Self.at(55, 30),
      Self.at(65, 40),
    ]
    Self.expectClose(
      estimator.velocity(of: first + second), Vector2D(x: 1000, y: 0), relative: 1e-5)
  }

  /// Android keeps samples at most 100 ms older than the newest: an outlier
  /// at 0 ms is gone once a sample arrives at 120 ms, leaving a 1000/s line.
  @Test(arguments: [VelocityEstimator.lsq2, .impulse, .flutterLSQ2])
  func horizonDropsOldSamples(_ estimator: VelocityEstimator) {
    var samples = [Self.at(0, 5000, 0, .down)]
    for t in stride(from: 30 as Int64, through: 120, by: 30) {
      samples.append(Self.at(t, Double(t)))
    }
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: 1000, y: 0), relative: 1e-5)
  }

  /// Only the last 20 samples count: 5 wild samples, then 20 on a 1000/s
  /// line 1 ms apart (all within the 100 ms horizon).
  @Test(arguments: [VelocityEstimator.lsq2, .impulse, .flutterLSQ2])
  func historyKeepsTwentySamples(_ estimator: VelocityEstimator) {
    var samples = [Self.at(0, -900, 0, .down)]
    for t in 1...4 as ClosedRange<Int64> { samples.append(Self.at(t, t % 2 == 0 ? 700 : -700)) }
    for t in 5...24 as ClosedRange<Int64> { samples.append(Self.at(t, Double(t))) }
    Self.expectClose(estimator.velocity(of: samples), Vector2D(x: 1000, y: 0), relative: 1e-4)
  }

  /// Extreme times and non-finite positions never trap.
  @Test(arguments: VelocityEstimator.allCases)
  func extremeInputDoesNotTrap(_ estimator: VelocityEstimator) {
    let times: [Int64] = [.max, .min, 0, .max, .max, -1, .min, .min, 5]
    let positions: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 0, .nan, 3, 4]
    var tracker = VelocityTracker(estimator: estimator)
    for (index, (time, position)) in zip(times, positions).enumerated() {
      let action: PointerAction = index == 0 ? .down : index == 5 ? .up : .move
      tracker.add(
        PointerSample(
          time: TraceTime(nanoseconds: time), position: Vector2D(x: position, y: -position),
          action: action))
      _ = tracker.velocity()
    }
    tracker.add(PointerSample(time: TraceTime(nanoseconds: .min), position: .zero, action: .up))
    _ = tracker.velocity()
  }

  /// The streaming tracker and the one-shot convenience agree at every prefix.
  @Test(arguments: VelocityEstimator.allCases)
  func streamingMatchesOneShot(_ estimator: VelocityEstimator) {
    let samples = VelocityTestData.aospSamples(case: "SailfishFlingUpSlow1", lastAction: .up)
    var tracker = VelocityTracker(estimator: estimator)
    for (index, sample) in samples.enumerated() {
      tracker.add(sample)
      #expect(tracker.velocity() == estimator.velocity(of: samples[...index]))
    }
  }
}
