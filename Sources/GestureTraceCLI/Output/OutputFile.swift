/// Where a command's output goes: standard output, or a file that appears
/// only when the command succeeds.
///
/// A file is written to a temporary sibling (`.name.tmp-PID`), flushed to
/// disk and then moved into place, so a failed run leaves no partial file;
/// an existing file is replaced only with `replacing` (`--force`). A
/// device, FIFO or socket (`/dev/null`, a named pipe) is written to
/// directly: renaming over it would replace the device with a file.
struct OutputFile {
  let path: String
  private let replacing: Bool
  private var descriptor: Int32 = -1
  private var temporaryPath = ""
  private var buffer: [UInt8] = []
  private var failed = false
  /// Whether the output is written straight to a special file.
  private var isDirect = false

  /// Whether the output is standard output.
  var isStandardOutput: Bool { path == "-" }

  /// Opens the output; throws when the file exists (without `replacing`)
  /// or cannot be created.
  init(path: String, replacing: Bool) throws(CommandError) {
    self.path = path
    self.replacing = replacing
    guard path != "-" else { return }
    if Platform.isSpecialFile(path) {
      isDirect = true
      descriptor = Platform.openForWriting(path)
      guard descriptor >= 0 else {
        throw .cannotCreate("Cannot write to '\(path)': \(Platform.errorText)")
      }
      return
    }
    if !replacing, Platform.exists(path) {
      throw .cannotCreate("'\(path)' already exists; pass --force to replace it")
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temporaryPath = "\(directory).\(name).tmp-\(Platform.processID)"
    Platform.remove(temporaryPath)
    descriptor = Platform.createFile(temporaryPath)
    guard descriptor >= 0 else {
      throw .cannotCreate("Cannot create '\(path)': \(Platform.errorText)")
    }
    buffer.reserveCapacity(1 << 20)
  }

  /// Appends text, writing it out in large blocks.
  mutating func write(_ text: String, io: inout some ToolIO) throws(CommandError) {
    if isStandardOutput {
      io.write(text)
      return
    }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush() }
  }

  private mutating func flush() throws(CommandError) {
    let ok = buffer.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
    buffer.removeAll(keepingCapacity: true)
    if !ok {
      let reason = Platform.errorText
      discard()
      throw .ioError("Cannot write '\(path)': \(reason)")
    }
  }

  /// Flushes, syncs and moves the file into place.
  mutating func commit() throws(CommandError) {
    guard !isStandardOutput, descriptor >= 0 else { return }
    try flush()
    let fd = descriptor
    descriptor = -1
    if isDirect {
      Platform.close(fd)
      return
    }
    guard Platform.syncAndClose(fd) else {
      let reason = Platform.errorText
      Platform.remove(temporaryPath)
      throw .ioError("Cannot write '\(path)': \(reason)")
    }
    guard Platform.moveIntoPlace(temporaryPath, path, replacing: replacing) else {
      let reason = Platform.errorText
      Platform.remove(temporaryPath)
      throw .cannotCreate("Cannot create '\(path)': \(reason)")
    }
  }

  /// Removes the temporary file: the run failed.
  mutating func discard() {
    guard descriptor >= 0 else { return }
    Platform.close(descriptor)
    descriptor = -1
    if !isDirect { Platform.remove(temporaryPath) }
  }
}
