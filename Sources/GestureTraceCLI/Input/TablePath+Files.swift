import GestureTrace

/// The paths a table of expected outcomes names, checked against the file
/// system: the names `replay` and `check --update` write, and where the
/// names `check` reads lead.
///
/// A table is a file committed with its traces, and read by CI: what it
/// names must stay in its own folder (or below it), or a hostile table
/// could make `check` read any file the CI job can (`/proc/self/environ`,
/// `../../secret.env`) and quote it in an error. So a name is refused when
/// it is absolute or climbs out with `..`, when a symbolic link on its way
/// leads out of the folder, and when it is a device, a FIFO or a socket
/// (reading `/dev/zero` never ends). The writers write only names the
/// reader accepts.
extension TablePath {
  /// Why a name a table holds is refused.
  enum Refusal: Error, Equatable {
    /// Empty, absolute, or climbing out of the table's folder with `..`.
    case outside
    /// A symbolic link (the file's, or a folder's on the way) leads out of
    /// the table's folder.
    case linksOutside
    /// Neither a regular file nor a directory: a device, FIFO or socket.
    case special

    /// What a message says of a name the table holds: `found 'NAME'`
    /// (a short, escaped prefix) and why.
    func found(_ name: String) -> String { found(quoted: quotedPrefix(name)) }

    /// What a message says of a name already quoted.
    func found(quoted name: String) -> String {
      switch self {
      case .outside: return "found \(name)"
      case .linksOutside: return "found \(name), to which a symbolic link leads out of it"
      case .special:
        return "found \(name), which is neither a regular file nor a directory "
          + "(a device, FIFO or socket)"
      }
    }
  }

  /// The name a table written to `table` gives `input`, a path as given on
  /// the command line: relative to the table's folder, or absolute when
  /// the two have no folder in common.
  ///
  /// Standard output and the process's own descriptors have no folder:
  /// there the name is `input` as given, relative to the directory the
  /// command ran in.
  static func naming(_ input: String, from table: String) -> String {
    guard table != "-", Platform.ownDescriptor(named: table) == nil,
      !Platform.isSpecialFile(table)
    else { return input }
    guard let base = Platform.currentDirectory else { return input }
    let from = components(absolute(folder(of: table), in: base))
    let to = components(absolute(input, in: base))
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    // NB: folders with nothing in common (/tmp and /home/…): the absolute
    // path says more than a climb to the root.
    if common == 0 { return "/" + to.joined(separator: "/") }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// The name a table written to `table` may give the file at `path` (as
  /// given on the command line): ``naming(_:from:)``, when the table's
  /// reader accepts it (``confined(_:from:)``) and it fits on a metadata
  /// line; `nil` otherwise.
  static func acceptedName(of path: String, from table: String) -> String? {
    guard let name = inside(naming(path, from: table)), TraceMetadata.isValidValue(name),
      case .success = confined(name, from: table)
    else { return nil }
    return name
  }

  /// The path to open for `name`, a file or directory the table at
  /// `table` names, when it stays in the table's folder (the current
  /// directory for a table on standard input): relative, without `..`
  /// that climbs out, no symbolic link on its way that leads out, and a
  /// regular file or a directory. A name that does not exist is accepted:
  /// opening it says it is missing.
  static func confined(_ name: String, from table: String) -> Result<String, Refusal> {
    guard let relative = inside(name) else { return .failure(.outside) }
    var path = resolving(relative, from: table)
    // NB: never standard input: a file called `-` is opened as `./-`.
    if path == "-" { path = "./-" }
    guard let real = Platform.realPath(path) else { return .success(path) }
    // NB: a folder that cannot be resolved holds nothing the table may name.
    guard let root = root(of: table), lies(real, in: root) else {
      return .failure(.linksOutside)
    }
    guard Platform.isRegularFile(real) || Platform.isDirectory(real) else {
      return .failure(.special)
    }
    return .success(path)
  }

  /// The folder the names of the table at `table` are relative to, with
  /// its symbolic links resolved; `nil` when it cannot be resolved.
  static func root(of table: String) -> String? {
    let folder = table == "-" ? "" : folder(of: table)
    return Platform.realPath(folder.isEmpty ? "." : folder)
  }

  /// Whether the file at `path` lies in the folder `root` (resolved),
  /// following symbolic links; true when it does not exist.
  static func lies(_ path: String, in root: String) -> Bool {
    guard let real = Platform.realPath(path) else { return true }
    return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
  }
}
