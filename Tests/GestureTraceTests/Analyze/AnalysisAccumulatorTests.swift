import Foundation
import Testing

@testable import GestureTrace

@Suite struct AnalysisAccumulatorTests {
  static let plan = AnalysisPlan(
    variants: Variant.seeds,
    sweeps: [try! Sweep(parsing: "lyrics-swap.dismissalOffset=40...160:40")],
    groupBy: "kind")

  static let decoded: [Trace] = {
    let root = packageRoot
    let text = try! String(
      contentsOf: root.appendingPathComponent("traces/samples/synth.csv"), encoding: .utf8)
    var decoder = CSVTraceDecoder()
    return decoder.decode(text).compactMap { item in
      guard case .trace(let trace, _) = item else { return nil }
      return trace
    }
  }()

  static let traces: [TraceAnalysis] = decoded.map { TraceAnalysis($0, plan: plan) }

  /// Two variants of one transition: only variants of one transition are
  /// compared, so disagreements need two.
  static let pairPlan = AnalysisPlan(variants: [
    try! Variant(parsing: "player-sheet"), try! Variant(parsing: "player-sheet:rule=fraction"),
  ])

  /// The first trace the two variants of ``pairPlan`` decide differently.
  static let disagreeing: TraceAnalysis = decoded.lazy.map { TraceAnalysis($0, plan: pairPlan) }
    .first { $0.runs[0].outcome.outcome != $0.runs[1].outcome.outcome }!

