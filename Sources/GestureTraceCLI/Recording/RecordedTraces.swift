import GestureTrace

/// The traces a live recording has written, and what the label and undo
/// keys do to them: the logic the terminal and browser recorders share.
///
/// - ``add(_:metadata:)`` names a finished pan `g1`, `g2`, … after its
///   position in the file (an undone number is used again) and returns it
///   to be appended and flushed at once, unlabelled.
/// - Then ``press(_:)`` with `c` sets its intent to `complete`, `x` to
///   `cancel` (``Change/replaceLast(_:)``: the recorder rewrites the last
///   trace); any other key skips, leaving it unlabelled but kept — a
///   recording never drops a finished gesture because of a stray key.
///   `c` and `x` always apply to the latest trace, so a wrong label is
///   corrected by pressing the other key.
/// - `u` removes the latest trace (``Change/removeLast``), and again the
///   one before it.
struct RecordedTraces: Sendable {
  /// What the recorder must do to the trace file.
  enum Change: Sendable, Hashable {
    /// Append this finished trace and flush it.
    case append(Trace)
    /// Replace the last trace of the file with this one (a new label).
    case replaceLast(Trace)
    /// Remove the last trace of the file.
    case removeLast
  }

  /// The traces in the file, in order.
  private(set) var traces: [Trace] = []
  /// Whether the latest trace has just been recorded and no key has been
  /// pressed since.
  var isAwaitingLabel = false

  /// Records a finished pan as the next trace; returns it.
  mutating func add(_ events: [PanEvent], metadata: TraceMetadata) -> Trace {
    let trace = Trace(id: "g\(traces.count + 1)", events: events, metadata: metadata)
    traces.append(trace)
    isAwaitingLabel = true
    return trace
  }

  /// What the status line says of a trace just recorded.
  static func recordedMessage(_ trace: Trace) -> String {
    guard let end = trace.events.last else { return "\(trace.id) recorded." }
    return "\(trace.id) \(end.phase.rawValue) at (\(fixed(end.translation.x, 1)), "
      + "\(fixed(end.translation.y, 1))) pt after \(trace.events.count) events. "
      + "Label it: c complete, x cancel, any other key skips."
  }

  /// What a recording kept, printed when it ends.
  static func summary(
    of traces: [Trace], ending: TerminalRecorder.Ending, output: String
  ) -> String {
    let complete = traces.filter { $0.metadata.intent == .complete }.count
    let cancel = traces.filter { $0.metadata.intent == .cancel }.count
    var text = traces.count == 1 ? "Recorded 1 trace" : "Recorded \(traces.count) traces"
    text += " in '\(output)': \(complete) complete, \(cancel) cancel, "
    text += "\(traces.count - complete - cancel) unlabelled."
    if case .signal(let signal) = ending { text += " Ended by signal \(signal.number)." }
    return text + "\n"
  }

  /// Handles a label or undo key: the change to the file, if any, and what
  /// to tell the user (`nil`: nothing to say).
  mutating func press(_ key: Unicode.Scalar) -> (change: Change?, message: String?) {
    let wasAwaiting = isAwaitingLabel
    isAwaitingLabel = false
    switch key {
    case "c", "x":
      guard var trace = traces.popLast() else {
        return (nil, "Nothing to label yet: drag first.")
      }
      let intent: TraceIntent = key == "c" ? .complete : .cancel
      trace.metadata.intent = intent
      traces.append(trace)
      return (.replaceLast(trace), "\(trace.id) labelled \(intent.rawValue).")
    case "u":
      guard let trace = traces.popLast() else { return (nil, "Nothing to undo.") }
      return (.removeLast, "\(trace.id) removed.")
    default:
      guard wasAwaiting, let trace = traces.last else { return (nil, nil) }
      return (nil, "\(trace.id) left unlabelled.")
    }
  }
}

extension TraceAppender {
  /// Makes a recording's change to the file: appends, rewrites or removes
  /// its last trace.
  ///
  /// - Throws: `ioError` when the file cannot be written; `dataError` when
  ///   a trace would make a line the format's readers refuse.
  mutating func apply(
    _ change: RecordedTraces.Change, io: inout some ToolIO
  ) throws(CommandError) {
    // NB: a drag would need some 800,000 events to make a JSON Lines line
    // the readers refuse; were one to, the recording stops rather than keep
    // a file whose undo no longer matches it.
    switch change {
    case .append(let trace):
      if let problem = try append(trace, io: &io) { throw .dataError(problem.message) }
    case .replaceLast(let trace):
      _ = try removeLast()
      if let problem = try append(trace, io: &io) { throw .dataError(problem.message) }
    case .removeLast:
      _ = try removeLast()
    }
  }
}
