import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `merge` of the partials `analyze --partial` writes gives, byte for byte,
/// what one `analyze` of the same inputs gives, for any split of the traces.
@Suite struct MergeCommandTests {
  static let variants = [
    "--variant", "lyrics-swap", "--variant", "player-sheet", "--variant", "library-pager",
    "--variant", "music-card",
  ]

  /// Option sets analyze supports, each merged and compared.
  static let optionSets: [[String]] = [
    [],
    [
      "--group-by", "kind", "--sweep", "player-sheet.distance=200...800:300",
      "--sweep", "player-sheet.deadZone=0...20:10",
    ],
    ["--stability", "--fps", "60", "--estimator", "lsq2", "--group-by", "source"],
  ]

  /// Every trace of the shipped corpus (traces/*.csv), or of the synth
  /// corpus (traces/samples/synth.csv), in input order.
  static func traces(_ corpus: String) -> [Trace] {
    let names =
      corpus == "synth"
      ? ["samples/synth.csv"] : BoundedMemoryTests.shippedTraces.map { "\($0).csv" }
    return names.flatMap {
      recordedTraces(in: packageRoot.appendingPathComponent("traces/" + $0).path).traces
    }
  }

  /// The traces cut into `ways` consecutive pieces of different sizes (the
  /// k-th about k times the first), written as JSON Lines files.
  static func pieces(_ traces: [Trace], ways: Int, in directory: URL) throws -> [String] {
    let weights = (1...ways).map { $0 }
    let total = weights.reduce(0, +)
    var paths: [String] = []
    var start = 0
    var sum = 0
    for (index, weight) in weights.enumerated() {
      sum += weight
      let end = index == ways - 1 ? traces.count : traces.count * sum / total
      var text = ""
      for trace in traces[start..<end] { JSONLinesEncoder().encode(trace, into: &text) }
      let path = directory.appendingPathComponent("piece\(index).jsonl").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
      start = end
    }
    return paths
  }

  /// The traces of a JSON Lines file.
  static func decoded(_ path: String) -> [Trace] {
    var decoder = JSONLinesDecoder()
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return decoder.decode(text).compactMap {
      if case .trace(let trace, _) = $0 { trace } else { nil }
    }
  }

  /// Writes a partial of each group of pieces; returns their paths.
  static func partials(
    of groups: [[String]], options: [String], in directory: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    groups.enumerated().map { index, pieces in
      let path = directory.appendingPathComponent("part\(index).part").path
      let result = run(
        ["analyze"] + pieces + ["--partial", "--force", "-o", path] + variants + options)
      #expect(result.exitCode == .success, "\(result.error)", sourceLocation: sourceLocation)
      return path
    }
  }

  /// Seven pieces in `ways` groups of consecutive pieces, of different
  /// sizes.
  static func groups(_ pieces: [String], ways: Int) -> [[String]] {
    switch ways {
    case 1: return [pieces]
    case 2: return [Array(pieces[0..<5]), Array(pieces[5...])]
    case 3: return [[pieces[0]], Array(pieces[1..<3]), Array(pieces[3...])]
    default: return pieces.map { [$0] }
    }
  }

  // NB: the traces are cut once into seven pieces of different sizes, so
  // that one analyze of them serves every split: the report names its
  // files.
  @Test(arguments: ["shipped", "synth"])
  func mergedPartialsGiveTheOneRunReport(corpus: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let traces = Self.traces(corpus)
    #expect(traces.count >= 250)
    let pieces = try Self.pieces(traces, ways: 7, in: directory)
    for options in Self.optionSets {
      let reports = AnalysisFormat.allCases.map { format in
        run(["analyze"] + pieces + Self.variants + options + ["--format", "\(format)"])
      }
      for report in reports {
        #expect(report.exitCode == .success, "\(report.error)")
        #expect(report.output.utf8.count > 1_000)
      }
      for ways in [1, 2, 3, 7] {
        let partials = Self.partials(
          of: Self.groups(pieces, ways: ways), options: options, in: directory)
        for (format, one) in zip(AnalysisFormat.allCases, reports) {
          let merged = run(["merge"] + partials + ["--format", "\(format)"])
          #expect(merged.exitCode == .success, "\(merged.error)")
          #expect(merged.output == one.output, "\(corpus) \(ways) \(options) \(format)")
          #expect(merged.error == one.error)
        }
      }
    }
  }

