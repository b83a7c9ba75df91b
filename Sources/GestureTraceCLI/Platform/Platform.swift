#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  // NB: glibc declares memmem only with _GNU_SOURCE, which the Glibc module
  // is not built with; the function itself is in every glibc.
  @_silgen_name("memmem")
  private func memmem(
    _ haystack: UnsafeRawPointer, _ haystackCount: Int, _ needle: UnsafeRawPointer,
    _ needleCount: Int
  ) -> UnsafeMutableRawPointer?
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

  /// The offset of the first occurrence of `needle` in `haystack`, at or
  /// after `start`; `nil` when there is none.
  static func firstOffset(
    of needle: StaticString, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    guard let base = haystack.baseAddress, start < haystack.count else { return nil }
    guard
      let found = memmem(
        base + start, haystack.count - start, needle.utf8Start, needle.utf8CodeUnitCount)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
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
    let descriptor = try openInput(path)
    defer { if descriptor != 0 { close(descriptor) } }
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .noInput("Cannot read '\(path)': \(errorText)")
      }
      if count == 0 { break }
      let more = buffer.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[..<count]))
      }
      if !more { break }
    }
  }

  /// Opens a file to read once, from its start, or standard input (`-`,
  /// descriptor 0, which the caller must not close).
  ///
  /// - Throws: `noInput` when the file is missing or unreadable, or is a
  ///   directory.
  static func openInput(_ path: String) throws(CommandError) -> Int32 {
    guard path != "-" else { return 0 }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw .noInput("No such file '\(path)'") }
      throw .noInput("Cannot read '\(path)': \(errorText)")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .noInput("'\(path)' is a directory; expected a trace file")
    }
    return descriptor
  }

  /// Whether a path exists.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// Whether the path names a regular file (following symbolic links).
  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

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

  /// Whether a path is a directory.
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

  /// Opens a file for appending a recording: a new file, or with
  /// `replacing` an existing one emptied; -1 on failure. A new file gets
  /// the usual `0666` less the umask.
  static func createRecording(_ path: String, replacing: Bool) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL), 0o666)
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
    if replacing { return rename(source, over: target) }
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
  /// Opens a regular file for reading at any offset and returns its
  /// descriptor and size.
  ///
  /// - Throws: `noInput` when the file is missing, unreadable or a
  ///   directory.
  static func openForReading(
    _ path: String
  ) throws(CommandError) -> (descriptor: Int32, size: Int) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw .noInput("No such file '\(path)'") }
      throw .noInput("Cannot read '\(path)': \(errorText)")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = errorText
      close(descriptor)
      throw .noInput("Cannot read '\(path)': \(reason)")
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .noInput("'\(path)' is a directory; expected a trace file")
    }
    return (descriptor, Int(status.st_size))
  }

  /// Reads up to `buffer.count` bytes at `offset`, fewer only at the end of
  /// the file; `nil` on a read error.
  static func readBytes(
    _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, atOffset offset: Int
  ) -> Int? {
    var done = 0
    while done < buffer.count {
      let got = pread(
        descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if got < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if got == 0 { break }
      done += got
    }
    return done
  }

  /// A new temporary file in `$TMPDIR` (or `/tmp`), already removed from
  /// its directory so that it vanishes when closed; `nil` on failure.
  static func anonymousTemporaryFile() -> Int32? {
    let directory = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/gesturetrace-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }

  /// Maps a file read-only into memory; `nil` on failure (or when empty).
  static func mapReadOnly(_ descriptor: Int32, size: Int) -> UnsafeRawPointer? {
    guard size > 0 else { return nil }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { return nil }
    _ = madvise(address, size, MADV_SEQUENTIAL)
    return UnsafeRawPointer(address)
  }

  /// Unmaps what ``mapReadOnly(_:size:)`` mapped.
  static func unmap(_ address: UnsafeRawPointer, size: Int) {
    _ = munmap(UnsafeMutableRawPointer(mutating: address), size)
  }

  /// Lets the pages of a mapped range go from this process's memory (the
  /// file stays cached; a later read maps them again).
  static func releasePages(_ address: UnsafeRawPointer, _ range: Range<Int>) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let start = range.lowerBound / page * page
    _ = madvise(
      UnsafeMutableRawPointer(mutating: address + start), range.upperBound - start,
      MADV_DONTNEED)
  }

  /// Nanoseconds of a monotonic clock, for timing reports only.
  static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
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
