/// How an expected-outcome table names the trace files it was made from:
/// relative to the table's own folder and inside it, so that the table can
/// be committed and checked from any directory.
///
/// The functions here work on the text of paths only; those that ask the
/// file system (``naming(_:from:)``, ``confined(_:from:)``) are in
/// `TablePath+Files.swift`.
enum TablePath {
  /// The path to open for `name`, as a table at `table` names a file:
  /// absolute names as they are, others relative to the table's folder.
  static func resolving(_ name: String, from table: String) -> String {
    guard !name.hasPrefix("/"), table != "-" else { return normalized(name) }
    let folder = folder(of: table)
    return normalized(folder.isEmpty ? name : folder + "/" + name)
  }

  /// `name` normalized, when it is a relative path that stays in the
  /// folder it is relative to (`a/../b` does, `../b` does not); `nil` for
  /// an absolute path, an empty one or one that climbs out.
  static func inside(_ name: String) -> String? {
    guard !name.isEmpty, !name.hasPrefix("/") else { return nil }
    let path = normalized(name)
    guard path != ".", path != "..", !path.hasPrefix("../") else { return nil }
    return path
  }

  /// The folder part of a path: `""` for a bare file name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` made absolute against `base`.
  static func absolute(_ path: String, in base: String) -> String {
    path.hasPrefix("/") ? path : base + "/" + path
  }

  /// The components of a path with `.` dropped and `..` applied to what
  /// precedes it (kept at the start of a relative path).
  static func components(_ path: String) -> [String] {
    var parts: [String] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", path.hasPrefix("/") {
        continue
      } else {
        parts.append(String(part))
      }
    }
    return parts
  }

  /// The path with `.` and `name/..` taken out, as written (lexically).
  static func normalized(_ path: String) -> String {
    let parts = components(path)
    if path.hasPrefix("/") { return "/" + parts.joined(separator: "/") }
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
