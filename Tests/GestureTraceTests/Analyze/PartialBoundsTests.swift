import Foundation
import Testing

@testable import GestureTrace

/// Every count a partial carries is bounded by what it counts and checked
/// against the others; every number the writer writes finite is finite;
/// every row is the trace's; ids are not repeated; and merged counts never
/// overflow: a merge past the bounds is refused, and what is written at
/// the bounds reads back.
@Suite struct PartialBoundsTests {
  static let plan = PartialReaderTests.plan
  static let traces = PartialReaderTests.traces[..<30]

  /// A partial of `traces` whose summary counts `change` altered.
  static func partial(
    _ traces: ArraySlice<TraceAnalysis> = traces, leftOut: Int = 0,
    _ change: (inout GroupedAccumulator) -> Void = { _ in }
  ) -> String {
    var accumulator = GroupedAccumulator(plan: plan)
    var text = PartialFormat.header(plan: plan, files: ["a.csv"])
    for trace in traces {
      accumulator.add(trace)
      text += PartialFormat.traceLine(trace, plan: plan, row: "\(trace.features.id),row")
    }
    accumulator.dropValues()
    change(&accumulator)
    return text
      + PartialFormat.summaryLine(
        PartialSummary(
          accumulator: accumulator, leftOutCount: leftOut, leftOutUnits: leftOut > 0 ? ["px"] : [],
          metadataKeys: ["kind"]))
  }

