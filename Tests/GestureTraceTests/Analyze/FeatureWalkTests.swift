import Testing

@testable import GestureTrace

/// The features' walk (two events at a time, intervals kept as whole
/// nanoseconds) against the definitions written out one event at a time:
/// path length, peak speed, intervals and their median.
@Suite struct FeatureWalkTests {
  /// What the walk must give, one event at a time with a division per
  /// interval and per speed, as the features were first defined.
  struct Reference {
    var length = 0.0
    var peak = 0.0
    var intervals: [Double] = []
    var reversals = 0

    init(_ events: [PanEvent]) {
      let net = events.last?.translation ?? .zero
      let horizontal = net.x.magnitude > net.y.magnitude
      reversals = Self.reversals(events.map { horizontal ? $0.translation.x : $0.translation.y })
      // The path starts at the touch-down point, zero translation.
      length = events.first?.translation.length ?? 0
      for (previous, event) in zip(events, events.dropFirst()) {
        let step = (event.translation - previous.translation).length
        let interval = Double((event.time - previous.time).nanoseconds) / 1e9
        length += step
        intervals.append(interval)
        if interval > 0 {
          let speed = step / interval
          if speed >= peak { peak = speed }
        }
      }
    }

    /// Turns back by more than 2 pt from the furthest point reached in
    /// the current direction, with a branch per case as first written.
    static func reversals(_ positions: [Double]) -> Int {
      guard var extreme = positions.first else { return 0 }
      var direction = 0.0
      var count = 0
      for position in positions.dropFirst() {
        let delta = position - extreme
        if direction == 0 {
          if delta.magnitude > 2 {
            direction = delta > 0 ? 1 : -1
            extreme = position
          }
        } else if delta * direction > 0 {
          extreme = position
        } else if (-delta * direction) > 2 {
          count += 1
          direction = -direction
          extreme = position
        }
      }
      return count
    }
  }

  static func trace(_ events: [PanEvent]) -> Trace {
    Trace(id: "t", events: events)
  }

  static func event(ns: Int64, x: Double, y: Double) -> PanEvent {
    PanEvent(time: TraceTime(nanoseconds: ns), phase: .changed, translation: Vector2D(x: x, y: y))
  }

  /// A random trace of `count` events: intervals from a small pool (zero,
  /// equal ones, ones above 2⁵³ ns, and with `backwards`, negative ones),
  /// steps from a small grid, so that speeds tie often.
  static func randomTrace(count: Int, seed: UInt64, backwards: Bool = false) -> Trace {
    var rng = SplitMix64(seed: seed)
    let gaps: [Int64] =
      [0, 8_000_000, 8_000_000, 8_333_333, 16_000_000, 1, 1 << 54]
      + (backwards ? [-8_000_000, Int64.min / 2] : [])
    let moves: [Double] = [0, 0.5, 1, 1, 2, -1, 3.25, 1e-300]
    var time: Int64 = 1_000
    // A first event away from the touch-down point, as a `began` past the
    // slop is.
    var x = 10 * moves[Int(rng.next() % UInt64(moves.count))]
    var y = 10 * moves[Int(rng.next() % UInt64(moves.count))]
    var events: [PanEvent] = []
    for _ in 0..<count {
      events.append(event(ns: time, x: x, y: y))
      time &+= gaps[Int(rng.next() % UInt64(gaps.count))]
      x += moves[Int(rng.next() % UInt64(moves.count))]
      y += moves[Int(rng.next() % UInt64(moves.count))]
    }
    return trace(events)
  }

