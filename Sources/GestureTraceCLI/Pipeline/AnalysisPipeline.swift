import GestureTrace

/// Reads trace files and analyzes their traces on every core, handing the
/// results to a ``TraceAnalyzer`` in input order.
///
/// A regular file is read and analyzed in pieces, in parallel
/// (``PiecedFile``). A piece that cannot be read on its own exactly as the
/// whole file reads (one with a problem, or with metadata for a trace in
/// another piece, or a trace id seen in an earlier piece or file) stops
/// that: the file is then read again from the start by one decoder,
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
    currentIDs = []
    isLastFile = isLast
    if let skip = try analyzeInPieces(path, format: format, output: &output, io: &io) {
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

  /// Analyzes a CSV or JSON Lines file piece by piece (``PiecedFile``);
  /// returns `nil` when done, or the number of traces taken before a piece
  /// that must be read by one decoder.
  private mutating func analyzeInPieces(
    _ path: String, format: TraceFileFormat?, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) -> Int? {
    guard let file = try PiecedFile.open(path, format: format) else { return 0 }
    let template = analyzer.emptyPiece()
    // Takes the next part in order; false when the file must be read again
    // by one decoder.
    func take(_ part: AnalyzedRun) throws(CommandError) -> Bool {
      // NB: an id of a file before: read again by one decoder, which
      // places the trace.
      if !earlierFiles.isEmpty, part.idHashes.contains(where: earlierIDs.contains) {
        return false
      }
      if !isLastFile { currentIDs += part.idHashes }
      try analyzer.absorb(part, output: &output, io: &io)
      return true
    }
    // NB: every part after those taken needs to list no more than they
    // leave room for.
    let progress = try file.readPieces(
      jobs: jobs, pieceSize: pieceSize, context: { analyzer.listRoom },
      read: { piece, listRoom in Self.analyze(piece, listRoom: listRoom, template: template) },
      take: take)
    return progress.isComplete ? nil : progress.traceCount
  }

  /// Analyzes one piece with a decoder of its own, on a thread: the one
  /// call the pieces make into the analysis.
  private static func analyze(
    _ piece: TracePiece, listRoom: ListRoom, template: TraceAnalyzer
  ) -> AnalyzedRun {
    // NB: pieces are analyzed on several threads at once; each with a plan
    // of its own, their reference counts stay apart.
    var part = AnalyzedRun(analyzer: template.emptyPiece(listRoom: listRoom, ownPlan: true))
    let scan = piece.decode { trace in part.analyzer.add(idChecked: trace) }
    part.isIrregular = scan.isIrregular
    part.idHashes = scan.idHashes
    part.analyzer.byteCount = piece.bytes.count
    return part
  }
}
