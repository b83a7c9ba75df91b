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
}
