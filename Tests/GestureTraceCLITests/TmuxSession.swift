import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A detached tmux server running one command in a pane of a fixed size,
/// for end-to-end tests of the terminal recorder.
///
/// Each session has its own server socket (`-L gt-test-<pid>-<name>`), so
/// tests run in parallel and never touch the user's tmux. The server reads
/// no configuration but its own: no status line (the pane is the whole
/// window) and `remain-on-exit`, so the exit status of a command that ended
/// can still be read. `pipe-pane` copies what the command writes to a log.
struct TmuxSession {
  /// The tmux executable, if installed.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(directory)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Whether the tmux tests run: when tmux is installed, or when
  /// ``endToEndRequired`` (then they fail saying tmux is needed). Otherwise
  /// the test log names them as skipped, and why.
  static let mayRun = executable != nil || endToEndRequired

  /// The built `gesturetrace`: next to the test bundle, else in `.build`.
  static let recorder: String = {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("gesturetrace").path
    if FileManager.default.isExecutableFile(atPath: bundle) { return bundle }
    return packageRoot.appendingPathComponent(".build/debug/gesturetrace").path
  }()

  let socket: String
  let directory: URL

  /// Starts the server and the command in a `columns` × `rows` pane.
  init(name: String, command: String, columns: Int = 100, rows: Int = 30) throws {
    guard Self.executable != nil else {
      throw TmuxError(
        "tmux is not installed (apt-get install tmux); GESTURETRACE_REQUIRE_E2E=1 requires it")
    }
    socket = "gt-test-\(getpid())-\(name)"
    directory = try temporaryDirectory()
    let configuration = directory.appendingPathComponent("tmux.conf")
    try "set -g status off\nset -g remain-on-exit on\nset -g history-limit 0\n"
      .write(to: configuration, atomically: true, encoding: .utf8)
    try tmux(
      [
        "-f", configuration.path, "new-session", "-d", "-s", "rec", "-x", "\(columns)",
        "-y", "\(rows)", command,
      ])
    try tmux(["pipe-pane", "-t", "rec", "cat >> \(outputLogPath)"])
    socketPath = format("#{socket_path}")
  }

  /// The server's socket file, removed by ``kill()``.
  private var socketPath = ""

  /// Where everything the pane's command writes is copied.
  var outputLogPath: String { directory.appendingPathComponent("pane-output.log").path }

  /// Everything the pane's command has written since it started (from
  /// just after its start).
  func outputLog() -> String {
    (try? String(contentsOfFile: outputLogPath, encoding: .utf8)) ?? ""
  }

  /// Runs tmux on this session's server and returns its standard output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let outputFile = directory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
    defer { unlink(outputFile) }
    let status = Self.spawn(
      [Self.executable ?? "tmux", "-L", socket] + arguments, output: outputFile)
    guard status == 0 else {
      throw TmuxError("tmux \(arguments.joined(separator: " ")) failed with status \(status)")
    }
    return (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
  }

  /// Runs a program with standard output to a file, standard input and
  /// error on /dev/null, no signal blocked, and waits for it.
  ///
  /// NB: posix_spawn and waitpid rather than Foundation's `Process`: the
  /// tmux client forks the server, and `Process` hung waiting for such
  /// clients when tests spawned them in parallel. The child also starts
  /// with an empty signal mask: test threads block signals, and tmux and
  /// its panes would inherit that.
  static func spawn(_ arguments: [String], output: String) -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TERM"] = "xterm-256color"
    return ChildProcess.run(
      arguments, environment: environment, output: output,
      defaultSignals: [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD])
  }

  /// What the pane shows.
  func screen() -> String {
    (try? tmux(["capture-pane", "-p", "-t", "rec"])) ?? ""
  }

  /// A tmux format evaluated for the pane, such as `#{pane_dead}`.
  func format(_ format: String) -> String {
    ((try? tmux(["display-message", "-p", "-t", "rec", format])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Types text into the pane, byte for byte.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "rec", "-l", "--", text])
  }

  /// Waits until the condition holds, checking every 20 ms for up to
  /// `seconds`; records an issue with the screen when it never does.
  ///
  /// NB: this waits for the recorder to catch up; it measures nothing.
  @discardableResult
  func wait(
    for description: String, seconds: Double = 15,
    sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    if condition() { return true }
    Issue.record(
      "timed out waiting for \(description); \(processState()); the screen shows:\n\(screen())",
      sourceLocation: sourceLocation)
    return false
  }

  /// The pane's process and its state, for failure messages.
  func processState() -> String {
    let pid = format("#{pane_pid}")
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "gone"
    return "pane dead: \(format("#{pane_dead}")), process \(pid): \(stat)"
  }

  /// Waits until the screen shows the text.
  @discardableResult
  func wait(
    forScreen text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    wait(for: "'\(text)' on the screen", sourceLocation: sourceLocation) {
      screen().contains(text)
    }
  }

  /// Stops the server (the pane's process gets SIGHUP) and removes its
  /// socket file, which tmux leaves behind.
  func kill() {
    _ = try? tmux(["kill-server"])
    if socketPath.hasSuffix("/\(socket)") { unlink(socketPath) }
  }
}

/// A failure to drive tmux.
struct TmuxError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
