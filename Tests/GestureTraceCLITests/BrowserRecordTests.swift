import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `gesturetrace record --from browser` end to end, in a real browser:
/// `tools/browser-test/record_in_browser.py` opens the page in headless
/// chromium with touch emulation (Playwright, in the virtual environment
/// `tools/browser-test/setup.sh` makes), dispatches a swipe up and a short
/// reversal with `Input.dispatchTouchEvent`, labels them with c and x, and
/// writes what it dispatched; the recorder is then stopped with SIGINT and
/// its file checked against that.
@Suite(
  .enabled(
    if: BrowserTestEnvironment.mayRun,
    "needs chromium and python3 (apt-get install chromium python3-venv); one is missing"),
  // A process that never ends is reported as its test's failure.
  .timeLimit(.minutes(5)))
struct BrowserRecordTests {
  /// Runs a program to its end with standard output to `log`; its status.
  func runToEnd(_ arguments: [String], log: String) -> Int32 {
    ChildProcess.run(
      arguments, output: log, defaultSignals: [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD])
  }

  /// The virtual environment's python, made by `setup.sh` when missing.
  func playwrightPython() throws -> String {
    try #require(BrowserTestEnvironment.chromium != nil, "chromium is not installed")
    try #require(BrowserTestEnvironment.python != nil, "python3 is not installed")
    let python = BrowserTestEnvironment.tools.appendingPathComponent(".venv/bin/python").path
    let log = try temporaryDirectory().appendingPathComponent("setup.log").path
    let status = runToEnd(
      ["/bin/bash", BrowserTestEnvironment.tools.appendingPathComponent("setup.sh").path], log: log)
    try #require(
      status == 0,
      "tools/browser-test/setup.sh failed (no PyPI?): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
    )
    return python
  }

  @Test func swipesInChromiumBecomeLabelledTraces() throws {
    let python = try playwrightPython()
    let recorder = try BrowserRecorderProcess()
    var stopped = false
    defer { if !stopped { _ = recorder.interrupt() } }
    let directory = try temporaryDirectory()
    let plan = directory.appendingPathComponent("plan.json").path
    let log = directory.appendingPathComponent("browser.log").path
    let status = runToEnd(
      [
        python, BrowserTestEnvironment.tools.appendingPathComponent("record_in_browser.py").path,
        "--url", recorder.url, "--plan", plan,
      ],
      log: log)
    try #require(
      status == 0,
      "the browser script failed:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    #expect(recorder.isRunning)
    stopped = true
    #expect(recorder.interrupt() == 130)

    let planData = try Data(contentsOf: URL(fileURLWithPath: plan))
    let planObject = try #require(
      try JSONSerialization.jsonObject(with: planData) as? [String: Any])
    let gestures = try #require(planObject["gestures"] as? [[String: Any]])
    let userAgent = try #require(planObject["userAgent"] as? String)
    let (traces, problems) = recorder.traces()
    #expect(problems.isEmpty)
    try #require(traces.count == 2 && gestures.count == 2)
    for (trace, gesture) in zip(traces, gestures) {
      let points = try #require(gesture["points"] as? [[Double]])
      let start = Vector2D(x: points[0][0], y: points[0][1])
      // Every move is 20 px, past the 10 pt slop: the first move begins the
      // pan, each later one changes it, and the lift ends it where the last
      // move was. CSS pixels are points.
      let expected = points.dropFirst().map { Vector2D(x: $0[0], y: $0[1]) - start }
      #expect(
        trace.events.map(\.phase) == [.began]
          + Array(repeating: .changed, count: expected.count - 1) + [.ended])
      let translations = trace.events.map(\.translation)
      #expect(translations.count == expected.count + 1)
      for (got, want) in zip(translations, expected + [expected.last!]) {
        #expect(abs(got.x - want.x) <= 1 && abs(got.y - want.y) <= 1, "\(got) vs \(want)")
      }
      #expect(trace.violations.isEmpty)
      #expect(trace.metadata.source == "browser")
      #expect(trace.metadata.target == "lyrics-swap")
      #expect(trace.metadata.units == "pt")
      #expect(trace.metadata.scale == 3)
      #expect(trace.metadata.viewSize == Vector2D(x: 390, y: 844))
      #expect(trace.metadata.device == userAgent)
      #expect(trace.metadata["pointer-type"] == "touch")
    }
    #expect(traces[0].metadata.intent == .complete)
    #expect(traces[1].metadata.intent == .cancel)
    // The swipe passes lyrics-swap's 80 pt dismissal offset; the reversal,
    // 60 pt at most, does not.
    let decisions = gestures.compactMap {
      (($0["answer"] as? [String: Any])?["decisions"] as? [[String: Any]])?.first?["outcome"]
        as? String
    }
    #expect(decisions == ["complete", "cancel"])
    #expect(traces[0].events.last?.translation.y == -200)
    let times = traces.flatMap { $0.events.map(\.time) }
    #expect(times == times.sorted())
    #expect(run(["validate", recorder.output]).exitCode == .success)
  }
}

/// What the browser end-to-end test needs: chromium, python3 and the
/// script's directory.
enum BrowserTestEnvironment {
  /// The directory of the browser test's script and virtual environment.
  static let tools = packageRoot.appendingPathComponent("tools/browser-test")

  /// An executable found on `PATH` (or in `extra` directories).
  static func executable(_ names: [String], extra: [String] = []) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":").map(String.init) + extra {
      for name in names {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  static let chromium = executable(
    ["chromium", "chromium-browser", "google-chrome"], extra: ["/usr/bin", "/usr/lib/chromium"])
  static let python = executable(["python3"], extra: ["/usr/bin"])

  /// Whether the tests run: when chromium and python3 are installed, or
  /// when ``endToEndRequired`` (then they fail saying what is missing).
  static let mayRun = (chromium != nil && python != nil) || endToEndRequired
}
