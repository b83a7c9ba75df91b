#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the command needs from the operating system: file
/// descriptors, terminals, signals and exit.
enum Platform {
  /// Ends the process with the exit code.
  static func exit(_ code: ExitCode) -> Never {
    #if canImport(Glibc)
      Glibc.exit(code.rawValue)
    #else
      Darwin.exit(code.rawValue)
    #endif
  }

  /// Whether the file descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Makes writing to a closed pipe an error (EPIPE) instead of a signal,
  /// so `gesturetrace … | head` ends quietly.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// The text of the current `errno`.
  static var errorText: String {
    String(cString: strerror(errno))
  }

  /// Whether the last error was a broken pipe.
  static var isBrokenPipe: Bool { errno == EPIPE }

  /// Writes all bytes to a descriptor; false on failure.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var pointer = bytes.baseAddress else { return true }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      pointer += written
      remaining -= written
    }
    return true
  }

  /// Reads a file or standard input (`-`) in chunks, while `body` returns
  /// true.
  ///
  /// - Throws: `noInput` when the file is missing or unreadable.
  static func readFile(
    _ path: String, chunkSize: Int = 1 << 20,
    _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(CommandError) {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        if errno == ENOENT { throw .noInput("No such file '\(path)'") }
        throw .noInput("Cannot read '\(path)': \(errorText)")
      }
      var status = stat()
      if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
        close(descriptor)
        throw .noInput("'\(path)' is a directory; expected a trace file")
      }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .noInput("Cannot read '\(path)': \(errorText)")
      }
      if count == 0 { break }
      let more = buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
      if !more { break }
    }
  }

  /// Whether a path exists.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// Whether a path is a directory.
  /// Whether the path names something that exists and is neither a
  /// regular file nor a directory: a device such as `/dev/null`, a FIFO or
  /// a socket.
  static func isSpecialFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  /// Opens an existing file for writing without truncating or creating it;
  /// -1 on failure.
  static func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CLOEXEC)
  }

  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Reads up to `count` bytes from a descriptor into a new array; `nil`
  /// on a read error, empty at the end.
  static func readChunk(_ descriptor: Int32, count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
      if got < 0 {
        if errno == EINTR { continue }
        return nil
      }
      buffer.removeLast(count - got)
      return buffer
    }
  }

  /// The process id, to name temporary files.
  static var processID: Int32 { getpid() }

  /// Opens a new file for writing; -1 on failure.
  static func createFile(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
  }

  /// Opens a file for appending a recording: a new file, or with
  /// `replacing` an existing one emptied; -1 on failure.
  static func createRecording(_ path: String, replacing: Bool) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_APPEND | (replacing ? O_TRUNC : O_EXCL), 0o644)
  }

  /// Flushes a file to disk; false on failure. A device or pipe that
  /// cannot be synced (`/dev/null`) counts as flushed.
  static func sync(_ descriptor: Int32) -> Bool {
    fsync(descriptor) == 0 || errno == EINVAL || errno == EROFS
  }

  /// Cuts a file to a length; false on failure.
  static func truncate(_ descriptor: Int32, to length: Int) -> Bool {
    ftruncate(descriptor, off_t(length)) == 0
  }

  /// Flushes a file to disk and closes it; false on failure.
  static func syncAndClose(_ descriptor: Int32) -> Bool {
    let synced = sync(descriptor)
    return closeDescriptor(descriptor) == 0 && synced
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    _ = closeDescriptor(descriptor)
  }

  private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }

  /// Moves a file into place; without `replacing`, fails if the target
  /// exists (atomically, through a hard link).
  static func moveIntoPlace(_ source: String, _ target: String, replacing: Bool) -> Bool {
    if replacing { return rename(source, target) == 0 }
    guard link(source, target) == 0 else { return false }
    unlink(source)
    return true
  }

  /// Removes a file, ignoring errors.
  static func remove(_ path: String) {
    unlink(path)
  }

  /// The value of an environment variable.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

extension Platform {
  /// The names in a directory, without `.` and `..`.
  static func listDirectory(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." && !name.hasPrefix(".") { names.append(name) }
    }
    return names
  }
}
