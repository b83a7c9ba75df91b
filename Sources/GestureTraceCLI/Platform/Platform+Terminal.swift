import GestureTrace

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the self-pipe signal handlers write to; -1 when no
/// signal is trapped.
///
/// NB: a plain global read by a signal handler. It is set before any handler
/// is installed and reset after they are removed, so a handler only ever
/// reads a settled value; `write` is async-signal-safe.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Writes the signal's number to the self-pipe; nothing else.
private func writeSignalToPipe(_ number: Int32) {
  let savedError = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalPipeWriteEnd, &byte, 1)
  errno = savedError
}

extension Platform {
  /// A terminal's settings, saved to be restored.
  struct TerminalMode {
    fileprivate var settings: termios
  }

  /// The signals the terminal recorder traps.
  enum TrappedSignal: Int32, CaseIterable {
    /// SIGINT: Ctrl-C from outside raw mode, or `kill -INT`.
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal closed.
    case hangUp
    /// SIGWINCH: the window changed size.
    case windowChange

    /// The signal's number on this system.
    var number: Int32 {
      switch self {
      case .interrupt: SIGINT
      case .terminate: SIGTERM
      case .hangUp: SIGHUP
      case .windowChange: SIGWINCH
      }
    }

    /// The signal with this number, if trapped.
    init?(number: Int32) {
      guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
      self = signal
    }
  }

  /// Puts a terminal in raw mode (no echo, no line editing, no signals from
  /// keys, bytes as they come) and returns its previous settings, or `nil`
  /// when it is not a terminal.
  static func enterRawMode(_ descriptor: Int32) -> TerminalMode? {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return nil }
    let saved = TerminalMode(settings: settings)
    cfmakeraw(&settings)
    // NB: keep output post-processing, so "\n" still returns the carriage
    // for anything printed while the recorder runs.
    settings.c_oflag |= tcflag_t(OPOST | ONLCR)
    guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else { return nil }
    return saved
  }

  /// Restores a terminal's saved settings.
  static func restore(_ mode: TerminalMode, of descriptor: Int32) {
    var settings = mode.settings
    _ = tcsetattr(descriptor, TCSANOW, &settings)
  }

  /// The size `TIOCGWINSZ` reports, or `nil` when it fails.
  static func windowSize(_ descriptor: Int32) -> WindowSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return WindowSize(
      columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
      pixelHeight: Int(size.ws_ypixel))
  }

  /// Opens the controlling terminal for writing; -1 when there is none.
  static func openControllingTerminal() -> Int32 {
    open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
  }

  /// Waits until one of the descriptors can be read (or has hung up or
  /// failed), a signal arrives, or `timeout` milliseconds pass (-1: no
  /// limit). Returns, per descriptor, whether it is ready.
  static func waitForInput(_ descriptors: [Int32], timeout: Int32) -> [Bool] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = poll(&entries, nfds_t(entries.count), timeout)
    guard count > 0 else { return Array(repeating: false, count: descriptors.count) }
    return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 }
  }

  /// The monotonic clock (`CLOCK_MONOTONIC`): it never jumps with the wall
  /// clock.
  static func monotonicTime() -> TraceTime {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return TraceTime(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
  }

  /// The current UTC time as ISO 8601 text, `2026-11-21T10:00:00Z`.
  static func currentTimeText() -> String {
    var now = time(nil)
    var parts = tm()
    guard gmtime_r(&now, &parts) != nil else { return "" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// Sends the trapped signals to a new self-pipe and returns its read end,
  /// from which each signal reads as one byte, its number; -1 on failure.
  static func trapSignals() -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    signalPipeWriteEnd = ends[1]
    var set = sigset_t()
    sigemptyset(&set)
    for trapped in TrappedSignal.allCases {
      signal(trapped.number) { number in writeSignalToPipe(number) }
      sigaddset(&set, trapped.number)
    }
    // NB: a process can start with signals blocked (children of threads
    // that block them, as libdispatch's do, inherit the mask); unblocked,
    // they reach the handlers.
    _ = sigprocmask(SIG_UNBLOCK, &set, nil)
    return ends[0]
  }

  /// Gives the trapped signals their default actions back and closes the
  /// self-pipe.
  static func releaseSignals(readEnd: Int32) {
    for trapped in TrappedSignal.allCases { signal(trapped.number, SIG_DFL) }
    let writeEnd = signalPipeWriteEnd
    signalPipeWriteEnd = -1
    close(writeEnd)
    close(readEnd)
  }

  /// The signals waiting in the self-pipe, oldest first.
  static func pendingSignals(readEnd: Int32) -> [TrappedSignal] {
    var signals: [TrappedSignal] = []
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) == 1 {
      if let signal = TrappedSignal(number: Int32(byte)) { signals.append(signal) }
    }
    return signals
  }
}
