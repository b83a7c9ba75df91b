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
    guard path != "-", Platform.isRegularFile(path),
      let file = try? Platform.openForReading(path)
    else { return Outcome() }
    defer { Platform.close(file.descriptor) }
    guard let address = Platform.mapReadOnly(file.descriptor, size: file.size) else {
      return Outcome()
    }
    defer { Platform.unmap(address, size: file.size) }
    let mapping = MappedFile(address: address)
    let whole = UnsafeBufferPointer(
      start: address.assumingMemoryBound(to: UInt8.self), count: file.size)
    let inputFormat =
      format ?? TraceFileFormat(path: path)
      ?? TraceFileFormat(sniffing: UnsafeBufferPointer(rebasing: whole.prefix(1 << 20)))
    let columns: CSVColumns
    let preamble: [UInt8]?
    var splitter: CSVTraceSplitter?
    let reader = PieceReader(
      path: path, descriptor: file.descriptor, size: file.size, mapping: mapping)
    switch inputFormat {
    case .csv:
      guard let head = try reader.preamble(format: .csv),
        let headerColumns = Self.columns(ofPreamble: head.bytes)
      else { return Outcome() }
      columns = headerColumns
      preamble = head.bytes
      splitter = CSVTraceSplitter(idField: head.idField)
    case .jsonl:
      guard let first = firstTraceColumns(whole) else { return Outcome() }
      columns = first
      preamble = nil
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
    let work = { @Sendable (range: Range<Int>) -> ConvertedPiece in
      let bytes = UnsafeBufferPointer(
        start: mapping.address.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
        count: range.count)
      let input: PieceInput = preamble.map { .csv(preamble: $0) } ?? .jsonl(range.lowerBound == 0)
      let piece: ConvertedPiece
      switch outputFormat {
      case .jsonl where transcodes:
        if let copied = CSVJSONLinesTranscoder.transcode(
          bytes, columns: columns, textLimit: limit)
        {
          piece = ConvertedPiece(
            text: copied.text, traceEnds: copied.traceEnds, idHashes: copied.idHashes)
        } else {
          let conversion = PieceConversion(
            encoder: JSONLinesEncoder(), columns: nil, fallbackScale: scale, textLimit: limit)
          piece = Self.convert(bytes, input, conversion)
        }
      case .csv where transcodes:
        if let copied = JSONLinesCSVTranscoder.transcode(bytes, columns: columns, textLimit: limit)
        {
          piece = ConvertedPiece(
            text: copied.text, traceEnds: copied.traceEnds, idHashes: copied.idHashes)
        } else {
          let conversion = PieceConversion(
            encoder: CSVTraceEncoder(columns: columns), columns: columns, fallbackScale: scale,
            textLimit: limit)
          piece = Self.convert(bytes, input, conversion)
        }
      case .csv:
        let conversion = PieceConversion(
          encoder: CSVTraceEncoder(columns: columns), columns: columns, fallbackScale: scale,
          textLimit: limit)
        piece = Self.convert(bytes, input, conversion)
      case .jsonl:
        let conversion = PieceConversion(
          encoder: JSONLinesEncoder(), columns: nil, fallbackScale: scale, textLimit: limit)
        piece = Self.convert(bytes, input, conversion)
      }
      // NB: read pages count as this process's memory until released.
      Platform.releasePages(mapping.address, range)
      return piece
    }
    var writer = PieceWriter(
      header: Array(outputFormat.makeEncoder(columns: columns).fileHeader().utf8))
    var start = preamble?.count ?? 0
    let pieceSize = pieceSize
    try run(work, writer: &writer, output: &output, io: &io) {
      () throws(CommandError) -> Range<Int>? in
      guard start < file.size else { return nil }
      let end =
        if splitter != nil {
          try reader.cut(after: start + pieceSize, splitter: &splitter!)
        } else {
          Self.lineCut(after: start + pieceSize, in: whole)
        }
      defer { start = end }
      return start..<end
    }
    return writer.outcome
  }

  /// Converts the pieces on `jobs` threads and takes them in order until
  /// one is irregular.
  private func run(
    _ work: @escaping @Sendable (Range<Int>) -> ConvertedPiece, writer: inout PieceWriter,
    output: inout OutputFile, io: inout some ToolIO,
    nextPiece: () throws(CommandError) -> Range<Int>?
  ) throws(CommandError) {
    var seenIDs = IDHashSet()
    func take(_ piece: ConvertedPiece) throws(CommandError) -> Bool {
      guard !piece.isIrregular, seenIDs.insert(contentsOf: piece.idHashes) else { return false }
      try writer.take(piece, output: &output, io: &io)
      return true
    }
    // NB: each piece holds at most `pieceTextLimit` bytes of text.
    guard
      try OrderedWork<Range<Int>, ConvertedPiece>.run(
        threads: jobs, work: work, next: nextPiece, take: take)
    else { return }
    writer.outcome.isComplete = true
  }

  // MARK: - One piece

  /// What a piece is read as.
  private enum PieceInput {
    /// CSV rows, read after the file's preamble.
    case csv(preamble: [UInt8])
    /// JSON Lines; whether the piece starts the file.
    case jsonl(Bool)
  }

  /// Reads a piece with a decoder of its own and converts its traces.
  private static func convert<Encoder>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ input: PieceInput,
    _ conversion: PieceConversion<Encoder>
  ) -> ConvertedPiece {
    switch input {
    case .csv(let preamble):
      var decoder = CSVTraceDecoder()
      decoder.keepsEvents = false
      decoder.eventSink = conversion
      func handle(_ item: TraceFileItem) {
        switch item {
        case .trace(let trace, _): conversion.finishStreamed(trace)
        case .problem: conversion.markIrregular()
        }
      }
      preamble.withUnsafeBufferPointer { decoder.push($0, into: handle) }
      // NB: the decoder hands a chunk's events to the sink when the chunk
      // ends: chunks of 1 MiB keep those few.
      var offset = 0
      while offset < bytes.count, !conversion.piece.isIrregular {
        let end = min(bytes.count, offset + (1 << 20))
        decoder.push(UnsafeBufferPointer(rebasing: bytes[offset..<end]), into: handle)
        offset = end
      }
      if decoder.hasPendingTraceMetadata { conversion.markIrregular() }
      decoder.finish(into: handle)
      conversion.piece.idHashes = decoder.startedTraceIDHashes
    case .jsonl(let startsFile):
      // NB: a byte order mark is skipped only at the start of the file.
      if !startsFile, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { conversion.markIrregular() }
      var decoder = JSONLinesDecoder()
      func handle(_ item: TraceFileItem) {
        switch item {
        case .trace(let trace, _): conversion.addWhole(trace)
        case .problem: conversion.markIrregular()
        }
      }
      decoder.push(bytes, into: handle)
      decoder.finish(into: handle)
    }
    return conversion.piece
  }

  // MARK: - Cuts

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
      let end = Self.lineCut(after: start + 1, in: bytes)
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

  /// The start of the first line that starts at or after `offset`, or the
  /// end of the bytes.
  static func lineCut(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = max(offset - 1, 0)
    while index < bytes.count {
      if bytes[index] == 0x0A { return index + 1 }
      index += 1
    }
    return bytes.count
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
