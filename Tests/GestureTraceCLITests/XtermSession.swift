import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A virtual X display (Xvfb) with one xterm running a command, and the
/// real mouse and keyboard of that display driven through XTEST with
/// xdotool, for end-to-end tests of the terminal recorder in SGR pixel mode
/// (1016), which xterm supports and tmux does not pass on.
///
/// Each session starts its own Xvfb on a display number it picks itself
/// (`-displayfd`), so sessions run in parallel and never touch another
/// display. The xterm window is the display's only window, at its top-left
/// corner, and logs what the command writes (`-l -lf`).
///
/// NB: xdotool's `key` and mouse commands without `--window` go through
/// XTEST, as a real keyboard and mouse would; with `--window` they would be
/// synthetic events (`XSendEvent`), which xterm ignores by default
/// (`allowSendEvents`). With no window manager, the keyboard follows the
/// pointer, which the drags leave over the xterm.
struct XtermSession {
  /// The programs the session needs, by name, and where each is.
  static let programs: [(name: String, path: String?)] = ["Xvfb", "xterm", "xdotool"].map {
    ($0, executable($0))
  }

  /// What is missing, for the skip message; empty when everything is
  /// installed.
  static let missing = programs.filter { $0.path == nil }.map(\.name)

  /// Whether the session's tests run: when everything is installed, or
  /// when ``endToEndRequired`` (then they fail naming what is missing).
  static let isAvailable = missing.isEmpty || endToEndRequired

  /// The programs' directory search: `$PATH`, then the usual places.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The directory of the session's files.
  let directory: URL
  /// The display, `:N`.
  let display: String
  private let server: pid_t
  private let terminal: pid_t

  /// Starts Xvfb and an xterm of `columns` × `rows` running `command` with
  /// `/bin/sh`.
  init(command: String, columns: Int = 100, rows: Int = 30) throws {
    guard let xvfb = Self.executable("Xvfb"), let xterm = Self.executable("xterm") else {
      throw XtermError("missing: \(Self.missing.joined(separator: ", "))")
    }
    directory = try temporaryDirectory()
    let displayFile = directory.appendingPathComponent("display").path
    var environment = ProcessInfo.processInfo.environment
    for name in ["TMUX", "TERM_PROGRAM", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
    guard
      let server = ChildProcess.spawn(
        [xvfb, "-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        environment: environment, output: displayFile, defaultSignals: [SIGTERM, SIGINT, SIGHUP])
    else { throw XtermError("cannot start Xvfb") }
    self.server = server
    // Xvfb writes the display number and a line break once it accepts
    // clients.
    var number = ""
    let ready = Self.poll(seconds: 15) {
      let text = (try? String(contentsOfFile: displayFile, encoding: .utf8)) ?? ""
      number = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return text.hasSuffix("\n") && !number.isEmpty
    }
    guard ready else {
      Self.stop(server)
      throw XtermError("Xvfb did not report a display within 15 s")
    }
    display = ":\(number)"
    environment["DISPLAY"] = display
    let log = directory.appendingPathComponent("xterm.log").path
    guard
      let terminal = ChildProcess.spawn(
        [
          xterm, "-geometry", "\(columns)x\(rows)+0+0", "-l", "-lf", log, "-e", "/bin/sh", "-c",
          command,
        ],
        environment: environment, output: "/dev/null",
        defaultSignals: [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD])
    else {
      Self.stop(server)
      throw XtermError("cannot start xterm")
    }
    self.terminal = terminal
  }

  /// Everything the command has written to the terminal so far.
  func outputLog() -> String {
    let path = directory.appendingPathComponent("xterm.log").path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// Runs xdotool on the display with the arguments (a chain of its
  /// commands) and waits for it.
  func xdotool(_ arguments: [String]) throws {
    guard let program = Self.executable("xdotool") else { throw XtermError("missing: xdotool") }
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    let output = directory.appendingPathComponent("xdotool-\(UUID().uuidString)").path
    defer { unlink(output) }
    let status = ChildProcess.run(
      [program] + arguments, environment: environment, output: output,
      defaultSignals: [SIGTERM, SIGINT, SIGHUP, SIGPIPE])
    guard status == 0 else {
      throw XtermError("xdotool \(arguments.joined(separator: " ")) failed: status \(status)")
    }
  }

  /// Waits until the condition holds, checking every 20 ms for up to
  /// `seconds`; records an issue with the terminal's output when it never
  /// does.
  ///
  /// NB: this waits for the recorder to catch up; it measures nothing.
  @discardableResult
  func wait(
    for description: String, seconds: Double = 15,
    sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool
  ) -> Bool {
    if Self.poll(seconds: seconds, condition) { return true }
    let tail = String(outputLog().suffix(600)).debugDescription
    Issue.record(
      "timed out waiting for \(description); the terminal's output ends with:\n\(tail)",
      sourceLocation: sourceLocation)
    return false
  }

  /// Checks the condition every 20 ms for up to `seconds`.
  private static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  /// Ends the xterm (its command gets SIGHUP) and the display.
  func kill() {
    Self.stop(terminal)
    Self.stop(server)
  }

  /// Sends SIGTERM to a child and reaps it.
  private static func stop(_ pid: pid_t) {
    _ = Glibc.kill(pid, SIGTERM)
    _ = ChildProcess.exitStatus(of: pid)
  }
}

/// A failure to drive the X display.
struct XtermError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
