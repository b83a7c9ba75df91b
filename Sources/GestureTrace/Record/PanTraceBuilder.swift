/// Collects a ``PanRecognizer``'s events into whole pans, one sample at a
/// time: what the recorders use to turn a stream of samples into traces.
package struct PanTraceBuilder: Sendable {
  /// The recognizer.
  package private(set) var recognizer: PanRecognizer
  /// The events of the pan in progress; empty between pans.
  package private(set) var events: [PanEvent] = []

  /// Creates a builder with no pan in progress.
  package init(_ recognizer: PanRecognizer) {
    self.recognizer = recognizer
  }

  /// Adds a sample; returns the event it produced, if any, and the events of
  /// the pan it finished (from `began` to `ended` or `cancelled`), if any.
  package mutating func add(
    _ sample: PointerSample
  ) -> (event: PanEvent?, finished: [PanEvent]?) {
    guard let event = recognizer.add(sample) else { return (nil, nil) }
    events.append(event)
    guard event.phase.isFinal else { return (event, nil) }
    let finished = events
    events.removeAll(keepingCapacity: true)
    return (event, finished)
  }

  /// Forgets the touch and the pan in progress.
  package mutating func reset() {
    recognizer.reset()
    events.removeAll()
  }
}

extension PanRecognizer {
  /// The pans a sequence of samples makes, as traces.
  ///
  /// Each pan that ends (`ended`, or `cancelled` by a cancel or a new touch)
  /// becomes a trace with the id `prefix` followed by its number from 1 and
  /// the given metadata; a pan still in progress after the last sample is
  /// left out.
  ///
  /// ```swift
  /// let traces = PanRecognizer.traces(
  ///   from: samples, recognizer: PanRecognizer(scale: 3))   // g1, g2, …
  /// ```
  public static func traces(
    from samples: some Sequence<PointerSample>, recognizer: PanRecognizer = PanRecognizer(),
    idPrefix prefix: String = "g", metadata: TraceMetadata = TraceMetadata()
  ) -> [Trace] {
    var builder = PanTraceBuilder(recognizer)
    var traces: [Trace] = []
    for sample in samples {
      if let events = builder.add(sample).finished {
        traces.append(Trace(id: "\(prefix)\(traces.count + 1)", events: events, metadata: metadata))
      }
    }
    return traces
  }
}
