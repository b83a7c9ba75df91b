import GestureTrace

/// A regular CSV or JSON Lines trace file read in pieces on every core:
/// the one engine of `analyze`, `convert` and `info`.
///
/// The file is mapped and cut into pieces (``TracePiece``): a CSV file
/// after its preamble into pieces of whole traces
/// (``GestureTrace/CSVTraceSplitter``), a JSON Lines file into pieces of
/// whole lines. A command's `read` makes its part (``PiecePart``) of each
/// piece on a thread, with a decoder of its own
/// (``TracePiece/decode(eventSink:while:_:)``), and its `take` gets the
/// parts in input order (``OrderedWork``).
///
/// What the commands write is the one one reader of the whole file
/// writes, for any number of threads and piece size: a part that cannot
/// stand for it (``PiecePart/isIrregular``, a trace id of an earlier
/// piece, or one `take` refuses) stops the pieces, and ``Progress`` says
/// how many traces were taken, so that one reader goes on after them and
/// meets the problem there.
final class PiecedFile: @unchecked Sendable {
  // NB: every stored property is constant; the mapping is unmapped only
  // when the file is released, after every piece is read.
  let path: String
  private let file: (descriptor: Int32, size: Int)
  private let address: UnsafeRawPointer
  /// For CSV, the bytes up to and including the header, and the position
  /// of its trace column.
  private let head: (preamble: [UInt8], idField: Int)?

  /// How far the pieces got.
  struct Progress {
    /// The number of traces read by the parts taken (``PiecePart/readCount``).
    var traceCount = 0
    /// Whether every piece's part was taken.
    var tookEveryPiece = false

    /// Whether the pieces read the whole file: every part was taken and
    /// they held a trace. A file without traces is read by one reader,
    /// which reports a problem of its preamble alone.
    var isComplete: Bool { tookEveryPiece && traceCount > 0 }
  }

  private init(
    path: String, file: (descriptor: Int32, size: Int), address: UnsafeRawPointer,
    head: (preamble: [UInt8], idField: Int)?
  ) {
    self.path = path
    self.file = file
    self.address = address
    self.head = head
  }

  /// The size of the file in bytes.
  var size: Int { file.size }

  /// For CSV, the bytes up to and including the header, which each
  /// piece's decoder reads first; `nil` for JSON Lines.
  var preamble: [UInt8]? { head?.preamble }

  deinit {
    Platform.unmap(address, size: file.size)
    Platform.close(file.descriptor)
  }

  /// Opens and maps a file to read in pieces; `nil` for standard input,
  /// anything but a regular file, a file that cannot be opened or mapped,
  /// and a CSV file without a valid preamble: one reader reads those.
  ///
  /// The format is `format`, or else the extension's, or else the one the
  /// first bytes look like, as one reader decides it.
  // NB: a FIFO or a device is read once, as a stream: opening it again
  // for one reader after the pieces' look would wait for a new writer.
  static func open(_ path: String, format: TraceFileFormat?) throws(CommandError) -> PiecedFile? {
    guard path != "-", Platform.isRegularFile(path),
      let file = try? Platform.openForReading(path)
    else { return nil }
    guard let address = Platform.mapReadOnly(file.descriptor, size: file.size) else {
      Platform.close(file.descriptor)
      return nil
    }
    func release() {
      Platform.unmap(address, size: file.size)
      Platform.close(file.descriptor)
    }
    do throws(CommandError) {
      var head = try read(0..<min(file.size, 1 << 16), of: file.descriptor, path: path)
      let detected = format ?? TraceFileFormat(path: path) ?? TraceFileFormat(sniffing: head)
      var preamble: (preamble: [UInt8], idField: Int)?
      while detected == .csv, preamble == nil {
        let found = head.withUnsafeBufferPointer {
          CSVTraceSplitter.preamble($0, isWholeFile: head.count == file.size)
        }
        switch found {
        case .header(let end, let idField):
          preamble = (Array(head[..<end]), idField)
        case .invalid:
          release()
          return nil
        case .needsMoreBytes:
          head = try read(
            0..<min(file.size, head.count * 4), of: file.descriptor, path: path)
        }
      }
      return PiecedFile(path: path, file: file, address: address, head: preamble)
    } catch {
      release()
      throw error
    }
  }

