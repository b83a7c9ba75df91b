import Testing

@testable import GestureTrace

@Suite struct StabilityAccumulatorTests {
  static let plan = AnalysisPlan(
    variants: [try! Variant(parsing: "lyrics-swap"), try! Variant(parsing: "player-sheet")],
    perturbations: Perturbation.all)

  static func bit(_ name: String) -> UInt64 {
    1 << UInt64(Perturbation.all.firstIndex { $0.name == name }!)
  }

  /// A drag through these translations (pt, y) at these times (ms), the
  /// last repeated by the lift, which records `velocity` if given.
  static func trace(
    _ id: String, target: String?, ms: [Int64], y: [Double], velocity: Double? = nil
  ) -> Trace {
    var events = zip(ms, y).enumerated().map { index, sample in
      PanEvent(
        time: .milliseconds(sample.0), phase: index == 0 ? .began : .changed,
        translation: Vector2D(x: 0, y: sample.1))
    }
    var lift = events[events.count - 1]
    lift.time = lift.time + .milliseconds(8)
    lift.phase = .ended
    lift.velocity = velocity.map { Vector2D(x: 0, y: $0) }
    events.append(lift)
    var metadata = TraceMetadata()
    metadata.target = target
    return Trace(id: id, events: events, metadata: metadata)
  }

  /// Dragged exactly to lyrics-swap's dismissal offset (80 pt on y): not
  /// past it, so the card springs back; ×1.05 reaches 84 pt, past it
  /// (complete); ×0.95 and the rest stay at or below 80.
  static let atThreshold = trace(
    "at-threshold", target: "lyrics-swap", ms: [0, 8, 17, 25, 33], y: [0, 20, 40, 60, 80])

  /// 300 pt up at a steady 3,000 pt/s: past lyrics-swap's offset by far,
  /// and every estimate of the release points up (opening the sheet).
  static let far = trace(
    "far", target: nil, ms: Array(stride(from: 0, through: 100, by: 10)),
    y: (0...10).map { -30 * Double($0) }, velocity: -3000)

  /// Opening the player sheet (up), recorded released at −200 pt/s, but
  /// the last move goes back down 3 pt in 8 ms: last-delta measures
  /// +375 pt/s, away from the open state, and velocity-sign cancels.
  static let reversed = trace(
    "reversed", target: "player-sheet", ms: [0, 8, 17, 25, 33, 42, 50],
    y: [0, -20, -40, -60, -80, -100, -97], velocity: -200)

  @Test func aTraceAtTheThresholdFlipsUnderTheLargerScaleOnly() {
    let analysis = TraceAnalysis(Self.atThreshold, plan: Self.plan)
    #expect(analysis.runs[0].outcome.outcome == .cancel)
    #expect(analysis.flips[0] == Self.bit("scale+5%"))
  }

  @Test func aTraceFarFromEveryThresholdNeverFlips() {
    let analysis = TraceAnalysis(Self.far, plan: Self.plan)
    #expect(analysis.runs.map(\.outcome.outcome) == [.complete, .complete])
    #expect(analysis.flips == [0, 0])
  }

  @Test func aReleaseWhoseSignDependsOnTheEstimatorFlipsWithIt() {
    let estimated = Self.reversed.estimatedReleaseVelocity(using: .lastDelta)
    #expect(estimated == Vector2D(x: 0, y: 375))
    let analysis = TraceAnalysis(Self.reversed, plan: Self.plan)
    #expect(analysis.runs[1].outcome.outcome == .complete)
    let flips = analysis.flips[1]
    #expect(flips & Self.bit("estimator:last-delta") != 0)
    // Only estimators: the recorded velocity is kept by the others.
    let estimators = (0..<VelocityEstimator.analyzed.count).reduce(UInt64(0)) {
      $0 | 1 << UInt64($1)
    }
    #expect(flips & ~estimators == 0)
  }

  /// Lyrics-swap counts the traces meant for it or for none (2), the
  /// sheet likewise (2); one of each flips.
  @Test func theSummaryCountsEachVariantsTracesAndListsTheFragile() throws {
    let summary = AnalysisSummary(
      name: "all",
      traces: [Self.atThreshold, Self.far, Self.reversed].map {
        TraceAnalysis($0, plan: Self.plan)
      }, plan: Self.plan)
    let stability = try #require(summary.stability)
    #expect(stability.perturbations == Perturbation.all.map(\.name))
    let lyrics = stability.variants[0]
    #expect(lyrics.traceCount == 2)
    #expect(lyrics.any.count == 1)
    #expect(lyrics.any.rate == 0.5)
    #expect(lyrics.any.interval == WilsonInterval(successes: 1, trials: 2))
    #expect(lyrics.flips.map(\.count) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    #expect(lyrics.fragile.count == 1)
    let fragile = lyrics.fragile[0]
    #expect(fragile.trace == "at-threshold")
    #expect(stability.names(fragile.flips) == ["scale+5%"])
    #expect(fragile.threshold == "dismissalOffset")
    #expect(fragile.value == 80)
    #expect(fragile.peak == 80)
    #expect(fragile.outcome == .cancel)
    let sheet = stability.variants[1]
    #expect(sheet.traceCount == 2)
    #expect(sheet.any.count == 1)
    #expect(sheet.fragile.map(\.trace) == ["reversed"])
  }

  /// Without perturbations nothing is re-decided and there is no summary.
  @Test func withoutPerturbationsThereIsNoStability() {
    let plan = AnalysisPlan(variants: Self.plan.variants)
    let analysis = TraceAnalysis(Self.reversed, plan: plan)
    #expect(analysis.flips.isEmpty)
    #expect(AnalysisSummary(name: "all", traces: [analysis], plan: plan).stability == nil)
  }

  /// The fragile list of parts merged in order is the list of all the
  /// traces added to one accumulator: most flips first, ties in input
  /// order, at most the limit.
  @Test(arguments: [[0], [5], [3, 11, 12], Array(0..<25)])
  func mergingPartsGivesTheSameList(_ cuts: [Int]) {
    let traces = (0..<25).map { index in
      var analysis = TraceAnalysis(Self.atThreshold, plan: Self.plan)
      analysis.features.id = "t\(index)"
      // Between 1 and 3 flips, in no order.
      analysis.flips = [UInt64((1 << (index * 7 % 3 + 1)) - 1), 0]
      return analysis
    }
    var whole = StabilityAccumulator(plan: Self.plan)
    for trace in traces { whole.add(trace) }
    var merged = StabilityAccumulator(plan: Self.plan)
    var start = 0
    for end in cuts + [traces.count] {
      var part = StabilityAccumulator(plan: Self.plan)
      for trace in traces[start..<end] { part.add(trace) }
      merged.merge(part)
      start = end
    }
    let list = merged.summary(plan: Self.plan)!.variants[0].fragile
    #expect(list == whole.summary(plan: Self.plan)!.variants[0].fragile)
    #expect(list.count == StabilitySummary.listLimit)
    #expect(list.map(\.flipCount) == Array(repeating: 3, count: 8) + [2, 2])
    #expect(list.prefix(3).map(\.trace) == ["t2", "t5", "t8"])
  }
}
