/// Where a command's output goes: standard output, or a file that appears
/// only when the command succeeds.
///
/// A regular file is written to a temporary sibling (`.NAME.tmp-PID-N`,
/// N telling apart the outputs of one process),
/// flushed to disk and then renamed into place, so a failed run leaves no
/// partial file and an existing one is replaced only by a complete new one,
/// and only with `replacing` (`--force`). What is not a regular file is
/// written through, never replaced:
///
/// - a device, FIFO or socket (`/dev/null`, a named pipe) is written
///   directly: renaming over it would replace the device with a file;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` are the process's own
///   descriptors, written as they are open (appending if the shell opened
///   them so), without `--force`: the shell made them;
/// - a symbolic link stays a link: the temporary file is made beside the
///   file its links lead to and renamed over that file (with `--force`
///   when it exists), so the old content stays whole until the new is
///   complete and the link still points where it did (``OutputTarget``).
///
/// A replaced file keeps its permission bits (and owner, when the process
/// may give it); a file the user may not write, or with no write bit at
/// all, is not replaced even with `--force` (``OutputTarget``).
///
/// An output that is one of the command's inputs — by device and inode, so
/// through any hard or symbolic link — is refused before anything is
/// opened for writing (``checkNotAnInput(_:inputs:)``).
///
/// NB: the temporary file is registered with ``TemporaryFiles``, whose
/// handler removes it when a signal ends the process. SIGKILL cannot be
/// caught: each run first removes the `.NAME.tmp-PID` files of its output
/// whose process no longer exists.
struct OutputFile {
  let path: String
  private let replacing: Bool
  private var descriptor: Int32 = -1
  private var temporaryPath = ""
  private var temporarySlot: Int?
  private var buffer: [UInt8] = []
  /// Whether the output is written straight to a special file or
  /// descriptor.
  private var isDirect = false
  /// The file renamed over on commit: the path, or where its links lead.
  private var targetPath = ""
  /// How many bytes apart the file's blocks are handed to the disk as they
  /// are written (``startWriting(every:)``); 0 for never.
  private var writeBackInterval = 8 << 20
  /// The bytes written to the file so far, and those handed to the disk.
  private var written = 0
  private var writtenBack = 0

  /// Whether the output is standard output.
  var isStandardOutput: Bool { path == "-" }

  /// Opens the output; throws when it is one of `inputs`, when the file
  /// exists (without `replacing`) or cannot be created.
  init(path: String, replacing: Bool, inputs: [String] = []) throws(CommandError) {
    self.path = path
    self.replacing = replacing
    try Self.checkNotAnInput(path, inputs: inputs)
    guard path != "-" else { return }
    if let own = Platform.ownDescriptor(named: path) {
      isDirect = true
      descriptor = Platform.duplicate(own)
      guard descriptor >= 0 else {
        throw .cannotCreate("Cannot write to '\(path)': \(Platform.errorText)")
      }
      return
    }
    if Platform.isSpecialFile(path) {
      isDirect = true
      descriptor = Platform.openForWriting(path)
      guard descriptor >= 0 else {
        throw .cannotCreate("Cannot write to '\(path)': \(Platform.errorText)")
      }
      return
    }
    if Platform.isDirectory(path) {
      throw .cannotCreate("Cannot create '\(path)': it is a directory")
    }
    let target = try OutputTarget(path, replacing: replacing)
    targetPath = target.path
    temporaryPath = target.temporaryPath()
    Platform.remove(temporaryPath)
    // NB: registered before it exists, so that no signal finds it made and
    // not yet registered.
    temporarySlot = TemporaryFiles.register(temporaryPath)
    descriptor = target.createTemporary(temporaryPath)
    guard descriptor >= 0 else {
      let reason = Platform.errorText
      TemporaryFiles.unregister(temporarySlot)
      throw .cannotCreate("Cannot create '\(path)': \(reason)")
    }
    buffer.reserveCapacity(1 << 20)
  }

  /// Opens a second output of a run (`--sweeps-csv`), `nil` for none;
  /// when it cannot be opened, `first` is discarded before the error is
  /// thrown, so that its temporary file is not left behind.
  static func second(
    _ path: String?, replacing: Bool, inputs: [String], after first: inout OutputFile
  ) throws(CommandError) -> OutputFile? {
    guard let path else { return nil }
    do {
      return try OutputFile(path: path, replacing: replacing, inputs: inputs)
    } catch {
      first.discard()
      throw error
    }
  }

  /// Throws a `cannotCreate` error (exit 73) when `output` is the same file
  /// as one of `inputs` (a directory stands for the trace files in it):
  /// writing it would destroy the input. `-` is standard input or output.
  static func checkNotAnInput(_ output: String, inputs: [String]) throws(CommandError) {
    // NB: standard output is what descriptor 1 is, and nothing else: the
    // identity of the path "-" is standard input's, which compared standard
    // input with itself whenever standard output was not a regular file
    // (a pipe, a terminal, /dev/null).
    let written: FileIdentity?
    if output == "-" {
      written = Platform.identity(ofDescriptor: 1)
    } else if let descriptor = Platform.ownDescriptor(named: output) {
      written = Platform.identity(ofDescriptor: descriptor)
    } else {
      written = Platform.identity(of: output)
    }
    guard let written else { return }
    // NB: what expanding skips is said when the inputs are read.
    var quiet = BufferedIO(input: "")
    let files = (try? TraceInput.expand(inputs, io: &quiet)) ?? inputs
    for input in files where Platform.identity(of: input) == written {
      let shown = output == "-" ? "standard output" : "'\(output)'"
      let source = input == "-" ? "standard input" : "'\(input)'"
      throw .cannotCreate(
        "\(shown) is the input \(source); writing it would destroy it. Choose another output")
    }
  }

