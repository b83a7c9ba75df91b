import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct SynthCommandTests {
  /// FNV-1a, 64 bits.
  static func checksum(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The output without the metadata that names the model of intent and
  /// its assumptions (`intentModel`, `intentMix`, ...; not `intent`), which
  /// synth writes since the model's assumptions became options: what synth
  /// printed before.
  static func withoutIntentModel(_ output: String) throws -> String {
    let jsonKey = try Regex(#","intent[A-Z][A-Za-z]*":"[^"]*""#)
    return
      output
      .split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in
        guard line.hasPrefix("# trace ") else { return true }
        let fields = line.split(separator: " ", maxSplits: 3)
        guard fields.count == 4, fields[3].hasPrefix("intent") else { return true }
        return fields[3].hasPrefix("intent:")
      }
      .joined(separator: "\n")
      .replacing(jsonKey, with: "")
  }

  // NB: these checksums were computed from the output of the binary built
  // before `--target` existed (commit 506f14b), so they pin the untargeted
  // corpus byte for byte (apart from the model's name, which every trace
  // now carries: checked too).
  @Test(arguments: [("csv", 0xbd42_4809_10a7_22e7 as UInt64), ("jsonl", 0x9c98_46c0_ed02_db5b)])
  func untargetedOutputIsUnchanged(format: String, expected: UInt64) throws {
    let result = run(
      ["synth", "--traces", "200", "--seed", "5", "--rate", "90", "--format", format])
    #expect(result.exitCode == .success)
    #expect(Self.checksum(try Self.withoutIntentModel(result.output)) == expected)
    let named =
      format == "csv"
      ? " intentModel: synth-untargeted\n" : #""intentModel":"synth-untargeted","#
    #expect(result.output.components(separatedBy: named).count == 201)
  }

  // NB: made by the binary built from main before synth wrote bytes
  // (commit ac8681f): `synth --traces 50 --seed 7 -o traces/golden/synth-seed-7.csv`
  // and `synth --target player-sheet --traces 20 --seed 7 --rate 60
  // -o traces/golden/synth-player-sheet-seed-7.jsonl`; regenerated with the
  // same commands when synth began to write the model of intent's metadata
  // (only those metadata lines changed).
  @Test(arguments: [1, 2, 8])
  func outputMatchesTheGoldenFiles(jobs: Int) throws {
    for (name, arguments) in [
      ("synth-seed-7.csv", ["--traces", "50", "--seed", "7"]),
      (
        "synth-player-sheet-seed-7.jsonl",
        [
          "--target", "player-sheet", "--traces", "20", "--seed", "7", "--rate", "60",
          "--format", "jsonl",
        ]
      ),
    ] {
      let golden = try String(
        contentsOf: packageRoot.appendingPathComponent("traces/golden/\(name)"), encoding: .utf8)
      let result = run(["synth", "--jobs", "\(jobs)"] + arguments)
      #expect(result.exitCode == .success)
      #expect(result.output == golden, "\(name)")
    }
  }

  // NB: FNV-1a checksums of what the binary built from main before synth
  // wrote bytes (commit ac8681f) printed for each set of options, so every
  // option keeps its bytes: counts around a batch's 512 traces, extreme
  // seeds and rates, both formats, every target and a variant's spec. The
  // metadata of the model of intent, which synth writes since its
  // assumptions became options, is left out: the rest is byte for byte
  // what synth printed before.
  @Test(arguments: [
    ("--traces 0", 0xfa39_f8c3_8832_5e22 as UInt64),
    ("--traces 1 --seed 0", 0x575b_1cdc_9a50_b537),
    ("--traces 513 --seed 18446744073709551615", 0xf02b_a6c1_acab_1b56),
    ("--traces 300 --seed 7 --rate 1", 0xcc00_9753_df87_ab2e),
    ("--traces 300 --seed 7 --rate 1000", 0x8f2e_fe09_63da_ac9c),
    ("--traces 300 --seed 7 --rate 59.94", 0x4b07_d215_2f59_894b),
    ("--traces 300 --seed 7 --rate 60 --format jsonl", 0x1cf8_c9a9_54ef_5ede),
    ("--traces 120 --seed 9 --target lyrics-swap", 0xe6ed_85f8_ba2b_9bad),
    ("--traces 120 --seed 9 --target lyrics-swap:axis=both --format jsonl", 0x684d_e802_81c0_cd08),
    ("--traces 120 --seed 9 --target player-sheet:start=open --rate 60", 0x19af_f3fc_be26_1818),
    ("--traces 120 --seed 9 --target music-card", 0xa9f5_fd0f_1f05_b2da),
    ("--traces 120 --seed 9 --target library-pager --rate 240", 0xadff_cba9_0098_fc1c),
  ])
  func everyOptionGivesTheBytesOfBefore(options: String, expected: UInt64) throws {
    let arguments = options.split(separator: " ").map(String.init)
    for jobs in ["1", "3"] {
      let result = run(["synth", "--jobs", jobs] + arguments)
      #expect(result.exitCode == .success)
      let before = try Self.withoutIntentModel(result.output)
      #expect(Self.checksum(before) == expected, "--jobs \(jobs)")
      #expect(before.count < result.output.count || options == "--traces 0")
    }
  }

  @Test(arguments: [1, 511, 512, 513, 1_537])
  func outputDoesNotDependOnJobsAtBatchEdges(count: Int) {
    let arguments = ["synth", "--traces", "\(count)", "--seed", "4", "--rate", "30"]
    let one = run(arguments + ["--jobs", "1"])
    #expect(one.exitCode == .success)
    #expect(one.output.hasPrefix("# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy,x,y\n"))
    #expect(
      one.output.contains(
        "s\(String(repeating: "0", count: 6 - "\(count - 1)".count))\(count - 1),"))
    for jobs in [2, 3, 8] {
      #expect(run(arguments + ["--jobs", "\(jobs)"]).output == one.output, "--jobs \(jobs)")
    }
  }

  @Test(arguments: ["corpus.csv", "corpus.jsonl", "corpus.ndjson", "corpus.txt"])
  func aFileHoldsWhatStandardOutputGets(name: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    // NB: 700 traces are about 2.5 MB of CSV: pieces larger than the file's
    // 1 MiB buffer are written past it, smaller ones through it.
    let arguments = ["synth", "--traces", "700", "--seed", "12"]
    let format = TraceFileFormat(path: name) ?? .csv
    let written = run(arguments + ["-o", path])
    #expect(written.exitCode == .success)
    #expect(written.output.isEmpty)
    let printed = run(arguments + ["--format", format.rawValue])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.output)
  }

  @Test(arguments: ["", " | cat"])
  func theBinaryWritesToAFileOrAPipeWhatRunsInProcess(pipe: String) throws {
    let binary = packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
    try #require(FileManager.default.isExecutableFile(atPath: binary))
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.csv").path
    let arguments = ["synth", "--traces", "1100", "--seed", "2", "--jobs", "2"]
    let status = ChildProcess.run(
      ["/bin/sh", "-c", "\"$0\" \"$@\"" + pipe, binary] + arguments, output: path)
    #expect(status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == run(arguments).output)
  }

  @Test(arguments: ["lyrics-swap", "player-sheet", "music-card", "library-pager"])
  func targetedOutputIsDeterministicAndNamesTheTarget(name: String) throws {
    let arguments = ["synth", "--target", name, "--traces", "40", "--seed", "3", "--rate", "60"]
    let first = run(arguments)
    #expect(first.exitCode == .success)
    #expect(run(arguments + ["--jobs", "1"]).output == first.output)
    #expect(
      first.output.contains(
        "# trace \(name.split(separator: ":")[0])-000000 target: \(name.split(separator: ":")[0])\n"
      ))
    let untargeted = run(["synth", "--traces", "40", "--seed", "3", "--rate", "60"])
    #expect(untargeted.output != first.output)
    #expect(!untargeted.output.contains(" target: "))
  }

  @Test func aVariantSpecWritesItsTransitionName() {
    let result = run(["synth", "--target", "player-sheet:start=open", "--traces", "5"])
    #expect(result.exitCode == .success)
    #expect(result.output.contains("# trace player-sheet-000000 target: player-sheet\n"))
    #expect(!result.output.contains("start=open"))
  }

  @Test func badTargetIsAUsageError() {
    let result = run(["synth", "--target", "nope"])
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix("Error: The value 'nope' is invalid for '--target <variant>'"))
  }
}
