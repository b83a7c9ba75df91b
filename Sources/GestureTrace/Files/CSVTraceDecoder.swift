/// A streaming reader of CSV trace files.
///
/// The format is specified in `docs/trace-format.md`: a header naming the
/// columns (`trace,t,phase,tx,ty` required; `vx,vy` and `x,y` optional, in
/// any order), one row per event, `#` comment lines, file metadata as
/// `# key: value` lines before the header and trace metadata as
/// `# trace <id> <key>: <value>` lines before that trace's first row.
///
/// ```swift
/// var decoder = CSVTraceDecoder()
/// for item in decoder.decode(text) {
///   if case .trace(let trace, _) = item { print(trace.id, trace.events.count) }
/// }
/// ```
///
/// Push the bytes in chunks of any size; a trace is produced as soon as the
/// next trace starts or the input ends, so memory is bounded by the largest
/// trace.
public struct CSVTraceDecoder: TraceDecoder {
  /// The file's metadata: the `# key: value` lines before the header,
  /// without the `gesturetrace` version line.
  public var fileMetadata: TraceMetadata { metadata.file }
  /// The format version from the `# gesturetrace: N` line, if there was one.
  public var formatVersion: Int? { metadata.formatVersion }
  /// The optional columns the header names.
  public var columns: CSVColumns? { layout?.columns }
  /// Whether a trace whose rows stop without `ended` or `cancelled` is
  /// closed instead of reported (``CSVRepairPolicy``). For
  /// `gesturetrace repair`.
  package var closesUnfinishedTraces: Bool {
    get { repair.closesUnfinishedTraces }
    set { repair.closesUnfinishedTraces = newValue }
  }
  /// The number of traces closed so far.
  package var closedTraceCount: Int { repair.closedTraceCount }

  /// The longest line read, in bytes; a longer one is a problem and is
  /// skipped without being held in memory.
  public static let maximumLineLength = CSVLineReader.maximumLineLength

  /// The lines of the file, counted.
  var lines = CSVLineReader()
  /// Whether reading ended at a fatal problem.
  private(set) var stopped = false
  /// Where the columns are, once the header is read.
  private(set) var layout: CSVLayout?
  /// What the one-pass row reader knows of the rows.
  private(set) var rowScanner = CSVRowScanner()
  /// The general path's fields of a row.
  private var fields = CSVFieldSplitter()
  /// The trace whose rows are being read.
  var current: PendingTrace?
  /// The current trace's id as words, the started and the spoiled ids.
  var ids = CSVTraceIDs()
  /// The file's and the traces' metadata.
  var metadata = CSVMetadataReader()
  /// The room to reserve for a trace's events.
  private var reservation = EventReservation()
  /// What happens to an unfinished trace.
  private var repair = CSVRepairPolicy()
  /// Where the events go.
  private var events = CSVEventHandOff()

  /// Whether traces keep their events; when false, each valid trace is
  /// produced without them and only counted in ``producedEventCount``, so
  /// memory does not grow with a trace's length (`validate` reads this way).
  // NB: every rule is checked as rows stream by (`TraceValidator` needs
  // only the event before), so a trace need not be held to be checked.
  package var keepsEvents: Bool {
    get { events.keepsEvents }
    set { events.keepsEvents = newValue }
  }
  /// Where the events go when the decoder does not keep them: each
  /// trace's start, and its events in order, at the latest when a chunk
  /// of bytes has been read and before the trace is produced (`convert`
  /// writes them this way; see ``CSVEventHandOff``).
  package var eventSink: (any TraceEventSink)? {
    get { events.sink }
    set { events.sink = newValue }
  }
  /// The number of events of the valid traces produced so far.
  package var producedEventCount: Int { events.producedEventCount }

  /// The number of the last line read.
  var line: Int { lines.line }

  /// Whether common rows and trace metadata lines take the one-pass path
  /// (tests compare both).
  var scansRows: Bool {
    get { rowScanner.isEnabled }
    set { rowScanner.isEnabled = newValue }
  }

  /// Creates a decoder.
  public init() {}

