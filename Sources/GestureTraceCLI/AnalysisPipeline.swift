import GestureTrace

/// Reads trace files and analyzes their traces on every core, handing the
/// results to an ``AnalysisSink`` in input order.
///
/// A CSV file is cut into pieces of whole traces (``CSVTraceSplitter``)
/// that are read and analyzed in parallel, each by its own decoder. A piece
/// that cannot be read on its own exactly as the whole file reads (one with
/// a problem, or with metadata for a trace in another piece, or a trace id
/// seen in an earlier piece) stops that: the file is then read again from
/// the start by one decoder, skipping the traces already taken, so every
/// result and every message is the one a single reader gives. Standard
/// input and JSON Lines are read by one decoder, with the analysis in
/// parallel.
struct AnalysisPipeline {
  var sink: AnalysisSink
  /// The most threads used at once.
  let jobs: Int
  /// The size a piece of file is cut at (then extended to a trace's end).
  var pieceSize = 2 << 20

  /// Analyzes every trace of a file.
  mutating func analyze(
    _ path: String, format: TraceFileFormat?, output: inout OutputFile, io: inout some ToolIO
  ) throws(CommandError) {
    var skip = 0
    if path != "-", format ?? TraceFileFormat(path: path) != .jsonl {
      guard let taken = try analyzeInPieces(path, format: format, output: &output, io: &io)
      else { return }
      skip = taken
    }
    try analyzeSequentially(path, format: format, skipping: skip, output: &output, io: &io)
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
      case .trace(let trace, _):
        seen += 1
        if seen <= skip { return true }
        batch.append(trace)
        if batch.count == batchSize {
          try flush(batch, output: &output, io: &io)
          batch.removeAll(keepingCapacity: true)
        }
        return true
      case .problem(let problem):
        throw .dataError("\(TraceInput.displayName(path)):\(problem)")
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
    let work = sink.work
    let keepsSamples = sink.wantsSamples
    let parts = ParallelMap.map(bounds, jobs: jobs) { range in
      var part = work.makePart()
      for trace in batch[range] { work.add(trace, to: &part, keepsSamples: keepsSamples) }
      return part
    }
    for part in parts { try sink.absorb(part, output: &output, io: &io) }
  }

  // MARK: - Pieces

  /// Analyzes a CSV file piece by piece; returns `nil` when done, or the
  /// number of traces taken before a piece that must be read by one
  /// decoder.
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
    guard let head = try reader.preamble(format: format) else { return 0 }
    let preamble = head.bytes
    var splitter = CSVTraceSplitter(idField: head.idField)
    var seenIDs = Set<UInt64>()
    var taken = 0
    var start = preamble.count
    let work = sink.work
    while start < file.size {
      // NB: a wave of pieces per round; each piece's size is about
      // `pieceSize`, so threads finish a wave at about the same time.
      var pieces: [Range<Int>] = []
      while pieces.count < 8 * jobs && start < file.size {
        let end = try reader.cut(after: start + pieceSize, splitter: &splitter)
        pieces.append(start..<end)
        start = end
      }
      let keepsSamples = sink.wantsSamples
      let parts = ParallelMap.map(pieces, jobs: jobs) { range in
        reader.analyze(range, preamble: preamble, work: work, keepsSamples: keepsSamples)
      }
      for part in parts {
        guard !part.isIrregular else { return taken }
        var repeated = false
        for hash in part.idHashes where !seenIDs.insert(hash).inserted { repeated = true }
        guard !repeated else { return taken }
        try sink.absorb(part, output: &output, io: &io)
        taken += part.traceCount
      }
    }
    return nil
  }
}

/// Reads pieces of one CSV trace file at given offsets; safe to use from
/// several threads at once.
struct PieceReader: Sendable {
  let path: String
  let descriptor: Int32
  let size: Int
  /// The file mapped into memory, if it could be: pieces are then read in
  /// place rather than copied.
  let mapping: MappedFile?

  /// The bytes up to and including the header, and the position of the
  /// trace column; `nil` when the file is not CSV or has no valid header.
  func preamble(format: TraceFileFormat?) throws(CommandError) -> (bytes: [UInt8], idField: Int)? {
    var length = min(size, 1 << 16)
    while true {
      let bytes = try read(0..<length)
      let detected = format ?? TraceFileFormat(path: path) ?? TraceFileFormat(sniffing: bytes)
      guard detected == .csv else { return nil }
      let found = bytes.withUnsafeBufferPointer {
        CSVTraceSplitter.preamble($0, isWholeFile: length == size)
      }
      switch found {
      case .header(let end, let idField):
        return (Array(bytes[..<end]), idField)
      case .invalid:
        return nil
      case .needsMoreBytes:
        length = min(size, length * 4)
      }
    }
  }

  /// The offset of the first cut after `offset`, or the end of the file.
  func cut(after offset: Int, splitter: inout CSVTraceSplitter) throws(CommandError) -> Int {
    guard offset < size else { return size }
    var length = 1 << 16
    while true {
      let window = try read((offset - 1)..<min(size, offset - 1 + length))
      let isFinal = offset - 1 + window.count >= size
      let found = window.withUnsafeBufferPointer { splitter.cut(in: $0, isFinal: isFinal) }
      if let found { return offset - 1 + found }
      length *= 4
    }
  }

  /// Reads and analyzes one piece with its own decoder.
  func analyze(
    _ range: Range<Int>, preamble: [UInt8], work: AnalysisWork, keepsSamples: Bool
  ) -> AnalysisPart {
    var part = work.makePart()
    if let mapping {
      let bytes = UnsafeBufferPointer(
        start: mapping.address.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
        count: range.count)
      decode(bytes, preamble: preamble, work: work, keepsSamples: keepsSamples, into: &part)
      // NB: read pages count as this process's memory until released.
      Platform.releasePages(mapping.address, range)
    } else if let bytes = try? read(range) {
      bytes.withUnsafeBufferPointer {
        decode($0, preamble: preamble, work: work, keepsSamples: keepsSamples, into: &part)
      }
    } else {
      part.isIrregular = true
    }
    part.byteCount = range.count
    return part
  }

  private func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, preamble: [UInt8], work: AnalysisWork,
    keepsSamples: Bool, into part: inout AnalysisPart
  ) {
    var decoder = CSVTraceDecoder()
    func handle(_ item: TraceFileItem) {
      guard !part.isIrregular else { return }
      switch item {
      case .trace(let trace, _):
        part.idHashes.append(CSVTraceDecoder.hash(Array(trace.id.utf8)))
        work.add(trace, to: &part, keepsSamples: keepsSamples)
      case .problem:
        part.isIrregular = true
      }
    }
    preamble.withUnsafeBufferPointer { decoder.push($0, into: handle) }
    decoder.push(bytes, into: handle)
    if decoder.hasPendingTraceMetadata { part.isIrregular = true }
    decoder.finish(into: handle)
  }

  /// The bytes of a range of the file.
  private func read(_ range: Range<Int>) throws(CommandError) -> [UInt8] {
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

/// A read-only mapping of a whole file, shared by the threads reading it.
struct MappedFile: @unchecked Sendable {
  // NB: never written; unmapped only after every piece is read.
  let address: UnsafeRawPointer
}