  /// The temporary sibling of `path` for this process, after removing the
  /// ones of processes that no longer exist (left by SIGKILL or a crash).
  static func removingLeftovers(of path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let prefix = ".\(name).tmp-"
    for entry in Platform.allNames(in: directory) where entry.hasPrefix(prefix) {
      let process = entry.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let id = Int32(process), id > 0, id != Platform.processID,
        !Platform.processExists(id)
      else { continue }
      Platform.remove(directory + entry)
    }
    return "\(directory)\(prefix)\(Platform.processID)-\(TemporaryFiles.nextSerial())"
  }

  /// Throws a `cannotCreate` error (exit 73) when two outputs of one run
  /// are the same regular file — by device and inode, through any link —
  /// or would be created as the same file: one would overwrite the other.
  /// `options` name the outputs in the message.
  static func checkDistinct(
    _ first: String, _ second: String, options: (String, String)
  ) throws(CommandError) {
    guard first != "-", second != "-" else { return }
    let same: Bool
    if let a = Platform.identity(of: first), let b = Platform.identity(of: second) {
      same = a == b
    } else if Platform.exists(first) || Platform.exists(second) {
      same = false
    } else {
      // Neither exists yet: the same name in the same directory.
      let (a, b) = (Self.place(of: first), Self.place(of: second))
      same = a.name == b.name && a.directory != nil && a.directory == b.directory
    }
    guard same else { return }
    throw .cannotCreate(
      "\(options.0) and \(options.1) name the same file, '\(second)'; one would overwrite the "
        + "other. Choose another")
  }

  /// A path's directory (by identity) and last name.
  private static func place(of path: String) -> (directory: FileIdentity?, name: Substring) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? "."
    let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
    return (Platform.directoryIdentity(of: directory), name)
  }

  /// Starts writing the file to disk every `interval` bytes written (8 MiB
  /// unless set), so that the sync of ``commit()`` waits only for the last
  /// of them.
  // NB: synth and convert write hundreds of megabytes and then sync them:
  // without this, the sync wrote them all after the last trace; with it
  // the disk works while the command does. Every
  // file written here is synced on commit, so every command gets it. Only a
  // regular file written through a temporary file is affected; the bytes
  // are the same.
  mutating func startWriting(every interval: Int) {
    writeBackInterval = interval
  }

  /// Counts `count` bytes written to the file, and hands the disk what
  /// ``startWriting(every:)`` asks for.
  private mutating func wrote(_ count: Int) {
    written += count
    guard writeBackInterval > 0, !isDirect, written - writtenBack >= writeBackInterval else {
      return
    }
    Platform.startWriting(descriptor, offset: writtenBack, count: written - writtenBack)
    writtenBack = written
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

  /// Appends UTF-8 text given as an array of bytes; large blocks go
  /// straight to the file, without a copy.
  mutating func write(bytes: [UInt8], io: inout some ToolIO) throws(CommandError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CommandError) in
      try write(bytes: buffer, io: &io)
    }
  }

  /// Appends UTF-8 text given as bytes; large blocks go straight to the
  /// file.
  mutating func write(
    bytes: UnsafeBufferPointer<UInt8>, io: inout some ToolIO
  ) throws(CommandError) {
    if isStandardOutput {
      io.write(bytes: bytes)
      return
    }
    guard buffer.count + bytes.count >= 1 << 20 else {
      buffer.append(contentsOf: bytes)
      return
    }
    try flush()
    guard Platform.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) else {
      let reason = Platform.errorText
      discard()
      throw .ioError("Cannot write '\(path)': \(reason)")
    }
    wrote(bytes.count)
  }

  private mutating func flush() throws(CommandError) {
    let ok = buffer.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
    let count = buffer.count
    buffer.removeAll(keepingCapacity: true)
    if !ok {
      let reason = Platform.errorText
      discard()
      throw .ioError("Cannot write '\(path)': \(reason)")
    }
    wrote(count)
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
      removeTemporary()
      throw .ioError("Cannot write '\(path)': \(reason)")
    }
    guard Platform.moveIntoPlace(temporaryPath, targetPath, replacing: replacing) else {
      let reason = Platform.errorText
      removeTemporary()
      throw .cannotCreate("Cannot create '\(path)': \(reason)")
    }
    TemporaryFiles.unregister(temporarySlot)
  }

  private mutating func removeTemporary() {
    Platform.remove(temporaryPath)
    TemporaryFiles.unregister(temporarySlot)
    temporarySlot = nil
  }

  /// Removes the temporary file: the run failed.
  mutating func discard() {
    guard descriptor >= 0 else { return }
    Platform.close(descriptor)
    descriptor = -1
    if !isDirect { removeTemporary() }
  }
}
