/// Replays traces through transition variants on a virtual clock.
///
/// The replay clock starts at the trace's first event (time 0). Each event
/// is delivered at its own timestamp, after the clock has been advanced to
/// it; animations advance on a fixed frame grid (`framesPerSecond`, 120 by
/// default) when a timeline is asked for. Nothing reads the wall clock, so
/// replaying the same trace with the same variant always gives the same
/// result, bit for bit, on any thread:
///
/// ```swift
/// let replayer = Replayer()
/// let variant = try Variant(parsing: "player-sheet")
/// let result = replayer.outcome(of: trace, with: variant)
/// result.outcome     // .complete
/// result.decidedAt   // the release, on the replay clock
/// ```
///
/// The release velocity is the one recorded on the trace's `ended` event;
/// when the trace has none, ``estimator`` computes it from the
/// translations. A trace that stops without ending is treated as cancelled
/// by the system at its last event.
public struct Replayer: Sendable, Hashable {
  /// The frame grid of timelines, frames per second (1…1000).
  public var framesPerSecond: Int
  /// The estimator that supplies missing release velocities.
  public var estimator: VelocityEstimator

  /// Creates a replayer.
  ///
  /// - Parameters:
  ///   - framesPerSecond: The frame rate of timelines; clamped to 1…1000.
  ///   - estimator: Supplies release velocities traces do not record.
  public init(framesPerSecond: Int = 120, estimator: VelocityEstimator = .default) {
    self.framesPerSecond = min(max(framesPerSecond, 1), 1000)
    self.estimator = estimator
  }

  /// Replays `trace` through `variant` and returns what it decided.
  public func outcome(of trace: Trace, with variant: Variant) -> ReplayOutcome {
    outcome(of: trace, from: variant.makeTransition())
  }

  /// Replays `trace` through a copy of `start`, a transition at rest as
  /// ``Variant/makeTransition()`` makes it.
  package func outcome(of trace: Trace, from start: any Transition) -> ReplayOutcome {
    outcome(of: trace, from: ReplayPrototype(start))
  }

  /// Replays `trace` through `variant`, sampling every property on the
  /// frame grid from time 0 until everything has settled.
  ///
  /// Frames fall at whole multiples of the frame interval (in
  /// nanoseconds, rounded down); an event at a frame's time is delivered
  /// before that frame is sampled. The last frame is the first at or after
  /// the settle time.
  public func timeline(of trace: Trace, with variant: Variant) -> ReplayTimeline {
    var transition = variant.makeTransition()
    let events = replayEvents(of: trace)
    var frames: [ReplayFrame] = []
    var frameIndex: Int64 = 0
    let thresholds = transition.thresholds
    let columns = thresholds.map { transition.propertyNames.firstIndex(of: $0.property) }
    var crossings = [TraceTime?](repeating: nil, count: thresholds.count)
    func checkThresholds(at time: TraceTime, _ values: [Double]) {
      for (index, threshold) in thresholds.enumerated() where crossings[index] == nil {
        if let column = columns[index], values[column] > threshold.value {
          crossings[index] = time
        }
      }
    }
    func frameTime(_ index: Int64) -> TraceTime {
      TraceTime(nanoseconds: index * 1_000_000_000 / Int64(framesPerSecond))
    }
    func sample(until limit: TraceTime, inclusive: Bool) {
      while true {
        let time = frameTime(frameIndex)
        guard time < limit || (inclusive && time == limit) else { return }
        transition.advance(to: time)
        let values = transition.propertyValues
        checkThresholds(at: time, values)
        frames.append(ReplayFrame(time: time, values: values))
        frameIndex += 1
      }
    }
    for event in events {
      sample(until: event.time, inclusive: false)
      transition.advance(to: event.time)
      transition.receive(event)
      if !thresholds.isEmpty { checkThresholds(at: event.time, transition.propertyValues) }
    }
    let lastEvent = events.last?.time ?? .zero
    let result = Self.outcome(of: transition, lastEvent: lastEvent)
    // The last frame is the first at or after the settle time, so it shows
    // the resting state; a timeline stops 30 s after the last event.
    let end = min(max(result.settledAt, lastEvent), lastEvent + .milliseconds(30_000))
    while true {
      let time = frameTime(frameIndex)
      transition.advance(to: time)
      let values = transition.propertyValues
      checkThresholds(at: time, values)
      frames.append(ReplayFrame(time: time, values: values))
      frameIndex += 1
      if time >= end { break }
    }
    return ReplayTimeline(
      propertyNames: transition.propertyNames, thresholds: thresholds, crossings: crossings,
      frames: frames, outcome: result)
  }

