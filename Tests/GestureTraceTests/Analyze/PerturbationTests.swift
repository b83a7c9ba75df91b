import Testing

@testable import GestureTrace

@Suite struct PerturbationTests {
  /// Events at these milliseconds, moving 10 pt down per event; the last
  /// one ends the gesture with velocity (0, 1000).
  static func trace(_ milliseconds: [Int64], id: String = "t") -> Trace {
    let events = milliseconds.enumerated().map { index, ms in
      let phase: TouchPhase =
        index == 0 ? .began : index == milliseconds.count - 1 ? .ended : .changed
      return PanEvent(
        time: .milliseconds(ms), phase: phase,
        translation: Vector2D(x: 1, y: Double(min(index, milliseconds.count - 2) * 10)),
        velocity: phase == .ended ? Vector2D(x: 0, y: 1000) : nil,
        location: Vector2D(x: 100, y: 200))
    }
    return Trace(id: id, events: events)
  }

  @Test func theNamesAreTheReportsOnes() {
    #expect(
      Perturbation.all.map(\.name) == [
        "estimator:lsq2", "estimator:flutter-lsq2", "estimator:impulse", "estimator:ios",
        "estimator:macos", "estimator:last-delta", "jitter", "drop-last", "resample-60hz",
        "scale-5%", "scale+5%",
      ])
  }

  /// The event before the lift goes; the lift keeps its translation.
  @Test func droppingTheLastSampleRemovesTheChangedEventBeforeTheLift() {
    let trace = Self.trace([0, 8, 16, 25])
    let dropped = Perturbation.dropLastSample.applied(to: trace)
    #expect(dropped.events.map(\.time) == [0, 8, 25].map { TraceTime.milliseconds($0) })
    #expect(dropped.events.last == trace.events.last)
    // Nothing to drop between a began and an ended event.
    let short = Self.trace([0, 8])
    #expect(Perturbation.dropLastSample.applied(to: short) == short)
  }

  /// 1/60 s less 1 ms is 15.67 ms: 8 and 25 and 41 come too soon after
  /// the last kept (0, 16, 33); the lift at 50 stays.
  @Test func resamplingTo60HzKeepsEventsAFrameApart() {
    let trace = Self.trace([0, 8, 16, 25, 33, 41, 50])
    let resampled = Perturbation.resample60.applied(to: trace)
    #expect(resampled.events.map(\.time) == [0, 16, 33, 50].map { TraceTime.milliseconds($0) })
    #expect(resampled.events.map(\.phase) == [.began, .changed, .changed, .ended])
  }

  @Test func scalingMultipliesPositionsAndVelocities() {
    let trace = Self.trace([0, 8, 16])
    let up = Perturbation.scaleUp.applied(to: trace)
    #expect(up.events[1].translation == Vector2D(x: 1.05, y: 10.5))
    #expect(up.events[1].location == Vector2D(x: 105, y: 210))
    #expect(up.events[2].velocity == Vector2D(x: 0, y: 1050))
    let down = Perturbation.scaleDown.applied(to: trace)
    #expect(down.events[1].translation == Vector2D(x: 0.95, y: 9.5))
    #expect(up.events.map(\.time) == trace.events.map(\.time))
  }

  /// The recorded velocity gives way to the estimate: last-delta's is the
  /// last move over its interval, 10 pt in 8 ms = 1250 pt/s.
  @Test func anEstimatorReplacesTheReleaseVelocity() {
    let trace = Self.trace([0, 8, 16, 24])
    let estimated = Perturbation.estimator(.lastDelta).applied(to: trace)
    #expect(estimated.events.last?.velocity == Vector2D(x: 0, y: 1250))
    #expect(estimated.events.dropLast() == trace.events.dropLast())
  }

  /// Every time but the first moves by at most a 120 Hz frame, stays at
  /// or after the one before, and the same id always moves them alike.
  @Test func jitterIsBoundedOrderedAndSeededByTheID() {
    let trace = Self.trace(Array(stride(from: 0, through: 400, by: 1)), id: "jittery")
    let jittered = Perturbation.jitter.applied(to: trace)
    #expect(jittered == Perturbation.jitter.applied(to: trace))
    #expect(jittered.events[0] == trace.events[0])
    var moved = 0
    for (before, after) in zip(trace.events, jittered.events) {
      #expect(
        (after.time.nanoseconds - before.time.nanoseconds).magnitude
          <= UInt64(Perturbation.jitterBound))
      moved += after.time == before.time ? 0 : 1
    }
    #expect(moved > 300)
    for index in jittered.events.indices.dropFirst() {
      #expect(jittered.events[index].time >= jittered.events[index - 1].time)
    }
    let other = Perturbation.jitter.applied(to: Trace(id: "other", events: trace.events))
    #expect(other.events.map(\.time) != jittered.events.map(\.time))
  }
}
