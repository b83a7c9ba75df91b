import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Work spread over cores gives the same bytes as work done one piece at
/// a time.
@Suite struct JobsInvarianceTests {
  @Test(arguments: [(11, 3), (12, 4)] as [(UInt64, Int)])
  func synthJSONLinesDoesNotDependOnJobs(seed: UInt64, jobs: Int) {
    // 8,197 traces are three batches of 4,096: with several jobs they are
    // made at once and must still come out in index order.
    let arguments = ["synth", "--traces", "8197", "--seed", "\(seed)", "--format", "jsonl"]
    let one = run(arguments + ["--jobs", "1"])
    let many = run(arguments + ["--jobs", "\(jobs)"])
    #expect(one.exitCode == .success && many.exitCode == .success)
    #expect(one.output == many.output)
    #expect(one.output.split(separator: "\n").count == 8197)
  }

  @Test(arguments: [3, 4] as [UInt64])
  func replayOnEveryCoreEqualsReplayingOneTraceAtATime(seed: UInt64) {
    // 2,100 traces are three batches of 1,024, each replayed on every core.
    let corpus = run(["synth", "--traces", "2100", "--seed", "\(seed)"]).output
    let specs = ["lyrics-swap", "player-sheet:rule=projection", "library-pager"]
    let replay = run(
      ["replay", "-", "--format", "csv"] + specs.flatMap { ["--variant", $0] }, input: corpus)
    #expect(replay.exitCode == .success)
    // The same table, computed sequentially with the library.
    var decoder = CSVTraceDecoder()
    let replayer = Replayer()
    let variants = specs.map { try! Variant(parsing: $0) }
    var expected = "trace," + specs.joined(separator: ",") + "\n"
    for case .trace(let trace, _) in decoder.decode(corpus) {
      let outcomes = variants.map { replayer.outcome(of: trace, with: $0).outcome.description }
      expected += trace.id + "," + outcomes.joined(separator: ",") + "\n"
    }
    #expect(expected.split(separator: "\n").count == 2101)
    #expect(replay.output == expected)
  }
}
