import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The piece engine hands a command's `take` the traces one reader of the
/// whole file reads, in order, for any piece size and number of threads,
/// and stops at an irregular piece having counted exactly the traces
/// taken before it.
@Suite struct PiecedFileTests {
  /// The traces of one piece, as the engine's tests collect them.
  struct TracesRead: PiecePart {
    var traces: [Trace] = []
    var isIrregular = false
    var idHashes: [UInt64] = []
    var readCount: Int { traces.count }
  }

  /// Reads `path` in pieces, collecting every trace of the parts taken;
  /// `refusing` is the index of a part `take` refuses.
  static func readInPieces(
    _ path: String, format: TraceFileFormat? = nil, pieceSize: Int, jobs: Int,
    refusing: Int? = nil
  ) throws -> (traces: [Trace], parts: Int, progress: PiecedFile.Progress)? {
    guard let file = try PiecedFile.open(path, format: format) else { return nil }
    var traces: [Trace] = []
    var parts = 0
    let progress = try file.readPieces(
      jobs: jobs, pieceSize: pieceSize, context: {},
      read: { piece, _ in
        var part = TracesRead()
        let scan = piece.decode { part.traces.append($0) }
        part.isIrregular = scan.isIrregular
        part.idHashes = scan.idHashes
        return part
      },
      take: { part in
        guard parts != refusing else { return false }
        parts += 1
        traces += part.traces
        return true
      })
    return (traces, parts, progress)
  }

