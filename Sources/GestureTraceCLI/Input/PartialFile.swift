import GestureTrace

/// A partial summary file (`analyze --partial`) read line by line through
/// a ``PartialReader``: its header first, on its own, then the rest.
///
/// The file is opened once and read once, from its start to its end: the
/// header is the first line of the same stream the items follow, so a
/// FIFO, `/dev/stdin` or a process substitution reads as a regular file
/// does. Lines are cut by a ``PartialLineBuffer`` (at most
/// ``PartialLineBuffer/maximumLineLength`` bytes each).
///
/// A problem in the file is a data error naming the file, line and column;
/// a missing or unreadable file is a no-input error.
struct PartialFile {
  /// The path as given (`-` for standard input).
  let path: String
  /// The header, once read.
  private(set) var header: PartialHeader?
  /// The catalog the header's specs are looked up in.
  let catalog: TransitionCatalog
  /// The open file and what was read of it, shared by copies.
  private let stream: Stream

  /// The open file, its reader and the bytes read past the last line.
  private final class Stream {
    var descriptor: Int32 = -1
    var buffer = PartialLineBuffer()
    var reader: PartialReader
    var isFinished = false
    /// The lines handed out (kept apart from the buffer, which is being
    /// changed while a line is handed out).
    var lineNumber = 0

    init(catalog: TransitionCatalog) {
      reader = PartialReader(catalog: catalog)
    }

    func close() {
      if descriptor > 0 { Platform.close(descriptor) }
      descriptor = -1
    }

    deinit { close() }
  }

  /// The file at `path`, not yet read, whose specs name built-in
  /// transitions.
  init(path: String) {
    self.init(path: path, catalog: .builtIn)
  }

  /// The file at `path`, not yet read, whose specs name transitions of
  /// `catalog`.
  init(path: String, catalog: TransitionCatalog) {
    self.path = path
    self.catalog = catalog
    stream = Stream(catalog: catalog)
  }

  /// How messages name the file.
  var displayName: String { TraceInput.displayName(path) }

  /// The number of the last line read.
  var lineNumber: Int { stream.lineNumber }

  /// Opens the file and reads its header line.
  mutating func readHeader() throws(CommandError) {
    stream.descriptor = try Platform.openInput(path)
    var found: PartialHeader?
    try lines { line throws(CommandError) in
      if case .header(let header) = try read(line) { found = header }
      return false
    }
    header = found
  }

  /// Reads every line after the header, handing each item and its line
  /// (without its line feed) to `body`, then checks that the file ended
  /// where the format says.
  func readItems(
    _ body: (PartialItem, ArraySlice<UInt8>) throws(CommandError) -> Void
  ) throws(CommandError) {
    try lines { line throws(CommandError) in
      try body(try read(line), line)
      return true
    }
  }

  private func read(_ line: ArraySlice<UInt8>) throws(CommandError) -> PartialItem {
    do throws(PartialProblem) {
      return try stream.reader.read(Array(line))
    } catch {
      throw .dataError("\(displayName):\(error)")
    }
  }

  /// Hands each line of the file not yet read to `body`, while it returns
  /// true; at the end of the file, checks that the partial is complete
  /// and closes the file.
  private func lines(
    _ body: (ArraySlice<UInt8>) throws(CommandError) -> Bool
  ) throws(CommandError) {
    var failure: CommandError?
    // NB: the buffer throws only PartialProblem; `body`'s errors are kept
    // aside and end the reading.
    func take(_ line: ArraySlice<UInt8>) -> Bool {
      stream.lineNumber += 1
      do throws(CommandError) {
        return try body(line)
      } catch {
        failure = error
        return false
      }
    }
    var more = try cut { buffer throws(PartialProblem) in try buffer.drain(take) }
    while more, !stream.isFinished {
      if let failure { throw failure }
      guard let chunk = Platform.readChunk(stream.descriptor, count: 1 << 20) else {
        stream.close()
        throw .noInput("Cannot read '\(path)': \(Platform.errorText)")
      }
      if chunk.isEmpty {
        stream.isFinished = true
        break
      }
      more = try cut { buffer throws(PartialProblem) in
        try chunk.withUnsafeBufferPointer { bytes throws(PartialProblem) in
          try buffer.push(bytes, take)
        }
      }
    }
    if let failure {
      stream.close()
      throw failure
    }
    guard more else { return }
    stream.close()
    _ = try cut { buffer throws(PartialProblem) in
      try stream.reader.finish(unterminated: buffer.hasUnterminatedLine)
      return true
    }
  }

  /// Runs `step` on the line buffer, a problem in the partial becoming a
  /// data error naming the file.
  private func cut(
    _ step: (inout PartialLineBuffer) throws(PartialProblem) -> Bool
  ) throws(CommandError) -> Bool {
    do throws(PartialProblem) {
      return try step(&stream.buffer)
    } catch {
      stream.close()
      throw .dataError("\(displayName):\(error)")
    }
  }
}
