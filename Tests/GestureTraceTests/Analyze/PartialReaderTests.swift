import Foundation
import Testing

@testable import GestureTrace

@Suite struct PartialReaderTests {
  static let sweeps = [
    try! Sweep(parsing: "lyrics-swap.dismissalOffset=40...160:40"),
    try! Sweep(parsing: "lyrics-swap.fadeOffset=10...30:10"),
  ]
  // NB: two sweeps of one variant make a grid, as the command line makes it.
  static let plan = AnalysisPlan(
    variants: Variant.seeds, sweeps: sweeps, grids: try! SweepGrid.grids(of: sweeps),
    groupBy: "kind", perturbations: Perturbation.all)

  static let traces: [TraceAnalysis] = AnalysisAccumulatorTests.decoded.prefix(120).map {
    TraceAnalysis($0, plan: plan)
  }

  /// The lines of a partial of `traces` without their samples.
  static func partial(_ traces: ArraySlice<TraceAnalysis>) -> String {
    partial(
      traces, plan: plan, files: ["a.csv"], leftOutCount: 2, leftOutUnits: ["px"],
      metadataKeys: ["kind"])
  }

  /// The lines of a partial of `traces` for `plan`, read from `files`.
  static func partial(
    _ traces: ArraySlice<TraceAnalysis>, plan: AnalysisPlan, files: [String],
    leftOutCount: Int = 0, leftOutUnits: [String] = [], metadataKeys: Set<String> = []
  ) -> String {
    var accumulator = GroupedAccumulator(plan: plan)
    var text = PartialFormat.header(plan: plan, files: files)
    for trace in traces {
      accumulator.add(trace)
      text += PartialFormat.traceLine(trace, plan: plan, row: "\(trace.features.id),row")
    }
    accumulator.dropValues()
    return text
      + PartialFormat.summaryLine(
        PartialSummary(
          accumulator: accumulator, leftOutCount: leftOutCount, leftOutUnits: leftOutUnits,
          metadataKeys: metadataKeys))
  }

  /// Reads a partial's lines.
  static func read(_ text: String) throws(PartialProblem) -> [PartialItem] {
    var reader = PartialReader()
    var items: [PartialItem] = []
    for line in text.split(separator: "\n") { items.append(try reader.read(Array(line.utf8))) }
    try reader.finish()
    return items
  }

  @Test(arguments: [
    0.0, -0.0, 1.0 / 3, .leastNonzeroMagnitude, -1.7976931348623157e308, 1e-5, 123_456_789.125,
    .infinity,
    -.infinity, .nan, Double(bitPattern: 0xFFF8_0000_0000_0001),
    Double(bitPattern: 0x7FF4_0000_0000_0000),
  ])
  func doublesReadBackToTheSameBits(value: Double) throws {
    var text = "{\"v\":"
    PartialText.append(value, to: &text)
    text += "}"
    let line = try PartialLine(Array(text.utf8), number: 1)
    #expect(try line.double(line.member("v")).bitPattern == value.bitPattern)
  }

  @Test func countsReadBackAndMergeAsTheTracesWould() throws {
    let whole = Self.partial(Self.traces[...])
    let items = try Self.read(whole)
    guard case .summary(let summary) = items.last, case .header(let header) = items.first else {
      Issue.record("no header or summary")
      return
    }
    #expect(header.plan == Self.plan)
    #expect(header.files == ["a.csv"])
    #expect(items.count == Self.traces.count + 2)
    // Written again, the same bytes.
    var again = PartialFormat.header(plan: header.plan, files: header.files)
    for line in whole.split(separator: "\n").dropFirst().dropLast() { again += line + "\n" }
    again += PartialFormat.summaryLine(summary)
    #expect(again == whole)
    // The halves' counts read back and merged are the whole's.
    let first = try Self.read(Self.partial(Self.traces[..<45]))
    let second = try Self.read(Self.partial(Self.traces[45...]))
    guard case .summary(var merged) = first.last, case .summary(let other) = second.last else {
      Issue.record("no summary")
      return
    }
    merged.accumulator.merge(other.accumulator)
    merged.leftOutCount += other.leftOutCount
    let (all, groups) = merged.accumulator.summaries()
    let expected = summary.accumulator.summaries()
    #expect(all == expected.overall)
    #expect(groups == expected.groups)
    #expect(all.traceCount == Self.traces.count)
    // The per-trace numbers read back exactly.
    for (item, trace) in zip(items.dropFirst(), Self.traces) {
      guard case .trace(let read) = item else { continue }
      var values: [Double] = []
      AnalysisAccumulator.appendValues(of: trace, plan: Self.plan, to: &values)
      #expect(read.values.map(\.bitPattern) == values.map(\.bitPattern))
      #expect(read.id == trace.features.id)
      #expect(read.group == trace.group)
    }
  }

  @Test func linesOutOfOrderOrDisagreeingAreProblemsWithPositions() {
    let lines = Self.partial(Self.traces[..<10]).split(separator: "\n").map(String.init)
    func problem(_ text: String) -> String? {
      do throws(PartialProblem) {
        _ = try Self.read(text)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(problem("") == "1:1: expected the header line, found the end of the file")
    #expect(
      problem(lines[..<11].joined(separator: "\n"))
        == "12:1: expected the summary line, found the end of the file")
    // A trace line fewer than the summary counts.
    let missing = ([lines[0]] + lines[2...]).joined(separator: "\n")
    // The header, nine trace lines: the summary is line 11; its counts
    // start after `{"summary":`, at column 12.
    #expect(problem(missing) == "11:12: expected the count of trace lines, 9, found 10")
    #expect(problem(lines[1])?.hasPrefix("1:") == true)
  }
}