  /// What one reader of the whole file reads: its traces up to the first
  /// problem, and whether there is one.
  static func readWhole(_ path: String) throws -> (traces: [Trace], hasProblem: Bool) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var csv = CSVTraceDecoder()
    var jsonl = JSONLinesDecoder()
    let items = path.hasSuffix(".jsonl") ? jsonl.decode(text) : csv.decode(text)
    var traces: [Trace] = []
    for item in items {
      guard case .trace(let trace, _) = item else { return (traces, true) }
      traces.append(trace)
    }
    return (traces, false)
  }

  /// The text of a file of `traces`.
  static func encode(_ traces: [Trace], as format: TraceFileFormat) -> String {
    let encoder = format.makeEncoder(columns: CSVColumns(fitting: traces))
    var text = encoder.fileHeader()
    for trace in traces { encoder.encode(trace, into: &text) }
    return text
  }

  /// Every shipped CSV file, and each as JSON Lines in `directory`.
  static func shippedFiles(in directory: URL) throws -> [String] {
    let folder = packageRoot.appendingPathComponent("traces")
    let csv = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".csv") }.sorted().map { folder.appendingPathComponent($0).path }
    let jsonl = try csv.map { path in
      let lines = try AnalysisPipelineJSONLinesTests.jsonLines(path)
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      return try AnalysisPipelineJSONLinesTests.write(
        lines.map { $0 + "\n" }.joined(), name + ".jsonl", in: directory)
    }
    return csv + jsonl
  }

  @Test func everyPieceSizeReadsWhatOneReaderReads() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = try Self.shippedFiles(in: directory)
    #expect(paths.count >= 14)
    for path in paths {
      let whole = try Self.readWhole(path)
      #expect(!whole.hasProblem && whole.traces.count > 10, "\(path)")
      for pieceSize in [1, 333, 4_096, 1 << 16, 1 << 30] {
        for jobs in [1, 3] {
          let read = try #require(
            try Self.readInPieces(path, pieceSize: pieceSize, jobs: jobs), "\(path)")
          #expect(read.traces == whole.traces, "\(path), pieces of \(pieceSize), \(jobs) jobs")
          #expect(read.progress.traceCount == whole.traces.count)
          #expect(read.progress.isComplete)
          if pieceSize == 1 << 30 { #expect(read.parts == 1) }
        }
      }
    }
  }

  @Test(arguments: ["csv", "jsonl"])
  func anIrregularPieceStopsAfterTheTracesBeforeIt(format: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Ten traces, the seventh with time going back: a problem.
    let traces = (0..<10).map { index in
      Trace(
        id: "g\(index)",
        events: [
          PanEvent(time: .seconds(0), phase: .began, translation: Vector2D(x: 0, y: 0)),
          PanEvent(
            time: .seconds(index == 6 ? -1 : 1), phase: .ended,
            translation: Vector2D(x: 1, y: Double(index))),
        ])
    }
    let text = Self.encode(traces, as: format == "csv" ? .csv : .jsonl)
    let path = try AnalysisPipelineJSONLinesTests.write(text, "ten.\(format)", in: directory)
    let whole = try Self.readWhole(path)
    #expect(whole.hasProblem && whole.traces.count == 6)
    for jobs in [1, 2] {
      // Pieces of one trace each: exactly the six before the problem.
      let one = try #require(try Self.readInPieces(path, pieceSize: 1, jobs: jobs))
      #expect(one.progress.traceCount == 6 && !one.progress.tookEveryPiece)
      #expect(one.traces == Array(whole.traces.prefix(6)))
      // Larger pieces: a prefix of them, counted exactly.
      for pieceSize in [150, 400, 1 << 20] {
        let read = try #require(try Self.readInPieces(path, pieceSize: pieceSize, jobs: jobs))
        #expect(!read.progress.tookEveryPiece)
        #expect(read.progress.traceCount == read.traces.count && read.traces.count <= 6)
        #expect(read.traces == Array(whole.traces.prefix(read.traces.count)))
      }
    }
  }

  @Test func aRefusedPartOrARepeatedIDStopsThePieces() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = { (id: String) in
      Trace(
        id: id,
        events: [
          PanEvent(time: .seconds(0), phase: .began, translation: Vector2D(x: 0, y: 0)),
          PanEvent(time: .seconds(1), phase: .ended, translation: Vector2D(x: 1, y: 1)),
        ])
    }
    let text = Self.encode(["a", "b", "c", "d"].map(trace), as: .jsonl)
    let path = try AnalysisPipelineJSONLinesTests.write(text, "four.jsonl", in: directory)
    let refused = try #require(try Self.readInPieces(path, pieceSize: 1, jobs: 2, refusing: 2))
    #expect(refused.progress.traceCount == 2 && refused.traces.map(\.id) == ["a", "b"])
    #expect(!refused.progress.tookEveryPiece)
    // "b" again, in a piece of its own: the decoder of that piece cannot
    // know it; the engine does.
    let repeated = Self.encode(["a", "b", "c", "b", "d"].map(trace), as: .jsonl)
    let again = try AnalysisPipelineJSONLinesTests.write(repeated, "again.jsonl", in: directory)
    let read = try #require(try Self.readInPieces(again, pieceSize: 1, jobs: 1))
    #expect(read.progress.traceCount == 3 && read.traces.map(\.id) == ["a", "b", "c"])
  }

  @Test func standardInputAndCSVWithoutAHeaderAreLeftToOneReader() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let headless = try AnalysisPipelineJSONLinesTests.write(
      "g1,0,began,0,0\n", "x.csv", in: directory)
    #expect(try PiecedFile.open("-", format: nil) == nil)
    #expect(try PiecedFile.open(headless, format: nil) == nil)
    #expect(try PiecedFile.open(directory.path, format: nil) == nil)
    #expect(try PiecedFile.open(directory.path + "/missing.csv", format: nil) == nil)
    // A CSV header makes a preamble; `--from jsonl` reads the same file
    // as lines.
    let csv = try AnalysisPipelineJSONLinesTests.write(
      "# gesturetrace: 1\ntrace,t,phase,tx,ty\ng1,0,began,0,0\n", "y.csv", in: directory)
    #expect(try PiecedFile.open(csv, format: nil)?.preamble?.count == 38)
    #expect(try PiecedFile.open(csv, format: .jsonl)?.preamble == nil)
  }
}
