/// One gesture read from raw pointer samples: a touch from `down` to `up`
/// or `cancel`.
package struct RawGesture: Sendable, Hashable {
  /// The samples: `down`, any `move`s, then `up` or `cancel`.
  package var samples: [PointerSample]
  /// The value of the `trace` column, when the input has one.
  package var traceID: String?
  /// The line of the touch-down row, from 1.
  package var line: Int

  /// Creates a gesture.
  package init(samples: [PointerSample], traceID: String?, line: Int) {
    self.samples = samples
    self.traceID = traceID
    self.line = line
  }
}

/// What a ``PointerSampleReader`` produces.
package enum PointerSampleItem: Sendable, Hashable {
  /// A complete gesture.
  case gesture(RawGesture)
  /// A problem; the gesture it is in is dropped, and reading goes on.
  case problem(TraceFileProblem)
}

/// A streaming reader of raw pointer samples in CSV: what
/// `gesturetrace record --from csv` and `--from stdin` read.
///
/// ```
/// # a comment
/// trace,t,x,y,event
/// a,0.000,100,400,down
/// a,0.008,100,396,move
/// a,0.016,101,380,up
/// ```
///
/// The header names the columns, in any order: `t`, `x` and `y` are
/// required, `event` (`down`, `move`, `up`, `cancel`) and `trace` (an id;
/// one gesture per trace, its rows together) are optional, and other columns
/// are ignored. Without `event`, each trace (or, without `trace`, the whole
/// input) is one gesture: its first row is the touch-down, its last the
/// lift, and the rows between are moves. Times are decimal numbers in the
/// given unit, converted exactly to nanoseconds; positions are finite
/// numbers. Comments (`#`), blank lines, a byte-order mark and `\r\n` are
/// accepted, as in trace files.
///
/// A gesture is produced as soon as its last row is read: at its `up` or
/// `cancel` row, or, without `event`, when the next trace starts or the input
/// ends. A problem in a row drops its gesture (and, with `trace`, the rest of
/// its trace); a broken header ends reading.
package struct PointerSampleReader {
  private struct Columns {
    var count = 0
    var time = -1
    var x = -1
    var y = -1
    var event = -1
    var trace = -1
  }

  private let timeExponent: Int
  private let unitName: String
  private var lines = LineSplitter()
  private var fields = CSVFieldSplitter()
  private var columns: Columns?
  private var isStopped = false
  private var problems = ProblemReporter()

  // NB: the gesture being read; `pendingLift` is the last row of a gesture
  // without an `event` column, which becomes the lift when the gesture ends.
  private var gesture: RawGesture?
  private var pendingLift: PointerSample?
  private var lastLine = 0
  /// The number of lines read.
  private var lineCount = 0
  /// The `t` text of the last row read, for messages.
  private var lastTimeText = ""
  private var currentTrace: String?
  private var seenTraces = Set<String>()
  private var traceHadGesture = false
  /// Whether the rows until the next boundary are skipped after a problem.
  private var isSkipping = false

  /// Creates a reader; `timeExponent` is the power of ten that turns the
  /// `t` column into seconds (0 for seconds, -3 for milliseconds…), and
  /// `unitName` names the unit in messages.
  package init(timeExponent: Int = 0, unitName: String = "seconds") {
    self.timeExponent = timeExponent
    self.unitName = unitName
  }

  /// Reads the next chunk of bytes, producing what it completes.
  package mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (PointerSampleItem) -> Void
  ) {
    var splitter = LineSplitter()
    swap(&splitter, &lines)
    splitter.push(bytes) { read($0, into: emit) }
    swap(&splitter, &lines)
  }

  /// Reads what is left after the last chunk, producing what it completes.
  package mutating func finish(into emit: (PointerSampleItem) -> Void) {
    var splitter = LineSplitter()
    swap(&splitter, &lines)
    splitter.finish { read($0, into: emit) }
    swap(&splitter, &lines)
    guard !isStopped else { return }
    guard columns != nil else {
      // NB: an empty input is a problem, as for trace files: a tracker that
      // died before writing anything should not look like a quiet success.
      return fatal(
        line: max(lineCount, 1), column: 1,
        "expected a header with the columns t, x and y, found the end of the input",
        into: emit)
    }
    endTrace(into: emit)
    if let gesture, columns?.event ?? -1 >= 0 {
      report(
        line: lastLine, column: 1,
        "expected the gesture that began on line \(gesture.line) to end with 'up' or "
          + "'cancel', found the end of the input",
        into: emit)
    }
    gesture = nil
  }

  /// Reads a whole text at once.
  package mutating func read(_ text: String) -> [PointerSampleItem] {
    var items: [PointerSampleItem] = []
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer {
      push(UnsafeBufferPointer($0), into: { items.append($0) })
    }
    finish { items.append($0) }
    return items
  }

  // MARK: - Lines

  private mutating func read(_ line: LineSplitter.Line, into emit: (PointerSampleItem) -> Void) {
    guard !isStopped else { return }
    switch line {
    case .overlong(let number):
      lineCount = number
      report(
        line: number, column: 1,
        "expected a line of at most \(LineSplitter.maximumLength) bytes, found a longer one",
        into: emit)
      breakGesture()
    case .text(let slice, let number):
      lineCount = number
      var bytes = slice
      if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
      if first == UInt8(ascii: "#") { return }
      bytes.withUnsafeBufferPointer { buffer in
        if columns == nil {
          readHeader(buffer, line: number, into: emit)
        } else {
          readRow(buffer, line: number, into: emit)
        }
      }
    }
  }

  private mutating func readHeader(
    _ bytes: UnsafeBufferPointer<UInt8>, line: Int, into emit: (PointerSampleItem) -> Void
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    let expected = "expected a header with the columns t, x and y"
    if let problem = fields.split(bytes) {
      return fatal(line: line, column: problem.column, problem.message, into: emit)
    }
    var found = Columns()
    found.count = fields.count
    for index in 0..<fields.count {
      let name = fields.string(index, in: bytes).trimmingSpaces
      let column = fields.start(index) + 1
      let slot: WritableKeyPath<Columns, Int>
      switch name {
      case "t": slot = \.time
      case "x": slot = \.x
      case "y": slot = \.y
      case "event": slot = \.event
      case "trace": slot = \.trace
      default: continue
      }
      guard found[keyPath: slot] < 0 else {
        return fatal(
          line: line, column: column,
          "\(expected), each once; column '\(name)' repeats in '\(quoted(text))'", into: emit)
      }
      found[keyPath: slot] = index
    }
    let missing = [("t", found.time), ("x", found.x), ("y", found.y)].filter { $0.1 < 0 }
    guard missing.isEmpty else {
      let names = missing.map { "'\($0.0)'" }.joined(separator: ", ")
      let verb = missing.count == 1 ? "is" : "are"
      return fatal(
        line: line, column: 1,
        "\(expected); \(names) \(verb) missing in '\(quoted(text))'", into: emit)
    }
    columns = found
  }

  private mutating func readRow(
    _ bytes: UnsafeBufferPointer<UInt8>, line: Int, into emit: (PointerSampleItem) -> Void
  ) {
    guard let columns else { return }
    if let problem = fields.split(bytes) {
      report(line: line, column: problem.column, problem.message, into: emit)
      return breakGesture()
    }
    guard fields.count == columns.count else {
      report(
        line: line, column: 1,
        "expected \(columns.count) fields as in the header, found \(fields.count)", into: emit)
      return breakGesture()
    }
    if columns.trace >= 0 {
      let id = fields.string(columns.trace, in: bytes).trimmingSpaces
      if id != currentTrace {
        endTrace(into: emit)
        currentTrace = id
        traceHadGesture = false
        isSkipping = false
        guard Trace.isValidID(id) else {
          report(
            line: line, column: column(of: columns.trace),
            "expected a trace id without spaces or control characters, found '\(quoted(id))'",
            into: emit)
          return breakGesture()
        }
        guard seenTraces.insert(id).inserted else {
          report(
            line: line, column: column(of: columns.trace),
            "expected the rows of trace '\(id)' to be together, found more of them", into: emit)
          return breakGesture()
        }
      }
    }
    guard !isSkipping || (columns.trace < 0 && columns.event >= 0 && isDown(bytes, columns))
    else { return }
    isSkipping = false
    guard let time = readTime(bytes, field: columns.time) else {
      report(
        line: line, column: column(of: columns.time),
        "expected a time in \(unitName), found '\(quoted(fields.string(columns.time, in: bytes)))'",
        into: emit)
      return breakGesture()
    }
    var position = Vector2D.zero
    for (field, name) in [(columns.x, "x"), (columns.y, "y")] {
      guard case .value(let value) = fields.number(field, in: bytes) else {
        report(
          line: line, column: column(of: field),
          "expected a finite number for '\(name)', found "
            + "'\(quoted(fields.string(field, in: bytes)))'",
          into: emit)
        return breakGesture()
      }
      if name == "x" { position.x = value } else { position.y = value }
    }
    var action = PointerAction.move
    if columns.event >= 0 {
      let text = fields.string(columns.event, in: bytes).trimmingSpaces
      guard let parsed = PointerAction(rawValue: text) else {
        report(
          line: line, column: column(of: columns.event),
          "expected an event ('down', 'move', 'up' or 'cancel'), found '\(quoted(text))'",
          into: emit)
        return breakGesture()
      }
      action = parsed
    }
    if let last = pendingLift ?? gesture?.samples.last, time < last.time {
      report(
        line: line, column: column(of: columns.time),
        "expected a time no earlier than the previous sample's, found "
          + "\(fields.string(columns.time, in: bytes).trimmingSpaces) after \(lastTimeText)",
        into: emit)
      return breakGesture()
    }
    lastLine = line
    lastTimeText = fields.string(columns.time, in: bytes).trimmingSpaces
    let sample = PointerSample(time: time, position: position, action: action)
    if columns.event >= 0 {
      addEvent(sample, line: line, column: column(of: columns.event), into: emit)
    } else {
      addRow(sample, line: line)
    }
  }

  // MARK: - Gestures

  /// Adds a row of an input with an `event` column.
  private mutating func addEvent(
    _ sample: PointerSample, line: Int, column: Int, into emit: (PointerSampleItem) -> Void
  ) {
    switch sample.action {
    case .down:
      if let gesture {
        report(
          line: line, column: column,
          "expected 'move', 'up' or 'cancel' after the 'down' on line \(gesture.line), "
            + "found 'down'",
          into: emit)
        self.gesture = nil
        if currentTrace != nil { return breakGesture() }
      } else if traceHadGesture, let currentTrace {
        report(
          line: line, column: column,
          "expected one gesture in trace '\(currentTrace)', found a second 'down'", into: emit)
        return breakGesture()
      }
      gesture = RawGesture(samples: [sample], traceID: currentTrace, line: line)
      traceHadGesture = true
    case .move, .up, .cancel:
      guard var gesture else {
        report(
          line: line, column: column,
          "expected 'down' to start a gesture, found '\(sample.action.rawValue)'", into: emit)
        return breakGesture()
      }
      gesture.samples.append(sample)
      if sample.action == .move {
        self.gesture = gesture
      } else {
        self.gesture = nil
        emit(.gesture(gesture))
      }
    }
  }

  /// Adds a row of an input without an `event` column.
  private mutating func addRow(_ sample: PointerSample, line: Int) {
    guard var gesture else {
      var down = sample
      down.action = .down
      gesture = RawGesture(samples: [down], traceID: currentTrace, line: line)
      return
    }
    if let pendingLift { gesture.samples.append(pendingLift) }
    pendingLift = sample
    self.gesture = gesture
  }

  /// Ends the trace being read: without an `event` column its gesture is
  /// complete; with one, a gesture still down is a problem.
  private mutating func endTrace(into emit: (PointerSampleItem) -> Void) {
    guard let columns else { return }
    if columns.event < 0 {
      if var gesture {
        var lift = pendingLift ?? gesture.samples[0]
        lift.action = .up
        gesture.samples.append(lift)
        emit(.gesture(gesture))
      }
    } else if let gesture, let currentTrace, columns.trace >= 0 {
      report(
        line: lastLine, column: 1,
        "expected trace '\(currentTrace)' to end with 'up' or 'cancel', found the end of "
          + "its rows (its gesture began on line \(gesture.line))",
        into: emit)
    }
    if columns.trace >= 0 || columns.event < 0 {
      gesture = nil
    }
    pendingLift = nil
  }

  /// Drops the gesture being read and skips rows to the next boundary.
  private mutating func breakGesture() {
    gesture = nil
    pendingLift = nil
    isSkipping = true
  }

  // MARK: - Fields

  private mutating func readTime(_ bytes: UnsafeBufferPointer<UInt8>, field: Int) -> TraceTime? {
    let exponent = timeExponent
    return fields.withField(field, in: bytes) { raw -> TraceTime? in
      var lower = 0
      var upper = raw.count
      while lower < upper && raw[lower] == 0x20 { lower += 1 }
      while upper > lower && raw[upper - 1] == 0x20 { upper -= 1 }
      let text = UnsafeBufferPointer(rebasing: raw[lower..<upper])
      guard var literal = DecimalLiteral(text) else { return nil }
      literal.exponent += exponent
      return literal.nanoseconds()
    }
  }

  /// The 1-based byte column where a field of the last split row starts.
  private func column(of field: Int) -> Int { fields.start(field) + 1 }

  private mutating func isDown(_ bytes: UnsafeBufferPointer<UInt8>, _ columns: Columns) -> Bool {
    fields.string(columns.event, in: bytes).trimmingSpaces == "down"
  }

  private func quoted(_ text: String) -> String {
    ImportScanning.quoted(Array(text.utf8)[...])
  }

  private mutating func report(
    line: Int, column: Int, _ message: String, into emit: (PointerSampleItem) -> Void
  ) {
    let problem = TraceFileProblem(
      line: line, column: column, message: message, traceID: currentTrace)
    if let reported = problems.admit(problem) { emit(.problem(reported)) }
  }

  private mutating func fatal(
    line: Int, column: Int, _ message: String, into emit: (PointerSampleItem) -> Void
  ) {
    emit(.problem(TraceFileProblem(line: line, column: column, message: message, isFatal: true)))
    isStopped = true
  }
}