  /// The problem reading `text` gives, or `nil`.
  static func problem(_ text: String) -> String? {
    do throws(PartialProblem) {
      _ = try PartialReaderTests.read(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// A change to the counts and the start of the message it must give.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var change: @Sendable (inout GroupedAccumulator) -> Void
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "near-threshold runs past the traces times the thresholds",
      change: { $0.overall.nearCounts[0] = 1 << 48 },
      message: "expected near-threshold runs at most the traces meant for their transition"),
    Case(
      name: "labelled traces past the traces", change: { $0.overall.labelled = 31 },
      message: "expected a whole number from 0 to 30, found '31'"),
    Case(
      name: "outcomes past the traces meant",
      change: { $0.overall.outcomeCounts[0].append((.page(9), 1)) },
      message: "expected outcomes adding up to the traces meant for the variant's transition"),
    Case(
      name: "label sources not adding up", change: { $0.overall.sourceCounts[1] += 1 },
      message: "expected traces per label source adding up to the traces, 30, found 31"),
    Case(
      name: "traces meant past their label source", change: { $0.overall.meantCounts[0] += 1 },
      message: "expected traces meant for a transition at most the traces of their label source"
    ),
    Case(
      name: "a variant not deciding alike with itself", change: { $0.overall.same[0] -= 1 },
      message: "expected traces decided alike by variants 0 and 0 equal to"),
    Case(
      name: "labelled sources not adding up", change: { $0.overall.labelled -= 1 },
      message: "expected labelled traces per label source adding up to the labelled traces"),
    Case(
      name: "unscored past the labelled",
      change: { $0.overall.unscored = $0.overall.labelled + 1 },
      message: "expected a whole number from 0 to"),
    Case(
      name: "a score past the labelled traces",
      change: { $0.overall.scores[0].truePositives += 1 },
      message: "expected a score of at most the labelled traces, 0, found 1"),
    Case(
      name: "McNemar's pairs past the labelled traces",
      change: { $0.overall.onlyFirst[1] = $0.overall.labelledCounts[0] + 1 },
      message: "expected McNemar's pairs at most the labelled traces"),
    Case(
      name: "a sweep's completions past its traces",
      change: { $0.overall.sweepCompletes[0][0] = $0.overall.sweepCounts[0] + 1 },
      message: "expected a whole number from 0 to"),
    Case(
      name: "a sweep's changing traces past the traces",
      change: { $0.overall.sweepChanging[0] = $0.overall.sweepCounts[0] + 1 },
      message: "expected a whole number from 0 to 30, found '31'"),
    Case(
      name: "flipped traces past those counted",
      change: { $0.overall.stability.anyFlipped[0] = $0.overall.stability.counted[0] + 1 },
      message: "expected flipped traces at most the traces counted"),
    Case(
      name: "disagreements past the traces meant",
      change: { $0.overall.disagreementCounts[0] = 31 },
      message: "expected a whole number from 0 to 30, found '31'"),
  ]

  @Test(arguments: cases)
  func countsPastWhatTheyCountAreRefusedWithAPosition(_ test: Case) throws {
    let problem = try #require(Self.problem(Self.partial(Self.traces, test.change)))
    // The summary is the line after the header and the 30 trace lines.
    #expect(problem.hasPrefix("32:"), "\(problem)")
    #expect(problem.contains(": " + test.message), "\(problem)")
  }

  @Test func aPartialOfNoTracesCountsNoNearThresholdRuns() {
    let problem = Self.problem(Self.partial(Self.traces[..<0]) { $0.overall.nearCounts[0] = 1 })
    #expect(problem?.hasPrefix("2:") == true)
    #expect(problem?.contains("found 1") == true, "\(problem ?? "")")
  }

  @Test func theUnchangedPartialReads() {
    #expect(Self.problem(Self.partial()) == nil)
  }

  /// The first value of the first trace line replaced by `text`.
  static func firstValue(_ text: String, in partial: String) -> String {
    var lines = partial.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = lines[1].range(of: "\"values\":[")!.upperBound
    let end = lines[1][start...].firstIndex(of: ",")!
    lines[1].replaceSubrange(start..<end, with: text)
    return lines.joined(separator: "\n")
  }

  @Test(arguments: ["\"0x7ff0000000000000\"", "\"0x7ff8000000000000\"", "\"0xfff0000000000000\""])
  func aNonFiniteFeatureIsRefused(bits: String) throws {
    let problem = try #require(Self.problem(Self.firstValue(bits, in: Self.partial())))
    #expect(problem.hasPrefix("2:"))
    #expect(problem.contains("expected a finite number, found '\(bits)'"))
  }

  @Test func aDecisionTimeOfATraceMeantForTheVariantIsFinite() throws {
    // The first trace names its target: its decision time for a variant of
    // that transition is a number, for the others NaN.
    let trace = Self.traces[Self.traces.startIndex]
    var values: [Double] = []
    AnalysisAccumulator.appendValues(of: trace, plan: Self.plan, to: &values)
    let features = FeatureSummary.table.count
    let meant = try #require(
      (0..<Self.plan.variants.count).first { values[features + 2 * $0].isFinite })
    let partial = Self.partial()
    var lines = partial.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var text = ""
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      PartialText.append(index == features + 2 * meant ? .nan : value, to: &text)
    }
    var original = ""
    for (index, value) in values.enumerated() {
      if index > 0 { original += "," }
      PartialText.append(value, to: &original)
    }
    lines[1] = lines[1].replacingOccurrences(of: original, with: text)
    let problem = try #require(Self.problem(lines.joined(separator: "\n")))
    #expect(problem.hasPrefix("2:"))
    #expect(problem.contains("expected a finite number, found '\"0x7ff8000000000000\"'"))
  }

  @Test func nonFiniteNumbersInTheCountsAreRefused() throws {
    let near = Self.partial {
      $0.overall.nearCounts[0] = 1
      $0.overall.near = [
        NearThreshold(
          trace: "x", variant: 0, threshold: "t", value: .infinity, peak: 1, outcome: .complete)
      ]
    }
    let problem = try #require(Self.problem(near))
    #expect(problem.contains("expected a finite number, found '\"0x7ff0000000000000\"'"))
    #expect(problem.hasPrefix("32:"))
  }

  @Test func aRowIsTheTracesOneLine() throws {
    let partial = Self.partial()
    let id = Self.traces[Self.traces.startIndex].features.id
    func with(row: String) -> String {
      partial.replacingOccurrences(of: "\"row\":\"\(id),row\"", with: "\"row\":\(row)")
    }
    let injected = try #require(Self.problem(with(row: "\"\(id),row\\nx,y\"")))
    #expect(injected.hasPrefix("2:"))
    #expect(injected.contains("expected a row of one line without control characters"))
    let other = try #require(Self.problem(with(row: "\"other,row\"")))
    #expect(other.contains("expected a row starting with the trace's id '\(id)'"))
    let prefix = try #require(Self.problem(with(row: "\"\(id)x,row\"")))
    #expect(prefix.contains("expected a row starting with the trace's id"))
    // A quoted field may hold a line break: the CSV report quotes it.
    #expect(Self.problem(with(row: "\"\(id),\\\"a\\nb\\\"\"")) == nil)
  }

  @Test func aRepeatedTraceIdIsRefusedNamingTheFirstLine() throws {
    var lines = Self.partial().split(separator: "\n").map(String.init)
    lines[3] = lines[1]
    let problem = try #require(Self.problem(lines.joined(separator: "\n")))
    let id = Self.traces[Self.traces.startIndex].features.id
    #expect(
      problem == "4:7: expected a trace id not used before, found '\(id)' (first at line 2)")
  }

  @Test func leftOutTracesAreBoundedWithTheTraces() throws {
    let limit = PartialLine.countLimit
    #expect(Self.problem(Self.partial(Self.traces[..<0], leftOut: limit)) == nil)
    let over = try #require(Self.problem(Self.partial(Self.traces[..<1], leftOut: limit)))
    #expect(over.contains("expected a whole number from 0 to \(limit - 1)"))
  }

  /// The analyzer of a partial of no traces and `leftOut` left out.
  static func analyzer(leftOut: Int) throws -> TraceAnalyzer {
    try TraceAnalyzer(partial: Array(partial(traces[..<0], leftOut: leftOut).utf8), name: "p")
  }

  @Test func mergingPastTheLimitIsRefusedAndAtItReadsBack() throws {
    let limit = PartialLine.countLimit
    var half = try Self.analyzer(leftOut: limit / 2)
    // Exactly at the limit: merged, written, and read back the same.
    try half.merge(try Self.analyzer(leftOut: limit / 2))
    let written = half.partial()
    let again = try TraceAnalyzer(partial: written, name: "merged")
    #expect(again.partial() == written)
    #expect(again.summary().leftOutCount == limit)
    // One more is refused, with a reason, and changes nothing.
    let one = try Self.analyzer(leftOut: 1)
    do throws(TraceAnalyzerError) {
      try half.merge(one)
      Issue.record("merged past the limit")
    } catch {
      #expect("\(error)".contains("expected at most \(limit) traces and traces left out in all"))
    }
    #expect(half.partial() == written)
    // As many as summed to a trap before: refused at the second.
    var many = try Self.analyzer(leftOut: limit)
    let more = try Self.analyzer(leftOut: limit)
    #expect(throws: TraceAnalyzerError.self) { try many.merge(more) }
  }
}
