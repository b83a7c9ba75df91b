import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `convert` in pieces on several threads writes the bytes one reader
/// writes, with the same messages and exit codes, for any number of jobs
/// and any piece size, to a file and to standard output.
@Suite struct ConversionPipelineTests {
  /// Runs `convert` as `gesturetrace` does, in pieces of `pieceSize` bytes
  /// (holding at most `textLimit` bytes of text each), or with one reader
  /// when `pieceSize` is `nil`.
  private func convert(
    _ arguments: [String], pieceSize: Int?, textLimit: Int = 8 << 20, input: String = ""
  ) -> RunResult {
    var io = BufferedIO(input: input)
    let code = TraceTool.parsing(arguments, spec: ConvertCommand.spec, io: &io) {
      parsed, io throws(CommandError) in
      try ConvertCommand.run(
        parsed, spoolMemory: 1 << 18, pieces: pieceSize.map { ($0, textLimit) }, io: &io)
    }
    return RunResult(exitCode: code, output: io.output, error: io.error)
  }

  /// Checks that converting `path` in pieces gives what one reader gives:
  /// standard output, or the file `-o` names, messages and exit code.
  private func expectSameInPieces(
    _ path: String, _ options: [String], pieceSizes: [Int] = [1, 97, 512, 4096, 1 << 20],
    textLimits: [Int] = [8 << 20], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputPath = directory.appendingPathComponent("out").path
    func result(_ pieceSize: Int?, _ textLimit: Int, jobs: Int, toFile: Bool) -> [String] {
      var arguments = [path] + options + ["--jobs", "\(jobs)"]
      if toFile { arguments += ["-o", outputPath, "--force"] }
      let run = convert(arguments, pieceSize: pieceSize, textLimit: textLimit)
      let file = toFile ? (try? String(contentsOfFile: outputPath, encoding: .utf8)) : nil
      try? FileManager.default.removeItem(atPath: outputPath)
      return ["\(run.exitCode)", run.output, run.error, file ?? "<none>"]
    }
    for toFile in [false, true] {
      let one = result(nil, 0, jobs: 1, toFile: toFile)
      for pieceSize in pieceSizes {
        for textLimit in textLimits {
          for jobs in [1, 2, 8] {
            let pieces = result(pieceSize, textLimit, jobs: jobs, toFile: toFile)
            #expect(
              pieces == one, "pieces of \(pieceSize), limit \(textLimit), \(jobs) jobs",
              sourceLocation: sourceLocation)
          }
        }
      }
    }
  }

  /// A file in a new directory holding `text`, named `name`.
  private func file(_ name: String, _ text: String) throws -> (path: String, directory: URL) {
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return (url.path, directory)
  }

  @Test(arguments: ["csv", "jsonl"], ["csv", "jsonl"])
  func synthesizedTracesConvertTheSameInPieces(from: String, to: String) throws {
    var corpus = run(["synth", "--traces", "60", "--seed", "3"]).output
    if from == "jsonl" { corpus = run(["convert", "-", "--to", "jsonl"], input: corpus).output }
    let (path, directory) = try file("corpus.\(from)", corpus)
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectSameInPieces(path, ["--to", to])
    try expectSameInPieces(path, ["--to", to], pieceSizes: [512], textLimits: [1, 3000])
  }

  static let shipped = [
    "samples/synth.csv", "library-pager.csv", "lyrics-swap.csv", "music-card.csv",
    "player-sheet.csv", "recorded-fingers.csv",
  ]

  @Test(arguments: shipped, ["csv", "jsonl"])
  func shippedTracesConvertTheSameInPieces(name: String, to: String) throws {
    let path = packageRoot.appendingPathComponent("traces/\(name)").path
    try expectSameInPieces(path, ["--to", to], pieceSizes: [333, 1 << 16])
    try expectSameInPieces(path, ["--to", to, "--scale", "3"], pieceSizes: [1 << 12])
  }

  /// Each problem a CSV or JSON Lines reader reports, a trace the output
  /// columns cannot hold, a line too long for the output, an id used
  /// twice in different pieces, a byte order mark, pixels with and
  /// without a scale.
  static let problemFiles: [(name: String, text: String)] = [
    ("a.csv", ""),
    ("b.csv", "trace,t,phase,tx,ty\n"),
    ("b2.csv", "# gesturetrace: 2\ntrace,t,phase,tx,ty\n"),
    ("c.csv", "# gesturetrace: 2\ntrace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,1,1\n"),
    (
      "d.csv",
      "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,1,1\ng2,0,began,0,0\ng2,2,changed,1,1\n"
        + "g2,1,ended,2,2\ng3,0,began,0,0\ng3,1,ended,1,1\n"
    ),
    (
      "e.csv",
      "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,1,1\ng2,0,began,0,0\ng2,1,ended,1,1\n"
        + "g1,0,began,0,0\ng1,1,ended,1,1\ng3,0,began,0,0\ng3,1,ended,1,1\n"
    ),
    (
      "f.csv",
      "\u{FEFF}# device: d\n# trace g1 kind: drag\ntrace,t,phase,tx,ty,x,y\ng1,0,began,0,0,1,2\n"
        + "g1,1,ended,1,1,3,4\n# trace g2 kind: flick\ng2,0,began,0,0,,\ng2,1,ended,1,1,5,6\n"
        + "# trace g9 after: yes\n"
    ),
    (
      "g.csv",
      "# units: px\ntrace,t,phase,tx,ty,vx,vy\n# trace a scale: 2\na,0,began,0,0,1,1\n"
        + "a,0.5,ended,3,4,5,6\nb,0,began,0,0,,\nb,1,ended,1e-300,7,,\n# trace c units: pt\n"
        + "c,0,began,0,0,1,1\nc,1,cancelled,1,1,1,1\n"
    ),
    (
      "h.jsonl",
      #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n\n"
        + #"{"id":"b","events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":1,"vy":2},{"t":1,"phase":"ended","tx":1,"ty":1,"vx":1,"vy":2}]}"#
        + "\n"
        + #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n"
    ),
    (
      "i.jsonl",
      #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\r\n\u{FEFF}"
        + #"{"id":"b","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n{oops\n"
        + #"{"id":"c","meta":{"units":"px"},"events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
    ),
    (
      "j.jsonl",
      #"{"id":"\#(String(repeating: "x", count: 1 << 20))","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n"
        + #"{"id":"b","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n"
    ),
    // In the encoders' form, which pieces copy field by field, with a
    // problem, a number in another form, an id again, a late trace.
    (
      "k.csv",
      "# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy\n# trace a kind: drag\na,0,began,0,0,1.5,2\n"
        + "a,0.01,ended,1,2,3,4\nb,0,began,0,0,1,1\nb,1,changed,1.50,1,1,1\nb,2,ended,1,1,1,1\n"
        + "c,0,began,0,0,1,1\nc,1,ended,1,1,1,1\na,0,began,0,0,1,1\na,1,ended,1,1,1,1\n"
        + "# trace d kind: flick\nd,0,began,0,0,1,1\nd,1,ended,1,1,1e-05,1\n"
        + "e,0,began,0,0,1,1\ne,1,changed,1,1,1,1\n# trace f kind: late\n"
    ),
    (
      "l.jsonl",
      #"{"id":"a","meta":{"kind":"drag"},"events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1.5,"ty":1}]}"#
        + "\n"
        + #"{"id":"b","events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":1,"vy":2},{"t":1,"phase":"ended","tx":1,"ty":1,"vx":1,"vy":2}]}"#
        + "\n"
        + #"{"id":"c","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1.50,"ty":1}]}"#
        + "\n"
        + #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}]}"#
        + "\n"
    ),
  ]

  @Test(arguments: problemFiles.indices, ["csv", "jsonl"])
  func filesWithProblemsConvertTheSameInPieces(index: Int, to: String) throws {
    let (name, text) = Self.problemFiles[index]
    let (path, directory) = try file(name, text)
    defer { try? FileManager.default.removeItem(at: directory) }
    for options in [[], ["--lenient"], ["--scale", "2.625"]] {
      try expectSameInPieces(path, ["--to", to] + options, pieceSizes: [1, 40, 1 << 16])
    }
  }

  @Test func aLongTraceConvertsTheSameInPieces() throws {
    // A trace whose text is larger than a piece may hold, between short
    // ones: one reader converts it, through its spool.
    var text = "trace,t,phase,tx,ty,vx,vy\ns1,0,began,0,0,1,1\ns1,1,ended,1,1,1,1\n"
    for index in 0..<5_000 {
      let phase = index == 0 ? "began" : index == 4_999 ? "ended" : "changed"
      text += "long,\(index),\(phase),\(index % 7).5,-\(index % 11),\(index),0.25\n"
    }
    text += "s2,0,began,0,0,1,1\ns2,1,ended,1,1,1,1\n"
    let (path, directory) = try file("long.csv", text)
    defer { try? FileManager.default.removeItem(at: directory) }
    try expectSameInPieces(
      path, ["--to", "jsonl"], pieceSizes: [64, 1 << 16], textLimits: [1 << 12, 8 << 20])
  }
}
