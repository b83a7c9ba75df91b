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
/// - For a transition that settles on one of more than two stops
///   (``stops``), the keys `1` to `9` label the latest trace with the
///   stop of that rank (`intent: half`) instead, and `c` and `x` skip as
///   any other key does.
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
  /// The stops the label keys `1`, `2`, … name, in order, for a transition
  /// with more than two stops; empty for one that completes or cancels.
  let stops: [String]

  /// No traces yet; `stops` are the stops the keys `1` to `9` name, if the
  /// transition has more than two (a track's first nine).
  init(stops: [String] = []) {
    self.stops = Array(stops.prefix(9))
  }

  /// The stops the label keys name for `variant`: its track's stops when it
  /// has more than two, else none.
  static func stops(of variant: Variant?) -> [String] {
    guard let track = variant?.track, track.isMultiStop else { return [] }
    return track.stops.map(\.name)
  }

  /// The label keys as the status line and messages name them: `c
  /// complete · x cancel`, or `1 open · 2 half · 3 closed`.
  static func labelKeys(stops: [String], separator: String = " · ") -> String {
    guard !stops.isEmpty else { return ["c complete", "x cancel"].joined(separator: separator) }
    return stops.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element)" }
      .joined(separator: separator)
  }

  /// Records a finished pan as the next trace; returns it.
  mutating func add(_ events: [PanEvent], metadata: TraceMetadata) -> Trace {
    let trace = Trace(id: "g\(traces.count + 1)", events: events, metadata: metadata)
    traces.append(trace)
    isAwaitingLabel = true
    return trace
  }

  /// What the status line says of a trace just recorded.
  static func recordedMessage(_ trace: Trace, stops: [String] = []) -> String {
    guard let end = trace.events.last else { return "\(trace.id) recorded." }
    return "\(trace.id) \(end.phase.rawValue) at (\(fixed(end.translation.x, 1)), "
      + "\(fixed(end.translation.y, 1))) pt after \(trace.events.count) events. "
      + "Label it: \(labelKeys(stops: stops, separator: ", ")), any other key skips."
  }

  /// What a recording kept, printed when it ends.
  static func summary(
    of traces: [Trace], ending: TerminalRecorder.Ending, output: String
  ) -> String {
    var labels = ["complete", "cancel"]
    for trace in traces {
      if let label = trace.metadata["intent"], !labels.contains(label) { labels.append(label) }
    }
    var text = traces.count == 1 ? "Recorded 1 trace" : "Recorded \(traces.count) traces"
    text += " in '\(output.escapingControlCharacters)': "
    var labelled = 0
    for label in labels {
      let count = traces.filter { $0.metadata["intent"] == label }.count
      // NB: the stops a recording used, after complete and cancel (always said).
      guard count > 0 || label == "complete" || label == "cancel" else { continue }
      text += "\(count) \(label), "
      labelled += count
    }
    text += "\(traces.count - labelled) unlabelled."
    if case .signal(let signal) = ending { text += " Ended by signal \(signal.number)." }
    return text + "\n"
  }

  /// Handles a label or undo key: the change to the file, if any, and what
  /// to tell the user (`nil`: nothing to say).
  mutating func press(_ key: Unicode.Scalar) -> (change: Change?, message: String?) {
    let wasAwaiting = isAwaitingLabel
    isAwaitingLabel = false
    if !stops.isEmpty, let digit = Int(String(key)), (1...stops.count).contains(digit) {
      guard var trace = traces.popLast() else {
        return (nil, "Nothing to label yet: drag first.")
      }
      trace.metadata["intent"] = stops[digit - 1]
      traces.append(trace)
      return (.replaceLast(trace), "\(trace.id) labelled \(stops[digit - 1]).")
    }
    switch key {
    case "c" where stops.isEmpty, "x" where stops.isEmpty:
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
