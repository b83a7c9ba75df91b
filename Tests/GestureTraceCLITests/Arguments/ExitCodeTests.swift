import Foundation
import Testing

@testable import GestureTraceCLI

@Suite struct ExitCodeTests {
  @Test func missingInputFileExitsWithNoInput() {
    assertRun(
      ["validate", "nope.csv"], stdout: "", stderr: "Error: No such file 'nope.csv'\n",
      exit: .noInput)
    assertRun(
      ["convert", "nope.csv", "--to", "jsonl"], stderr: "Error: No such file 'nope.csv'\n",
      exit: .noInput)
    assertRun(["info", "nope.csv"], stderr: "Error: No such file 'nope.csv'\n", exit: .noInput)
    assertRun(["analyze", "nope.csv"], stderr: "Error: No such file 'nope.csv'\n", exit: .noInput)
  }

  @Test func badDataExitsWithDataError() throws {
    let bad = "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.1,moved,1,1\n"
    assertRun(
      ["validate", "-"], input: bad,
      stdout: """
        <stdin>:3:8: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'moved'
        Checked 1 file: 0 valid traces (0 events), 1 problem in 1 invalid trace.

        """, exit: .dataError)
    assertRun(
      ["convert", "-", "--to", "jsonl"], input: bad, stdout: "",
      stderr:
        "Error: <stdin>:3:8: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'moved'\n",
      exit: .dataError)
    assertRun(["analyze", "-"], input: bad, exit: .dataError)
  }

  @Test func validFileValidates() {
    assertRun(
      ["validate", "-"], input: "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.1,ended,1,1\n",
      stdout: "Checked 1 file: 1 valid trace (2 events), no problems.\n", exit: .success)
  }

  @Test func failedConversionLeavesNoFileAndExistingFilesNeedForce() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    let output = directory.appendingPathComponent("out.jsonl").path
    try "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.1,ended,1,1\ng2,0,ended,0,0\n"
      .write(toFile: input, atomically: true, encoding: .utf8)
    assertRun(["convert", input, "-o", output], exit: .dataError)
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["in.csv"])

    try "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.1,ended,1,1\n"
      .write(toFile: input, atomically: true, encoding: .utf8)
    try "keep me".write(toFile: output, atomically: true, encoding: .utf8)
    assertRun(
      ["convert", input, "-o", output],
      stderr: "Error: '\(output)' already exists; pass --force to replace it\n", exit: .cannotCreate
    )
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
    assertRun(["convert", input, "-o", output, "--force"], exit: .success)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("{\"id\":\"g1\""))
  }

  @Test func unwritableOutputExitsWithCannotCreate() {
    let result = run(["synth", "--traces", "1", "-o", "/nonexistent-dir/x.csv"])
    #expect(result.exitCode == .cannotCreate)
    #expect(result.error.hasPrefix("Error: Cannot create '/nonexistent-dir/x.csv': "))
  }

  @Test func writingToADeviceWritesThroughItAndNeverReplacesIt() throws {
    // Renaming a temporary file over /dev/null would turn the device into
    // a regular file for every process on the machine.
    for force in [false, true] {
      let result = run(
        ["synth", "--traces", "3", "-o", "/dev/null"] + (force ? ["--force"] : []))
      #expect(result.exitCode == .success, "\(result.error)")
      let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
      #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }
  }
}