  @Test(arguments: [2, 7])
  func mergedPartialsMergeToTheSameBytes(ways: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pieces = try Self.pieces(Self.traces("shipped"), ways: ways, in: directory)
    let options = Self.optionSets[1]
    let partials = Self.partials(of: pieces.map { [$0] }, options: options, in: directory)
    let all = directory.appendingPathComponent("all.part").path
    #expect(run(["merge"] + partials + ["--partial", "-o", all]).exitCode == .success)
    // Merged in two halves, then the halves merged.
    let half = partials.count / 2
    let first = directory.appendingPathComponent("first.part").path
    let second = directory.appendingPathComponent("second.part").path
    #expect(run(["merge"] + partials[..<half] + ["--partial", "-o", first]).exitCode == .success)
    #expect(run(["merge"] + partials[half...] + ["--partial", "-o", second]).exitCode == .success)
    let halves = directory.appendingPathComponent("halves.part").path
    #expect(run(["merge", first, second, "--partial", "-o", halves]).exitCode == .success)
    let expected = try Data(contentsOf: URL(fileURLWithPath: all))
    #expect(try Data(contentsOf: URL(fileURLWithPath: halves)) == expected)
    // And one analyze of every piece writes the same partial.
    let one = directory.appendingPathComponent("one.part").path
    let result = run(["analyze"] + pieces + Self.variants + options + ["--partial", "-o", one])
    #expect(result.exitCode == .success)
    #expect(try Data(contentsOf: URL(fileURLWithPath: one)) == expected)
    // A merged partial's report is the one-run report.
    #expect(
      run(["merge", halves, "--format", "json"]).output
        == run(["analyze"] + pieces + Self.variants + options + ["--format", "json"]).output)
  }

  @Test(arguments: [
    (["--variant", "lyrics-swap"], "variants [\"lyrics-swap\"] instead of"),
    (Self.variants + ["--fps", "60"], "fps 60 instead of 120"),
    (Self.variants + ["--group-by", "kind"], "groupBy \"kind\" instead of null"),
    (Self.variants + ["--stability"], "perturbations [\"estimator:lsq2\""),
    (
      Self.variants + ["--sweep", "player-sheet.distance=200...800:300"],
      "sweeps [\"player-sheet.distance=200...800:300\"] instead of []"
    ),
  ])
  func aPartialOfAnotherPlanIsRefusedNamingTheDifference(
    other: [String], difference: String
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lyrics = packageRoot.appendingPathComponent("traces/lyrics-swap.csv").path
    let player = packageRoot.appendingPathComponent("traces/player-sheet.csv").path
    let a = directory.appendingPathComponent("a.part").path
    let b = directory.appendingPathComponent("b.part").path
    #expect(run(["analyze", lyrics, "--partial", "-o", a] + Self.variants).exitCode == .success)
    #expect(run(["analyze", player, "--partial", "-o", b] + other).exitCode == .success)
    let result = run(["merge", a, b])
    #expect(result.exitCode == .dataError)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix("Error: \(b) was made with another plan than \(a): \(difference)"),
      "\(result.error)")
  }

  @Test func aTraceInTwoPartialsIsReportedWithBoth() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let traces = Self.traces("shipped")
    let pieces = try Self.pieces(traces, ways: 3, in: directory)
    // The last piece again, with one trace of the first piece in its middle.
    let extra = directory.appendingPathComponent("extra.jsonl").path
    let repeated = Self.decoded(pieces[2])
    var text = ""
    let lines = Self.decoded(pieces[0])
    for trace in repeated.prefix(5) + [lines[7]] + repeated.dropFirst(5).prefix(5) {
      JSONLinesEncoder().encode(trace, into: &text)
    }
    try text.write(toFile: extra, atomically: true, encoding: .utf8)
    let partials = Self.partials(
      of: [[pieces[0]], [pieces[1]], [extra]], options: [], in: directory)
    let result = run(["merge"] + partials)
    #expect(result.exitCode == .dataError)
    #expect(
      result.error
        == "Error: \(partials[2]):7:1: expected a trace id not used before, "
        + "found '\(lines[7].id)' (first at \(partials[0]):9); "
        + "a trace may be in only one partial\n")
    // Without it, they merge.
    #expect(run(["merge", partials[0], partials[1]]).exitCode == .success)
  }

  /// Whether a run refused a bad partial as `merge` should: exit 65 and
  /// `Error: PATH:LINE:COLUMN: expected …`.
  static func refusedWithPosition(_ result: RunResult, path: String) -> Bool {
    guard result.exitCode == .dataError, result.output.isEmpty,
      result.error.hasPrefix("Error: \(path):")
    else { return false }
    let rest = result.error.dropFirst("Error: \(path):".count)
    let parts = rest.split(separator: ":", maxSplits: 2)
    return parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil
      && parts[2].hasPrefix(" expected ")
  }

  @Test func badPartialsExitWithDataErrorAndAPosition() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = directory.appendingPathComponent("good.part").path
    let lyrics = packageRoot.appendingPathComponent("traces/lyrics-swap.csv").path
    let made = run(
      ["analyze", lyrics, "--variant", "lyrics-swap", "--group-by", "kind", "--stability"]
        + ["--sweep", "lyrics-swap.dismissalOffset=40...160:60", "--partial", "-o", good])
    #expect(made.exitCode == .success)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
    let bad = directory.appendingPathComponent("bad.part").path
    func refuses(_ content: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(FileManager.default.createFile(atPath: bad, contents: Data(content)))
      let result = run(["merge", bad])
      #expect(
        Self.refusedWithPosition(result, path: bad), "\(result.error)",
        sourceLocation: sourceLocation)
    }
    // Cut anywhere: inside a line, or after a whole line but before the end.
    let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
    for cut in Array(stride(from: 0, to: bytes.count, by: bytes.count / 41)) + [bytes.count - 1]
      + lineEnds.dropLast().map({ $0 + 1 })
    {
      refuses(Array(bytes[..<cut]))
    }
    // Another version, another format, garbage, a line after the summary.
    let text = String(decoding: bytes, as: UTF8.self)
    refuses(
      Array(
        text.replacingOccurrences(
          of: "\"version\":\(PartialFormat.version)",
          with: "\"version\":\(PartialFormat.version + 1)"
        ).utf8))
    refuses(Array(text.replacingOccurrences(of: "gesturetrace-partial", with: "x").utf8))
    var generator = SplitMix64(seed: 21)
    refuses((0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    refuses(bytes + bytes[lineEnds[0] + 1...lineEnds[1]])
    refuses(Array("{\"format\":\"gesturetrace-partial\"}\n".utf8))
    // A count larger than the traces, a list longer than the limit.
    refuses(Array(text.replacingOccurrences(of: "\"labelled\":", with: "\"labelled\":9").utf8))
    // Any byte changed gives a report or a refusal with a position, never a crash.
    for _ in 0..<60 {
      var changed = bytes
      let index = Int.random(in: 0..<changed.count, using: &generator)
      changed[index] = Array("0x9\"[]{},:-e.".utf8).randomElement(using: &generator)!
      #expect(FileManager.default.createFile(atPath: bad, contents: Data(changed)))
      let result = run(["merge", bad, "--format", "json"])
      #expect(
        result.exitCode == .success || Self.refusedWithPosition(result, path: bad),
        "byte \(index): \(result.error)")
    }
    // A missing partial exits 66; no partial at all is a usage error.
    #expect(
      run(["merge", directory.appendingPathComponent("none.part").path]).exitCode == .noInput)
    #expect(run(["merge"]).exitCode == .usage)
  }
}
