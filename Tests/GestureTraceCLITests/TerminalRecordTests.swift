import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `gesturetrace record --from terminal` end to end, in a real terminal:
/// tmux runs the built command, `send-keys -l` types SGR mouse reports and
/// keys (tmux hands them to the pane's input byte for byte), and the tests
/// read the trace file and the pane's state.
///
/// Inside tmux the recorder works in cells. Its cell size comes from the
/// window size tmux gives the pane, so the tests read the points per cell
/// from the traces' `resolution` metadata and check translations as whole
/// numbers of cells times that.
@Suite(
  .enabled(if: TmuxSession.mayRun, "needs tmux (apt-get install tmux), which is missing"),
  // A process that never ends is reported as its test's failure.
  .timeLimit(.minutes(3)))
struct TerminalRecordTests {
  /// A recorder running in tmux, and where it writes.
  struct Run {
    var session: TmuxSession
    /// The trace file.
    var output: String
    /// Where the shell writes the recorder's exit status when it ends.
    var status: String
  }

  /// Starts the recorder writing to a new file; waits until it is ready.
  ///
  /// NB: a shell runs the recorder and writes its exit status to a file,
  /// as tmux 3.3a was seen not to reap a pane's process now and then (its
  /// `pane_dead_status` then never comes). The shell ignores SIGINT,
  /// SIGTERM and SIGHUP, so signals sent to the pane's process group end
  /// only the recorder; it installs its own handlers.
  func start(_ name: String) throws -> Run {
    let directory = try temporaryDirectory()
    let output = directory.appendingPathComponent("drags.csv").path
    let status = directory.appendingPathComponent("status").path
    let session = try TmuxSession(
      name: name,
      command: "trap '' INT TERM HUP; \(TmuxSession.recorder) record --from terminal "
        + "-o \(output); echo $? > \(status).tmp && mv \(status).tmp \(status)")
    session.wait(forScreen: TerminalScreen.readyMarker)
    return Run(session: session, output: output, status: status)
  }

  /// Presses the left button at the first cell, moves through the others
  /// and releases at the last, one report at a time.
  func drag(_ session: TmuxSession, _ cells: [(column: Int, row: Int)]) throws {
    guard let first = cells.first, let last = cells.last else { return }
    try session.type("\u{1B}[<0;\(first.column);\(first.row)M")
    for cell in cells.dropFirst().dropLast() {
      usleep(20_000)  // NB: pacing only, so reports are read apart.
      try session.type("\u{1B}[<32;\(cell.column);\(cell.row)M")
    }
    usleep(20_000)
    try session.type("\u{1B}[<0;\(last.column);\(last.row)m")
  }

  /// The traces in the file, and its problems as text.
  func traces(in path: String) -> (traces: [Trace], problems: [String]) {
    recordedTraces(in: path)
  }

