import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `synth --target`'s options for the model of intent's assumptions.
@Suite struct SynthIntentModelOptionTests {
  /// The values of metadata `key` in a CSV output, one per trace.
  static func values(_ key: String, in output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 3)
      guard fields.count == 4, fields[0] == "#", fields[1] == "trace",
        fields[3].hasPrefix(key + ": ")
      else { return nil }
      return String(fields[3].dropFirst(key.count + 2))
    }
  }

  @Test(arguments: [
    ["--mix", "hesitant=0.3"],
    ["--peek-depth", "10...40"],
    ["--target", "player-sheet", "--mix", "peek=0.3"],
    ["--target", "player-sheet", "--mix", "hesitant=-0.1"],
    ["--target", "player-sheet", "--mix", "hesitant=0.1,hesitant=0.2"],
    ["--target", "player-sheet", "--mix", "tap=0.5"],
    [
      "--target", "player-sheet", "--mix",
      "drag=0,flick=0,diagonal=0,reversal=0,hesitant=0,away=0,across=0",
    ],
    ["--target", "lyrics-swap", "--mix", "away=0.1"],
    ["--target", "music-card", "--mix", "hesitant=0.1"],
    ["--target", "music-card", "--peek-depth", "3...16"],
    ["--target", "music-card", "--drag-speed", "100...200"],
    ["--target", "player-sheet", "--peek-depth", "40...30"],
    ["--target", "player-sheet", "--peek-depth", "30"],
    ["--target", "player-sheet", "--peek-depth=-1...3"],
    ["--target", "player-sheet", "--commit-distance", "0...100"],
    ["--target", "player-sheet", "--drag-speed", "0...900"],
    ["--target", "player-sheet", "--flick-distance", "0...90"],
    ["--target", "music-card", "--flick-distance", "60...90"],
    ["--target", "player-sheet", "--drag-speed", "1...inf"],
  ])
  func anAssumptionThatCannotBeUsedIsAUsageError(arguments: [String]) {
    let result = run(["synth", "--traces", "3"] + arguments)
    #expect(result.exitCode == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("Error: "))
  }

  @Test func theAssumptionsGivenAreWrittenIntoEveryTrace() {
    let result = run([
      "synth", "--target", "library-pager", "--traces", "40", "--seed", "3", "--mix",
      "hesitant=0.5,across=0", "--peek-depth", "20...60", "--commit-distance", "30...300",
      "--drag-speed", "100...400", "--flick-distance", "40...90",
    ])
    #expect(result.exitCode == .success)
    let expected = [
      ("intentModel", "synth-target"), ("intentModelVersion", "1"),
      ("intentMix", "drag=0.24,flick=0.2,diagonal=0.06,reversal=0.2,hesitant=0.5,away=0.08"),
      ("intentPeekDepth", "20...60"), ("intentCommitDistance", "30...300"),
      ("intentDragSpeed", "100...400"), ("intentFlickDistance", "40...90"),
      ("source", "synth"), ("target", "library-pager"),
    ]
    for (key, value) in expected {
      #expect(Self.values(key, in: result.output) == Array(repeating: value, count: 40), "\(key)")
    }
    // No pans across the pager's axis any more.
    #expect(!Self.values("kind", in: result.output).contains("across"))
  }

  @Test func theOutputWithAssumptionsDoesNotDependOnJobs() {
    let arguments = [
      "synth", "--target", "lyrics-swap", "--traces", "1100", "--seed", "8", "--mix",
      "hesitant=0.3", "--peek-depth", "10...40", "--commit-distance", "50...150",
    ]
    let one = run(arguments + ["--jobs", "1"])
    #expect(one.exitCode == .success)
    #expect(run(arguments + ["--jobs", "3"]).output == one.output)
    #expect(Self.values("intentPeekDepth", in: one.output).count == 1_100)
  }

  @Test func aTapDrivenTransitionTakesAMix() {
    // tap 0, scroll 0.25, flick 0.15, across 0.1: no taps, so every trace
    // means cancel.
    let result = run([
      "synth", "--target", "music-card", "--traces", "30", "--seed", "2", "--mix", "tap=0",
    ])
    #expect(result.exitCode == .success)
    #expect(
      Self.values("intentMix", in: result.output).first == "scroll=0.25,flick=0.15,across=0.1")
    #expect(Self.values("intent", in: result.output) == Array(repeating: "cancel", count: 30))
    #expect(Self.values("intentPeekDepth", in: result.output).isEmpty)
  }

  @Test func theDefaultsAreWrittenTooAndMakeTheShippedBytes() throws {
    // The shipped set is made with the defaults; giving them explicitly
    // (the written 141.05 is the exact 0.35 × 403 rounded, so the commit
    // distance keeps its default) makes the same file.
    let shipped = try String(
      contentsOf: packageRoot.appendingPathComponent("traces/player-sheet.csv"), encoding: .utf8)
    let base = ["synth", "--target", "player-sheet", "--traces", "150", "--seed", "2026"]
    let made = run(base + ["--rate", "60"])
    #expect(made.output == shipped)
    let explicit = run(
      base + [
        "--rate", "60", "--mix",
        "drag=0.24,flick=0.2,diagonal=0.06,reversal=0.2,hesitant=0.12,away=0.08,across=0.1",
        "--peek-depth", "3...16", "--drag-speed", "150...900",
      ])
    #expect(explicit.output == shipped)
    #expect(Self.values("intentPeekDepth", in: shipped).count == 150)
    #expect(Set(Self.values("intentCommitDistance", in: shipped)) == ["141.05...1209"])
  }

  @Test func optionsChangeTheTracesAsDocumented() throws {
    // Only hesitant peeks of 30–40 pt, at the player sheet (a drag up):
    // every trace is a peek labelled cancel, and none gets further up than
    // 40 pt (plus a few points of sensor noise and pixel rounding).
    let result = run([
      "synth", "--target", "player-sheet", "--traces", "60", "--seed", "5", "--format", "jsonl",
      "--mix", "hesitant=1,drag=0,flick=0,diagonal=0,reversal=0,away=0,across=0",
      "--peek-depth", "30...40",
    ])
    #expect(result.exitCode == .success)
    var deep = 0
    for line in result.output.split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let meta = try #require(object["meta"] as? [String: String])
      #expect(meta["kind"] == "hesitant" && meta["intent"] == "cancel")
      let events = try #require(object["events"] as? [[String: Any]])
      let up = events.compactMap { ($0["ty"] as? Double).map { -$0 } }.max() ?? 0
      #expect(up <= 43)
      if up > 16 { deep += 1 }
    }
    // With the default 3–16 pt none would pass 16 pt; here most do.
    #expect(deep > 30)
  }
}
