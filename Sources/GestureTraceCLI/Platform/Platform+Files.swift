#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity: its device and inode, the same for every name of it
/// (hard links, symbolic links, `/dev/stdout` redirected to it).
struct FileIdentity: Hashable {
  let device: UInt64
  let inode: UInt64
}

extension Platform {
  /// The identity of the regular file a path names, following symbolic
  /// links; `nil` when it is missing or not a regular file. `-` is the
  /// descriptor `standardDescriptor` (0 for an input, 1 for an output).
  static func identity(of path: String, standardDescriptor: Int32 = 0) -> FileIdentity? {
    var status = stat()
    let found = path == "-" ? fstat(standardDescriptor, &status) : stat(path, &status)
    guard found == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Asks the system to start writing a range of a file to disk, without
  /// waiting for it, so that a later sync has less left to write.
  // NB: on Linux, POSIX_FADV_DONTNEED starts the writeback of the range's
  // dirty pages (WB_SYNC_NONE) and drops only pages already clean; Glibc
  // does not declare `sync_file_range`. Elsewhere this does nothing.
  static func startWriting(_ descriptor: Int32, offset: Int, count: Int) {
    #if os(Linux)
      _ = posix_fadvise(descriptor, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
    #endif
  }

  /// The identity of the regular file open on a descriptor, else `nil`.
  /// The device and inode of a directory, or `nil` when `path` is not one.
  static func directoryIdentity(of path: String) -> FileIdentity? {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  static func identity(ofDescriptor descriptor: Int32) -> FileIdentity? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Whether the path itself is a symbolic link (not followed).
  static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  /// The descriptor a path names when it is one of the process's own:
  /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`.
  static func ownDescriptor(named path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        return Int32(path.dropFirst(prefix.count))
      }
      return nil
    }
  }

  /// A new descriptor for the same open file (`dup`), close-on-exec; -1 on
  /// failure.
  static func duplicate(_ descriptor: Int32) -> Int32 {
    fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
  }

  /// Whether a process with this id exists (it may belong to another user).
  static func processExists(_ id: Int32) -> Bool {
    kill(id, 0) == 0 || errno == EPERM
  }

  /// Every name in a directory, hidden ones too, without `.` and `..`.
  static func allNames(in path: String) -> [String] {
    guard let directory = opendir(path.isEmpty ? "." : path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Moves a file over another, replacing it; false on failure.
  static func rename(_ source: String, over target: String) -> Bool {
    #if canImport(Glibc)
      Glibc.rename(source, target) == 0
    #else
      Darwin.rename(source, target) == 0
    #endif
  }

  /// The process's current directory, or `nil` when it cannot be named.
  static var currentDirectory: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
