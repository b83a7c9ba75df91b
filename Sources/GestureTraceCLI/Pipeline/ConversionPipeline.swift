import GestureTrace

/// Converts a trace file on every core: the file is mapped and cut into
/// pieces of whole traces (CSV: ``GestureTrace/CSVTraceSplitter``; JSON
/// Lines: whole lines), each piece is read by its own decoder and its
/// traces encoded to bytes on a thread (``PieceConversion``), and the
/// pieces' text is written in input order (``OrderedWork``).
///
/// The bytes are those one reader of the whole file writes, for any
/// `jobs` and piece size: a piece that cannot be converted on its own
/// exactly as one reader converts it (``ConvertedPiece/isIrregular``, or a
/// trace id used in an earlier piece) stops the parallel path, and the
/// ``Outcome`` says how many traces were converted, so that one reader
/// goes on after them. Standard output gets its text in the blocks one
/// reader writes (everything so far, once 64 KiB have gathered at a
/// trace's end), so even a run that ends on a problem writes the same
/// bytes there.
struct ConversionPipeline {
  /// The format written.
  let outputFormat: TraceFileFormat
  /// `--scale`: with it, traces not in points are written in points.
  let fallbackScale: Double?
  /// The most threads used at once.
  let jobs: Int
  /// The size a piece of file is cut at (then extended to a trace's end).
  var pieceSize = 2 << 20
  /// The most text a piece may hold before one reader converts it.
  var pieceTextLimit = 8 << 20
  /// Whether pieces in the encoders' form are converted by copying their
  /// fields (``GestureTrace/CSVJSONLinesTranscoder``,
  /// ``GestureTrace/JSONLinesCSVTranscoder``); tests compare both.
  var usesTranscoder = true

  /// How far the pieces got.
  struct Outcome {
    /// The number of traces converted, from the start of the file.
    var traceCount = 0
    /// Their text not yet written to standard output (less than a block).
    var pending: [UInt8] = []
    /// Whether every trace of the file was converted.
    var isComplete = false
  }

  /// Converts a regular file's traces piece by piece, writing their text
  /// to `output`; the outcome says how far it got (nowhere for standard
  /// input, a file that cannot be mapped, or one whose start one reader
  /// must read).
  func convert(
    _ path: String, format: TraceFileFormat?, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) -> Outcome {
    guard let file = try PiecedFile.open(path, format: format) else { return Outcome() }
    let preamble = file.preamble
    let columns: CSVColumns
    if let preamble {
      guard let headerColumns = Self.columns(ofPreamble: preamble) else { return Outcome() }
      columns = headerColumns
    } else {
      guard let first = firstTraceColumns(file.bytes) else { return Outcome() }
      columns = first
    }
    let outputFormat = outputFormat
    let scale = fallbackScale
    let limit = pieceTextLimit
    // NB: without `--scale`, a piece in the form the encoders write is
    // first copied field by field into the other format; a piece outside
    // that form is read as before.
    let transcodes =
      usesTranscoder && scale == nil
      && (outputFormat == .jsonl
        ? preamble == Array(CSVTraceEncoder(columns: columns).fileHeader().utf8)
        : preamble == nil)
    let work = { @Sendable (piece: TracePiece, _: Void) -> ConvertedPiece in
      let copied =
        !transcodes
        ? nil
        : outputFormat == .jsonl
          ? CSVJSONLinesTranscoder.transcode(piece.bytes, columns: columns, textLimit: limit)
          : JSONLinesCSVTranscoder.transcode(piece.bytes, columns: columns, textLimit: limit)
      if let copied {
        return ConvertedPiece(
          text: copied.text, traceEnds: copied.traceEnds, idHashes: copied.idHashes)
      }
      switch outputFormat {
      case .csv:
        return Self.convert(
          piece,
          PieceConversion(
            encoder: CSVTraceEncoder(columns: columns), columns: columns, fallbackScale: scale,
            textLimit: limit))
      case .jsonl:
        return Self.convert(
          piece,
          PieceConversion(
            encoder: JSONLinesEncoder(), columns: nil, fallbackScale: scale, textLimit: limit))
      }
    }
    var writer = PieceWriter(
      header: Array(outputFormat.makeEncoder(columns: columns).fileHeader().utf8))
    // NB: each piece holds at most `pieceTextLimit` bytes of text.
    let progress = try file.readPieces(
      jobs: jobs, pieceSize: pieceSize, context: {}, read: work,
      take: { piece throws(CommandError) in
        try writer.take(piece, output: &output, io: &io)
        return true
      })
    writer.outcome.isComplete = progress.tookEveryPiece
    return writer.outcome
  }

