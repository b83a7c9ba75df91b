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
  public private(set) var fileMetadata = TraceMetadata()
  /// The format version from the `# gesturetrace: N` line, if there was one.
  public private(set) var formatVersion: Int?
  /// The optional columns the header names.
  public private(set) var columns: CSVColumns?
  /// Whether a trace whose rows stop without `ended` or `cancelled` is
  /// closed instead of reported: a `cancelled` event is added at its last
  /// event's time and position (zero velocity, when it has velocities), and
  /// the metadata entry `repaired: cancelled`. For `gesturetrace repair`.
  package var closesUnfinishedTraces = false
  /// The number of traces closed so far.
  package private(set) var closedTraceCount = 0

  /// The longest line read, in bytes; a longer one is a problem and is
  /// skipped without being held in memory.
  public static let maximumLineLength = 1 << 20

  private var pending: [UInt8] = []
  /// Whether the line being read has passed ``maximumLineLength``.
  private var isOverlong = false
  var line = 0
  private(set) var stopped = false
  private(set) var layout: CSVLayout?
  /// What each field of a row is, for ``scanRow(_:from:count:_:)``.
  private(set) var roles: [UInt8] = []
  /// The encoder's column order, when the header has it.
  private(set) var canonicalRow: CanonicalRow?
  private var fields = CSVFieldSplitter()
  var current: PendingTrace?
  /// The current trace's id as words, when it has at most 16 bytes.
  // NB: kept outside `current`: each read through that optional costs
  // more than the comparison, for every row.
  var currentIDWords: IDWords?
  private var traceMetadata: [String: TraceMetadata] = [:]
  // NB: a trace's metadata lines usually come together, right before its
  // rows; they are gathered here and reach `traceMetadata` only when
  // another trace's line comes first.
  /// The id of the trace whose lines are gathered, as words when it is
  /// ASCII, at most 16 bytes and does not start with `#`.
  // NB: set through `setRecentID` and `clearRecentID()`; at most one of
  // the two is set. Words take no memory: an array per trace cost an
  // allocation and a copy.
  private(set) var recentIDWords: IDWords?
  /// The id of the trace whose lines are gathered, as bytes, when not as
  /// words.
  private(set) var recentIDBytes: [UInt8]?
  /// Whether the lines of a trace are being gathered.
  var hasRecentID: Bool { recentIDWords != nil || recentIDBytes != nil }
  /// The bytes of the gathered lines' id, if any.
  var recentID: [UInt8]? { recentIDWords.map { $0.bytes } ?? recentIDBytes }
  var recentMetadata = TraceMetadata()
  /// The remembered line endings (``MetadataEntryCache`` slots) the
  /// gathered lines were, while they are all of them; their entries are
  /// not in `recentMetadata`, which is then empty.
  // NB: a trace's lines are usually a block of endings seen before: its
  // metadata is then that block's, shared (`blocks`), and the entries are
  // never copied out of `entries`.
  var recentBlock = MetadataBlockCache.Block()
  /// The `strings` slots of the keys in `recentMetadata`, one bit each;
  /// all bits when not known.
  // NB: a key whose slot bit is clear is not there yet, so its entry is
  // added without comparing it with the others. Every change of
  // `recentMetadata` outside `takeShortTraceEntry(_:)` sets all bits or
  // starts again from an empty one.
  var recentKeySlots: UInt64 = 0
  /// The metadata keys and values read so far, made once.
  var strings = InternedStrings()
  /// The entries of recent metadata line endings.
  var entries = MetadataEntryCache()
  /// The metadata of recent blocks of lines.
  var blocks = MetadataBlockCache()
  /// Traces whose metadata lines had a problem before their first row.
  private var spoiledIDs = Set<String>()
  // NB: ids of finished traces are kept as 64-bit hashes so memory stays
  // bounded by the largest trace; a collision (about 1 in 10^10 for a
  // million traces) would report a false "not contiguous" problem.
  var finishedIDs = IDHashSet()
  /// The number of events of the last trace, to size the next one.
  private var lastEventCount = 0
  /// The number of events of the longest trace so far, up to
  /// ``reservedEventLimit``.
  // NB: a trace gets room for as many events: a long trace after short
  // ones would otherwise grow its array, copying it, several times. The
  // limit keeps one huge trace from making every later trace's array huge
  // (an analysis keeps some traces).
  private var longestEventCount = 0
  private static let reservedEventLimit = 4096
  /// The number of metadata entries of the last trace, likewise.
  var lastMetadataCount = 0

  /// Whether traces keep their events; when false, each valid trace is
  /// produced without them and only counted in ``producedEventCount``, so
  /// memory does not grow with a trace's length (`validate` reads this way).
  // NB: every rule is checked as rows stream by (`TraceValidator` needs
  // only the event before), so a trace need not be held to be checked.
  package var keepsEvents = true {
    didSet { buffersForSink = !keepsEvents && eventSink != nil }
  }
  /// Where the events go when the decoder does not keep them: each
  /// trace's start, and its events in order, at the latest when a chunk
  /// of bytes has been read and before the trace is produced (`convert`
  /// writes them this way).
  // NB: the events of the rows of one chunk are gathered in the pending
  // trace's array, as when they are kept, and handed over at the end of
  // the chunk, never a call to the sink per row (the row scanners grew
  // and slowed; docs/performance.md, "Notes moved from the code"). Memory
  // is then the events of one chunk, not of the trace.
  package var eventSink: (any TraceEventSink)? {
    didSet { buffersForSink = !keepsEvents && eventSink != nil }
  }
  /// Whether events are gathered for ``eventSink``.
  private var buffersForSink = false
  /// The number of events of the valid traces produced so far.
  package private(set) var producedEventCount = 0

  /// Whether common rows and trace metadata lines take the one-pass path
  /// (tests compare both).
  var scansRows = true

  /// Creates a decoder.
  public init() {}

  /// Whether metadata was read for a trace whose rows have not started.
  package var hasPendingTraceMetadata: Bool { !traceMetadata.isEmpty || hasRecentID }

  /// Decodes the next bytes of the file, handing every finished trace
  /// and problem to `emit`; see ``TraceDecoder``.
  public mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (TraceFileItem) -> Void
  ) {
    guard !stopped, let base = bytes.baseAddress else { return }
    defer { if buffersForSink { handOverEvents() } }
    var start = 0
    let count = bytes.count
    while start < count {
      // NB: a comment line is never a row: it skips the row reader (the
      // metadata lines before each trace would each enter it and leave).
      if scansRows, pending.isEmpty, base[start] != UInt8(ascii: "#"),
        let next = scanRow(base, from: start, count: count, emit)
      {
        if stopped { return }
        start = next
        continue
      }
      var end = start
      // NB: eight bytes at a time while they are in the buffer (comment
      // lines come this way): the lowest byte that was 0x0A is the lowest
      // set bit of the zero-byte test.
      while end &+ 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
        let spread = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let zeros = (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
        if zeros != 0 {
          end &+= zeros.trailingZeroBitCount &>> 3
          break
        }
        end &+= 8
      }
      while end < count && base[end] != 0x0A { end += 1 }
      if end == count {
        if !isOverlong {
          pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
          if pending.count > Self.maximumLineLength {
            isOverlong = true
            pending = []
          }
        }
        return
      }
      if isOverlong {
        isOverlong = false
        skipOverlongLine(emit)
      } else if pending.isEmpty {
        processLine(UnsafeBufferPointer(start: base + start, count: end - start), emit)
      } else {
        pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        let lineBytes = pending
        pending.removeAll(keepingCapacity: true)
        lineBytes.withUnsafeBufferPointer { processLine($0, emit) }
      }
      if stopped { return }
      start = end + 1
    }
  }

  /// Ends the file, handing the last trace or problem to `emit`.
  public mutating func finish(into emit: (TraceFileItem) -> Void) {
    if isOverlong && !stopped {
      isOverlong = false
      skipOverlongLine(emit)
    } else if !pending.isEmpty && !stopped {
      let lineBytes = pending
      pending = []
      lineBytes.withUnsafeBufferPointer { processLine($0, emit) }
    }
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

  mutating func processLine(
    _ raw: UnsafeBufferPointer<UInt8>, _ emit: (TraceFileItem) -> Void
  ) {
    if raw.count > Self.maximumLineLength { return skipOverlongLine(emit) }
    line += 1
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
    line += 1
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
    if scansRows, takeShortTraceEntry(bytes) || takeTraceEntry(bytes) { return }
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
        formatVersion = 1
      } else {
        fileMetadata[key] = value
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
      if finishedIDs.contains(TraceIDHash.of(id)) {
        emit(
          .problem(
            TraceFileProblem(
              line: line, column: columnOffset + 1,
              message: "expected metadata for trace '\(id.truncatedForMessage)' before its "
                + "first row, found it after the trace")))
        return
      }
      if recentID.map({ String(decoding: $0, as: UTF8.self) }) != id {
        storeRecentMetadata()
        setRecentID(Array(id.utf8))
        recentMetadata.reserveCapacity(lastMetadataCount)
      }
      addRecentBlock()
      recentMetadata[key] = value
      recentKeySlots = ~0
    }
  }

  /// Reports a bad metadata line; a trace's own line spoils the trace.
  private mutating func reportMetadataProblem(
    column: Int, _ message: String, traceID: String?, _ emit: (TraceFileItem) -> Void
  ) {
    if let traceID {
      if current?.id == traceID { current!.isBad = true } else { spoiledIDs.insert(traceID) }
    }
    emit(.problem(TraceFileProblem(line: line, column: column, message: message, traceID: traceID)))
  }

  private mutating func processHeader(
    _ bytes: UnsafeBufferPointer<UInt8>, columnOffset: Int, _ emit: (TraceFileItem) -> Void
  ) {
    switch CSVLayout.parse(bytes, splitter: &fields) {
    case .success(let parsed):
      layout = parsed
      roles = parsed.roles
      canonicalRow = CanonicalRow(roles)
      columns = parsed.columns
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
    guard let event = parseEvent(bytes, layout, emit) else {
      current!.isBad = true
      return
    }
    append(
      event.event, timeColumn: fields.start(layout.t) + 1,
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
      id: id, idBytes: idBytes, firstLine: line, keepsEvents: keepsEvents || buffersForSink)
    // NB: room for a trace up to twice as long as the last, so that the
    // array rarely grows (and copies) while rows are appended.
    if keepsEvents {
      current!.events.reserveCapacity(max(2 * lastEventCount + 16, longestEventCount))
    }
    var stored = traceMetadata.isEmpty ? nil : traceMetadata.removeValue(forKey: id)
    if hasRecentID, isRecentID(idBytes, id) {
      let recent = takeRecentMetadata()
      stored = stored.map { $0.merging(recent) } ?? recent
      clearRecentID()
      recentKeySlots = 0
    }
    // NB: without file metadata, the trace's is its lines' as they are
    // (often a block's, shared): no merging and no optional copies.
    if !fileMetadata.isEmpty {
      current!.metadata = fileMetadata.merging(stored ?? TraceMetadata())
    } else if let stored {
      current!.metadata = stored
    }
    lastMetadataCount = current!.metadata.count
    if !spoiledIDs.isEmpty, spoiledIDs.remove(id) != nil { current!.isBad = true }
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
    } else if !finishedIDs.insert(TraceIDHash.of(idBytes)) {
      found = (
        idColumn,
        "expected the rows of trace '\(id.truncatedForMessage)' to be contiguous, "
          + "found a row after other traces' rows"
      )
    }
    if found != nil { current!.isBad = true }
    currentIDWords = IDWords(idBytes)
    if buffersForSink, let eventSink, let columns {
      eventSink.startTrace(id: id, metadata: current!.metadata, line: line, columns: columns)
    }
    if let found { emit(.problem(problem(column: found.column, found.message))) }
  }

  /// Moves the gathered metadata lines to the other traces' metadata.
  mutating func storeRecentMetadata() {
    guard let bytes = recentID else { return }
    addRecentBlock()
    let id = String(decoding: bytes, as: UTF8.self)
    traceMetadata[id] = traceMetadata[id]?.merging(recentMetadata) ?? recentMetadata
    clearRecentID()
    recentMetadata = TraceMetadata()
    recentKeySlots = 0
  }

  /// Starts gathering the metadata lines of the trace with this id.
  mutating func setRecentID(_ id: [UInt8]) {
    recentIDWords = id.allSatisfy { $0 < 0x80 } ? IDWords(id) : nil
    recentIDBytes = recentIDWords == nil ? id : nil
  }

  /// Starts gathering the metadata lines of the trace with the non-empty
  /// ASCII id of `count` bytes at `start`, with 16 bytes to read there.
  mutating func setRecentID(ascii start: UnsafePointer<UInt8>, count: Int) {
    recentIDWords = IDWords(ascii: start, count: count)
    recentIDBytes =
      recentIDWords == nil ? Array(UnsafeBufferPointer(start: start, count: count)) : nil
  }

  /// Ends gathering metadata lines.
  mutating func clearRecentID() {
    recentIDWords = nil
    recentIDBytes = nil
  }

  /// Whether a trace's id, as bytes and as a string, is the gathered
  /// lines' id: the same bytes or a canonically equivalent string.
  func isRecentID(_ bytes: [UInt8], _ id: String) -> Bool {
    if let words = recentIDWords {
      if words.count == bytes.count, words.matches(bytes) { return true }
      return String(decoding: words.bytes, as: UTF8.self) == id
    }
    guard let recent = recentIDBytes else { return false }
    return recent == bytes || String(decoding: recent, as: UTF8.self) == id
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

  private mutating func parseEvent(
    _ bytes: UnsafeBufferPointer<UInt8>, _ layout: CSVLayout, _ emit: (TraceFileItem) -> Void
  ) -> (event: PanEvent, Void)? {
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
      emit(
        .problem(
          problem(
            column: fields.start(layout.t) + 1,
            TraceTime.problem(found: fields.string(layout.t, in: bytes)))))
      return nil
    }
    guard let phase = fields.withField(layout.phase, in: bytes, { TouchPhase(utf8: $0) }) else {
      emit(
        .problem(
          problem(
            column: fields.start(layout.phase) + 1,
            "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found '"
              + "\(fields.string(layout.phase, in: bytes).truncatedForMessage)'")))
      return nil
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
        emit(
          .problem(
            problem(
              column: fields.start(column.index) + 1,
              "expected a finite number for '\(column.name)', found '"
                + "\(fields.string(column.index, in: bytes).truncatedForMessage)'")))
        return nil
      }
    }
    for pair in [(2, 3), (4, 5)] where (numbers[pair.0] == nil) != (numbers[pair.1] == nil) {
      let missing = numbers[pair.0] == nil ? pair.0 : pair.1
      let other = numbers[pair.0] == nil ? pair.1 : pair.0
      guard let column = layout.numberColumns[missing] else { continue }
      emit(
        .problem(
          problem(
            column: fields.start(column.index) + 1,
            "expected a number for '\(column.name)' since '\(layout.numberColumns[other]!.name)' "
              + "has one, found ''")))
      return nil
    }
    let velocity = numbers[2].map { Vector2D(x: $0, y: numbers[3]!) }
    let location = numbers[4].map { Vector2D(x: $0, y: numbers[5]!) }
    let event = PanEvent(
      time: time, phase: phase, translation: Vector2D(x: numbers[0]!, y: numbers[1]!),
      velocity: velocity, location: location)
    return (event, ())
  }

  mutating func finishCurrentTrace(_ emit: (TraceFileItem) -> Void) {
    if buffersForSink { handOverEvents() }
    // NB: taken, not copied: a copy and the destruction of the optional
    // cost a retain and a release of every part, for every trace.
    guard let finished = current.take() else { return }
    currentIDWords = nil
    lastEventCount = finished.eventCount
    longestEventCount = min(max(longestEventCount, lastEventCount), Self.reservedEventLimit)
    if finished.isBad { return }
    if let violation = finished.validator.finish() {
      if violation.kind == .missingEnd, closesUnfinishedTraces, let last = finished.last {
        // NB: the replayer treats a trace that stops without ending the
        // same way: cancelled by the system at its last event.
        var events = finished.events
        let closing = PanEvent(
          time: last.time, phase: .cancelled, translation: last.translation,
          velocity: last.velocity.map { _ in .zero }, location: last.location)
        if keepsEvents { events.append(closing) } else { eventSink?.add(closing) }
        var metadata = finished.metadata
        metadata["repaired"] = "cancelled"
        closedTraceCount += 1
        producedEventCount += finished.eventCount + 1
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
    producedEventCount += finished.eventCount
    let trace = Trace(id: finished.id, events: finished.events, metadata: finished.metadata)
    emit(.trace(trace, line: finished.firstLine))
  }

  /// Hands the events gathered for the pending trace to the sink and
  /// empties its array, keeping the last one for ``PendingTrace/last``.
  private mutating func handOverEvents() {
    guard let eventSink, current?.events.isEmpty == false else { return }
    for event in current!.events { eventSink.add(event) }
    current!.lastEvent = current!.events.last
    current!.events.removeAll(keepingCapacity: true)
  }

  /// The ``TraceIDHash`` of the id of every trace whose first row has been
  /// read, in no particular order.
  // NB: `analyze` checks that no two pieces of a file hold the same trace
  // with these: hashing each trace's id string again cost more than the
  // set's copy.
  package var startedTraceIDHashes: [UInt64] { finishedIDs.elements }
}

/// A trace whose rows are being read.
struct PendingTrace {
  var id: String
  var idBytes: [UInt8]
  var firstLine: Int
  var lastLine: Int
  var lastPhaseColumn = 1
  /// The events, unless the decoder does not keep them.
  var events: [PanEvent] = []
  /// The number of events added.
  var eventCount = 0
  /// The last event added, when the events are not kept (see ``last``).
  var lastEvent: PanEvent?

  /// The last event added.
  // NB: events handed to a sink leave the array; the last stays here.
  var last: PanEvent? { events.last ?? lastEvent }
  let keepsEvents: Bool
  var metadata = TraceMetadata()
  var validator = TraceValidator()
  var isBad = false

  init(id: String, idBytes: [UInt8], firstLine: Int, keepsEvents: Bool = true) {
    self.keepsEvents = keepsEvents
    self.id = id
    self.idBytes = idBytes
    self.firstLine = firstLine
    self.lastLine = firstLine
  }

  /// Adds an event read on `line`, unless the trace is bad; returns the
  /// rule it breaks, if any, and then marks the trace bad. `isFinite`
  /// tells that the event's numbers are known to be finite.
  @inline(__always)
  mutating func add(
    _ event: PanEvent, line: Int, phaseColumn: Int, isFinite: Bool
  ) -> TraceViolation? {
    if isBad { return nil }
    let violation =
      isFinite
      ? validator.checkFinite(event, at: eventCount) : validator.check(event, at: eventCount)
    if let violation {
      isBad = true
      return violation
    }
    // NB: a kept trace's last event is its array's: store no copy of each
    // row's event besides, and do not empty the array per row instead
    // (both measurably slower; docs/performance.md, "Notes moved from the
    // code").
    if keepsEvents { events.append(event) } else { lastEvent = event }
    eventCount += 1
    lastLine = line
    lastPhaseColumn = phaseColumn
    return nil
  }
}

extension TouchPhase {
  /// Reads a phase name from UTF-8 bytes.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    // NB: compared byte by byte; a generic comparison with a string's UTF-8
    // view costs more than the rest of a row.
    func matches(_ word: StaticString) -> Bool {
      guard bytes.count == word.utf8CodeUnitCount else { return false }
      let expected = word.utf8Start
      for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
      return true
    }
    switch bytes.count {
    case 5 where matches("began"): self = .began
    case 5 where matches("ended"): self = .ended
    case 6 where matches("failed"): self = .cancelled
    case 7 where matches("changed"): self = .changed
    case 9 where matches("cancelled"): self = .cancelled
    default: return nil
    }
  }
}

extension StringProtocol {
  /// The text shortened to 40 characters with an ellipsis, for messages.
  var truncatedForMessage: String {
    count > 40 ? String(prefix(39)) + "…" : String(self)
  }
}
