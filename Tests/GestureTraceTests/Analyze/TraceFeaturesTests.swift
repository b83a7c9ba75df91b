import Foundation
import Testing

@testable import GestureTrace

@Suite struct TraceFeaturesTests {
  func trace(_ points: [(ms: Int64, x: Double, y: Double)]) -> Trace {
    let events = points.enumerated().map { index, point in
      PanEvent(
        time: .milliseconds(point.ms),
        phase: index == 0 ? .began : index == points.count - 1 ? .ended : .changed,
        translation: Vector2D(x: point.x, y: point.y),
        velocity: index == points.count - 1 ? Vector2D(x: 0, y: 0) : nil)
    }
    return Trace(id: "t", events: events)
  }

  @Test func straightnessPathAndPeakSpeedByHand() {
    // (0,0) → (30,40) → (30,0): path 50 + 40 = 90, net 30, straightness
    // 1/3; speeds 50 pt / 10 ms = 5000 pt/s, 40 / 20 ms = 2000.
    let features = TraceFeatures(of: trace([(0, 0, 0), (10, 30, 40), (30, 30, 0)]))
    #expect(features.pathLength == 90)
    #expect(features.netDistance == 30)
    #expect(abs(features.straightness - 1.0 / 3) < 1e-15)
    #expect(features.peakSpeed == 5000)
    #expect(features.dominantAxis == "x")
  }

  @Test func pathStartsAtTheTouchDownPointAsTheNetDistanceDoes() {
    // A pan that begins past the slop, at (0, 12): the path is 12 from the
    // touch-down point, then 8 and 4, so 24, the net distance; from the
    // began event it would be 12.
    let straight = TraceFeatures(of: trace([(0, 0, 12), (10, 0, 20), (20, 0, 24)]))
    #expect(straight.pathLength == 24)
    #expect(straight.netDistance == 24)
    #expect(straight.straightness == 1)
    // Began at (9, 12), 15 from the touch-down point, then back to
    // (0, 12), 9 more: path 24, net 12, straightness 1/2.
    let back = TraceFeatures(of: trace([(0, 9, 12), (10, 0, 12)]))
    #expect(back.pathLength == 24)
    #expect(back.straightness == 0.5)
    // One event: the path is the net distance.
    #expect(TraceFeatures(of: trace([(0, 3, 4)])).pathLength == 5)
  }

  /// The libinput sample's g1 (traces/samples/README.md): began at
  /// (18.8976, 0.6299) pt, ended at (239.3701, 4.4094) pt, net 239.41 pt;
  /// its path was 220.5, shorter than that, when measured from the began
  /// event. Every recorded and synthetic trace shipped has a path at least
  /// as long as its net distance (up to rounding).
  @Test(arguments: [
    "traces/samples/swipes.libinput.expected.csv", "traces/samples/swipes.getevent.expected.csv",
    "traces/samples/synth.csv", "traces/recorded-fingers.csv",
  ])
  func pathIsNeverShorterThanTheNetDistance(_ file: String) throws {
    let root = packageRoot
    var decoder = CSVTraceDecoder()
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let traces: [Trace] = decoder.decode(text).compactMap { item in
      guard case .trace(let trace, _) = item else { return nil }
      return trace
    }
    #expect(!traces.isEmpty)
    for trace in traces {
      let features = TraceFeatures(of: trace)
      #expect(
        features.pathLength >= features.netDistance * (1 - 1e-12),
        "\(trace.id): path \(features.pathLength), net \(features.netDistance)")
    }
    if file.hasSuffix("libinput.expected.csv") {
      let g1 = try #require(traces.first { $0.id == "g1" }).events
      let features = TraceFeatures(of: Trace(id: "g1", events: g1))
      #expect(abs(features.netDistance - 239.41) < 0.005)
      // The began event's distance from the touch-down point is part of
      // the path: 18.9081 pt.
      let began = g1[0].translation.length
      #expect(abs(began - 18.9081) < 0.0001)
      var steps = began
      for (a, b) in zip(g1, g1.dropFirst()) { steps += (b.translation - a.translation).length }
      #expect(features.pathLength == steps)
      #expect(features.pathLength >= features.netDistance)
    }
  }

  @Test(arguments: [
    ([0, 10, 20, 30], 0),
    // Out to 30, back to 20 (10 > 2 pt hysteresis), out to 40: two turns.
    ([0, 30, 20, 40], 2),
    // Jitter of 1.5 pt does not count.
    ([0, 30, 28.5, 30, 28.5, 40], 0),
    ([0, -10, -5, -20, 0], 3),
  ])
  func reversalsNeedMoreThanTheHysteresis(ys: [Double], expected: Int) {
    #expect(TraceFeatures.countReversals(ys) == expected)
  }

  @Test func pauseBeforeLiftIsTheTimeAtRest() {
    // Reaches 50 at 30 ms, holds within 0.5 pt until the lift at 130 ms.
    let features = TraceFeatures(
      of: trace([(0, 0, 0), (10, 0, 20), (30, 0, 50), (80, 0, 50.3), (130, 0, 50)]))
    #expect(features.pauseBeforeLift == 0.1)
    let moving = TraceFeatures(of: trace([(0, 0, 0), (10, 0, 20), (20, 0, 40)]))
    #expect(moving.pauseBeforeLift == 0)
  }

  /// Measured without keeping the intervals, a trace has the same
  /// features (but no intervals) and the median of the intervals as the
  /// sorted quantiles give it; for the 250 traces of samples/synth.csv and traces
  /// of zero, one and two events.
  @Test func featuresWithoutIntervalsKeepTheirMedian() throws {
    var decoder = CSVTraceDecoder()
    let root = packageRoot
    let text = try String(
      contentsOf: root.appendingPathComponent("traces/samples/synth.csv"), encoding: .utf8)
    var traces: [Trace] = decoder.decode(text).compactMap { item in
      guard case .trace(let trace, _) = item else { return nil }
      return trace
    }
    #expect(traces.count == 250)
    traces += [trace([]), trace([(0, 0, 0)]), trace([(0, 0, 0), (8, 1, 1)])]
    for trace in traces {
      var kept = TraceFeatures(of: trace)
      var median: Double?
      let measured = TraceFeatures(of: trace, intervalMedian: &median)
      #expect(median == Quantiles(kept.intervals).median, "\(trace.id)")
      kept.intervals = []
      #expect(measured == kept, "\(trace.id)")
    }
  }
}