  // MARK: - One piece

  /// Reads a piece with a decoder of its own and converts its traces: CSV
  /// rows as they are read, JSON Lines traces whole.
  private static func convert<Encoder>(
    _ piece: TracePiece, _ conversion: PieceConversion<Encoder>
  ) -> ConvertedPiece {
    let isCSV = piece.preamble != nil
    let isRegular = { !conversion.piece.isIrregular }
    let scan = piece.decode(eventSink: isCSV ? conversion : nil, while: isRegular) { trace in
      if isCSV { conversion.finishStreamed(trace) } else { conversion.addWhole(trace) }
    }
    if scan.isIrregular { conversion.markIrregular() }
    conversion.piece.idHashes = scan.idHashes
    return conversion.piece
  }

  // MARK: - Columns

  /// The optional columns of a CSV file's header, `nil` when its preamble
  /// has a problem.
  private static func columns(ofPreamble preamble: [UInt8]) -> CSVColumns? {
    var decoder = CSVTraceDecoder()
    var hasItem = false
    preamble.withUnsafeBufferPointer { decoder.push($0) { _ in hasItem = true } }
    return hasItem ? nil : decoder.columns
  }

  /// The columns CSV output has when the first trace of a JSON Lines file
  /// decides them (``GestureTrace/CSVColumns/init(fitting:)``); `nil` when a
  /// problem comes before any trace, or there is none.
  private func firstTraceColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> CSVColumns? {
    var decoder = JSONLinesDecoder()
    var first: TraceFileItem?
    var start = 0
    while first == nil, start < bytes.count {
      let end = min(bytes.count, start + (1 << 16))
      decoder.push(UnsafeBufferPointer(rebasing: bytes[start..<end])) { item in
        if first == nil { first = item }
      }
      start = end
    }
    if first == nil { decoder.finish { item in if first == nil { first = item } } }
    guard case .trace(let read, _) = first else { return nil }
    let trace = fallbackScale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
    return CSVColumns(fitting: [trace])
  }
}

/// Writes converted pieces in order: to a file at once, to standard
/// output in the blocks one reader writes.
private struct PieceWriter {
  /// The output's header, written before its first trace.
  let header: [UInt8]
  var outcome = ConversionPipeline.Outcome()

  mutating func take(
    _ piece: ConvertedPiece, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    guard piece.traceCount > 0 else { return }
    if outcome.traceCount == 0 { outcome.pending += header }
    outcome.traceCount += piece.traceCount
    guard output.isStandardOutput else {
      try outcome.pending.withUnsafeBufferPointer { bytes throws(CommandError) in
        try output.write(bytes: bytes, io: &io)
      }
      outcome.pending.removeAll()
      return try piece.text.withUnsafeBufferPointer { bytes throws(CommandError) in
        try output.write(bytes: bytes, io: &io)
      }
    }
    // NB: one reader writes all its text whenever 64 KiB of it have
    // gathered at the end of a trace.
    var written = 0
    for end in piece.traceEnds where outcome.pending.count + end - written >= 1 << 16 {
      try outcome.pending.withUnsafeBufferPointer { bytes throws(CommandError) in
        try output.write(bytes: bytes, io: &io)
      }
      outcome.pending.removeAll(keepingCapacity: true)
      try piece.text.withUnsafeBufferPointer { bytes throws(CommandError) in
        try output.write(bytes: UnsafeBufferPointer(rebasing: bytes[written..<end]), io: &io)
      }
      written = end
    }
    outcome.pending += piece.text[written...]
  }
}