  func expectMatches(_ trace: Trace, sourceLocation: SourceLocation = #_sourceLocation) {
    let reference = Reference(trace.events)
    let kept = TraceFeatures(of: trace)
    var median: Double?
    let measured = TraceFeatures(of: trace, intervalMedian: &median)
    for features in [kept, measured] {
      // Bits, so that NaN compares too; an infinite length or speed
      // saturates at the largest double.
      #expect(
        features.pathLength.bitPattern == reference.length.saturated.bitPattern,
        sourceLocation: sourceLocation)
      #expect(
        features.peakSpeed.bitPattern == reference.peak.saturated.bitPattern,
        sourceLocation: sourceLocation)
      #expect(features.reversals == reference.reversals, sourceLocation: sourceLocation)
    }
    #expect(
      kept.intervals.map(\.bitPattern) == reference.intervals.map(\.bitPattern),
      sourceLocation: sourceLocation)
    #expect(measured.intervals.isEmpty, sourceLocation: sourceLocation)
    // The sorting definition of the median, on the intervals in seconds.
    #expect(
      median?.bitPattern == Quantiles(reference.intervals).median?.bitPattern,
      sourceLocation: sourceLocation)
  }

  /// Odd and even event counts (the walk takes two at a time and one
  /// left over), each with several seeds.
  @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 57, 58, 211])
  func walkMatchesTheDefinitionOneEventAtATime(count: Int) {
    for seed in 0..<40 as Range<UInt64> {
      expectMatches(Self.randomTrace(count: count, seed: seed &* 1_000 &+ UInt64(count)))
    }
  }

  /// Times that go backwards (a trace made in code, not read from a file)
  /// give negative intervals, which have no speed and still count for the
  /// median.
  @Test(arguments: [2, 3, 10, 57])
  func walkMatchesTheDefinitionWithBackwardTimes(count: Int) {
    for seed in 0..<40 as Range<UInt64> {
      expectMatches(Self.randomTrace(count: count, seed: seed &+ 77, backwards: true))
    }
  }

  /// Peak speed by hand, where the two lanes of the walk and the event
  /// left over each hold the peak.
  @Test(
    arguments: [
      // 3-4-5 steps of 5 pt: 5 pt / 10 ms = 500 pt/s first, then 5 pt / 20 ms
      // = 250, 250: the peak is the first step (lane 0).
      ([0, 10, 30, 50], [(0, 0), (3, 4), (6, 8), (9, 12)], 500.0),
      // 5 pt / 20 ms = 250, then 5 pt / 10 ms = 500 (lane 1).
      ([0, 20, 30], [(0, 0), (3, 4), (6, 8)], 500.0),
      // Four steps of 250 pt/s, then the last, left over: 10 pt / 10 ms.
      ([0, 20, 40, 60, 80, 90], [(0, 0), (3, 4), (6, 8), (9, 12), (12, 16), (18, 24)], 1000.0),
      // Equal speeds everywhere: 5 pt / 10 ms = 500.
      ([0, 10, 20, 30, 40], [(0, 0), (3, 4), (6, 8), (9, 12), (12, 16)], 500.0),
      // A zero interval with a step of 50 pt has no speed; then about 0.6 pt
      // over 2 ms (300 pt/s) and 3 pt over 1 ms: 3000.
      ([0, 0, 2, 3], [(0, 0), (30, 40), (30, 40.6), (33, 40.6)], 3000.0),
      // No movement: 0.
      ([0, 10, 20], [(1, 1), (1, 1), (1, 1)], 0.0),
    ] as [([Int64], [(Double, Double)], Double)])
  func peakSpeedByHand(milliseconds: [Int64], points: [(Double, Double)], peak: Double) {
    let trace = Self.trace(
      zip(milliseconds, points).map { ms, point in
        Self.event(ns: ms * 1_000_000, x: point.0, y: point.1)
      })
    #expect(TraceFeatures(of: trace).peakSpeed == peak)
    expectMatches(trace)
  }

  /// Reversals against the definition with a branch per case, on paths
  /// that pause, jitter around the 2 pt hysteresis (exactly 2 does not
  /// count), and hold ±0, infinities and NaN.
  @Test(arguments: 0..<200 as Range<UInt64>)
  func reversalsMatchTheDefinition(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let moves: [Double] = [0, 0, 1, -1, 2, -2, 2.5, -2.5, 0x1p-1074, 10, -10, -0.0]
    var position = seed % 7 == 0 ? -0.0 : 0.0
    let positions = (0..<Int(seed % 60)).map { _ -> Double in
      let pick = rng.next() % 100
      if seed % 5 == 4 && pick == 0 { return [Double.nan, .infinity, -.infinity][Int(seed % 3)] }
      position += moves[Int(rng.next() % UInt64(moves.count))]
      return position
    }
    #expect(TraceFeatures.countReversals(positions) == Reference.reversals(positions))
    // Through the walk too, along y (a net translation mostly vertical).
    let events = positions.enumerated().map { index, y in
      Self.event(ns: Int64(index) * 8_000_000, x: 0, y: y)
    }
    expectMatches(Self.trace(events))
  }

  /// Steps of NaN and infinity: NaN never becomes the peak, an infinite
  /// step over a positive interval does (saturated at the largest double).
  @Test func nonFiniteStepsMatchTheDefinition() {
    let nan = Self.trace([
      Self.event(ns: 0, x: 0, y: 0), Self.event(ns: 10, x: .nan, y: 0),
      Self.event(ns: 20, x: 1, y: 0), Self.event(ns: 30, x: 2, y: 0),
    ])
    // The NaN steps do not count; 1 pt in 10 ns is 10⁸ pt/s.
    #expect(TraceFeatures(of: nan).peakSpeed == 1e8)
    expectMatches(nan)
    let infinite = Self.trace([
      Self.event(ns: 0, x: 0, y: 0), Self.event(ns: 10, x: 1, y: 0),
      Self.event(ns: 20, x: .infinity, y: 0),
    ])
    #expect(TraceFeatures(of: infinite).peakSpeed == .greatestFiniteMagnitude)
    expectMatches(infinite)
  }
}
