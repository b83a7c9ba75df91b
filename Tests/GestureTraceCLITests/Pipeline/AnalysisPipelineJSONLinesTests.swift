import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// JSON Lines files are read in pieces of whole lines on several threads:
/// the analysis must be the one a single reader gives, for any piece size
/// and any number of jobs, and the one the same traces give as CSV.
@Suite struct AnalysisPipelineJSONLinesTests {
  static let synth = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
  static let fingers = packageRoot.appendingPathComponent("traces/recorded-fingers.csv").path

  /// The traces of a CSV file as JSON Lines, one line each.
  static func jsonLines(_ csvPath: String) throws -> [String] {
    var decoder = CSVTraceDecoder()
    let items = decoder.decode(try String(contentsOfFile: csvPath, encoding: .utf8))
    return items.compactMap { item -> String? in
      guard case .trace(let trace, _) = item else { return nil }
      var line = ""
      JSONLinesEncoder().encode(trace, into: &line)
      return String(line.dropLast())
    }
  }

  /// Writes `text` to a new file named `name` in `directory`.
  static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  let pipeline = AnalysisPipelineTests()

  @Test(arguments: [333, 512, 4_096, 65_536])
  func piecesGiveWhatOneReaderGives(pieceSize: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = [
      try Self.write(
        Self.jsonLines(Self.synth).joined(separator: "\n") + "\n", "synth.jsonl", in: directory),
      try Self.write(
        Self.jsonLines(Self.fingers).joined(separator: "\n") + "\n", "fingers.jsonl",
        in: directory),
    ]
    let whole = pipeline.analyze(paths, pieceSize: 1 << 30, jobs: 1)
    #expect(whole.contains("\"traces\":272"))
    for jobs in [2, 3, 8] {
      #expect(pipeline.analyze(paths, pieceSize: pieceSize, jobs: jobs) == whole, "jobs \(jobs)")
    }
    let rows = pipeline.analyze(paths, pieceSize: 1 << 30, jobs: 1, format: .csv)
    #expect(rows.split(separator: "\n").count == 272)
    #expect(pipeline.analyze(paths, pieceSize: pieceSize, format: .csv) == rows)
    // The same traces as CSV give the same analysis.
    let csv = pipeline.analyze([Self.synth, Self.fingers], pieceSize: pieceSize)
    #expect(
      csv
        == whole.replacingOccurrences(of: paths[0], with: Self.synth)
        .replacingOccurrences(of: paths[1], with: Self.fingers))
  }

  /// Files a piece cannot read alone, or reads only by a rule of its own:
  /// an id repeated in a later piece, a problem in a late line, a byte order
  /// mark in the middle, CRLF and blank lines, no final line break, a line
  /// the fast reader leaves to the general path.
  @Test(arguments: ["repeat", "problem", "mark", "crlf", "unfinished", "spaces"])
  func irregularFilesReadAsOneReaderReadsThem(_ kind: String) throws {
    var lines = try Self.jsonLines(Self.synth)
    var lineEnd = "\n"
    switch kind {
    case "repeat":
      lines.insert(lines[3], at: lines.count - 20)
    case "problem":
      lines[230] = lines[230].replacingOccurrences(of: "\"changed\"", with: "\"moved\"")
    case "mark":
      lines[0] = "\u{FEFF}" + lines[0]
      lines[200] = "\u{FEFF}" + lines[200]
    case "crlf":
      lineEnd = "\r\n"
      lines.insert("", at: 100)
      lines.insert("  ", at: 200)
    case "unfinished":
      break
    default:
      lines[120] = lines[120].replacingOccurrences(of: ",\"events\"", with: ", \"events\"")
    }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.write(
      lines.joined(separator: lineEnd) + (kind == "unfinished" ? "" : lineEnd),
      "\(kind).jsonl", in: directory)
    let whole = pipeline.analyze([path], pieceSize: 1 << 30, jobs: 1)
    for pieceSize in [600, 2_048] {
      #expect(pipeline.analyze([path], pieceSize: pieceSize) == whole)
      #expect(
        pipeline.analyze([path], pieceSize: pieceSize, format: .csv)
          == pipeline.analyze([path], pieceSize: 1 << 30, jobs: 1, format: .csv))
    }
    switch kind {
    case "repeat":
      #expect(whole.contains(":231:7: expected a trace id not used earlier in the file, found"))
    case "problem":
      #expect(whole.hasPrefix("dataError(\"\(path):231:"))
    case "mark":
      #expect(whole.hasPrefix("dataError(\"\(path):201:1: expected"))
    default:
      #expect(whole.contains("\"traces\":250"))
    }
  }

  @Test(arguments: ["json", "csv", "text"])
  func outputDoesNotDependOnJobs(_ format: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.write(
      Self.jsonLines(Self.synth).joined(separator: "\n") + "\n", "synth.jsonl", in: directory)
    let arguments = ["analyze", path, "--format", format, "--group-by", "kind"]
    let one = run(arguments + ["--jobs", "1"])
    #expect(one.exitCode == .success, "\(one.error)")
    #expect(one.output.count > 1_000)
    for jobs in ["2", "8"] {
      #expect(run(arguments + ["--jobs", jobs]).output == one.output, "jobs \(jobs)")
    }
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(3))) func fifoNamedDirectlyIsReadAsAStream() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try Self.jsonLines(Self.synth).joined(separator: "\n") + "\n"
    let file = try Self.write(text, "file.jsonl", in: directory)
    let fifo = directory.appendingPathComponent("fifo.jsonl").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(text.utf8))
        try? handle.close()
      }
    }
    writer.start()
    // NB: with variants named, nothing reads the file before the analysis
    // (without, the transitions the traces are meant for are looked up
    // first, which a FIFO cannot give twice).
    let arguments = ["--variant", "lyrics-swap", "--format", "json"]
    let streamed = run(["analyze", fifo] + arguments)
    #expect(streamed.exitCode == .success, "\(streamed.error)")
    #expect(streamed.output.contains("\"traces\":250"))
    let whole = run(["analyze", file] + arguments)
    #expect(streamed.output == whole.output.replacingOccurrences(of: file, with: fifo))
  }
}