  /// A plan copied for one thread has transitions of its own and analyzes
  /// every trace as the plan does (with and without details).
  @Test func aPlanCopiedForOneThreadAnalyzesAlike() {
    let copy = Self.plan.copyForOneThread()
    #expect(copy == Self.plan)
    #expect(copy.prototypes.transitions.count == Self.plan.prototypes.transitions.count)
    for (mine, theirs) in zip(copy.prototypes.transitions, Self.plan.prototypes.transitions) {
      #expect(mine !== theirs)
    }
    #expect(Self.decoded.count == 250)
    for trace in Self.decoded {
      #expect(TraceAnalysis(trace, plan: copy) == TraceAnalysis(trace, plan: Self.plan))
      #expect(
        TraceAnalysis(trace, plan: copy, keepsDetails: false)
          == TraceAnalysis(trace, plan: Self.plan, keepsDetails: false))
    }
  }

  /// Parts split at these positions, merged in order, summarize as all the
  /// traces added to one accumulator (the summary before accumulators).
  @Test(arguments: [
    [0], [1], [125], [249], [3, 40, 41, 200], Array(stride(from: 0, to: 250, by: 7)),
  ])
  func mergingPartsInOrderEqualsAddingEveryTrace(_ cuts: [Int]) {
    let traces = Self.traces
    #expect(traces.count == 250)
    var merged = GroupedAccumulator(plan: Self.plan)
    var start = 0
    for end in cuts + [traces.count] {
      var part = GroupedAccumulator(plan: Self.plan)
      for trace in traces[start..<end] { part.add(trace) }
      merged.merge(part)
      start = end
    }
    let whole = Analysis(traces: traces, plan: Self.plan)
    let (overall, groups) = merged.summaries()
    #expect(overall == whole.overall)
    #expect(groups == whole.groups)
    #expect(overall.traceCount == 250)
    #expect(groups.map(\.traceCount).reduce(0, +) == 250)
  }

  @Test func listsKeepTheFirstThousandInInputOrder() {
    // 2,500 copies, named t0…t2499, of one trace the two player-sheet
    // variants decide differently: every one disagrees, and the list keeps
    // t0…t999 across five parts.
    let trace = Self.disagreeing
    let plan = Self.pairPlan
    var merged = AnalysisAccumulator(plan: plan)
    for partIndex in 0..<5 {
      var part = AnalysisAccumulator(plan: plan)
      for index in 0..<500 {
        var copy = trace
        copy.features.id = "t\(partIndex * 500 + index)"
        part.add(copy)
      }
      merged.merge(part)
    }
    let summary = merged.summary(name: "all", plan: plan)
    #expect(summary.disagreementCount == 2_500)
    #expect(summary.disagreements.map(\.trace) == (0..<1_000).map { "t\($0)" })
  }

  /// The numbers read directly for the summary are the table's, in its
  /// order, bit for bit (NaN compared as NaN).
  @Test func featureValuesReadDirectlyEqualTheTable() {
    for trace in Self.traces {
      var direct: [Double] = []
      FeatureSummary.appendValues(of: trace, to: &direct)
      let table = FeatureSummary.table.map { $0.value(trace) }
      #expect(direct.map(\.bitPattern) == table.map(\.bitPattern), "\(trace.features.id)")
    }
  }

  /// Values moved out part by part come back in input order: the summary
  /// with them given back equals the one that kept them.
  @Test(arguments: [[0], [7], [100, 101], Array(stride(from: 0, to: 250, by: 33))])
  func valuesTakenAndGivenBackSummarizeAsKept(_ cuts: [Int]) {
    let traces = Self.traces
    var kept = GroupedAccumulator(plan: Self.plan)
    var moving = GroupedAccumulator(plan: Self.plan)
    var taken: [String?: [[Double]]] = [:]
    var start = 0
    for end in cuts + [traces.count] {
      for trace in traces[start..<end] {
        kept.add(trace)
        moving.add(trace)
      }
      for (group, values) in moving.takeValues() {
        let earlier = taken[group] ?? Array(repeating: [], count: values.count)
        taken[group] = zip(earlier, values).map { $0 + $1 }
      }
      start = end
    }
    let stored = taken
    let given = moving.summaries { group, column in stored[group]?[column] ?? [] }
    let whole = kept.summaries()
    #expect(given.overall == whole.overall)
    #expect(given.groups == whole.groups)
  }

  /// The columns written for a move to a file hold each trace's numbers
  /// as the feature table's closures and the runs give them, distribution
  /// after distribution, in input order (across the 64-row blocks of the
  /// copy); numbers past them in the buffer are left alone.
  @Test(arguments: [1, 63, 64, 65, 250])
  func copiedColumnsHoldEachTracesNumbers(count: Int) {
    let traces = Array(Self.traces.prefix(count))
    var accumulator = AnalysisAccumulator(plan: Self.plan)
    for trace in traces { accumulator.add(trace) }
    let width = accumulator.columnCount
    // Ten features, a decision and a settle time for each of four seeds,
    // the transition the trace is meant for.
    #expect(width == 10 + 2 * 4 + 1)
    let sentinel = -12345.5
    var columns = [Double](repeating: sentinel, count: width * count + 5)
    #expect(accumulator.copyColumns(into: &columns) == count)
    for (index, trace) in traces.enumerated() {
      var expected = FeatureSummary.table.map { $0.value(trace) }
      for run in trace.runs {
        expected += [run.outcome.decidedAt.seconds, run.outcome.settledAt.seconds]
      }
      let found = (0..<width).map { columns[$0 * count + index] }
      #expect(
        zip(found, expected).allSatisfy { $0.bitPattern == $1.bitPattern },
        "trace \(index)")
    }
    #expect(columns[(width * count)...].allSatisfy { $0 == sentinel })
    // A short buffer grows to hold them.
    var short: [Double] = [1, 2]
    #expect(accumulator.copyColumns(into: &short) == count)
    #expect(
      short.count == width * count && short[..<(width * count)] == columns[..<(width * count)])
  }

  /// Columns worked on in whatever order the summarizer takes them (here:
  /// last first) give the summaries one by one gives.
  @Test func columnsSummarizedInAnyOrderEqualOneByOne() {
    let worked = WorkedColumns()
    let summarizer = ColumnSummarizer { count, body in
      worked.add(count)
      for index in (0..<count).reversed() { body(index) }
    }
    var accumulator = GroupedAccumulator(plan: Self.plan)
    for trace in Self.traces { accumulator.add(trace) }
    let reversed = accumulator.summaries(summarizer: summarizer) { _, _ in [] }
    let serial = accumulator.summaries()
    #expect(reversed.overall == serial.overall)
    #expect(reversed.groups == serial.groups)
    // Per summary ("all" and each kind): ten features, then a decision
    // and a settle time for each of the four seed variants.
    #expect(worked.total == (10 + 2 * 4) * (1 + serial.groups.count))
    #expect(reversed.overall.features.map(\.name).first == "duration")
    #expect(reversed.overall.variants.allSatisfy { $0.medianDecisionTime != nil })
  }

  /// Counts the columns a summarizer was handed (from any thread).
  final class WorkedColumns: @unchecked Sendable {
    private(set) var total = 0
    func add(_ count: Int) { total += count }
  }

  /// Parts limited to the room the parts before them leave list no more
  /// than they must, and the merged lists are those of unlimited parts:
  /// t0…t999 from 2,500 disagreeing copies in five parts of 500, where the
  /// third part has room for none (1,000 − 2 × 500).
  @Test func partsLimitedToTheRoomLeftListTheSame() {
    let trace = Self.disagreeing
    let plan = Self.pairPlan
    var merged = AnalysisAccumulator(plan: plan)
    var unlimited = AnalysisAccumulator(plan: plan)
    for partIndex in 0..<5 {
      var part = AnalysisAccumulator(plan: plan)
      var whole = AnalysisAccumulator(plan: plan)
      part.limitLists(to: merged.listRoom)
      for index in 0..<500 {
        var copy = trace
        copy.features.id = "t\(partIndex * 500 + index)"
        part.add(copy)
        whole.add(copy)
      }
      // Room before the part: max(0, 1,000 − 500 × index); it lists
      // min(room, 500) and leaves room − that: 500 after the first part.
      #expect(part.listRoom.disagreements == [500, 0, 0, 0, 0][partIndex])
      #expect(
        part.summary(name: "", plan: plan).disagreements.count
          == [500, 500, 0, 0, 0][partIndex])
      merged.merge(part)
      unlimited.merge(whole)
    }
    let summary = merged.summary(name: "all", plan: plan)
    #expect(summary == unlimited.summary(name: "all", plan: plan))
    #expect(summary.disagreementCount == 2_500)
    #expect(summary.disagreements.map(\.trace) == (0..<1_000).map { "t\($0)" })
  }

  @Test(arguments: 0..<60 as Range<UInt64>)
  func medianBySelectionEqualsTheSortedMedian(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(seed % 23) + 1
    // Few distinct values, so ties are common.
    var values = (0..<count).map { _ in Double(rng.next() % 9) * 0.25 - 1 }
    let expected = Quantiles(values).median
    #expect(Quantiles.median(selecting: &values) == expected)
    #expect(Quantiles.median(selecting: &values) == expected)
  }

  @Test(arguments: 0..<60 as Range<UInt64>)
  func quantilesBySelectionEqualTheSortedQuantiles(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(seed * 7 % 97) + 1
    var values = (0..<count).map { index -> Double in
      // Ties, spread values and a NaN now and then (left out by both).
      index % 11 == 10 ? .nan : Double(rng.next() % (seed % 3 == 0 ? 5 : 1_000)) / 8
    }
    let sorted = Quantiles(values)
    let expected = FeatureSummary.probabilities.map { sorted.value(at: $0)! }
    #expect(Quantiles.values(at: FeatureSummary.probabilities, selecting: &values) == expected)
  }

  /// With infinities and NaN among the values the selection still gives
  /// what the sorted interpolation gives, NaN included (∞ − ∞, or ∞ × 0 for
  /// an odd count next to an infinite value).
  @Test(arguments: 0..<40 as Range<UInt64>)
  func medianBySelectionMatchesWithInfinities(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(seed % 9) + 1
    let pool: [Double] = [-.infinity, .infinity, .nan, -1.5, 0, 2, 2]
    var values = (0..<count).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
    let expected = Quantiles(values).median
    let found = Quantiles.median(selecting: &values)
    #expect(
      found.map(\.bitPattern) == expected.map(\.bitPattern)
        || (found?.isNaN == true && expected?.isNaN == true))
  }

  /// Many probabilities at once (repeated, 0 and 1 included, neighbours
  /// one rank apart) over a larger sample with ties, as the sorted
  /// interpolation gives them.
  @Test(arguments: 0..<12 as Range<UInt64>)
  func manyQuantilesBySelectionEqualTheSortedQuantiles(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(seed * 131 % 3_000) + 1
    var values = (0..<count).map { _ in Double(rng.next() % 500) / 4 }
    let probabilities =
      stride(from: 0.0, through: 1.0, by: 0.01).map { $0 } + [0.5, 1, 0]
      + [1 / Double(max(count - 1, 1)), 2 / Double(max(count - 1, 1))]
    let sorted = Quantiles(values)
    let expected = probabilities.map { sorted.value(at: $0)! }
    #expect(Quantiles.values(at: probabilities, selecting: &values) == expected)
  }

  @Test func medianOfNothingIsNil() {
    var values: [Double] = []
    #expect(Quantiles.median(selecting: &values) == nil)
  }
}
