import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `info` reading a CSV file in pieces on several threads prints what one
/// reader prints, for any number of jobs and any piece size.
@Suite struct InfoPipelineTests {
  /// Runs `info` as `gesturetrace` does, reading in pieces of `pieceSize`
  /// bytes, or with one reader when it is `nil`.
  private func info(_ arguments: [String], pieceSize: Int?) -> RunResult {
    var io = BufferedIO()
    let spec = InfoCommand.spec
    let code: ExitCode
    do {
      let parser = CommandLineParser(spec: spec)
      let parsed = try parser.parse(arguments)
      try parser.checkPositionals(parsed)
      code = try InfoCommand.run(parsed, pieceSize: pieceSize, io: &io)
    } catch {
      code = CommandError.report(error, command: spec, io: &io)
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

  /// A part's numbers are the features' (``TraceFeatures``).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func partMeasuresAsTheFeaturesDo(seed: UInt64) {
    let synthesizer = TraceSynthesizer(seed: seed)
    let traces =
      (0..<200).map { synthesizer.trace(at: $0) } + [
        Trace(id: "empty"),
        Trace(
          id: "one",
          events: [PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 3, y: 4))]
        ),
      ]
    var part = InfoPart()
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
    #expect(part.intervals.map(\.bitPattern) == intervals.map(\.bitPattern))
    #expect(part.traces == traces.count && part.readCount == traces.count)
  }
}
