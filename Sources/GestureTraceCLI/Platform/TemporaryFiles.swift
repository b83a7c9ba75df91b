#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files the process has made and not yet renamed or
/// removed, removed by a signal handler when a signal ends the process.
///
/// Every signal that ends a process by default and can be caught (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ,
/// SIGVTALRM, SIGPROF) and the crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGFPE, SIGABRT) get a handler that unlinks the registered files, gives
/// the signal its default action back and raises it again, so the process
/// still ends with it (exit status 128 + the signal, or a core).
///
/// NB: the handler may run on any thread at any moment, so it only reads
/// fixed slots of preallocated C strings and calls `unlink` and `raise`,
/// which are async-signal-safe; registering takes a lock the handler never
/// does. A signal caught while a slot is being written can at worst miss
/// that file, which a later run removes (``OutputFile`` removes
/// `.NAME.tmp-PID` files whose process is gone). SIGKILL and a power cut
/// cannot be caught; their leftovers are removed that way too. A signal
/// whose handler is already set (the terminal recorder's self-pipe, a test
/// runner's) is left alone.
enum TemporaryFiles {
  /// How many files can be registered at once.
  static let slotCount = 16
  /// The longest path a slot holds, with its NUL.
  static let pathCapacity = 4_096

  /// A slot: a flag word (1 when in use) followed by the path.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<CChar> = {
    let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * (pathCapacity + 1))
    memory.initialize(repeating: 0, count: slotCount * (pathCapacity + 1))
    return memory
  }()

  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()

  nonisolated(unsafe) private static var installed = false

  /// The signals whose default action ends the process and that can be
  /// caught.
  static let signals: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM,
    SIGPROF, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT,
  ]

  /// Registers a file; returns its slot for ``unregister(_:)``, or `nil`
  /// when every slot is taken or the path is too long (then only a later
  /// run removes it after a signal).
  /// A number no earlier call in this process returned: it tells apart
  /// the temporary files of two outputs of one run.
  static func nextSerial() -> Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    serial += 1
    return serial
  }

  nonisolated(unsafe) private static var serial = 0

  static func register(_ path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard bytes.count < pathCapacity else { return nil }
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    installHandlers()
    for slot in 0..<slotCount {
      let base = slots + slot * (pathCapacity + 1)
      guard base.pointee == 0 else { continue }
      let path = base + 1
      for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
      path[bytes.count] = 0
      base.pointee = 1
      return slot
    }
    return nil
  }

  /// Forgets a file: it was renamed into place or removed.
  static func unregister(_ slot: Int?) {
    guard let slot else { return }
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    slots[slot * (pathCapacity + 1)] = 0
  }

  /// Unlinks every registered file (from the signal handler).
  fileprivate static func removeAll() {
    for slot in 0..<slotCount {
      let base = slots + slot * (pathCapacity + 1)
      if base.pointee == 1 { unlink(base + 1) }
    }
  }

  private static func installHandlers() {
    guard !installed else { return }
    installed = true
    _ = slots
    for number in signals {
      var current = sigaction()
      guard sigaction(number, nil, &current) == 0 else { continue }
      #if canImport(Glibc)
        let isDefault = current.__sigaction_handler.sa_handler == nil
      #else
        let isDefault = current.__sigaction_u.__sa_handler == nil
      #endif
      guard isDefault else { continue }
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = temporaryFilesSignalHandler
      #else
        action.__sigaction_u.__sa_handler = temporaryFilesSignalHandler
      #endif
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigemptyset(&action.sa_mask)
      _ = sigaction(number, &action, nil)
    }
  }
}

/// Removes the temporary files and ends the process with the signal: the
/// handler's action was reset to the default when it was called.
private func temporaryFilesSignalHandler(_ number: Int32) {
  TemporaryFiles.removeAll()
  // NB: a crash returns to the faulting instruction and faults again; any
  // other signal is raised again, delivered once the handler returns.
  raise(number)
}
