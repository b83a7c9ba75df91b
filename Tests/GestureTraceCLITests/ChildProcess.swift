import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting a child program for end-to-end tests.
enum ChildProcess {
  /// Starts `arguments[0]` with standard output to the file `output`,
  /// standard input and error on /dev/null, an empty signal mask and the
  /// given signals at their default action; the child's pid, or `nil`.
  ///
  /// NB: posix_spawn rather than Foundation's `Process`: test threads block
  /// signals and a child would inherit that, and `Process` hung waiting for
  /// tmux clients (which fork the server) spawned in parallel.
  static func spawn(
    _ arguments: [String], environment: [String: String], output: String,
    defaultSignals: [Int32]
  ) -> pid_t? {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
      return nil
    }
    return pid
  }

  /// Waits for a child to end: its exit code, 128 + the signal that ended
  /// it, or -1 when it cannot be waited for.
  static func exitStatus(of pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    // NB: WIFEXITED and WEXITSTATUS, spelled out: Swift does not import
    // the macros.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// Runs `arguments[0]` to its end with standard output (and, with
  /// `joiningStandardError`, standard error) to the file `output`; its exit
  /// status as ``exitStatus(of:)`` gives it, or -1 when it cannot start.
  static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    output: String, joiningStandardError: Bool = false, defaultSignals: [Int32] = []
  ) -> Int32 {
    // NB: `spawn` sends standard error to /dev/null; a shell joins it to
    // standard output ("$0" "$@": no quoting).
    let command =
      joiningStandardError ? ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1"] + arguments : arguments
    guard
      let pid = spawn(
        command, environment: environment, output: output, defaultSignals: defaultSignals)
    else { return -1 }
    return exitStatus(of: pid)
  }
}
