import Testing

@testable import GestureTrace

@Suite struct DragRecorderTests {
  /// The translations y of a drag up from (50, 200), 10 ms apart from 5 s:
  /// SwiftUI's first `onChanged` comes past the 10 pt minimum distance.
  static let ys: [Double] = [-12, -24, -40, -60]

  static func changed(
    _ recorder: inout DragRecorder, _ index: Int, velocity: Vector2D? = nil
  ) {
    recorder.changed(
      time: 5 + Double(index) / 100, location: Vector2D(x: 50, y: 200 + ys[index]),
      startLocation: Vector2D(x: 50, y: 200), translation: Vector2D(x: 0, y: ys[index]),
      velocity: velocity)
  }

  static func ended(
    _ recorder: inout DragRecorder, _ index: Int, velocity: Vector2D? = nil
  ) -> Trace? {
    recorder.ended(
      time: 5 + Double(index) / 100, location: Vector2D(x: 50, y: 200 + ys[index]),
      translation: Vector2D(x: 0, y: ys[index]), velocity: velocity)
  }

  @Test func aScriptedDragGivesItsTrace() throws {
    var recorder = DragRecorder(device: "iPhone 15", scale: 3)
    Self.changed(&recorder, 0, velocity: Vector2D(x: 0, y: -900))
    #expect(recorder.isRecording)
    Self.changed(&recorder, 1, velocity: Vector2D(x: 10, y: -1400))
    Self.changed(&recorder, 2, velocity: Vector2D(x: 0, y: -1700))
    let result = Self.ended(&recorder, 3, velocity: Vector2D(x: 0, y: -2000))
    let trace = try #require(result)
    #expect(!recorder.isRecording)
    #expect(trace.id == "g1")
    #expect(trace.events.map(\.phase) == [.began, .changed, .changed, .ended])
    // 5.01 s and the others round to the nearest nanosecond.
    #expect(
      trace.events.map(\.time.nanoseconds)
        == [5_000_000_000, 5_010_000_000, 5_020_000_000, 5_030_000_000])
    #expect(trace.events.map(\.translation.y) == [-12, -24, -40, -60])
    #expect(trace.events.map(\.location) == Self.ys.map { Vector2D(x: 50, y: 200 + $0) })
    #expect(
      trace.events.map(\.velocity) == [
        Vector2D(x: 0, y: -900), Vector2D(x: 10, y: -1400), Vector2D(x: 0, y: -1700),
        Vector2D(x: 0, y: -2000),
      ])
    #expect(trace.metadata["minimumDistance"] == "10")
    #expect(trace.metadata.source == "ios")
    #expect(trace.metadata.device == "iPhone 15")
    #expect(trace.metadata.units == "pt")
    #expect(trace.metadata.scale == 3)
    #expect(trace.violations.isEmpty)
    #expect(recorder.count == 1)
  }

  /// Before iOS 17 `DragGesture.Value` has no velocity: the default
  /// estimator, `.uikit`, weighs the last three segments 0.6, 0.35 and 0.05
  /// (oldest first; a missing one counts zero). The segments are −1200,
  /// −1600 and −2000 pt/s (−12, −16 and −20 pt in 10 ms).
  @Test func withoutVelocitiesTheEstimatorGivesThem() throws {
    var recorder = DragRecorder(minimumDistance: 4)
    for index in 0..<3 { Self.changed(&recorder, index) }
    let trace = try #require(Self.ended(&recorder, 3))
    let expected: [Double] = [
      0,  // one sample
      0.05 * -1200,
      0.35 * -1200 + 0.05 * -1600,
      0.6 * -1200 + 0.35 * -1600 + 0.05 * -2000,  // −1380: the lift moved
    ]
    let velocities = trace.events.map { $0.velocity ?? Vector2D(x: .nan, y: .nan) }
    #expect(velocities.map(\.x) == [0, 0, 0, 0])
    for (velocity, expected) in zip(velocities, expected) {
      #expect(abs(velocity.y - expected) < 1e-9, "\(velocity.y) against \(expected)")
    }
    #expect(trace.metadata["minimumDistance"] == "4")
  }

  @Test func anotherEstimatorIsUsedWhenGiven() throws {
    // `.ios` does not fit the lift: the release is the velocity at the
    // last move, 0.6·0 + 0.35·(−1200) + 0.05·(−1600) = −500 pt/s.
    var recorder = DragRecorder(estimator: .ios)
    for index in 0..<3 { Self.changed(&recorder, index) }
    let trace = try #require(Self.ended(&recorder, 3))
    let release = try #require(trace.events.last?.velocity)
    #expect(abs(release.y - -500) < 1e-9)
  }

  /// A touch that never moves `minimumDistance` gets no `onChanged` from
  /// SwiftUI (and no `onEnded`): no trace, even if an `onEnded` came.
  @Test func aDragThatNeverPassedTheMinimumDistanceGivesNoTrace() {
    var recorder = DragRecorder()
    #expect(!recorder.isRecording)
    #expect(Self.ended(&recorder, 0) == nil)
    #expect(recorder.count == 0)
  }

  /// SwiftUI calls no `onEnded` for a cancelled drag: the next drag's new
  /// `startLocation` drops it.
  @Test func aNewStartLocationDropsTheUnfinishedDrag() throws {
    var recorder = DragRecorder()
    Self.changed(&recorder, 0)
    Self.changed(&recorder, 1)
    recorder.changed(
      time: 9, location: Vector2D(x: 10, y: 30), startLocation: Vector2D(x: 10, y: 10),
      translation: Vector2D(x: 0, y: 20))
    let result = recorder.ended(
      time: 9.5, location: Vector2D(x: 10, y: 40), translation: Vector2D(x: 0, y: 30))
    let trace = try #require(result)
    #expect(trace.id == "g1")
    #expect(trace.events.map(\.translation.y) == [20, 30])
    #expect(trace.events.map(\.phase) == [.began, .ended])
  }

  @Test func valuesEarlierOrNotFiniteAreIgnored() throws {
    var recorder = DragRecorder()
    Self.changed(&recorder, 1)
    Self.changed(&recorder, 0)  // earlier: ignored
    recorder.changed(
      time: 6, location: Vector2D(x: .nan, y: 0), startLocation: Vector2D(x: 50, y: 200),
      translation: .zero)
    let trace = try #require(Self.ended(&recorder, 2))
    #expect(trace.events.map(\.translation.y) == [-24, -40])
    #expect(trace.violations.isEmpty)
  }
}
