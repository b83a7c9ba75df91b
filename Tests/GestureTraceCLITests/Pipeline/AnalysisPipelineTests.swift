import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct AnalysisPipelineTests {
  static let synth = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
  static let variants = [
    "--variant", "lyrics-swap", "--variant", "player-sheet", "--variant", "library-pager",
  ]

  @Test(arguments: ["json", "csv", "text"])
  func outputDoesNotDependOnJobs(_ format: String) {
    let arguments = ["analyze", "--format", format, "--group-by", "kind"] + Self.variants
    let one = run(arguments + ["--jobs", "1"])
    #expect(one.exitCode == .success, "\(one.error)")
    #expect(one.output.count > 1_000)
    for jobs in ["2", "3", "8"] {
      #expect(run(arguments + ["--jobs", jobs]).output == one.output, "jobs \(jobs)")
    }
  }

  /// A file whose pieces hold no trace is read again by one reader, so a
  /// problem in its preamble alone is reported as standard input reports
  /// it (before, `analyze FILE` said "0 traces" and exited 0).
  @Test func aPreambleProblemIsReportedWhetherReadInPiecesOrFromStandardInput() throws {
    let text = "# gesturetrace: 2\ntrace,t,phase,tx,ty\n"
    let path = try temporaryDirectory().appendingPathComponent("v2.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let fromStandardInput = run(["analyze", "-"], input: text)
    let fromFile = run(["analyze", path])
    #expect(
      fromStandardInput.error == "Error: <stdin>:1:1: expected format version '1', found '2'\n")
    #expect(fromFile.exitCode == .dataError)
    #expect(fromFile.error == "Error: \(path):1:1: expected format version '1', found '2'\n")
    #expect(fromFile.output.isEmpty)
    // A header alone is no problem either way: no trace, exit 0.
    let valid = "# gesturetrace: 1\ntrace,t,phase,tx,ty\n"
    try valid.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(run(["analyze", path]).exitCode == .success)
  }

  /// Runs the pipeline on files cut into pieces of `pieceSize` bytes and
  /// renders `format`, or returns the error's message.
  func analyze(
    _ paths: [String], pieceSize: Int, jobs: Int = 2, format: AnalysisFormat = .json,
    groupBy: String? = "kind", spillThreshold: Int = 1 << 16
  ) -> String {
    let plan = AnalysisPlan(
      variants: Variant.seeds,
      sweeps: [try! Sweep(parsing: "player-sheet.distance=200...800:300")], groupBy: groupBy)
    var pipeline = AnalysisPipeline(
      analyzer: .command(plan: plan, lines: format == .csv ? .csv : .none), jobs: jobs)
    pipeline.pieceSize = pieceSize
    pipeline.analyzer.configuration.spillThreshold = spillThreshold
    var io = BufferedIO()
    do throws(CommandError) {
      var output = try OutputFile(path: "-", replacing: false)
      for path in paths { try pipeline.analyze(path, format: nil, output: &output, io: &io) }
      if format == .csv { return io.output }
      return AnalyzeCommand.render(
        try pipeline.analyzer.analysis(), files: paths, format: format,
        leftOut: pipeline.analyzer.leftOut.count)
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [512, 4_096, 65_536])
  func piecesGiveWhatOneReaderGives(pieceSize: Int) {
    let paths = [
      Self.synth, packageRoot.appendingPathComponent("traces/recorded-fingers.csv").path,
    ]
    let whole = analyze(paths, pieceSize: 1 << 30, jobs: 1)
    #expect(whole.contains("\"traces\":272"))
    #expect(analyze(paths, pieceSize: pieceSize) == whole)
    let rows = analyze(paths, pieceSize: 1 << 30, jobs: 1, format: .csv)
    #expect(rows.split(separator: "\n").count == 272)
    #expect(analyze(paths, pieceSize: pieceSize, format: .csv) == rows)
  }

  @Test(arguments: [512, 4_096])
  func piecesCountTracesLeftOutOnceInInputOrder(pieceSize: Int) throws {
    // 40 traces, the first 10 in pixels with no scale; metadata for the
    // last trace halfway makes the pieces from there on read again by one
    // decoder, which must skip the traces left out in the pieces taken.
    var text = run(["synth", "--traces", "40", "--seed", "5"]).output
    for index in 0..<10 {
      text = text.replacingOccurrences(
        of: "# trace s\(String(index).leftPadded(6)) units: pt",
        with: "# trace s\(String(index).leftPadded(6)) units: px")
    }
    text = text.replacingOccurrences(
      of: "# trace s000020 source:", with: "# trace s000039 note: far\n# trace s000020 source:")
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("mixed.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let whole = analyze([path], pieceSize: 1 << 30, jobs: 1, format: .text)
    // NB: a long temporary path wraps the opening line.
    let opening = whole.replacingOccurrences(of: "\n  ", with: " ")
    #expect(
      opening.hasPrefix("30 traces from 1 file: \(path) (10 left out: pixels with no scale)\n"))
    for jobs in [1, 2] {
      #expect(analyze([path], pieceSize: pieceSize, jobs: jobs, format: .text) == whole)
    }
    let rows = analyze([path], pieceSize: 1 << 30, jobs: 1, format: .csv)
    #expect(rows.split(separator: "\n").count == 30)
    #expect(analyze([path], pieceSize: pieceSize, format: .csv) == rows)
  }

  /// Files a piece cannot read alone: metadata far from its trace, an id
  /// repeated across pieces (a row, or a whole valid trace that each piece
  /// reads without a problem), a problem in a late piece.
  @Test(arguments: ["metadata", "repeat", "trace", "problem"])
  func irregularFilesReadAsOneReaderReadsThem(_ kind: String) throws {
    let text = try String(contentsOfFile: Self.synth, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = lines.firstIndex { $0.hasPrefix("trace,") }!
    switch kind {
    case "metadata":
      // The metadata of a late trace moves to the top of the data.
      let index = lines.lastIndex { $0.hasPrefix("# trace s000240 intent") }!
      let line = lines.remove(at: index)
      lines.insert(line.replacingOccurrences(of: "complete", with: "cancel"), at: header + 1)
      lines.insert(line.replacingOccurrences(of: "cancel", with: "complete"), at: header + 1)
    case "repeat":
      // A row of the first trace comes back near the end.
      let row = lines.first { $0.hasPrefix("s000000,") }!
      lines.insert(row, at: lines.count - 40)
    case "trace":
      // Every row of the fourth trace again, as a trace of its own between
      // two late traces: each piece reads without a problem.
      let rows = lines.filter { $0.hasPrefix("s000003,") }
      #expect(rows.count > 2)
      let late = lines.firstIndex { $0.hasPrefix("# trace s000245 ") }!
      lines.insert(contentsOf: rows, at: late)
    default:
      let index = lines.lastIndex { $0.hasPrefix("s000230,") && $0.contains(",changed,") }!
      lines[index] = lines[index].replacingOccurrences(of: ",changed,", with: ",moved,")
    }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("\(kind).csv").path
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let whole = analyze([path], pieceSize: 1 << 30, jobs: 1)
    #expect(analyze([path], pieceSize: 2_048) == whole)
    #expect(
      analyze([path], pieceSize: 2_048, format: .csv)
        == analyze(
          [path], pieceSize: 1 << 30, jobs: 1, format: .csv))
    if kind != "metadata" { #expect(whole.hasPrefix("dataError(")) }
  }

  @Test(arguments: [1, 7, 100])
  func numbersKeptInATemporaryFileGiveTheSameSummary(spillThreshold: Int) {
    // Pieces of 4 KB hold one or a few traces; the sink moves the per-trace
    // numbers to the file after every piece (1), or once 7 or 100 traces
    // have gathered.
    let whole = analyze([Self.synth], pieceSize: 1 << 30, jobs: 1)
    #expect(whole.contains("\"traces\":250"))
    #expect(analyze([Self.synth], pieceSize: 4_096, spillThreshold: spillThreshold) == whole)
  }

  @Test func streamedCSVEqualsTheOutputBeforeStreaming() throws {
    // traces/golden/analyze.csv is what `analyze --format csv` printed
    // before rows were streamed (every trace kept, rendered at the end), for
    // the corpus then shipped: recorded-fingers.csv and what is now
    // samples/synth.csv.
    let golden = packageRoot.appendingPathComponent("traces/golden/analyze.csv")
    let fingers = packageRoot.appendingPathComponent("traces/recorded-fingers.csv").path
    let result = run(["analyze", "--format", "csv", fingers, Self.synth])
    #expect(result.exitCode == .success)
    #expect(result.output == (try String(contentsOf: golden, encoding: .utf8)))
  }

  @Test func statsGoToStandardError() {
    let result = run(["analyze", Self.synth, "--stats", "--variant", "lyrics-swap"])
    #expect(result.exitCode == .success)
    #expect(result.error.hasPrefix("analyze: 250 traces, 7108 events, "))
    // 7,108 events: 242 traces end, 8 are cancelled; none gets an extra
    // system cancel.
    #expect(result.error.contains("replay [1] lyrics-swap: 7108 events in "))
    #expect(result.output.hasPrefix("250 traces from 1 file"))
  }

  /// Ids hashed in place hash as the decoder hashes their bytes.
  @Test(arguments: ["", "s000000", "trace with spaces", "ü–→", "\u{1F600}x"])
  func idHashEqualsTheDecodersHash(_ id: String) {
    #expect(TraceIDHash.of(id) == TraceIDHash.of(Array(id.utf8)))
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
