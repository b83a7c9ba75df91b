import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `info` reading a CSV or JSON Lines file in pieces on several threads
/// prints what one reader prints, for any number of jobs and any piece
/// size.
@Suite struct InfoPipelineTests {
  /// Runs `info` as `gesturetrace` does, reading in pieces of `pieceSize`
  /// bytes, or with one reader when it is `nil`.
  private func info(
    _ arguments: [String], pieceSize: Int?,
    distinctIntervals: (piece: Int, file: Int) = (
      IntervalCounts.pieceLimit, InfoTally.distinctIntervalLimit
    )
  ) -> RunResult {
    var io = BufferedIO()
    let code = TraceTool.parsing(arguments, spec: InfoCommand.spec, io: &io) {
      parsed, io throws(CommandError) in
      try InfoCommand.run(
        parsed, pieceSize: pieceSize, distinctIntervals: distinctIntervals, io: &io)
    }
    return RunResult(exitCode: code, output: io.output, error: io.error)
  }

  private func expectSameInPieces(
    _ paths: [String], _ options: [String] = [], pieceSizes: [Int] = [1, 97, 4096, 1 << 20],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let one = info(paths + options, pieceSize: nil)
    #expect(one.output.contains("traces"), sourceLocation: sourceLocation)
    for pieceSize in pieceSizes {
      for jobs in [1, 2, 8] {
        let pieces = info(paths + options + ["--jobs", "\(jobs)"], pieceSize: pieceSize)
        #expect(
          [pieces.output, pieces.error, "\(pieces.exitCode)"]
            == [one.output, one.error, "\(one.exitCode)"],
          "pieces of \(pieceSize), \(jobs) jobs", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func shippedTracesDescribeTheSameInPieces() {
    let paths = ConversionPipelineTests.shipped.map {
      packageRoot.appendingPathComponent("traces/\($0)").path
    }
    expectSameInPieces(paths, pieceSizes: [1, 500, 1 << 16])
  }

  @Test func shippedTracesAsJSONLinesDescribeTheSameInPieces() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for name in ConversionPipelineTests.shipped {
      let csv = packageRoot.appendingPathComponent("traces/\(name)").path
      let lines = try AnalysisPipelineJSONLinesTests.jsonLines(csv)
      let path = try AnalysisPipelineJSONLinesTests.write(
        lines.map { $0 + "\n" }.joined(),
        URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + ".jsonl",
        in: directory)
      // Read in pieces, not left to one reader.
      let progress = try InfoPipeline(jobs: 2).add(path, format: nil, to: InfoTally())
      #expect(progress.isComplete && progress.traceCount == lines.count, "\(name)")
      paths.append(path)
    }
    expectSameInPieces(paths, pieceSizes: [1, 500, 1 << 16])
  }

  @Test(arguments: [4, 5] as [UInt64])
  func synthesizedTracesDescribeTheSameInPieces(seed: UInt64) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("corpus.csv").path
    let corpus = run(["synth", "--traces", "150", "--seed", "\(seed)"]).output
    try Data(corpus.utf8).write(to: URL(fileURLWithPath: path))
    expectSameInPieces([path])
  }

  @Test(arguments: ConversionPipelineTests.problemFiles.indices)
  func filesWithProblemsDescribeTheSameInPieces(index: Int) throws {
    let (name, text) = ConversionPipelineTests.problemFiles[index]
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    for options in [[], ["--lenient"]] {
      let one = info([url.path] + options, pieceSize: nil)
      for pieceSize in [1, 40, 1 << 16] {
        for jobs in [1, 2, 8] {
          let pieces = info([url.path] + options + ["--jobs", "\(jobs)"], pieceSize: pieceSize)
          #expect(pieces.output == one.output && pieces.error == one.error)
          #expect(pieces.exitCode == one.exitCode)
        }
      }
    }
  }

  /// Counting the intervals (a piece's and the file's, up to few distinct
  /// ones, then as values) changes nothing printed.
  @Test(arguments: [(1, 1), (3, 50), (40, 3), (200, 1_000), (0, 0)])
  func countedIntervalsDescribeTheSame(piece: Int, file: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("corpus.csv").path
    let corpus = run(["synth", "--traces", "60", "--seed", "9", "--rate", "240"]).output
    try Data(corpus.utf8).write(to: URL(fileURLWithPath: path))
    let shipped = ConversionPipelineTests.shipped.map {
      packageRoot.appendingPathComponent("traces/\($0)").path
    }
    for paths in [[path], shipped] {
      let one = info(paths, pieceSize: nil, distinctIntervals: (.max, .max))
      for (pieceSize, jobs) in [(1, 1), (700, 2), (1 << 16, 8)] {
        let pieces = info(
          paths + ["--jobs", "\(jobs)"], pieceSize: pieceSize,
          distinctIntervals: (piece, file))
        #expect(
          [pieces.output, pieces.error, "\(pieces.exitCode)"]
            == [one.output, one.error, "\(one.exitCode)"],
          "pieces of \(pieceSize), \(jobs) jobs")
      }
    }
  }

