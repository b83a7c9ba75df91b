import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The partials of the public ``TraceAnalyzer`` (every trace added on one
/// analyzer, or on analyzers merged in order) are the bytes
/// `analyze --partial` writes, and it reads the command's partials, made
/// with options its public initializer does not take, to the bytes
/// `merge --partial` writes.
@Suite struct AnalyzePartialBytesTests {
  static let specs = ["lyrics-swap", "player-sheet", "player-sheet:rule=hammer"]
  static let files = ["lyrics-swap", "player-sheet"].map {
    packageRoot.appendingPathComponent("traces/\($0).csv").path
  }

  static var variantOptions: [String] { specs.flatMap { ["--variant", $0] } }

  /// The bytes of a file the command wrote.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test(arguments: [[], ["--fps", "60", "--estimator", "lsq2", "--jobs", "1"]])
  func analyzePartialWritesThePublicAnalyzersBytes(options: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cli.part").path
    let result = run(
      ["analyze"] + Self.files + Self.variantOptions + options + ["--partial", "-o", path])
    #expect(result.exitCode == .success, "\(result.error)")
    let variants = try Self.specs.map { try Variant(parsing: $0) }
    let fps = options.isEmpty ? 120 : 60
    let estimator = options.isEmpty ? VelocityEstimator.default : .lsq2
    // The traces in three pieces, each its own analyzer, merged in order.
    var merged = TraceAnalyzer(
      variants: variants, fps: fps, estimator: estimator, sources: Self.files)
    let traces = Self.files.flatMap { recordedTraces(in: $0).traces }
    #expect(traces.count == 300)
    for piece in [traces[..<40], traces[40..<220], traces[220...]] {
      var analyzer = TraceAnalyzer(variants: variants, fps: fps, estimator: estimator)
      for trace in piece { try analyzer.add(trace) }
      try merged.merge(analyzer)
    }
    let expected = try Self.bytes(path)
    #expect(expected.count > 100_000)
    // NB: compared apart, so that a failure does not print megabytes.
    let same = merged.partial() == expected
    #expect(same, "the analyzer's partial differs from the command's")
    // The summary's numbers are the text report's (`gesturetrace analyze`
    // of these files): lyrics-swap completes 50.0 % (42.1 % – 57.9 %) of
    // the 150 traces meant for it and agrees with 60.7 % of their
    // synthetic labels, against 64.0 % for always answering 'complete'.
    guard options.isEmpty else { return }
    let lyrics = try #require(merged.summary().variants.first)
    #expect(lyrics.rate(of: .complete).count == 75)
    #expect(lyrics.rate(of: .complete).total == 150)
    #expect(abs(lyrics.rate(of: .complete).lower - 0.421) < 5e-4)
    let intent = try #require(lyrics.intent)
    #expect(intent.labelSource == .synthetic)
    #expect(lyrics.intentBySource == [intent])
    #expect(intent.accuracy.count == 91)
    #expect(intent.accuracy.total == 150)
    #expect(intent.majority == .complete)
    #expect(intent.baseline.count == 96)
  }

  /// Partials made with options the public initializer does not take
  /// (grouping, sweeps, perturbations) read back, and merge, to the bytes
  /// `merge --partial` writes.
  @Test func thePublicAnalyzerMergesTheCommandsPartialsAsMergeDoes() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let options =
      Self.variantOptions + [
        "--group-by", "kind", "--stability", "--sweep", "lyrics-swap.dismissalOffset=40...120:40",
      ]
    var paths: [String] = []
    for (index, file) in Self.files.enumerated() {
      let path = directory.appendingPathComponent("\(index).part").path
      let result = run(["analyze", file] + options + ["--partial", "-o", path])
      #expect(result.exitCode == .success, "\(result.error)")
      paths.append(path)
    }
    let both = directory.appendingPathComponent("both.part").path
    let result = run(["merge"] + paths + ["--partial", "-o", both])
    #expect(result.exitCode == .success, "\(result.error)")
    var analyzers: [TraceAnalyzer] = []
    for path in paths {
      let read = try TraceAnalyzer(partial: try Self.bytes(path), name: path)
      let same = read.partial() == (try Self.bytes(path))
      #expect(same, "\(path) read back differs")
      analyzers.append(read)
    }
    try analyzers[0].merge(analyzers[1])
    let same = analyzers[0].partial() == (try Self.bytes(both))
    #expect(same, "the merge differs from merge's")
    #expect(analyzers[0].traceCount == 300)
  }

  /// A problem in a partial is placed as `merge`, which reads partials
  /// line by line from a file, places it.
  @Test func problemsArePlacedAsMergePlacesThem() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bad.part").path
    var analyzer = TraceAnalyzer(variants: [try Variant(parsing: "lyrics-swap")])
    try analyzer.add(recordedTraces(in: Self.files[0]).traces[0])
    // The trace line's number of samples becomes a word.
    let text = String(decoding: analyzer.partial(), as: UTF8.self)
    let bytes = Array(text.replacingOccurrences(of: "\"values\":[", with: "\"values\":[x").utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let merged = run(["merge", path])
    #expect(merged.exitCode == .dataError)
    let error = #expect(throws: TraceAnalyzerError.self) {
      try TraceAnalyzer(partial: bytes, name: path)
    }
    let described = try #require(error?.description)
    #expect(described.hasPrefix(path + ":2:"))
    #expect(merged.error.hasPrefix("Error: " + described))
  }
}
