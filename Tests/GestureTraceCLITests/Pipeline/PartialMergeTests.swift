import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `merge` holds per-trace numbers for at most `spillThreshold` traces;
/// the rest wait in a temporary file, and the report is the same.
@Suite struct PartialMergeTests {
  @Test(arguments: [1, 7, 100])
  func mergeMovesPerTraceNumbersToAFileAndReportsTheSame(threshold: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let traces = MergeCommandTests.traces("synth")
    let pieces = try MergeCommandTests.pieces(traces, ways: 3, in: directory)
    let options = ["--group-by", "kind"]
    let paths = MergeCommandTests.partials(
      of: pieces.map { [$0] }, options: options, in: directory)
    var partials = paths.map(PartialFile.init)
    for index in partials.indices { try partials[index].readHeader() }
    var merge = PartialMerge(plan: partials[0].header!.plan, mode: .report)
    merge.analyzer.configuration.spillThreshold = threshold
    var io = BufferedIO()
    var output = try OutputFile(path: "-", replacing: false)
    try merge.merge(partials, output: &output, io: &io)
    #expect(merge.analyzer.mostTracesHeld <= threshold)
    #expect(merge.analyzer.hasSpilled)
    #expect(merge.analyzer.traceCount == traces.count)
    var analyzer = merge.analyzer
    let report = AnalyzeCommand.render(
      try analyzer.analysis(jobs: 2), files: pieces, format: .json, leftOut: analyzer.leftOut.count)
    let one = run(
      ["analyze"] + pieces + MergeCommandTests.variants + options + ["--format", "json"])
    #expect(one.exitCode == .success)
    #expect(report == one.output)
  }
}