  /// Intervals recorded in nanoseconds, nearly all distinct, stop being
  /// counted (a piece past ``IntervalStore/sparseCount``, the file past its
  /// limit) and describe the same.
  @Test func distinctIntervalsDescribeTheSame() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("nanoseconds.csv").path
    var rng = SplitMix64(seed: 11)
    var text = "# gesturetrace: 1\ntrace,t,phase,tx,ty\n"
    for trace in 0..<6 {
      var nanoseconds: Int64 = 0
      for index in 0..<2_500 {
        let phase = index == 0 ? "began" : index == 2_499 ? "ended" : "changed"
        text += "r\(trace),\(TraceTime(nanoseconds: nanoseconds)),\(phase),0,\(index % 7)\n"
        nanoseconds += 4_000_000 + Int64(rng.next() % 9_000_000)
      }
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let one = info([path], pieceSize: nil, distinctIntervals: (.max, .max))
    #expect(one.output.contains("traces              6"))
    for (pieceSize, jobs, file) in [(1, 1, 10_000), (200_000, 2, 10_000), (1 << 20, 8, .max)] {
      let pieces = info(
        [path, "--jobs", "\(jobs)"], pieceSize: pieceSize,
        distinctIntervals: (IntervalCounts.pieceLimit, file))
      #expect(
        [pieces.output, pieces.error, "\(pieces.exitCode)"]
          == [one.output, one.error, "\(one.exitCode)"],
        "pieces of \(pieceSize), \(jobs) jobs")
    }
  }

  /// A part's numbers are the features' (``TraceFeatures``); its intervals
  /// are counted up to its limit, then kept as values.
  @Test(arguments: [1, 2, 3] as [UInt64], [0, 5, IntervalCounts.pieceLimit])
  func partMeasuresAsTheFeaturesDo(seed: UInt64, distinctIntervals: Int) {
    let synthesizer = TraceSynthesizer(seed: seed)
    let traces =
      (0..<200).map { synthesizer.trace(at: $0) } + [
        Trace(id: "empty"),
        Trace(
          id: "one",
          events: [PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 3, y: 4))]
        ),
      ]
    var part = InfoPart(distinctIntervals: distinctIntervals)
    var durations: [Double] = []
    var distances: [Double] = []
    var intervals: [Double] = []
    for trace in traces {
      part.add(trace)
      let features = TraceFeatures(of: trace)
      durations.append(features.duration)
      distances.append(features.netDistance)
      intervals += features.intervals
    }
    #expect(part.durations.map(\.bitPattern) == durations.map(\.bitPattern))
    #expect(part.distances.map(\.bitPattern) == distances.map(\.bitPattern))
    var partIntervals: [Double] = []
    part.intervals.counts.forEachValue { partIntervals.append($0) }
    #expect(part.intervals.counts.distinctCount <= distinctIntervals)
    // NB: once past the limit, every interval after is kept in order.
    #expect(part.intervals.values == Array(intervals.suffix(part.intervals.values.count)))
    partIntervals += part.intervals.values
    #expect(partIntervals.sorted().map(\.bitPattern) == intervals.sorted().map(\.bitPattern))
    #expect(part.traces == traces.count && part.readCount == traces.count)
  }
}
