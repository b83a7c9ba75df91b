import GestureTrace

/// Converts the traces of one piece of a trace file into the bytes
/// `convert` writes for them (``ConvertedPiece``), on whichever thread
/// reads the piece.
///
/// CSV traces come a row at a time (it is the decoder's
/// ``GestureTrace/TraceEventSink``): each event is encoded as it is read,
/// and the trace's start (made from the trace the decoder produces, as
/// ``StreamingConversion`` makes it) is written before them when the
/// trace ends valid. JSON Lines traces come whole.
///
/// Anything that one reader of the whole file would report, skip or
/// refuse makes the piece irregular, and so does text beyond
/// ``textLimit``: memory holds at most about that much per piece, however
/// long a trace is (a longer trace is converted by one reader, through a
/// spool).
final class PieceConversion<Encoder: TraceRowEncoder>: TraceEventSink {
  let encoder: Encoder
  /// `--scale`: with it, traces not in points are written in points.
  let fallbackScale: Double?
  /// The most bytes of text a piece may hold.
  let textLimit: Int
  /// The CSV columns written, when the output is CSV.
  private let columns: CSVColumns?
  /// What the piece gives so far.
  var piece = ConvertedPiece()

  /// The encoded events of the trace being read, and its row prefix.
  private var events: [UInt8] = []
  private var prefix: [UInt8] = []
  private var eventCount = 0
  /// What its lengths are divided by to be points, if anything.
  private var divisor: Double?
  /// The longest CSV row of the trace so far, with its line feed.
  private var longestRow = 0
  /// Whether the columns hold every event of the trace so far.
  private var isLossless = true

  /// A conversion with `encoder`; `columns` are its columns when it writes
  /// CSV.
  init(encoder: Encoder, columns: CSVColumns?, fallbackScale: Double?, textLimit: Int) {
    self.encoder = encoder
    self.columns = columns
    self.fallbackScale = fallbackScale
    self.textLimit = textLimit
  }

  /// Marks the piece as one that one reader must convert.
  func markIrregular() {
    piece.isIrregular = true
    piece.text = []
    events = []
  }

  func startTrace(id: String, metadata: TraceMetadata, line: Int, columns: CSVColumns) {
    events.removeAll(keepingCapacity: true)
    eventCount = 0
    longestRow = 0
    isLossless = true
    prefix = Array(encoder.rowPrefix(id: id).utf8)
    // NB: as `convert` converts a whole trace: only with --scale.
    divisor = fallbackScale.flatMap {
      Trace(id: id, metadata: metadata).pointDivisor(fallbackScale: $0)
    }
  }

  func add(_ event: PanEvent) {
    guard !piece.isIrregular else { return }
    let event = divisor.map { Trace.inPoints(event, dividingBy: $0) } ?? event
    if let columns, !Self.fits(event, columns) { isLossless = false }
    let before = events.count
    encoder.encodeEvent(event, at: eventCount, prefix: prefix, into: &events)
    eventCount += 1
    longestRow = max(longestRow, events.count - before)
    if events.count > textLimit { markIrregular() }
  }

  /// Ends the trace read a row at a time: `read` is the trace the decoder
  /// produced, with its metadata and without its events.
  func finishStreamed(_ read: Trace) {
    guard !piece.isIrregular else { return }
    let trace = fallbackScale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
    var start = ""
    encoder.encodeStart(id: trace.id, metadata: trace.metadata, into: &start)
    var end = ""
    encoder.encodeEnd(into: &end)
    let limit = encoder.maximumLineLength
    let fitsLines =
      columns == nil
      ? start.utf8.count + events.count + end.utf8.count - 1 <= limit
      : LineLengths(start.utf8).longest <= limit && longestRow - 1 <= limit
        && !prefix.contains(0x0A)
    guard isLossless, fitsLines else { return markIrregular() }
    piece.text.append(contentsOf: start.utf8)
    piece.text.append(contentsOf: events)
    piece.text.append(contentsOf: end.utf8)
    endTrace()
  }

  /// Converts a whole trace (read from JSON Lines).
  func addWhole(_ read: Trace) {
    guard !piece.isIrregular else { return }
    let trace = fallbackScale.flatMap { read.inPoints(fallbackScale: $0) } ?? read
    if let columns, !trace.events.allSatisfy({ Self.fits($0, columns) }) {
      return markIrregular()
    }
    let start = piece.text.count
    encoder.encode(trace, into: &piece.text)
    let limit = encoder.maximumLineLength
    if piece.text.count - start > limit {
      let longest = LineLengths(piece.text[start...]).longest
      guard longest <= limit else { return markIrregular() }
    }
    endTrace()
  }

  private func endTrace() {
    piece.traceEnds.append(piece.text.count)
    if piece.text.count > textLimit { markIrregular() }
  }

  /// Whether CSV columns hold the event's velocity and location.
  private static func fits(_ event: PanEvent, _ columns: CSVColumns) -> Bool {
    (columns.velocity || event.velocity == nil) && (columns.location || event.location == nil)
  }
}