  /// The number of frames ``timeline(of:with:)`` makes for `trace`, found
  /// without sampling them (one replay without frames), or `Int.max` when
  /// it is past counting.
  ///
  /// A timeline runs to the settle time or 30 s after the last event, so a
  /// trace of three events can span hours: check this number before asking
  /// for the timeline, which holds every frame.
  public func frameCount(of trace: Trace, with variant: Variant) -> Int {
    let result = outcome(of: trace, with: variant)
    let lastEvent =
      (trace.events.last?.time ?? .zero) - (trace.events.first?.time ?? .zero)
    let end = min(max(result.settledAt, lastEvent), lastEvent + .milliseconds(30_000))
    // NB: the last frame is the first whose time (index × 10⁹ / fps, rounded
    // down) is at or after `end`: index ⌈end × fps / 10⁹⌉.
    guard end.nanoseconds > 0 else { return 1 }
    let (product, overflow) = end.nanoseconds.multipliedReportingOverflow(
      by: Int64(framesPerSecond))
    guard !overflow else { return .max }
    let index = (product + 999_999_999) / 1_000_000_000
    return Int(index) + 1
  }

  /// The events as delivered: rebased to start at 0, the release velocity
  /// filled in, and a system cancel appended to a trace that does not end.
  func replayEvents(of trace: Trace) -> [PanEvent] {
    guard let first = trace.events.first else { return [] }
    var events = trace.events.map { event in
      var rebased = event
      rebased.time = event.time - first.time
      return rebased
    }
    let last = events.count - 1
    switch events[last].phase {
    case .ended:
      if events[last].velocity == nil {
        events[last].velocity = trace.releaseVelocity(estimator: estimator)
      }
    case .cancelled:
      break
    case .began, .changed:
      var cancel = events[last]
      cancel.phase = .cancelled
      cancel.velocity = nil
      events.append(cancel)
    }
    return events
  }

  /// Delivers the events of `trace` to `transition` as
  /// ``replayEvents(of:)`` makes them, advancing its clock to each, and
  /// lets `observer` look at the transition after each; returns the last
  /// event's time (0 when there is none). With `stopsAtDecision` (for a
  /// ``DecisionFreezesThresholds`` transition), the events after the
  /// decision are not delivered. `shortcut` may take stretches of events
  /// before the last at once (see ``EventShortcut``).
  // NB: the replay loop of `run` and sweeps, inlined into each transition's
  // copy: it reads the trace's events in place (an iterator holding the
  // trace cost a check of the last index and a copy per event), and only
  // the last event gets the release velocity or a system cancel. The
  // observer is a generic value rather than a closure: a closure the
  // compiler did not inline was handed a copy of the transition per event.
  @inline(__always)
  func deliverEvents<T, Observer: ReplayObserver, Shortcut: EventShortcut>(
    of trace: Trace, to transition: inout T, observer: inout Observer,
    shortcut: Shortcut.Type, stopsAtDecision: Bool = false
  ) -> TraceTime where Shortcut.Subject == T {
    let events = trace.events
    guard let first = events.first else { return .zero }
    let origin = first.time
    let last = events.count - 1
    var index = 0
    while index < last {
      index = Shortcut.take(
        events, from: index, to: last, origin: origin, into: &transition,
        observer: &observer)
      if index >= last { break }
      let time = events[index].time - origin
      var event = events[index]
      event.time = time
      transition.advance(to: time)
      transition.receive(event)
      observer.observe(&transition, at: time)
      if stopsAtDecision, transition.decision != nil { return events[last].time - origin }
      index += 1
    }
    var event = events[last]
    let time = event.time - origin
    event.time = time
    switch event.phase {
    case .ended:
      if event.velocity == nil { event.velocity = trace.releaseVelocity(estimator: estimator) }
    case .cancelled, .began, .changed:
      break
    }
    transition.advance(to: time)
    transition.receive(event)
    observer.observe(&transition, at: time)
    if !event.phase.isFinal {
      event.phase = .cancelled
      event.velocity = nil
      transition.advance(to: time)
      transition.receive(event)
      observer.observe(&transition, at: time)
    }
    return time
  }

  static func outcome<T: Transition>(of transition: T, lastEvent: TraceTime)
    -> ReplayOutcome
  {
    // NB: every transition decides by the end of a trace that ends or is
    // cancelled; the fallback keeps a faulty one from crashing a report.
    let decision = transition.decision ?? TransitionDecision(.cancel, at: lastEvent)
    let settled = max(transition.settleTime ?? lastEvent, decision.time)
    return ReplayOutcome(outcome: decision.outcome, decidedAt: decision.time, settledAt: settled)
  }
}

/// What one replay decided.
public struct ReplayOutcome: Sendable, Hashable {
  /// The decision.
  public var outcome: TransitionOutcome
  /// When it was made, on the replay clock.
  public var decidedAt: TraceTime
  /// When everything had come to rest.
  public var settledAt: TraceTime
}

/// A replay sampled frame by frame.
public struct ReplayTimeline: Sendable, Hashable {
  /// The names of the sampled properties.
  public var propertyNames: [String]
  /// The thresholds the transition compares properties with.
  public var thresholds: [Threshold]
  /// When each threshold's property first exceeded it, checked after every
  /// event and at every frame; `nil` when it never did.
  public var crossings: [TraceTime?]
  /// The frames, in time order.
  public var frames: [ReplayFrame]
  /// What the replay decided.
  public var outcome: ReplayOutcome
}

/// The properties' values at one frame.
public struct ReplayFrame: Sendable, Hashable {
  /// The frame's time on the replay clock.
  public var time: TraceTime
  /// The values, in the order of ``ReplayTimeline/propertyNames``.
  public var values: [Double]
}
