#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The permission bits and owner of a file an output replaces, which the
/// new file keeps.
struct FileMode: Equatable {
  /// The permission bits (`st_mode & 0o7777`).
  let permissions: UInt32
  /// The owner and group.
  let owner: UInt32
  let group: UInt32

  /// Whether anyone may write the file: a file with no write bit at all
  /// (0444, 0400) is read-only on purpose.
  var hasWriteBit: Bool { permissions & 0o222 != 0 }
}

extension Platform {
  /// The most symbolic links followed from one path (Linux's own limit).
  static let maximumLinks = 40

  /// The path a chain of symbolic links ends at: `path` itself when it is
  /// not a link, else where its links lead, each relative one taken from
  /// the folder of the link that holds it; the end may not exist (a
  /// dangling link). `nil` when the chain is longer than
  /// ``maximumLinks`` (a loop).
  static func resolvingLinks(_ path: String) -> String? {
    var current = path
    for _ in 0...maximumLinks {
      guard isSymbolicLink(current) else { return current }
      guard let target = linkText(current) else { return current }
      if target.hasPrefix("/") {
        current = target
      } else {
        let slash = current.lastIndex(of: "/")
        current = (slash.map { String(current[...$0]) } ?? "") + target
      }
    }
    return nil
  }

  /// What a symbolic link holds, `nil` when it cannot be read.
  private static func linkText(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(
      decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The permission bits and owner of the file a path names, following
  /// symbolic links; `nil` when it is missing.
  static func mode(of path: String) -> FileMode? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileMode(
      permissions: UInt32(status.st_mode) & 0o7777, owner: UInt32(status.st_uid),
      group: UInt32(status.st_gid))
  }

  /// Whether this process may write the file (`access(W_OK)`, with the
  /// real user: root may write any file).
  static func isWritable(_ path: String) -> Bool {
    access(path, W_OK) == 0
  }

  /// Creates a new file for writing a replacement (`O_EXCL`, and
  /// `O_APPEND` when `appending`), close on exec; -1 on failure. With `mode`, the file gets that owner (when the
  /// process may give it) and those permission bits from the start; else
  /// the usual `0666` less the umask, as any new file.
  // NB: made 0600 first, so that a confidential file's replacement is
  // never readable by others while it is written; the owner is set before
  // the bits, since changing the owner clears set-user-ID bits.
  static func createReplacement(
    _ path: String, keeping mode: FileMode?, appending: Bool = false
  ) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC | (appending ? O_APPEND : 0)
    guard let mode else { return open(path, flags, 0o666) }
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else { return descriptor }
    _ = fchown(descriptor, uid_t(mode.owner), gid_t(mode.group))
    guard fchmod(descriptor, mode_t(mode.permissions)) == 0 else {
      let saved = errno
      close(descriptor)
      unlink(path)
      errno = saved
      return -1
    }
    return descriptor
  }
}
