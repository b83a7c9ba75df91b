import Foundation
import Testing

/// `tools/intent-sensitivity` runs with the built binary and reads the
/// answers of `analyze --format json` it reports.
@Suite struct IntentSensitivityToolTests {
  @Test func theToolReadsEveryTransitionsLeaderAndBothSweeps() throws {
    let binary = packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
    try #require(FileManager.default.isExecutableFile(atPath: binary))
    let tool = packageRoot.appendingPathComponent("tools/intent-sensitivity").path
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = directory.appendingPathComponent("runs.json").path
    let markdown = directory.appendingPathComponent("report.md").path
    let status = ChildProcess.run(
      [
        "/usr/bin/env", "python3", tool, "--binary", binary, "--scenarios",
        "default,peeks-20-60", "--seeds", "2026", "--json", json,
      ], output: markdown)
    #expect(status == 0)
    let runs = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        as? [[String: Any]])
    #expect(runs.map { $0["scenario"] as? String } == ["default", "peeks-20-60"])
    for run in runs {
      let answers = try #require(run["answers"] as? [String: Any])
      let transitions = try #require(answers["transitions"] as? [String: [String: Any]])
      #expect(
        Set(transitions.keys) == ["lyrics-swap", "player-sheet", "music-card", "library-pager"])
      for (name, transition) in transitions {
        // The leader is a variant of the transition with the highest
        // accuracy, and the published variant is the transition itself.
        let accuracies = try #require(transition["accuracies"] as? [String: Double])
        let leader = try #require(transition["leader"] as? String)
        #expect(leader == name || leader.hasPrefix(name + ":"))
        #expect(accuracies[leader] == accuracies.values.max())
        #expect(transition["published"] as? String == name)
      }
      let sweeps = try #require(answers["sweeps"] as? [String: [String: Any]])
      #expect(
        Set(sweeps.keys) == [
          "lyrics-swap.dismissalOffset=20...200:10",
          "player-sheet:rule=distance.minDistance=20...400:20",
        ])
    }
    let report = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(report.hasPrefix("2 runs: 2 scenarios × 1 seed (2026), 150 traces per transition."))
    for name in ["lyrics-swap", "player-sheet", "music-card", "library-pager", "Sweeps"] {
      #expect(report.contains("\n### \(name)\n"))
    }
  }
}