  /// The whole file's bytes.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Reads the file in pieces of about `pieceSize` bytes on `jobs`
  /// threads: `read` makes each piece's part on a thread, with what
  /// `context` gave when the piece was handed out, and `take` gets the
  /// parts in input order until one is irregular, repeats a trace id of
  /// an earlier part, or `take` returns false.
  func readPieces<Context: Sendable, Part: PiecePart>(
    jobs: Int, pieceSize: Int, context: () -> Context,
    read: @escaping @Sendable (TracePiece, Context) -> Part,
    take: (Part) throws(CommandError) -> Bool
  ) throws(CommandError) -> Progress {
    var splitter = CSVTraceSplitter(idField: head?.idField ?? 0)
    var start = preamble?.count ?? 0
    func next() throws(CommandError) -> (TracePiece, Context)? {
      guard start < size else { return nil }
      let end =
        preamble == nil
        ? try lineCut(after: start + pieceSize)
        : try cut(after: start + pieceSize, splitter: &splitter)
      defer { start = end }
      let piece = TracePiece(
        bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), offset: start,
        preamble: preamble)
      return (piece, context())
    }
    let work = { @Sendable [self] (piece: TracePiece, context: Context) -> (Part, Int) in
      let part = read(piece, context)
      // NB: read pages count as this process's memory until released.
      Platform.releasePages(address, piece.offset..<piece.offset + piece.bytes.count)
      return (part, piece.bytes.count)
    }
    var progress = Progress()
    var seenIDs = IDHashSet()
    func takeNext(_ done: (part: Part, byteCount: Int)) throws(CommandError) -> Bool {
      let part = done.part
      guard !part.isIrregular else { return false }
      if progress.traceCount == 0, done.byteCount > 0 {
        // About as many traces per byte in the rest of the file (at most
        // 2^20 of them: 16 MB of table, should the first piece mislead).
        seenIDs.reserveCapacity(min(1 << 20, part.readCount * (size / done.byteCount + 1)))
      }
      guard seenIDs.insert(contentsOf: part.idHashes), try take(part) else { return false }
      progress.traceCount += part.readCount
      return true
    }
    progress.tookEveryPiece = try OrderedWork<(TracePiece, Context), (Part, Int)>.run(
      threads: jobs, work: work, next: next, take: takeNext)
    return progress
  }

  // MARK: - Cuts

  /// The offset of the first cut of a CSV file after `offset`, or the end
  /// of the file.
  private func cut(after offset: Int, splitter: inout CSVTraceSplitter) throws(CommandError)
    -> Int
  {
    guard offset < size else { return size }
    var length = 1 << 16
    while true {
      let window = try Self.read(
        (offset - 1)..<min(size, offset - 1 + length), of: file.descriptor, path: path)
      let isFinal = offset - 1 + window.count >= size
      let found = window.withUnsafeBufferPointer { splitter.cut(in: $0, isFinal: isFinal) }
      if let found { return offset - 1 + found }
      length *= 4
    }
  }

  /// The end of the line that holds the byte before `offset` (just after
  /// its line feed), or the end of the file: the end of the JSON Lines
  /// piece that reaches `offset`.
  private func lineCut(after offset: Int) throws(CommandError) -> Int {
    // NB: read, not looked up in the mapping: pages of the mapping touched
    // ahead of their piece stay counted as memory.
    var start = max(offset - 1, 0)
    while start < size {
      let window = try Self.read(
        start..<min(size, start + (1 << 14)), of: file.descriptor, path: path)
      if let found = window.firstIndex(of: 0x0A) { return start + found + 1 }
      start += window.count
    }
    return size
  }

  /// The bytes of a range of a file.
  private static func read(_ range: Range<Int>, of descriptor: Int32, path: String)
    throws(CommandError) -> [UInt8]
  {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
      if let got = Platform.readBytes(descriptor, into: buffer, atOffset: range.lowerBound) {
        count = got
      } else {
        count = 0
        failed = true
      }
    }
    if failed { throw .noInput("Cannot read '\(path)': \(Platform.errorText)") }
    return bytes
  }
}
