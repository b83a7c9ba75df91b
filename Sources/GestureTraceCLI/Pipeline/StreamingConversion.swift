import GestureTrace

/// How `convert` writes CSV traces without holding them: each event,
/// converted to points with `--scale`, is encoded as its row is read into
/// a ``TraceSpool``, measured for the output format's line cap and checked
/// against the CSV columns; when the trace ends valid, its start, the
/// spool and its end are written, exactly the text the encoder makes of
/// the whole trace.
///
/// Memory holds the spool's limit and one event's text, whatever the
/// trace's length; the events' text beyond the limit waits in a temporary
/// file until the trace ends.
// NB: the start of a trace (CSV metadata lines, the JSON object up to its
// events) depends only on its id and metadata, so it is made at the end,
// from the trace the decoder produces; the events depend on the metadata
// only through the scale, which precedes the rows.
final class StreamingConversion: TraceEventSink {
  /// The format written.
  let format: TraceFileFormat
  /// `--scale`: with it, traces not in points are written in points.
  let fallbackScale: Double?
  /// The encoder, made when the first trace starts (from the header's
  /// columns, as the whole-trace way makes it).
  private(set) var encoder: (any TraceRowEncoder)?
  /// The CSV encoder, when writing CSV: its columns must hold every event.
  private var csvEncoder: CSVTraceEncoder?
  /// The encoded events of the trace being read.
  let spool: TraceSpool

  /// The id and first line of the trace being read.
  private(set) var traceID: String?
  private(set) var traceLine = 0
  /// What its lengths are divided by to be points, if anything.
  private var divisor: Double?
  private var prefix = ""
  private var eventCount = 0
  /// Whether the columns hold every event so far.
  private(set) var isLossless = true
  /// The lengths of the lines of the events' text so far.
  private(set) var lengths = LineLengths()
  /// Whether a line of the events' text is already over the cap: the
  /// trace will be refused, so its text is only measured, not kept.
  private(set) var isOverLimit = false
  private var scratch = ""
  /// The number of traces at the start of the file whose events are not
  /// encoded (they were converted in pieces), and of traces started.
  private let skippedCount: Int
  private var startedCount = 0

  /// A conversion to `format`, spooling up to `spoolMemory` bytes in
  /// memory, that skips the events of the first `skip` traces.
  init(format: TraceFileFormat, fallbackScale: Double?, spoolMemory: Int, skipping skip: Int = 0) {
    self.format = format
    self.fallbackScale = fallbackScale
    spool = TraceSpool(memoryLimit: spoolMemory)
    skippedCount = skip
  }

  func startTrace(id: String, metadata: TraceMetadata, line: Int, columns: CSVColumns) {
    if encoder == nil {
      switch format {
      case .csv:
        let csv = CSVTraceEncoder(columns: columns)
        csvEncoder = csv
        encoder = csv
      case .jsonl:
        encoder = JSONLinesEncoder()
      }
    }
    spool.reset()
    traceID = id
    traceLine = line
    // NB: as `convert` converts a whole trace: only with --scale.
    divisor = fallbackScale.flatMap {
      Trace(id: id, metadata: metadata).pointDivisor(fallbackScale: $0)
    }
    prefix = encoder!.rowPrefix(id: id)
    eventCount = 0
    isLossless = true
    lengths = LineLengths()
    isOverLimit = false
    startedCount += 1
  }

  func add(_ event: PanEvent) {
    guard startedCount > skippedCount else { return }
    let event = divisor.map { Trace.inPoints(event, dividingBy: $0) } ?? event
    if let csvEncoder, !csvEncoder.canEncodeLosslessly(event) { isLossless = false }
    scratch.removeAll(keepingCapacity: true)
    encoder!.encodeEvent(event, at: eventCount, prefix: prefix, into: &scratch)
    eventCount += 1
    lengths.append(scratch.withUTF8 { LineLengths($0) })
    guard !isOverLimit else { return }
    if lengths.longest > encoder!.maximumLineLength {
      isOverLimit = true
      spool.reset()
      return
    }
    spool.append(scratch)
  }

  /// Whether the spool holds the events of this trace, produced by the
  /// decoder at `line`: it was read a row at a time.
  func holds(_ trace: Trace, line: Int) -> Bool {
    traceID == trace.id && traceLine == line
  }

  /// The lengths of the lines of the trace's whole text: its start
  /// (from `trace`'s id and metadata), its events and its end.
  func lineLengths(of trace: Trace) -> LineLengths {
    var start = ""
    encoder!.encodeStart(id: trace.id, metadata: trace.metadata, into: &start)
    var end = ""
    encoder!.encodeEnd(into: &end)
    var whole = LineLengths(start.utf8)
    whole.append(lengths)
    whole.append(LineLengths(end.utf8))
    return whole
  }

  /// Writes the trace's text: its start (from `trace`'s id and metadata),
  /// the spooled events and its end, handing `text` to `flush` whenever it
  /// reaches 64 KiB; throws an I/O error when the spool cannot be read
  /// back.
  func write(
    _ trace: Trace, into text: inout String,
    flush: (inout String) throws(CommandError) -> Void
  ) throws(CommandError) {
    encoder!.encodeStart(id: trace.id, metadata: trace.metadata, into: &text)
    let complete = try spool.forEachPiece { piece throws(CommandError) in
      text += piece
      if text.utf8.count >= 1 << 16 { try flush(&text) }
    }
    guard complete else {
      throw .ioError(
        "Cannot read back trace '\(trace.id.prefix(40))' from a temporary file: "
          + Platform.errorText)
    }
    encoder!.encodeEnd(into: &text)
    spool.reset()
  }
}
