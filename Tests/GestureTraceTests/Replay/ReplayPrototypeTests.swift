import Testing

@testable import GestureTrace

/// Runs from a prepared transition (``ReplayPrototype``, the replay loop
/// with its threshold watch) against the definition of a run written out:
/// every event as `replayEvents(of:)` delivers it to a fresh transition, and
/// every property read from `propertyValues` after each.
@Suite struct ReplayPrototypeTests {
  static let variants =
    [
      "lyrics-swap", "lyrics-swap:axis=both", "lyrics-swap:axis=x,entry=bottom",
      "player-sheet", "player-sheet:start=open", "music-card", "music-card:mode=drag",
      "music-card:mode=drag,rule=swipe", "library-pager", "library-pager:pager=current",
      "library-pager:startCategory=1,startPage=2",
    ] + Variant.ruleNames.map { "player-sheet:rule=\($0)" }

  /// Synthesized traces, some without their end or their release velocity,
  /// some starting late, and hand-made oddities.
  static let traces: [Trace] = {
    let synthesizer = TraceSynthesizer(seed: 77)
    var traces = (0..<60).map { synthesizer.trace(at: $0) }
    for index in stride(from: 0, to: 60, by: 3) {
      var trace = traces[index]
      switch index % 9 {
      case 0: trace.events.removeLast()  // stops without ending
      case 3: trace.events[trace.events.count - 1].velocity = nil  // estimated
      default:
        for event in trace.events.indices {
          trace.events[event].time = trace.events[event].time + .milliseconds(9_000)
        }
      }
      traces.append(trace)
    }
    traces.append(Trace(id: "empty"))
    traces.append(panTrace([(0, 0, -12)], end: nil))
    // A drag before `began`, and `began` twice.
    var odd = panTrace([(0, 0, -20), (10, 0, -200), (20, 0, -400)])
    odd.events[0].phase = .changed
    odd.events[1].phase = .began
    traces.append(odd)
    return traces
  }()

  /// The definition of ``Replayer/run(_:with:)``.
  static func definition(_ trace: Trace, _ variant: Variant) -> VariantRun {
    definition(trace, variant.makeTransition())
  }

  static func definition(_ trace: Trace, _ start: any Transition) -> VariantRun {
    var transition = start
    let thresholds = transition.thresholds
    let columns = thresholds.map { transition.propertyNames.firstIndex(of: $0.property) }
    var crossings = [TraceTime?](repeating: nil, count: thresholds.count)
    var peaks = [Double](repeating: -.infinity, count: thresholds.count)
    var last = TraceTime.zero
    for event in Replayer().replayEvents(of: trace) {
      transition.advance(to: event.time)
      transition.receive(event)
      last = event.time
      let values = transition.propertyValues
      for (index, column) in columns.enumerated() {
        guard let column else { continue }
        peaks[index] = max(peaks[index], values[column])
        if crossings[index] == nil, values[column] > thresholds[index].value {
          crossings[index] = event.time
        }
      }
    }
    let decision = transition.decision ?? TransitionDecision(.cancel, at: last)
    let settled = max(transition.settleTime ?? last, decision.time)
    return VariantRun(
      outcome: ReplayOutcome(
        outcome: decision.outcome, decidedAt: decision.time, settledAt: settled),
      thresholds: thresholds, crossings: crossings, peaks: peaks)
  }

  @Test(arguments: variants)
  func preparedRunsFollowTheDefinition(_ spec: String) throws {
    let variant = try Variant(parsing: spec)
    let prototype = ReplayPrototype(variant.makeTransition())
    let replayer = Replayer()
    for trace in Self.traces {
      let expected = Self.definition(trace, variant)
      // The same prototype serves every trace: each run starts at rest.
      #expect(replayer.run(trace, from: prototype) == expected, "\(spec) \(trace.id)")
      #expect(replayer.outcome(of: trace, from: prototype) == expected.outcome)
      #expect(replayer.outcome(of: trace, with: variant) == expected.outcome)
    }
  }

  @Test(arguments: [0, 1, 2, 3, 5])
  func anyTransitionWithAnyThresholdsFollowsTheDefinition(thresholds: Int) {
    let start = Gauge(thresholds: thresholds)
    let prototype = ReplayPrototype(start)
    #expect(!prototype.isSeed)
    for trace in Self.traces {
      let run = Replayer().run(trace, from: prototype)
      #expect(run == Self.definition(trace, start), "\(thresholds) \(trace.id)")
      #expect(run.crossings.count == thresholds && run.peaks.count == thresholds)
    }
  }

  @Test func aThresholdOnAMissingPropertyIsNeverCrossed() {
    // Gauge's second threshold compares `missing`, which it does not have.
    let run = Replayer().run(verticalDrag([30, 60, 90]), from: Gauge(thresholds: 2))
    #expect(run.crossings[1] == nil)
    #expect(run.peaks[1] == -.infinity)
    // The first compares |ty| with 10: crossed at once (began at 12 pt);
    // the largest |ty| is the last drag's 90.
    #expect(run.crossings[0] == .zero)
    #expect(run.peaks[0] == 90)
  }
}

/// A transition outside the seeds: it reports |ty| and the event count, and
/// compares them with `thresholds` thresholds (the second names a property
/// it does not have); it completes at `ended`.
private struct Gauge: Transition {
  static let name = "gauge"
  static let summary = "A test transition."
  static let source = "ReplayPrototypeTests"
  static let parameters: [Parameter] = []
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: [.down])
  }

  var count = 0
  var distance = 0.0
  var now = TraceTime.zero
  var decision: TransitionDecision?
  var settleTime: TraceTime?
  var thresholdCount = 0

  init(_ values: ParameterValues) {}

  init(thresholds: Int) { thresholdCount = thresholds }

  var propertyNames: [String] { ["distance", "count"] }
  var propertyValues: [Double] { [distance, Double(count)] }

  var thresholds: [Threshold] {
    (0..<thresholdCount).map { index in
      let property = index == 1 ? "missing" : index.isMultiple(of: 2) ? "distance" : "count"
      return Threshold(name: "t\(index)", property: property, value: 10 * Double(index + 1))
    }
  }

  mutating func receive(_ event: PanEvent) {
    count += 1
    distance = event.translation.y.magnitude
    if event.phase == .ended, decision == nil {
      decision = TransitionDecision(.complete, at: now)
      settleTime = now + .milliseconds(5)
    }
  }

  mutating func advance(to time: TraceTime) {
    if time > now { now = time }
  }
}
