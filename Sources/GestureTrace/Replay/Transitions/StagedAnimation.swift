/// Numeric properties animating from one set of values to another in
/// stages, each with its own duration, delay and curve: several
/// `UIView.animate` calls (or one SwiftUI `withAnimation`) started together.
///
/// A property that no stage moves shows its target value throughout.
struct StagedAnimation: Sendable, Hashable {
  /// One animation call: the properties it moves and their timing.
  struct Stage: Sendable, Hashable {
    /// The indices of the properties it moves.
    var properties: Range<Int>
    /// The requested duration, seconds.
    var duration: Double
    /// Seconds between the animation's start and this stage's.
    var delay = 0.0
    /// The timing curve.
    var curve: AnimationCurve

    /// Seconds from the animation's start to this stage's end.
    var end: Double { delay + curve.runningTime(forDuration: duration) }
  }

  /// When the stages start (before their delays).
  var start: TraceTime
  /// The values at the start.
  var from: [Double]
  /// The values at the end.
  var to: [Double]
  /// The stages.
  var stages: [Stage]

  /// When the last stage ends.
  // NB: the latest stage end as `stages.map(\.end).max()` picks it (a
  // later one replaces it only when greater), without the array the map
  // made each time: the music card and the pager read it per trace, and
  // the pager per event while it slides.
  var end: TraceTime {
    endTime()
  }

  @inline(never)
  private func endTime() -> TraceTime {
    var latest: Double?
    for stage in stages {
      let stageEnd = stage.end
      if let current = latest, !(current < stageEnd) { continue }
      latest = stageEnd
    }
    return start + .seconds(latest ?? 0)
  }

  /// The values at `time`: exactly ``from`` before a stage starts and
  /// exactly ``to`` once it has ended.
  func values(at time: TraceTime) -> [Double] {
    var values = to
    let elapsed = (time - start).seconds
    for stage in stages {
      let progress = stage.curve.progress(
        atElapsed: elapsed - stage.delay, duration: stage.duration)
      for index in stage.properties where index < values.count {
        values[index] =
          switch progress {
          case 0: from[index]
          case 1: to[index]
          default: from[index] + (to[index] - from[index]) * progress
          }
      }
    }
    return values
  }
}