  /// Points per cell from a trace's `resolution` metadata (`WxH`).
  func pointsPerCell(_ trace: Trace) throws -> Vector2D {
    let parts = try #require(trace.metadata["resolution"]?.split(separator: "x"))
    try #require(parts.count == 2)
    return Vector2D(x: try #require(Double(parts[0])), y: try #require(Double(parts[1])))
  }

  /// Waits for the recorder to end and returns its exit status.
  // NB: the shell writes the status to a temporary file and renames it, so
  // the file never exists empty (it did, under load, between the shell's
  // `>` creating it and `echo` writing).
  func exitStatus(_ run: Run) -> String {
    run.session.wait(for: "the recorder's exit status") {
      FileManager.default.fileExists(atPath: run.status)
    }
    let text = (try? String(contentsOfFile: run.status, encoding: .utf8)) ?? ""
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Checks that the recorder left the terminal as it found it: tmux says
  /// the main screen is back and mouse tracking off, and the recorder's
  /// output ends with the restore sequence (which also shows the cursor;
  /// tmux hides it on a dead pane, so its flag cannot tell).
  func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      session.format("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}") == "0 0 0",
      "alternate screen, mouse, SGR", sourceLocation: sourceLocation)
    let restore = TerminalSession.restoreSequence
    session.wait(for: "the restore sequence", sourceLocation: sourceLocation) {
      session.outputLog().contains(restore)
    }
    let log = session.outputLog()
    if let last = log.range(of: restore, options: .backwards) {
      #expect(
        !log[last.upperBound...].contains("\u{1B}"), "escape sequences after the restore",
        sourceLocation: sourceLocation)
    }
  }

  @Test func recordsAndLabelsDrags() throws {
    let run = try start("labels")
    let session = run.session
    defer { session.kill() }
    #expect(session.screen().contains("Inside tmux only cells are reported"))
    // Down 13 rows, labelled complete.
    try drag(session, [(20, 5), (20, 9), (20, 18)])
    session.wait(forScreen: "1 trace · last g1 unlabelled")
    try session.type("c")
    session.wait(forScreen: "last g1 complete")
    // Left 30 columns, labelled cancel.
    try drag(session, [(40, 10), (35, 10), (30, 10), (10, 10)])
    session.wait(forScreen: "2 traces · last g2 unlabelled")
    try session.type("x")
    session.wait(forScreen: "last g2 cancel")
    // A tap is not a trace.
    try drag(session, [(50, 20), (50, 20)])
    session.wait(forScreen: "Tap ignored")
    // Right 20 columns, skipped: kept unlabelled.
    try drag(session, [(10, 20), (30, 20), (30, 20)])
    session.wait(forScreen: "3 traces · last g3 unlabelled")
    try session.type("s")
    session.wait(forScreen: "g3 left unlabelled.")
    try session.type("q")
    #expect(exitStatus(run) == "0")
    expectRestored(session)

    let (traces, problems) = traces(in: run.output)
    #expect(problems.isEmpty)
    try #require(traces.map(\.id) == ["g1", "g2", "g3"])
    let cell = try pointsPerCell(traces[0])
    #expect(cell.x > 0 && cell.y > 0)
    for trace in traces {
      #expect(trace.violations.isEmpty)
      #expect(trace.metadata.source == "terminal")
      #expect(trace.metadata.units == "pt")
      #expect(trace.metadata.scale == 1)
      #expect(trace.metadata["input-unit"] == "cell")
      #expect(trace.metadata["tmux"] == "yes")
      #expect(trace.metadata["terminal-program"] == "tmux")
      #expect(trace.events.last?.velocity != nil)
    }
    // g1: began at row 9 (4 rows down), ended at row 18 (13 rows down).
    #expect(traces[0].metadata.intent == .complete)
    #expect(traces[0].events.map(\.phase) == [.began, .ended])
    #expect(
      traces[0].events.map(\.translation) == [
        Vector2D(x: 0, y: 4 * cell.y), Vector2D(x: 0, y: 13 * cell.y),
      ])
    // g2: 5, 10, then 30 columns left.
    #expect(traces[1].metadata.intent == .cancel)
    #expect(traces[1].events.map(\.phase) == [.began, .changed, .ended])
    #expect(traces[1].events.map(\.translation.x) == [-5 * cell.x, -10 * cell.x, -30 * cell.x])
    #expect(traces[1].events.allSatisfy { $0.translation.y == 0 })
    // g3: 20 columns right; the release where the last motion was.
    #expect(traces[2].metadata.intent == nil)
    #expect(traces[2].events.map(\.phase) == [.began, .ended])
    #expect(traces[2].events.last?.translation == Vector2D(x: 20 * cell.x, y: 0))
    // One monotonic clock for the whole file.
    let times = traces.flatMap { $0.events.map(\.time) }
    #expect(times == times.sorted())
  }

  @Test func eachTraceIsInTheFileAtOnceAndUndoRemovesIt() throws {
    let run = try start("undo")
    let session = run.session
    defer { session.kill() }
    try drag(session, [(20, 5), (20, 9), (20, 18)])
    session.wait(forScreen: "1 trace ·")
    #expect(traces(in: run.output).traces.map(\.id) == ["g1"])
    try drag(session, [(20, 5), (25, 5), (30, 5)])
    session.wait(forScreen: "2 traces ·")
    #expect(traces(in: run.output).traces.map(\.id) == ["g1", "g2"])
    try session.type("u")
    session.wait(forScreen: "g2 removed.")
    var file = traces(in: run.output)
    #expect(file.traces.map(\.id) == ["g1"])
    #expect(file.traces.first?.events.last?.translation.x == 0)
    try session.type("u")
    session.wait(forScreen: "g1 removed.")
    file = traces(in: run.output)
    #expect(file.traces.isEmpty && file.problems.isEmpty)
    // The next drag takes the freed name.
    try drag(session, [(20, 5), (20, 9), (20, 10)])
    session.wait(forScreen: "1 trace · last g1")
    try session.type("q")
    #expect(exitStatus(run) == "0")
    file = traces(in: run.output)
    #expect(file.problems.isEmpty)
    #expect(file.traces.map(\.id) == ["g1"])
    #expect(file.traces.first?.events.map(\.phase) == [.began, .ended])
  }

  @Test func sigtermKeepsFinishedTracesAndRestoresTheTerminal() throws {
    let run = try start("term")
    let session = run.session
    defer { session.kill() }
    try drag(session, [(20, 5), (20, 9), (20, 18)])
    session.wait(forScreen: "1 trace ·")
    try session.type("c")
    session.wait(forScreen: "last g1 complete")
    // A drag held when the signal comes is not finished.
    try session.type("\u{1B}[<0;30;5M\u{1B}[<32;30;12M")
    session.wait(forScreen: "Dragging…")
    // The pane's shell leads its process group; it ignores SIGTERM.
    let group = try #require(Int32(session.format("#{pane_pid}")))
    #expect(kill(-group, SIGTERM) == 0)
    // 128 + 15.
    #expect(exitStatus(run) == "143")
    expectRestored(session)
    let file = traces(in: run.output)
    #expect(file.problems.isEmpty)
    #expect(file.traces.map(\.id) == ["g1"])
    #expect(file.traces.first?.metadata.intent == .complete)
  }

  @Test func closingTheTerminalKeepsFinishedTraces() throws {
    let run = try start("hangup")
    let session = run.session
    defer { session.kill() }
    try drag(session, [(20, 5), (20, 9), (20, 18)])
    session.wait(forScreen: "1 trace ·")
    try session.type("x")
    session.wait(forScreen: "last g1 cancel")
    try session.type("\u{1B}[<0;30;5M\u{1B}[<32;30;12M")
    session.wait(forScreen: "Dragging…")
    // The pane's terminal closes: SIGHUP and the end of input, whichever
    // the recorder sees first (exit 129 or 0).
    try session.tmux(["kill-session", "-t", "rec"])
    #expect(["129", "0"].contains(exitStatus(run)))
    let file = traces(in: run.output)
    #expect(file.problems.isEmpty)
    #expect(file.traces.map(\.id) == ["g1"])
    #expect(file.traces.first?.metadata.intent == .cancel)
    #expect(file.traces.first?.violations.isEmpty == true)
  }
}