  /// Whether metadata was read for a trace whose rows have not started.
  package var hasPendingTraceMetadata: Bool { metadata.hasPendingTraceMetadata }

  /// Decodes the next bytes of the file, handing every finished trace
  /// and problem to `emit`; see ``TraceDecoder``.
  public mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void
  ) {
    guard !stopped, let base = bytes.baseAddress else { return }
    defer { if events.buffersForSink { handOverEvents() } }
    var start = 0
    let count = bytes.count
    while start < count {
      // NB: a comment line is never a row: it skips the row reader (the
      // metadata lines before each trace would each enter it and leave).
      if rowScanner.isEnabled, lines.hasNoCarriedBytes, base[start] != UInt8(ascii: "#"),
        let next = scanRow(base, from: start, count: count, emit)
      {
        if stopped { return }
        start = next
        continue
      }
      guard let (ended, next) = lines.nextLine(base, from: start, count: count) else { return }
      process(ended, emit)
      if stopped { return }
      start = next
    }
  }

  /// Ends the file, handing the last trace or problem to `emit`.
  public mutating func finish(into emit: (TraceFileItem) -> Void) {
    if !stopped, let last = lines.finish() { process(last, emit) }
    if stopped { return }
    if layout == nil {
      stopped = true
      emit(
        .problem(
          TraceFileProblem(
            line: max(line, 1), column: 1,
            message: "expected a header line naming the columns trace, t, phase, tx and ty, "
              + "found the end of the file", isFatal: true)))
      return
    }
    finishCurrentTrace(emit)
  }

  // MARK: - Lines

  /// Reads a line that ended.
  @inline(__always)
  private mutating func process(_ ended: CSVLineReader.Line, _ emit: (TraceFileItem) -> Void) {
    switch ended {
    case .inPlace(let bytes): processLine(bytes, emit)
    case .joined(let bytes): bytes.withUnsafeBufferPointer { processLine($0, emit) }
    case .overlong: skipOverlongLine(emit)
    }
  }

  /// Reads a line of at most ``maximumLineLength`` bytes, counted.
  private mutating func processLine(
    _ raw: UnsafeBufferPointer<UInt8>, _ emit: (TraceFileItem) -> Void
  ) {
    var bytes = raw
    // NB: columns count from after a byte-order mark, as the format says
    // and as JSON Lines and raw samples count them (editors do not show it).
    let columnOffset = 0
    if line == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      bytes = UnsafeBufferPointer(rebasing: bytes[3...])
    }
    if let last = bytes.last, last == 0x0D {
      bytes = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 1)])
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    if bytes[0] == UInt8(ascii: "#") {
      processComment(bytes, columnOffset: columnOffset, emit)
    } else if layout == nil {
      processHeader(bytes, columnOffset: columnOffset, emit)
    } else {
      processRow(bytes, emit)
    }
  }

  /// Reports a line longer than ``maximumLineLength``: before the header
  /// it ends reading; after it, it spoils the trace being read.
  private mutating func skipOverlongLine(_ emit: (TraceFileItem) -> Void) {
    if layout == nil { stopped = true }
    current?.isBad = true
    emit(
      .problem(
        TraceFileProblem(
          line: line, column: 1,
          message: "expected a line of at most \(Self.maximumLineLength) bytes, found a longer one",
          traceID: current?.id, isFatal: layout == nil)))
  }

  private mutating func processComment(
    _ bytes: UnsafeBufferPointer<UInt8>, columnOffset: Int, _ emit: (TraceFileItem) -> Void
  ) {
    if rowScanner.isEnabled,
      metadata.takeShortTraceEntry(bytes, current: &current, ids: &ids)
        || metadata.takeTraceEntry(bytes, current: &current, ids: &ids)
    {
      return
    }
    guard let comment = CSVComment(bytes) else { return }
    // NB: a metadata line that breaks the format's rules spoils its trace,
    // as a bad row does: its value would not survive a round trip.
    var entryID: String?
    if case .traceEntry(let id, _, _) = comment { entryID = id }
    if let bad = bytes.firstInvalidUTF8Offset {
      return reportMetadataProblem(
        column: columnOffset + bad + 1,
        "expected valid UTF-8, found byte \(bytes[bad].hexText)", traceID: entryID, emit)
    }
    switch comment {
    case .fileEntry(_, let value), .traceEntry(_, _, let value):
      guard TraceMetadata.isValidValue(value) else {
        var column = (bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0) + 1
        while column < bytes.count, bytes[column] == 0x20 || bytes[column] == 0x09 { column += 1 }
        return reportMetadataProblem(
          column: columnOffset + column + 1,
          "expected a metadata value on one line without leading or trailing spaces, found '"
            + "\(value.truncatedForMessage)'", traceID: entryID, emit)
      }
    }
    switch comment {
    case .fileEntry(let key, let value):
      guard layout == nil else { return }
      if key == "gesturetrace" {
        guard value == "1" else {
          stopped = true
          emit(
            .problem(
              TraceFileProblem(
                line: line, column: columnOffset + 1,
                message: "expected format version '1', found '\(value.truncatedForMessage)'",
                isFatal: true)))
          return
        }
        metadata.formatVersion = 1
      } else {
        metadata.file[key] = value
      }
    case .traceEntry(let id, let key, let value):
      // NB: metadata after a trace's first row spoils the trace, which is
      // then left out (and counted) by `--lenient`, never written without
      // it; metadata for a trace already finished is reported at its line.
      if current?.id == id, let current {
        self.current!.isBad = true
        emit(
          .problem(
            TraceFileProblem(
              line: line, column: columnOffset + 1,
              message: "expected metadata for trace '\(id.truncatedForMessage)' before its "
                + "first row, found it after row \(current.firstLine)",
              traceID: id)))
        return
      }
      if ids.hasStarted(id) {
        emit(
          .problem(
            TraceFileProblem(
              line: line, column: columnOffset + 1,
              message: "expected metadata for trace '\(id.truncatedForMessage)' before its "
                + "first row, found it after the trace")))
        return
      }
      metadata.add(id: id, key: key, value: value)
    }
  }

  /// Reports a bad metadata line; a trace's own line spoils the trace.
  private mutating func reportMetadataProblem(
    column: Int, _ message: String, traceID: String?, _ emit: (TraceFileItem) -> Void
  ) {
    if let traceID {
      if current?.id == traceID { current!.isBad = true } else { ids.spoil(traceID) }
    }
    emit(.problem(TraceFileProblem(line: line, column: column, message: message, traceID: traceID)))
  }

  private mutating func processHeader(
    _ bytes: UnsafeBufferPointer<UInt8>, columnOffset: Int, _ emit: (TraceFileItem) -> Void
  ) {
    switch CSVLayout.parse(bytes, splitter: &fields) {
    case .success(let parsed):
      layout = parsed
      rowScanner.read(parsed)
    case .failure(let failure):
      stopped = true
      emit(
        .problem(
          TraceFileProblem(
            line: line, column: columnOffset + failure.column, message: failure.message,
            isFatal: true)))
    }
  }

  private mutating func processRow(
    _ bytes: UnsafeBufferPointer<UInt8>, _ emit: (TraceFileItem) -> Void
  ) {
    guard let layout else { return }
    let splitFailure = fields.split(bytes)
    // The trace this row belongs to, when its id can be read.
    if fields.count > layout.trace {
      let idColumn = fields.start(layout.trace) + 1
      if current == nil || !fields.equals(layout.trace, in: bytes, to: current!.idBytes) {
        finishCurrentTrace(emit)
        let idBytes = fields.withField(layout.trace, in: bytes) { Array($0) }
        startTrace(idBytes, idColumn: idColumn, emit)
      }
    }
    if let failure = splitFailure {
      reportRowProblem(column: failure.column, message: failure.message, emit)
      return
    }
    guard fields.count == layout.fieldCount else {
      let column =
        fields.count > layout.fieldCount ? fields.start(layout.fieldCount) + 1 : bytes.count + 1
      reportRowProblem(
        column: column,
        message: "expected \(layout.fieldCount) fields as in the header, found \(fields.count)",
        emit)
      return
    }
    let event: PanEvent
    switch parseEvent(bytes, layout) {
    case .event(let parsed): event = parsed
    case .problem(let column, let message):
      return reportRowProblem(column: column, message: message, emit)
    }
    append(
      event, timeColumn: fields.start(layout.t) + 1,
      phaseColumn: fields.start(layout.phase) + 1, emit)
  }

  /// Adds a parsed event to the current trace, or reports the rule it
  /// breaks; returns `false` when it breaks one.
  @discardableResult
  mutating func append(
    _ event: PanEvent, timeColumn: Int, phaseColumn: Int, isFinite: Bool = false,
    _ emit: (TraceFileItem) -> Void
  ) -> Bool {
    // NB: one access to the pending trace: each `current!` costs a check
    // of the optional, for every row.
    guard
      let violation = current!.add(
        event, line: line, phaseColumn: phaseColumn, isFinite: isFinite)
    else {
      return true
    }
    let column = violation.kind == .timeDecreases ? timeColumn : phaseColumn
    emit(.problem(problem(column: column, violation.description)))
    return false
  }

  mutating func startTrace(
    _ idBytes: [UInt8], idColumn: Int, _ emit: (TraceFileItem) -> Void
  ) {
    // NB: rows are matched to their trace by the id's bytes, so an id that
    // is not valid UTF-8 is compared as written, not as decoded.
    let id = String(decoding: idBytes, as: UTF8.self)
    // NB: made in place: a local trace assigned to `current` at the end was
    // copied (every part retained) and then destroyed (released again).
    current = PendingTrace(
      id: id, idBytes: idBytes, firstLine: line, keepsEvents: keepsEvents || events.buffersForSink)
    // NB: room for a trace up to twice as long as the last, so that the
    // array rarely grows (and copies) while rows are appended.
    if keepsEvents {
      current!.events.reserveCapacity(reservation.capacity)
    }
    if let metadata = metadata.takeMetadata(ofTrace: id, bytes: idBytes) {
      current!.metadata = metadata
    }
    if ids.takeSpoiled(id) { current!.isBad = true }
    // NB: an ASCII id is valid UTF-8 and its scalars are its bytes: one
    // pass over them decides both checks.
    var any: UInt8 = 0
    var isPlain = !idBytes.isEmpty
    for byte in idBytes {
      any |= byte
      isPlain = isPlain && byte > 0x20 && byte != 0x7F
    }
    var found: (column: Int, message: String)?
    if any >= 0x80, let bad = idBytes.firstInvalidUTF8Offset {
      found = (
        idColumn + bad, "expected valid UTF-8 in the trace id, found byte \(idBytes[bad].hexText)"
      )
    } else if any < 0x80 ? !isPlain : !Trace.isValidID(id) {
      found = (
        idColumn, "expected a trace id without white space, found '\(id.truncatedForMessage)'"
      )
    } else if !ids.start(idBytes) {
      found = (
        idColumn,
        "expected the rows of trace '\(id.truncatedForMessage)' to be contiguous, "
          + "found a row after other traces' rows"
      )
    }
    if found != nil { current!.isBad = true }
    ids.currentWords = IDWords(idBytes)
    if events.buffersForSink, let eventSink, let columns {
      eventSink.startTrace(id: id, metadata: current!.metadata, line: line, columns: columns)
    }
    if let found { emit(.problem(problem(column: found.column, found.message))) }
  }

  private mutating func reportRowProblem(
    column: Int, message: String, _ emit: (TraceFileItem) -> Void
  ) {
    current?.isBad = true
    emit(.problem(problem(column: column, message)))
  }

  private func problem(column: Int, _ message: String) -> TraceFileProblem {
    TraceFileProblem(line: line, column: column, message: message, traceID: current?.id)
  }

  /// A row's event, or where its problem is and what it says.
  private enum ParsedRow {
    case event(PanEvent)
    case problem(column: Int, message: String)
  }

  /// Parses the fields of a row split in ``fields`` (the general path).
  private mutating func parseEvent(
    _ bytes: UnsafeBufferPointer<UInt8>, _ layout: CSVLayout
  ) -> ParsedRow {
    // NB: spaces around a time are allowed, as around any number field.
    guard
      let time = fields.withField(
        layout.t, in: bytes,
        { raw -> TraceTime? in
          var lower = 0
          var upper = raw.count
          while lower < upper && raw[lower] == 0x20 { lower += 1 }
          while upper > lower && raw[upper - 1] == 0x20 { upper -= 1 }
          return TraceTime.parse(UnsafeBufferPointer(rebasing: raw[lower..<upper]))
        })
    else {
      return .problem(
        column: fields.start(layout.t) + 1,
        message: TraceTime.problem(found: fields.string(layout.t, in: bytes)))
    }
    guard let phase = fields.withField(layout.phase, in: bytes, { TouchPhase(utf8: $0) }) else {
      return .problem(
        column: fields.start(layout.phase) + 1,
        message: "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found '"
          + "\(fields.string(layout.phase, in: bytes).truncatedForMessage)'")
    }
    var numbers: [Double?] = [nil, nil, nil, nil, nil, nil]
    for (slot, column) in layout.numberColumns.enumerated() {
      guard let column else { continue }
      let required = slot < 2
      switch fields.number(column.index, in: bytes) {
      case .value(let value):
        numbers[slot] = value
      case .empty where !required:
        continue
      case .empty, .invalid:
        return .problem(
          column: fields.start(column.index) + 1,
          message: "expected a finite number for '\(column.name)', found '"
            + "\(fields.string(column.index, in: bytes).truncatedForMessage)'")
      }
    }
    for pair in [(2, 3), (4, 5)] where (numbers[pair.0] == nil) != (numbers[pair.1] == nil) {
      let missing = numbers[pair.0] == nil ? pair.0 : pair.1
      let other = numbers[pair.0] == nil ? pair.1 : pair.0
      guard let column = layout.numberColumns[missing] else { continue }
      return .problem(
        column: fields.start(column.index) + 1,
        message: "expected a number for '\(column.name)' since "
          + "'\(layout.numberColumns[other]!.name)' has one, found ''")
    }
    let velocity = numbers[2].map { Vector2D(x: $0, y: numbers[3]!) }
    let location = numbers[4].map { Vector2D(x: $0, y: numbers[5]!) }
    let event = PanEvent(
      time: time, phase: phase, translation: Vector2D(x: numbers[0]!, y: numbers[1]!),
      velocity: velocity, location: location)
    return .event(event)
  }

  mutating func finishCurrentTrace(_ emit: (TraceFileItem) -> Void) {
    if events.buffersForSink { handOverEvents() }
    // NB: taken, not copied: a copy and the destruction of the optional
    // cost a retain and a release of every part, for every trace.
    guard let finished = current.take() else { return }
    ids.currentWords = nil
    reservation.record(finished.eventCount)
    if finished.isBad { return }
    if let violation = finished.validator.finish() {
      if let (closing, metadata) = repair.closing(
        violation, last: finished.last, metadata: finished.metadata)
      {
        var events = finished.events
        if keepsEvents { events.append(closing) } else { eventSink?.add(closing) }
        self.events.producedEventCount += finished.eventCount + 1
        let trace = Trace(id: finished.id, events: events, metadata: metadata)
        emit(.trace(trace, line: finished.firstLine))
        return
      }
      emit(
        .problem(
          TraceFileProblem(
            line: finished.lastLine, column: finished.lastPhaseColumn,
            message: violation.description, traceID: finished.id)))
      return
    }
    events.producedEventCount += finished.eventCount
    let trace = Trace(id: finished.id, events: finished.events, metadata: finished.metadata)
    emit(.trace(trace, line: finished.firstLine))
  }

  /// Hands the events gathered for the pending trace to the sink and
  /// empties its array, keeping the last one for ``PendingTrace/last``.
  private mutating func handOverEvents() {
    if current != nil { events.handOver(&current!) }
  }

  /// The ``TraceIDHash`` of the id of every trace whose first row has been
  /// read, in no particular order.
  // NB: `analyze` checks that no two pieces of a file hold the same trace
  // with these: hashing each trace's id string again cost more than the
  // set's copy.
  package var startedTraceIDHashes: [UInt64] { ids.started.elements }
}
