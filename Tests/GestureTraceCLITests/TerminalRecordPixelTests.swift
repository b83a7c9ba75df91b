import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `gesturetrace record --from terminal` end to end in SGR pixel mode
/// (1016): xterm (which supports it; tmux passes on only cells, see
/// ``TerminalRecordTests``) runs the built command on a virtual X display,
/// and xdotool moves the display's real pointer and presses its keys
/// through XTEST, so every report is one xterm made from a pointer motion.
///
/// A drag of 20 steps of 8 px must come out as 8-pt steps exactly as
/// dispatched (scale 1: a pixel is a point), and the c and x keys must
/// label the traces.
@Suite(
  .enabled(
    if: XtermSession.isAvailable,
    "needs Xvfb, xterm and xdotool (apt-get install xvfb xterm xdotool); one is missing"),
  // A process that never ends is reported as its test's failure.
  .timeLimit(.minutes(5)))
struct TerminalRecordPixelTests {
  /// An xdotool chain that presses the left button at `start`, moves it
  /// `count` times by `step` and releases it there.
  // NB: the sleeps pace the motions so that the recorder reads them apart;
  // they measure nothing.
  func drag(from start: (x: Int, y: Int), step: (x: Int, y: Int), count: Int) -> [String] {
    var chain = ["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"]
    for _ in 0..<count {
      chain += ["sleep", "0.02", "mousemove_relative", "--", "\(step.x)", "\(step.y)"]
    }
    return chain + ["sleep", "0.02", "mouseup", "1"]
  }

  /// The traces in the file so far (none while it cannot be read).
  func traces(in path: String) -> [Trace] { recordedTraces(in: path).traces }

  @Test func dragsComeInPixelsAsDispatchedAndKeysLabelThem() throws {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("drags.csv").path
    let status = directory.appendingPathComponent("status").path
    // NB: as in the tmux tests, a shell runs the recorder and writes its
    // exit status to a file, renamed so that it never exists empty.
    let session = try XtermSession(
      command: "trap '' INT TERM HUP; \(TmuxSession.recorder) record --from terminal -o \(output); "
        + "echo $? > \(status).tmp && mv \(status).tmp \(status)")
    defer { session.kill() }
    session.wait(for: "the recorder to be ready") {
      session.outputLog().contains(TerminalScreen.readyMarker)
    }
    #expect(session.outputLog().contains("Mouse in pixels (SGR 1016)"))

    // Right: 20 steps of 8 px, then c (complete).
    try session.xdotool(drag(from: (200, 200), step: (8, 0), count: 20))
    session.wait(for: "the first trace in the file") { traces(in: output).count == 1 }
    try session.xdotool(["key", "c"])
    session.wait(for: "g1 labelled complete") {
      traces(in: output).first?.metadata.intent == .complete
    }
    // Down: 20 steps of 6 px, then x (cancel).
    try session.xdotool(drag(from: (300, 150), step: (0, 6), count: 20))
    session.wait(for: "the second trace in the file") { traces(in: output).count == 2 }
    try session.xdotool(["key", "x"])
    session.wait(for: "g2 labelled cancel") {
      traces(in: output).last?.metadata.intent == .cancel
    }
    try session.xdotool(["key", "q"])
    session.wait(for: "the recorder's exit status") {
      FileManager.default.fileExists(atPath: status)
    }
    let code = try String(contentsOfFile: status, encoding: .utf8)
    #expect(code.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(session.outputLog().contains(TerminalSession.restoreSequence))

    let recorded = traces(in: output)
    try #require(recorded.map(\.id) == ["g1", "g2"])
    for trace in recorded {
      #expect(trace.violations.isEmpty)
      #expect(trace.metadata["input-unit"] == "pixel")
      #expect(trace.metadata["resolution"] == "1x1")
      #expect(trace.metadata["terminal"] == "xterm")
      #expect(trace.metadata["tmux"] == nil)
      #expect(trace.metadata.scale == 1)
      // Locations and translations move together: the touch-down point
      // is the location less the translation, the same for every event.
      let origins = Set(
        trace.events.compactMap { event in event.location.map { $0 - event.translation } })
      #expect(origins.count == 1, "\(origins)")
    }
    // g1 begins at the second step, 16 pt (past the 10-pt slop), and moves
    // 8 pt at a time to 160 pt, where the button is released.
    let g1 = recorded[0].events
    #expect(g1.map(\.phase) == [.began] + Array(repeating: .changed, count: 18) + [.ended])
    #expect(g1.map(\.translation.x) == stride(from: 16.0, through: 160, by: 8) + [160])
    #expect(g1.allSatisfy { $0.translation.y == 0 })
    // g2 begins at 12 pt and moves 6 pt at a time to 120 pt.
    let g2 = recorded[1].events
    #expect(g2.map(\.phase) == [.began] + Array(repeating: .changed, count: 18) + [.ended])
    #expect(g2.map(\.translation.y) == stride(from: 12.0, through: 120, by: 6) + [120])
    #expect(g2.allSatisfy { $0.translation.x == 0 })
  }
}
