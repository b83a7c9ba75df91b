/// The regular file an output creates or replaces: the path given, or,
/// when that is a symbolic link, the file its links lead to.
///
/// Every output written to a regular file — ``OutputFile`` (every command's
/// `-o` and second outputs) and ``TraceAppender`` (`record -o`) — is
/// written to a temporary file beside the target and renamed over the
/// target only when it is complete, so the old content stays whole until
/// then, whatever ends the run (a signal, a full disk, bad input):
///
/// - A symbolic link is resolved to its final target first, and the
///   temporary file is made in the target's folder, so that the rename is
///   atomic; the link itself stays a link to the same file.
/// - The new file keeps the replaced file's permission bits (a 0600 report
///   stays private) and, when the process may give it, its owner; a new
///   file gets the usual `0666` less the umask.
/// - A file the user may not write is not replaced, even with `--force`:
///   one `access(W_OK)` refuses (a rename only needs the folder writable),
///   and a file with no write bit at all (0444) is read-only on purpose, so
///   it is refused for root as well, for whom `access` allows everything.
struct OutputTarget {
  /// The file written: the path, or where its links lead.
  let path: String
  /// The replaced file's mode and owner; `nil` when the file is new.
  let mode: FileMode?

  /// The target of `path`.
  ///
  /// - Throws: `cannotCreate` (exit 73) when the target exists and
  ///   `replacing` is false, when it is read-only or the user may not write
  ///   it, and when its links loop.
  init(_ path: String, replacing: Bool) throws(CommandError) {
    guard let resolved = Platform.resolvingLinks(path) else {
      throw .cannotCreate("Cannot create '\(path)': its symbolic links loop")
    }
    self.path = resolved
    mode = Platform.mode(of: resolved)
    guard let mode else { return }
    guard replacing else {
      throw .cannotCreate("'\(path)' already exists; pass --force to replace it")
    }
    let octal = String(mode.permissions, radix: 8)
    let shown = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    guard mode.hasWriteBit else {
      throw .cannotCreate(
        "'\(path)' is read-only (mode \(shown)); --force replaces only a file that may be "
          + "written. Make it writable first (chmod u+w)")
    }
    guard Platform.isWritable(resolved) else {
      throw .cannotCreate(
        "'\(path)' is not writable by you (mode \(shown)); --force replaces only a file you "
          + "may write")
    }
  }

  /// The name of a new temporary file beside the target, after removing
  /// those of processes that no longer exist
  /// (``OutputFile/removingLeftovers(of:)``).
  func temporaryPath() -> String {
    OutputFile.removingLeftovers(of: path)
  }

  /// Creates the temporary file at `temporary` with the mode the target
  /// is to have; -1 on failure. `appending` opens it with `O_APPEND`.
  func createTemporary(_ temporary: String, appending: Bool = false) -> Int32 {
    Platform.createReplacement(temporary, keeping: mode, appending: appending)
  }
}
