import GestureTrace

/// One piece of a ``PiecedFile``: whole traces (CSV) or whole lines (JSON
/// Lines), in place in the file's mapping, read on any thread.
struct TracePiece: @unchecked Sendable {
  // NB: the mapping is never written and is unmapped only after every
  // piece is read.
  /// The piece's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the piece starts in the file.
  let offset: Int
  /// For CSV, the file's bytes up to and including its header; `nil` for
  /// JSON Lines.
  let preamble: [UInt8]?

  /// What reading a piece's traces found.
  struct Scan {
    /// Whether a problem, or metadata for a trace in another piece, makes
    /// the piece one that one reader must read.
    var isIrregular = false
    /// The hashes of the piece's trace ids (in no particular order).
    var idHashes: [UInt64] = []
  }

  /// Reads the piece's traces with a decoder of its own (a CSV one fed
  /// the preamble first), handing each to `add`, until a problem or until
  /// `keepsGoing` says the caller's part became irregular.
  ///
  /// With `eventSink`, CSV traces come without their events, which go to
  /// the sink as their rows are read (``GestureTrace/TraceEventSink``).
  // NB: a piece's line numbers are not known without counting the lines
  // before it; no message of a regular part needs them. A JSON Lines piece
  // that does not start the file does not start at line 1, so a byte
  // order mark there is the problem it is in the middle of a file. With a
  // sink, the bytes go in chunks of 1 MiB: a CSV decoder hands a chunk's
  // events to the sink when the chunk ends, and an irregular part stops
  // early; without one, in one push.
  func decode(
    eventSink: (any TraceEventSink)? = nil, while keepsGoing: () -> Bool = { true },
    _ add: (Trace) -> Void
  ) -> Scan {
    var scan = Scan()
    func handle(_ item: TraceFileItem) {
      guard !scan.isIrregular else { return }
      switch item {
      case .trace(let trace, _): add(trace)
      case .problem: scan.isIrregular = true
      }
    }
    let chunkSize = eventSink == nil ? bytes.count : 1 << 20
    func pushChunks(_ push: (UnsafeBufferPointer<UInt8>) -> Void) {
      var start = 0
      while start < bytes.count, !scan.isIrregular, keepsGoing() {
        let end = min(bytes.count, start + chunkSize)
        push(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        start = end
      }
    }
    guard let preamble else {
      var decoder = JSONLinesDecoder(firstLine: offset == 0 ? 1 : 2)
      pushChunks { decoder.push($0, into: handle) }
      decoder.finish(into: handle)
      scan.idHashes = decoder.traceIDHashes
      return scan
    }
    var decoder = CSVTraceDecoder()
    if let eventSink {
      decoder.keepsEvents = false
      decoder.eventSink = eventSink
    }
    preamble.withUnsafeBufferPointer { decoder.push($0, into: handle) }
    pushChunks { decoder.push($0, into: handle) }
    if decoder.hasPendingTraceMetadata { scan.isIrregular = true }
    decoder.finish(into: handle)
    // NB: every trace of a regular piece was started and handed over, so
    // the decoder's ids are the piece's.
    scan.idHashes = decoder.startedTraceIDHashes
    return scan
  }
}
