import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct TerminalRecorderTests {
  /// Buffers that claim standard input is a terminal.
  struct TerminalClaimingIO: ToolIO {
    var buffered = BufferedIO()
    var isInputTerminal: Bool { true }
    var isErrorTerminal: Bool { false }
    var isOutputTerminal: Bool { false }
    mutating func write(_ text: String) { buffered.write(text) }
    mutating func writeError(_ text: String) { buffered.writeError(text) }
    mutating func readInput() -> [UInt8]? { buffered.readInput() }
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(1))) func refusesWhenStandardInputIsNotATerminal() throws {
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("drags.csv").path
    let result = run(["record", "--from", "terminal", "-o", path])
    #expect(result.exitCode == .noInput)
    #expect(
      result.error
        == "Error: --from terminal records mouse drags in a terminal, but standard input is "
        + "not a terminal; run it in one, or stream samples with --from stdin\n")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func refusesStandardOutputAsTheTraceFile() {
    var io = TerminalClaimingIO()
    let code = TraceTool.main(["record", "--from", "terminal", "-o", "-"], io: &io)
    #expect(code == .usage)
    #expect(
      io.buffered.error.hasPrefix(
        "Error: --from terminal draws on the terminal; give the trace file with -o <output>\n"
          + "Help:  -o, --output <output>"))
    #expect(io.buffered.output.isEmpty)
  }

  @Test func endingsGiveTheirExitCodes() {
    #expect(TerminalRecorder.Ending.quit.exitCode == .success)
    #expect(TerminalRecorder.Ending.endOfInput.exitCode == .success)
    // 128 + the signal's number, as shells report it: SIGINT 2, SIGHUP 1,
    // SIGTERM 15.
    #expect(TerminalRecorder.Ending.signal(.interrupt).exitCode == ExitCode(130))
    #expect(TerminalRecorder.Ending.signal(.hangUp).exitCode == ExitCode(129))
    #expect(TerminalRecorder.Ending.signal(.terminate).exitCode == ExitCode(143))
  }

  @Test func summaryCountsLabels() throws {
    var recording = TerminalRecording(
      resolution: TerminalResolution(
        unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed),
      scale: 1, slop: 10, estimator: .default, variants: [], metadata: TraceMetadata())
    var decoder = SGRMouseDecoder()
    let drag = "\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m"
    for (index, input) in decoder.push(Array((drag + "c" + drag + "s" + drag + "x").utf8))
      .enumerated()
    {
      _ = recording.handle(input, at: .milliseconds(Int64(index)))
    }
    #expect(
      TerminalRecorder.summary(of: recording, ending: .quit, output: "d.csv")
        == "Recorded 3 traces in 'd.csv': 1 complete, 1 cancel, 1 unlabelled.\n")
    #expect(
      TerminalRecorder.summary(of: nil, ending: .signal(.terminate), output: "d.csv")
        == "Recorded 0 traces in 'd.csv': 0 complete, 0 cancel, 0 unlabelled. "
        + "Ended by signal 15.\n")
  }

  @Test func metadataRecordsSourceUnitsAndResolution() {
    let resolution = TerminalResolution(
      unit: .cell, cellWidth: 10, cellHeight: 20, cellSizeSource: .query)
    let metadata = TerminalRecorder.metadata(
      resolution: resolution, scale: 2, insideTmux: true, recorded: "2026-11-21T10:00:00Z")
    #expect(metadata.source == "terminal")
    #expect(metadata.units == "pt")
    #expect(metadata.scale == 2)
    #expect(metadata.recorded == "2026-11-21T10:00:00Z")
    #expect(metadata["input-unit"] == "cell")
    // A 10 × 20 px cell at 2 px per pt is 5 × 10 pt.
    #expect(metadata["resolution"] == "5x10")
    #expect(metadata["cell-size"] == "10x20")
    #expect(metadata["cell-size-source"] == "csi-16t")
    #expect(metadata["tmux"] == "yes")
    #expect(metadata.entries.allSatisfy { TraceMetadata.isValidValue($0.value) })
    #expect(metadata.target == nil)
  }

  @Test func metadataNamesTheTarget() {
    let resolution = TerminalResolution(
      unit: .cell, cellWidth: 10, cellHeight: 20, cellSizeSource: .query)
    let metadata = TerminalRecorder.metadata(
      resolution: resolution, scale: 2, insideTmux: false, recorded: "",
      target: "player-sheet")
    #expect(metadata.target == "player-sheet")
  }

  @Test func notesSayWhatTheMouseMeasures() {
    let assumed = TerminalResolution(
      unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed)
    #expect(
      TerminalRecorder.notes(resolution: assumed, scale: 2, slop: 10, insideTmux: true) == [
        "Mouse in cells of 8x16 px (assumed: the terminal did not say), 4x8 pt each at "
          + "scale 2; slop 10 pt.",
        "Inside tmux only cells are reported, not pixels: motion comes in whole cells.",
      ])
    let pixels = TerminalResolution(
      unit: .pixel, cellWidth: 9, cellHeight: 20, cellSizeSource: .query)
    #expect(
      TerminalRecorder.notes(resolution: pixels, scale: 1, slop: 4.5, insideTmux: false) == [
        "Mouse in pixels (SGR 1016), 1x1 pt each at scale 1; slop 4.5 pt."
      ])
  }
}
