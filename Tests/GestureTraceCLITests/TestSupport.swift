import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The result of running the command in process.
struct RunResult {
  var exitCode: ExitCode
  var output: String
  var error: String
}

/// Runs `gesturetrace` with the arguments and standard input, in process.
func run(_ arguments: [String], input: String = "") -> RunResult {
  var io = BufferedIO(input: input)
  let code = TraceTool.main(arguments, io: &io)
  return RunResult(exitCode: code, output: io.output, error: io.error)
}

/// Checks a run's streams and exit code.
func assertRun(
  _ arguments: [String], input: String = "", stdout: String? = nil, stderr: String? = nil,
  exit: ExitCode, sourceLocation: SourceLocation = #_sourceLocation
) {
  let result = run(arguments, input: input)
  #expect(result.exitCode == exit, "\(result.error)", sourceLocation: sourceLocation)
  if let stdout { #expect(result.output == stdout, sourceLocation: sourceLocation) }
  if let stderr { #expect(result.error == stderr, sourceLocation: sourceLocation) }
}

/// A new empty directory for one test.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("gesturetrace-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The package's root: the nearest folder above this file that holds
/// `Package.swift` (so a test file can move between folders).
let packageRoot: URL = {
  var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while url.path != "/"
    && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
  {
    url.deleteLastPathComponent()
  }
  return url
}()

/// Whether the end-to-end tests must run (`GESTURETRACE_REQUIRE_E2E=1`,
/// as `.ci/run` sets): then a missing tmux, xterm, Xvfb, xdotool or
/// chromium fails them instead of skipping them.
let endToEndRequired = ProcessInfo.processInfo.environment["GESTURETRACE_REQUIRE_E2E"] == "1"

/// The traces in a CSV trace file and its problems as text; no traces and
/// one problem when it cannot be read (yet).
func recordedTraces(in path: String) -> (traces: [Trace], problems: [String]) {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    return ([], ["cannot read \(path)"])
  }
  var decoder = CSVTraceDecoder()
  var traces: [Trace] = []
  var problems: [String] = []
  for item in decoder.decode(text) {
    switch item {
    case .trace(let trace, _): traces.append(trace)
    case .problem(let problem): problems.append("\(problem)")
    }
  }
  return (traces, problems)
}
