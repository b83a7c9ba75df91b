#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// The absolute path `path` names with every symbolic link, `.` and `..`
  /// resolved (`realpath`); `nil` when it, or a folder on the way, does
  /// not exist or cannot be searched.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
