import GestureTrace

/// Where a recording goes: a trace file that grows one whole trace at a
/// time, or standard output for `-`.
///
/// A new file is created at once and gets the format's header; then each
/// finished trace is encoded and written with one `write` call followed by
/// `fsync`.
///
/// An existing file (only with `replacing`, `--force`) is left untouched
/// until the first trace is finished: the header and that trace are written
/// to a temporary sibling (`.NAME.tmp-PID`), synced and renamed over it,
/// and the following traces are appended to the renamed file. So a run
/// that fails or is interrupted before its first trace keeps the old file
/// whole, and one that succeeds without a trace replaces it with a header
/// alone. A symbolic link stays a link: the temporary file is made beside
/// the file its links lead to and renamed over that file; the replaced
/// file's mode is kept, and a file the user may not write is refused
/// (``OutputTarget``). A device, FIFO or `/dev/stdout` is written in place
/// from the start. An output that is the input (by device and inode) is
/// refused before anything is opened.
///
/// NB: unlike ``OutputFile``, which writes a temporary file and renames it
/// into place when the command succeeds, a recording is written in place:
/// it must be readable (`tail -f`, `gesturetrace info`) while it is in
/// progress, and a recorder killed by Ctrl-C, SIGTERM, SIGHUP or a closed
/// terminal must keep every gesture already finished, which a temporary
/// file would lose. A single write of a whole trace to a regular file is not
/// split by signals, and the fsync after it means a crash of the machine can
/// lose at most the trace being written; a reader never sees half a trace
/// except in that case, and then only at the end of the file.
///
/// NB: an empty recording keeps its header-only file when the run succeeds
/// (a valid trace file with no traces: the recorder ran and saw no pan); when
/// the run fails before any trace was appended, a file it created is
/// removed, as ``OutputFile`` leaves nothing behind, and a file it was to
/// replace is left as it was.
struct TraceAppender {
  /// The output path; `-` is standard output.
  let path: String
  /// The file format.
  let format: TraceFileFormat
  private let encoder: any TraceEncoder
  private var descriptor: Int32 = -1
  /// The file's length in bytes.
  private var length = 0
  /// The file's length before each trace still in it, for ``removeLast()``.
  private var starts: [Int] = []
  /// The existing file the first trace replaces, if it is yet to be.
  private var pending: OutputTarget?
  /// Whether this run created the file (and removes it when it fails
  /// empty).
  private var created = false

  /// The number of traces in the output.
  private(set) var count = 0

  /// Whether the output is standard output.
  var isStandardOutput: Bool { path == "-" }

  /// Opens the output and writes the file header (for an existing file,
  /// at the first trace).
  ///
  /// - Throws: `cannotCreate` (exit 73) when the output is one of `inputs`,
  ///   when the file exists and `replacing` is false, or when it cannot be
  ///   created; `ioError` when the header cannot be written.
  init(
    path: String, format: TraceFileFormat, columns: CSVColumns, replacing: Bool,
    inputs: [String] = [], io: inout some ToolIO
  ) throws(CommandError) {
    self.path = path
    self.format = format
    encoder = format.makeEncoder(columns: columns)
    try OutputFile.checkNotAnInput(path, inputs: inputs)
    let header = encoder.fileHeader()
    guard path != "-" else {
      io.write(header)
      return
    }
    if let own = Platform.ownDescriptor(named: path) {
      descriptor = Platform.duplicate(own)
    } else if Platform.isSpecialFile(path) {
      descriptor = Platform.openForWriting(path)
    } else if Platform.isDirectory(path) {
      throw .cannotCreate("Cannot create '\(path)': it is a directory")
    } else if Platform.exists(path) || Platform.isSymbolicLink(path) {
      guard replacing else {
        throw .cannotCreate("'\(path)' already exists; pass --force to replace it")
      }
      let target = try OutputTarget(path, replacing: true)
      pending = target
      _ = target.temporaryPath()
      return
    } else {
      descriptor = Platform.createRecording(path, replacing: false)
      created = true
    }
    guard descriptor >= 0 else {
      if !replacing, Platform.exists(path) {
        throw .cannotCreate("'\(path)' already exists; pass --force to replace it")
      }
      throw .cannotCreate("Cannot create '\(path)': \(Platform.errorText)")
    }
    try writeFirst(header, removingOnFailure: created ? path : nil)
  }

