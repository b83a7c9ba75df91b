import GestureTrace

/// Reads trace files and analyzes their traces on every core, handing the
/// results to a ``TraceAnalyzer`` in input order.
///
/// A CSV file is cut into pieces of whole traces (``CSVTraceSplitter``), a
/// JSON Lines file into pieces of whole lines, that are read and analyzed
/// in parallel, each by its own decoder. A piece that cannot be read on its
/// own exactly as the whole file reads (one with a problem, or with metadata
/// for a trace in another piece, or a trace id seen in an earlier piece)
/// stops that: the file is then read again from the start by one decoder,
/// skipping the traces already taken, so every result and every message is
/// the one a single reader gives. Standard input, a FIFO or a device is read
/// by one decoder, with the analysis in parallel.
struct AnalysisPipeline {
  /// Takes the runs of traces analyzed, in input order.
  var analyzer: TraceAnalyzer
  /// The most threads used at once.
  let jobs: Int
  /// The size a piece of file is cut at (then extended to a trace's end).
  var pieceSize = 2 << 20
  /// With `--lenient`, where skipped problems are counted; otherwise the
  /// first problem ends the command. (A piece with a problem is read again
  /// by one decoder, which meets the problem here.)
  var lenient: SkippedProblems?
  /// The ids of the traces of the files analyzed before, by their 64-bit
  /// FNV-1a hash (as the decoders remember them): within one analysis a
  /// trace id is unique across all inputs.
  // NB: kept only when another file follows (one file costs nothing), and
  // looked up once per trace of a later file.
  var earlierIDs = IDHashSet()
  /// The files before, with the hashes of their ids, to name the first
  /// file of a repeated id.
  var earlierFiles: [(path: String, ids: [UInt64])] = []
  /// The hashes of the ids of the file being read, when another follows.
  var currentIDs: [UInt64] = []
  /// Whether no file follows the one being read.
  var isLastFile = true

  /// Analyzes every trace of a file; `isLast` says that no file follows
  /// (its ids need not be kept).
  ///
  /// A trace whose id a file before held is a data error (with
  /// `--lenient`, skipped) at the trace's first line, naming that file.
  mutating func analyze(
    _ path: String, format: TraceFileFormat?, isLast: Bool = true, output: inout OutputFile,
    io: inout some ToolIO
  ) throws(CommandError) {
    var skip = 0
    currentIDs = []
    isLastFile = isLast
    // NB: a FIFO or a device is read once, as a stream: opening it again
    // for one reader after the pieces' look would wait for a new writer.
    if path != "-", !Platform.isSpecialFile(path) {
      if let taken = try analyzeInPieces(path, format: format, output: &output, io: &io) {
        skip = taken
        try analyzeSequentially(path, format: format, skipping: skip, output: &output, io: &io)
      }
    } else {
      try analyzeSequentially(path, format: format, skipping: skip, output: &output, io: &io)
    }
    guard !isLast else { return }
    _ = earlierIDs.insert(contentsOf: currentIDs)
    earlierFiles.append((path, currentIDs))
    currentIDs = []
  }

  /// The problem of a trace whose id a file before held, on `line`.
  private func repeatedID(_ id: String, hash: UInt64, line: Int) -> TraceFileProblem {
    let first = earlierFiles.first { $0.ids.contains(hash) }?.path ?? "another file"
    return TraceFileProblem(
      line: line, column: 1,
      message: "expected a trace id not used before, found \(PartialProblem.quoted(id)) "
        + "(first in \(TraceInput.displayName(first)))", traceID: id)
  }

  // MARK: - One reader

  /// Reads the file with one decoder and analyzes batches of traces in
  /// parallel; the first `skip` traces are read but not analyzed.
  private mutating func analyzeSequentially(
    _ path: String, format: TraceFileFormat?, skipping skip: Int,
    output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var seen = 0
    var batch: [Trace] = []
    let batchSize = 256 * max(jobs, 1)
    try TraceInput.read(path, format: format, io: &io) {
      item, _, io throws(CommandError) in
      switch item {
      case .trace(let trace, let line):
        seen += 1
        if seen <= skip { return true }
        if !earlierFiles.isEmpty || !isLastFile {
          let hash = TraceIDHash.of(trace.id)
          if earlierIDs.contains(hash) {
            let problem = repeatedID(trace.id, hash: hash, line: line)
            guard let lenient else {
              throw .dataError("\(TraceInput.displayName(path)):\(problem)")
            }
            lenient.add(problem, in: path)
            return true
          }
          currentIDs.append(hash)
        }
        batch.append(trace)
        if batch.count == batchSize {
          try flush(batch, output: &output, io: &io)
          batch.removeAll(keepingCapacity: true)
        }
        return true
      case .problem(let problem):
        guard let lenient else {
          throw .dataError("\(TraceInput.displayName(path)):\(problem)")
        }
        lenient.add(problem, in: path)
        return true
      }
    }
    try flush(batch, output: &output, io: &io)
  }

