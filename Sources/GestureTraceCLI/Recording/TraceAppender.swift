import GestureTrace

/// Where a recording goes: a trace file that grows one whole trace at a
/// time, or standard output for `-`.
///
/// The file is created at once (an existing one only with `replacing`,
/// `--force`) and gets the format's header; then each finished trace is
/// encoded and written with one `write` call followed by `fsync`.
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
/// the run fails before any trace was appended, the file is removed, as
/// ``OutputFile`` leaves nothing behind.
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

  /// The number of traces in the output.
  private(set) var count = 0

  /// Whether the output is standard output.
  var isStandardOutput: Bool { path == "-" }

  /// Creates the output and writes the file header.
  ///
  /// - Throws: `cannotCreate` (exit 73) when the file exists and `replacing`
  ///   is false, or when it cannot be created; `ioError` when the header
  ///   cannot be written.
  init(
    path: String, format: TraceFileFormat, columns: CSVColumns, replacing: Bool,
    io: inout some ToolIO
  ) throws(CommandError) {
    self.path = path
    self.format = format
    encoder = format.makeEncoder(columns: columns)
    let header = encoder.fileHeader()
    guard path != "-" else {
      io.write(header)
      return
    }
    descriptor = Platform.createRecording(path, replacing: replacing)
    guard descriptor >= 0 else {
      if !replacing, Platform.exists(path) {
        throw .cannotCreate("'\(path)' already exists; pass --force to replace it")
      }
      throw .cannotCreate("Cannot create '\(path)': \(Platform.errorText)")
    }
    do {
      try writeAndSync(header)
    } catch {
      Platform.close(descriptor)
      descriptor = -1
      Platform.remove(path)
      throw error
    }
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

  /// Closes the file. When `failed` and no trace was appended, the file is
  /// removed; otherwise it stays as written.
  mutating func close(failed: Bool = false) {
    guard descriptor >= 0 else { return }
    Platform.close(descriptor)
    descriptor = -1
    if failed && count == 0 { Platform.remove(path) }
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
