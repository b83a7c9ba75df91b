import Testing

@testable import GestureTrace

/// Hand-built pan traces and timeline look-ups for the transition tests.
enum PanSamples {
  /// Progress of the Core Animation curves at half their duration, from
  /// 40-digit bisection (mpmath; see TimingCurveTests).
  static let easeInAtHalf = 0.315_356_812_572_539_304_26
  static let easeOutAtHalf = 0.684_643_187_427_460_695_74
  /// easeInEaseOut is point-symmetric about (0.5, 0.5).
  static let easeInEaseOutAtHalf = 0.5

  /// A trace from (milliseconds, tx, ty) samples: the first is `began`,
  /// the last `last` (with `velocity` when it ends), the others `changed`.
  static func trace(
    _ samples: [(Int64, Double, Double)], last: TouchPhase = .ended,
    velocity: Vector2D? = nil
  ) -> Trace {
    var events = samples.enumerated().map { index, sample in
      PanEvent(
        time: .milliseconds(sample.0), phase: index == 0 ? .began : .changed,
        translation: Vector2D(x: sample.1, y: sample.2))
    }
    if events.count > 1 {
      events[events.count - 1].phase = last
      if last == .ended { events[events.count - 1].velocity = velocity }
    }
    return Trace(id: "t", events: events)
  }

  /// A replayer on a 1 ms frame grid, so frame *n* is at *n* ms.
  static let replayer = Replayer(framesPerSecond: 1000)

  /// The variant for a spec that must parse.
  static func variant(
    _ spec: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Variant? {
    do {
      return try Variant(parsing: spec)
    } catch {
      Issue.record("\(spec): \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// The value of `property` at `milliseconds` in a 1-ms timeline.
  static func value(
    _ property: String, at milliseconds: Int, in timeline: ReplayTimeline,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Double? {
    guard let column = timeline.propertyNames.firstIndex(of: property),
      milliseconds < timeline.frames.count
    else {
      Issue.record("no \(property) at \(milliseconds) ms", sourceLocation: sourceLocation)
      return nil
    }
    let frame = timeline.frames[milliseconds]
    #expect(frame.time == .milliseconds(Int64(milliseconds)), sourceLocation: sourceLocation)
    return frame.values[column]
  }

  /// Expects `actual` within `tolerance` of `expected`.
  static func expectClose(
    _ actual: Double?, _ expected: Double, within tolerance: Double = 1e-9,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let actual else {
      Issue.record("nil instead of \(expected)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      (actual - expected).magnitude <= tolerance, "\(actual) vs \(expected) \(comment ?? "")",
      sourceLocation: sourceLocation)
  }
}
