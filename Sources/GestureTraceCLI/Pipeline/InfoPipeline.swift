import GestureTrace

/// Reads a CSV trace file for `info` on every core: the file is mapped and
/// cut into pieces of whole traces (``GestureTrace/CSVTraceSplitter``),
/// each measured by its own decoder on a thread into an ``InfoPart``, and
/// the parts are added to the tally in input order (``OrderedWork``).
///
/// The tally is the one one reader gives, for any `jobs` and piece size:
/// a piece that cannot be read on its own as the whole file reads (a
/// problem in it, metadata for a trace in another piece, a trace id seen
/// in an earlier piece) stops the parallel path, and one reader goes on
/// after the traces taken (``Outcome/readCount``), so that problems are
/// reported or skipped as before.
struct InfoPipeline {
  /// The most threads used at once.
  let jobs: Int
  /// The size a piece of file is cut at (then extended to a trace's end).
  var pieceSize = 2 << 20
  /// The most distinct sampling intervals a piece counts.
  var distinctIntervals = IntervalCounts.pieceLimit

  /// How far the pieces got.
  // NB: a file without traces is read by one reader: a problem in its
  // preamble alone (`# gesturetrace: 2` and a header) is reported there.
  struct Outcome {
    /// The number of traces read, those left out included, from the
    /// start of the file.
    var readCount = 0
    /// Whether every trace of the file was read.
    var isComplete = false
  }

  /// Adds the traces of a regular CSV file to `tally` piece by piece; the
  /// outcome says how far it got (nowhere for standard input, JSON Lines,
  /// or a file that cannot be mapped).
  func add(_ path: String, format: TraceFileFormat?, to tally: InfoTally) throws(CommandError)
    -> Outcome
  {
    guard path != "-", Platform.isRegularFile(path),
      let file = try? Platform.openForReading(path)
    else { return Outcome() }
    defer { Platform.close(file.descriptor) }
    guard let address = Platform.mapReadOnly(file.descriptor, size: file.size) else {
      return Outcome()
    }
    defer { Platform.unmap(address, size: file.size) }
    let mapping = MappedFile(address: address)
    let reader = PieceReader(
      path: path, descriptor: file.descriptor, size: file.size, mapping: mapping)
    guard let head = try reader.preamble(format: format) else { return Outcome() }
    let preamble = head.bytes
    var splitter = CSVTraceSplitter(idField: head.idField)
    var start = preamble.count
    let pieceSize = pieceSize
    let distinctIntervals = distinctIntervals
    func nextPiece() throws(CommandError) -> Range<Int>? {
      guard start < file.size else { return nil }
      let end = try reader.cut(after: start + pieceSize, splitter: &splitter)
      defer { start = end }
      return start..<end
    }
    let work = { @Sendable (range: Range<Int>) -> InfoPart in
      let bytes = UnsafeBufferPointer(
        start: mapping.address.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
        count: range.count)
      let part = Self.measure(bytes, preamble: preamble, distinctIntervals: distinctIntervals)
      // NB: read pages count as this process's memory until released.
      Platform.releasePages(mapping.address, range)
      return part
    }
    var outcome = Outcome()
    var seenIDs = IDHashSet()
    func take(_ part: InfoPart) throws(CommandError) -> Bool {
      guard !part.isIrregular, seenIDs.insert(contentsOf: part.idHashes) else { return false }
      tally.add(part)
      outcome.readCount += part.readCount
      return true
    }
    guard
      try OrderedWork<Range<Int>, InfoPart>.run(
        threads: jobs, work: work, next: nextPiece, take: take)
    else { return outcome }
    outcome.isComplete = outcome.readCount > 0
    return outcome
  }

  /// Reads a piece with a decoder of its own, fed the file's preamble
  /// first, and measures its traces.
  private static func measure(
    _ bytes: UnsafeBufferPointer<UInt8>, preamble: [UInt8], distinctIntervals: Int
  ) -> InfoPart {
    var part = InfoPart(distinctIntervals: distinctIntervals)
    var decoder = CSVTraceDecoder()
    func handle(_ item: TraceFileItem) {
      guard !part.isIrregular else { return }
      switch item {
      case .trace(let trace, _): part.add(trace)
      case .problem: part.isIrregular = true
      }
    }
    preamble.withUnsafeBufferPointer { decoder.push($0, into: handle) }
    decoder.push(bytes, into: handle)
    if decoder.hasPendingTraceMetadata { part.isIrregular = true }
    decoder.finish(into: handle)
    // NB: every trace of a regular piece was started and handed over, so
    // the decoder's ids are the piece's.
    part.idHashes = decoder.startedTraceIDHashes
    return part
  }
}