  /// Replaces the existing file with the header followed by `text`.
  private mutating func replaceExisting(with text: String) throws(CommandError) {
    guard let target = pending else { return }
    let content = encoder.fileHeader() + text
    let temporary = target.temporaryPath()
    Platform.remove(temporary)
    let slot = TemporaryFiles.register(temporary)
    defer { TemporaryFiles.unregister(slot) }
    descriptor = target.createTemporary(temporary, appending: true)
    guard descriptor >= 0 else {
      throw .cannotCreate("Cannot create '\(path)': \(Platform.errorText)")
    }
    try writeFirst(content, removingOnFailure: temporary)
    guard Platform.rename(temporary, over: target.path) else {
      let reason = Platform.errorText
      abandon(removing: temporary)
      throw .cannotCreate("Cannot create '\(path)': \(reason)")
    }
    pending = nil
    length = content.utf8.count
  }

  /// Appends one finished trace: one write, then a sync to disk. Returns
  /// the problem, writing nothing, when the trace would make a line longer
  /// than the format's readers take (`line` is where it starts).
  @discardableResult
  mutating func append(
    _ trace: Trace, line: Int = 1, io: inout some ToolIO
  ) throws(CommandError) -> TraceFileProblem? {
    var text = ""
    if let problem = encoder.encodeReadably(trace, line: line, into: &text) { return problem }
    count += 1
    if isStandardOutput {
      io.write(text)
      return nil
    }
    if pending != nil {
      do {
        try replaceExisting(with: text)
      } catch {
        count -= 1
        throw error
      }
      starts.append(length - text.utf8.count)
      return nil
    }
    let start = length
    do {
      try writeAndSync(text)
    } catch {
      // NB: leave no half trace behind a failed write.
      _ = Platform.truncate(descriptor, to: start)
      count -= 1
      throw error
    }
    starts.append(start)
    return nil
  }

  /// Removes the last trace appended (the terminal recorder's undo); returns
  /// false when there is none or the output is standard output, where
  /// nothing can be taken back.
  mutating func removeLast() throws(CommandError) -> Bool {
    guard !isStandardOutput, descriptor >= 0, let start = starts.popLast() else { return false }
    guard Platform.truncate(descriptor, to: start), Platform.sync(descriptor) else {
      throw .ioError("Cannot write '\(path)': \(Platform.errorText)")
    }
    length = start
    count -= 1
    return true
  }

  /// Closes the file. When `failed` and no trace was appended, a file this
  /// run created is removed and a file it was to replace stays as it was;
  /// otherwise the file stays as written (an existing file that got no
  /// trace is replaced by a header alone when the run succeeded).
  mutating func close(failed: Bool = false) {
    if pending != nil, !failed {
      // NB: a failure here leaves the old file as it was; the run's
      // outcome does not change for it.
      try? replaceExisting(with: "")
    }
    guard descriptor >= 0 else { return }
    abandon(removing: failed && count == 0 && created ? path : nil)
  }

  /// Writes a new file's first text; on failure closes the file and
  /// removes `file` (the one just created), so that nothing half-written
  /// is left.
  private mutating func writeFirst(
    _ text: String, removingOnFailure file: String?
  ) throws(CommandError) {
    do {
      try writeAndSync(text)
    } catch {
      abandon(removing: file)
      throw error
    }
  }

  /// Closes the file (after a failure, or at the end), and removes `file`
  /// when given.
  private mutating func abandon(removing file: String?) {
    Platform.close(descriptor)
    descriptor = -1
    if let file { Platform.remove(file) }
  }

  private mutating func writeAndSync(_ text: String) throws(CommandError) {
    var text = text
    let ok = text.withUTF8 { bytes in
      Platform.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) && Platform.sync(descriptor)
    }
    guard ok else { throw .ioError("Cannot write '\(path)': \(Platform.errorText)") }
    length += text.utf8.count
  }
}