  private mutating func flush(
    _ batch: [Trace], output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    guard !batch.isEmpty else { return }
    let slices = max(1, min(jobs, batch.count))
    let bounds = (0..<slices).map { index in
      (batch.count * index / slices)..<(batch.count * (index + 1) / slices)
    }
    let piece = analyzer.emptyPiece(listRoom: analyzer.listRoom)
    let parts = ParallelMap.map(bounds, jobs: jobs) { range in
      var part = AnalyzedRun(analyzer: piece)
      for trace in batch[range] { part.analyzer.add(idChecked: trace) }
      return part
    }
    for part in parts { try analyzer.absorb(part, output: &output, io: &io) }
  }

  // MARK: - Pieces

  /// Analyzes a CSV or JSON Lines file piece by piece; returns `nil` when
  /// done, or the number of traces taken before a piece that must be read
  /// by one decoder.
  private mutating func analyzeInPieces(
    _ path: String, format: TraceFileFormat?, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) -> Int? {
    let file = try Platform.openForReading(path)
    defer { Platform.close(file.descriptor) }
    let mapping = Platform.mapReadOnly(file.descriptor, size: file.size)
    defer { if let mapping { Platform.unmap(mapping, size: file.size) } }
    let reader = PieceReader(
      path: path, descriptor: file.descriptor, size: file.size,
      mapping: mapping.map(MappedFile.init))
    // NB: a JSON Lines piece has no preamble (`nil`) and ends after a line.
    let head = try reader.preamble(format: format)
    if head == nil, try !reader.isJSONLines(format: format) { return 0 }
    let preamble = head?.bytes
    var splitter = CSVTraceSplitter(idField: head?.idField ?? 0)
    var seenIDs = IDHashSet()
    var taken = 0
    var start = preamble?.count ?? 0
    let template = analyzer.emptyPiece()
    // The next piece, with what the parts taken so far leave for it to keep.
    func nextPiece() throws(CommandError) -> Piece? {
      guard start < file.size else { return nil }
      let end =
        preamble == nil
        ? try reader.lineCut(after: start + pieceSize)
        : try reader.cut(after: start + pieceSize, splitter: &splitter)
      defer { start = end }
      // NB: every part after those taken needs to keep no more samples
      // and list no more than they leave room for.
      return Piece(range: start..<end, listRoom: analyzer.listRoom)
    }
    // Takes the next part in order; false when the file must be read again
    // by one decoder.
    func take(_ part: AnalyzedRun) throws(CommandError) -> Bool {
      guard !part.isIrregular else { return false }
      if taken == 0, part.byteCount > 0 {
        // About as many traces per byte in the rest of the file (at most
        // 2^20 of them: 16 MB of table, should the first piece mislead).
        seenIDs.reserveCapacity(
          min(1 << 20, part.traceCount * (file.size / part.byteCount + 1)))
      }
      guard seenIDs.insert(contentsOf: part.idHashes) else { return false }
      // NB: an id of a file before: read again by one decoder, which
      // places the trace.
      if !earlierFiles.isEmpty, part.idHashes.contains(where: earlierIDs.contains) {
        return false
      }
      if !isLastFile { currentIDs += part.idHashes }
      try analyzer.absorb(part, output: &output, io: &io)
      // NB: the one decoder reading on skips the traces left out too.
      taken += part.traceCount + part.leftOut.count
      return true
    }
    let analyze = { @Sendable (piece: Piece) in
      reader.analyze(piece.range, preamble: preamble, template: template, listRoom: piece.listRoom)
    }
    let tookAll = try OrderedWork<Piece, AnalyzedRun>.run(
      threads: jobs, work: analyze, next: nextPiece, take: take)
    return tookAll ? nil : taken
  }
}

/// A piece of a file to analyze, with how much of its lists to keep.
private struct Piece: Sendable {
  let range: Range<Int>
  let listRoom: ListRoom
}
