import Foundation
import Testing

@testable import GestureTraceCLI

/// What `TraceInput` reads: directories expand to regular files only, a
/// FIFO named directly is read as a stream, and CSV columns come from the
/// header whatever the first trace holds.
@Suite struct TraceInputTests {
  private let traces = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,0,100\n"

  /// A directory holding `a.csv` and a FIFO `b.csv` nobody writes to.
  private func directoryWithFIFO() throws -> URL {
    let directory = try temporaryDirectory()
    try Data(traces.utf8).write(to: directory.appendingPathComponent("a.csv"))
    #expect(mkfifo(directory.appendingPathComponent("b.csv").path, 0o600) == 0)
    return directory
  }

  // NB: before, opening the FIFO blocked forever; each command now skips
  // it, says so on standard error and reads the regular file. A hang is
  // reported as this test's failure at its time limit.
  @Test(
    .timeLimit(.minutes(2)),
    arguments: [
      ["validate"], ["info"], ["analyze", "--variant", "lyrics-swap"],
    ])
  func fifoInADirectoryIsSkippedAndNamed(command: [String]) throws {
    let directory = try directoryWithFIFO()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = run(command + [directory.path])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(
      result.error.hasPrefix(
        "Skipped 1 entry that is not a regular file: '\(directory.path)/b.csv'\n"),
      "\(result.error)")
  }

  // A hang is reported as this test's failure at its time limit.
  @Test(.timeLimit(.minutes(2))) func fifoNamedDirectlyIsReadAsAStream() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("f.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let text = traces
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(text.utf8))
        try? handle.close()
      }
    }
    writer.start()
    assertRun(
      ["validate", fifo],
      stdout: "Checked 1 file: 1 valid trace (2 events), no problems.\n", exit: .success)
  }

  // NB: the columns were taken before the first chunk was read, so a first
  // trace without velocities decided them and `convert` refused the next.
  @Test(arguments: ["convert", "repair"])
  func csvColumnsComeFromTheHeaderNotTheFirstTrace(command: String) {
    let input =
      "trace,t,phase,tx,ty,vx,vy\ng1,0,began,0,0,,\ng1,1,ended,0,10,,\n"
      + "g2,0,began,0,0,1,1\ng2,1,ended,0,10,2,2\n"
    let result = run(
      command == "convert" ? ["convert", "-", "--to", "csv"] : ["repair", "-", "--to", "csv"],
      input: input)
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.output == "# gesturetrace: 1\n" + input)
  }
}
