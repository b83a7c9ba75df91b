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

  // NB: these checksums were computed from the output of the binary built
  // before `--target` existed (commit 506f14b), so they pin the untargeted
  // corpus byte for byte.
  @Test(arguments: [("csv", 0xbd42_4809_10a7_22e7 as UInt64), ("jsonl", 0x9c98_46c0_ed02_db5b)])
  func untargetedOutputIsUnchanged(format: String, expected: UInt64) {
    let result = run(
      ["synth", "--traces", "200", "--seed", "5", "--rate", "90", "--format", format])
    #expect(result.exitCode == .success)
    #expect(Self.checksum(result.output) == expected)
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
