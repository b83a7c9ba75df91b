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
    merge.sink.spillThreshold = threshold
    var io = BufferedIO()
    var output = try OutputFile(path: "-", replacing: false)
    try merge.merge(partials, output: &output, io: &io)
    #expect(merge.sink.mostTracesHeld <= threshold)
    #expect(merge.sink.hasSpilled)
    #expect(merge.sink.traceCount == traces.count)
    var sink = merge.sink
    let report = AnalyzeCommand.render(
      try sink.analysis(jobs: 2), files: pieces, format: .json, leftOut: sink.leftOut.count)
    let one = run(
      ["analyze"] + pieces + MergeCommandTests.variants + options + ["--format", "json"])
    #expect(one.exitCode == .success)
    #expect(report == one.output)
  }
}
