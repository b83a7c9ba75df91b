import Testing

@testable import GestureTrace

/// A CSV decoder that does not keep events (how `validate` and `convert`
/// read): the same traces and problems, each trace counted instead of
/// held, and with a sink, each event handed over as its row is read.
@Suite struct StreamingValidationTests {
  /// A sink that keeps what it gets, for comparison.
  final class RecordingSink: TraceEventSink {
    struct Started: Equatable {
      var id: String
      var metadata: TraceMetadata
      var line: Int
      var columns: CSVColumns
      var events: [PanEvent] = []
    }
    var started: [Started] = []
    /// Whether to keep events or only count them.
    var keepsEvents = true
    var eventCount = 0

    func startTrace(id: String, metadata: TraceMetadata, line: Int, columns: CSVColumns) {
      started.append(Started(id: id, metadata: metadata, line: line, columns: columns))
    }

    func add(_ event: PanEvent) {
      eventCount += 1
      if keepsEvents { started[started.count - 1].events.append(event) }
    }
  }

  /// One trace of `count` events: began, changed rows, ended.
  private func longTrace(_ count: Int) -> String {
    var text = "trace,t,phase,tx,ty\n"
    for index in 0..<count {
      let phase = index == 0 ? "began" : (index == count - 1 ? "ended" : "changed")
      text += "g1,\(index),\(phase),\(index % 10),0\n"
    }
    return text
  }

  // NB: the pending trace's storage is what grew with a trace: 80 bytes
  // per event, up to three times that while its array grew.
  @Test func stateDoesNotGrowWithATracesEvents() {
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    var items: [TraceFileItem] = []
    let bytes = Array(longTrace(20_000).utf8)
    // Up to the last row: the trace is still pending.
    let cut = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    bytes.withUnsafeBufferPointer { buffer in
      decoder.push(UnsafeBufferPointer(rebasing: buffer[..<cut])) { items.append($0) }
    }
    #expect(items.isEmpty)
    #expect(decoder.current?.eventCount == 19_999)
    #expect(decoder.current?.events.capacity == 0)
    bytes.withUnsafeBufferPointer { buffer in
      decoder.push(UnsafeBufferPointer(rebasing: buffer[cut...])) { items.append($0) }
    }
    decoder.finish { items.append($0) }
    #expect(items.count == 1)
    #expect(decoder.producedEventCount == 20_000)
  }

  // NB: with a sink the decoder holds at most a chunk's events: they go to
  // the sink when the chunk has been read, and the sink decides what to
  // keep.
  @Test func aSinkGetsEachEventWhileTheDecoderHoldsNone() {
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    let sink = RecordingSink()
    sink.keepsEvents = false
    decoder.eventSink = sink
    var items: [TraceFileItem] = []
    let bytes = Array(longTrace(20_000).utf8)
    let cut = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    bytes.withUnsafeBufferPointer { buffer in
      decoder.push(UnsafeBufferPointer(rebasing: buffer[..<cut])) { items.append($0) }
    }
    #expect(items.isEmpty)
    #expect(decoder.current?.events.isEmpty == true)
    #expect(sink.eventCount == 19_999)
    #expect(sink.started.map(\.id) == ["g1"] && sink.started.first?.line == 2)
    bytes.withUnsafeBufferPointer { buffer in
      decoder.push(UnsafeBufferPointer(rebasing: buffer[cut...])) { items.append($0) }
    }
    decoder.finish { items.append($0) }
    #expect(sink.eventCount == 20_000)
    guard case .trace(let trace, let line) = items.first, items.count == 1 else {
      Issue.record("expected one trace, got \(items)")
      return
    }
    #expect(trace.id == "g1" && trace.events.isEmpty && line == 2)
  }

  /// Pushed in chunks of 4 KiB (about 300 rows), a trace of 20,000 events
  /// never has more than a chunk's events in the decoder.
  @Test func theDecoderHoldsAtMostTheEventsOfAChunk() {
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    let sink = RecordingSink()
    decoder.eventSink = sink
    var items: [TraceFileItem] = []
    let bytes = Array(longTrace(20_000).utf8)
    var largest = 0
    bytes.withUnsafeBufferPointer { buffer in
      for start in stride(from: 0, to: buffer.count, by: 4_096) {
        let chunk = buffer[start..<min(start + 4_096, buffer.count)]
        decoder.push(UnsafeBufferPointer(rebasing: chunk)) { items.append($0) }
        #expect(decoder.current?.events.isEmpty != false)
        largest = max(largest, decoder.current?.events.capacity ?? 0)
      }
    }
    decoder.finish { items.append($0) }
    #expect(largest > 0 && largest < 1_000)
    #expect(items.count == 1 && sink.eventCount == 20_000)
    #expect(sink.started.first?.events.count == 20_000)
  }

  /// A sink is told of no trace and gets no event while the decoder keeps
  /// events (``CSVTraceDecoder/eventSink`` is for the counting decoder).
  @Test func aKeepingDecoderIgnoresTheSink() {
    var decoder = CSVTraceDecoder()
    let sink = RecordingSink()
    decoder.eventSink = sink
    let items = decoder.decode(longTrace(10))
    #expect(sink.started.isEmpty && sink.eventCount == 0)
    guard case .trace(let trace, _) = items.first else { return }
    #expect(trace.events.count == 10)
  }

  @Test func countsTheEventsOfValidTraces() {
    var decoder = CSVTraceDecoder()
    decoder.keepsEvents = false
    let items = decoder.decode(longTrace(5_000))
    #expect(items.count == 1)
    guard case .trace(let trace, let line) = items.first else { return }
    #expect(trace.id == "g1" && trace.events.isEmpty && line == 2)
    #expect(decoder.producedEventCount == 5_000)
  }

  /// Files with problems of every kind, on which both ways must agree.
  static let files = [
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,changed,1,1\ng1,2,ended,2,2\n",
    "trace,t,phase,tx,ty\ng1,0,changed,0,0\ng1,1,ended,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,2,changed,1,1\ng1,1,ended,2,2\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,changed,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,1,1\ng1,2,changed,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng2,0,began,0,0\ng1,1,ended,1,1\ng2,1,ended,1,1\n",
    "trace,t,phase,tx,ty\ng1,0,began,nan,0\ng1,1,ended,1,1\ng2,0,began,0,0\ng2,1,ended,1,1\n",
    "trace,t,phase,tx,ty,vx,vy\ng1,0,began,0,0,1,\ng1,1,ended,1,1,,\n",
    "# units: px\ntrace,t,phase,tx,ty\ng1,0,began,0,0\ng1,x,ended,1,1\n",
    // Metadata before and after the first row, for another trace, for a
    // finished trace; ids that are bad, reused, quoted or long.
    "# device: d\n# trace g1 kind: drag\ntrace,t,phase,tx,ty,x,y\ng1,0,began,0,0,1,2\n"
      + "# trace g1 late: yes\ng1,1,ended,1,1,3,4\n# trace g2 kind: flick\n"
      + "g2,0,began,0,0,,\ng2,1,ended,1,1,5,6\n# trace g2 after: yes\n",
    "trace,t,phase,tx,ty\n\"a,b\",0,began,0,0\n\"a,b\",1,ended,1,1\ng 1,0,began,0,0\n"
      + "g1,0,began,0,0\ng1,1,ended,1,1\ng1,2,began,0,0\n",
    "trace,t,phase,tx,ty\n" + String(repeating: "i", count: 40) + ",0,began,0,0\n"
      + String(repeating: "i", count: 40) + ",1,ended,-1.5e-7,2\n",
    "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,cancelled,1,1\ng2,0,began,0,0\ng2,1,ended,1\n"
      + "g3,0,began,0,0\ng3,1,ended,1,1\n",
  ]

  @Test(arguments: files.indices)
  func agreesWithTheDecoderThatKeepsEvents(index: Int) {
    let text = Self.files[index]
    var keeping = CSVTraceDecoder()
    var counting = CSVTraceDecoder()
    counting.keepsEvents = false
    let kept = keeping.decode(text)
    let counted = counting.decode(text)
    let stripped = kept.map { item -> TraceFileItem in
      guard case .trace(var trace, let line) = item else { return item }
      trace.events = []
      return .trace(trace, line: line)
    }
    #expect(counted == stripped)
    let events = kept.reduce(0) { sum, item in
      if case .trace(let trace, _) = item { return sum + trace.events.count }
      return sum
    }
    #expect(counting.producedEventCount == events)
  }

  /// Every trace produced got exactly its events, in order, through the
  /// sink, after being started with its id, metadata and line; every
  /// trace whose rows began was started, valid or not.
  @Test(arguments: files.indices)
  func aSinkGetsTheEventsOfEveryTraceProduced(index: Int) {
    let text = Self.files[index]
    var keeping = CSVTraceDecoder()
    var streaming = CSVTraceDecoder()
    streaming.keepsEvents = false
    let sink = RecordingSink()
    streaming.eventSink = sink
    let kept = keeping.decode(text)
    let streamed = streaming.decode(text)
    #expect(streamed.count == kept.count)
    var produced = 0
    for case .trace(let trace, let line) in kept {
      produced += 1
      let started = sink.started.filter { $0.line == line }
      #expect(started.count == 1, "trace at line \(line)")
      #expect(started.first?.id == trace.id)
      #expect(started.first?.metadata == trace.metadata)
      #expect(started.first?.events == trace.events)
      #expect(started.first?.columns == keeping.columns)
    }
    // Each id's first row starts a trace, so starts are at least traces.
    #expect(sink.started.count >= produced)
  }

  /// When `repair` closes an unfinished trace, the closing event goes to
  /// the sink too.
  @Test func aClosedTracesLastEventGoesToTheSink() {
    let text = "trace,t,phase,tx,ty,vx,vy\ng1,0,began,0,0,1,1\ng1,1,changed,3,4,5,6\n"
    var keeping = CSVTraceDecoder()
    keeping.closesUnfinishedTraces = true
    var streaming = CSVTraceDecoder()
    streaming.closesUnfinishedTraces = true
    streaming.keepsEvents = false
    let sink = RecordingSink()
    streaming.eventSink = sink
    guard case .trace(let trace, _) = keeping.decode(text).first,
      case .trace(let counted, _) = streaming.decode(text).first
    else {
      Issue.record("expected a closed trace")
      return
    }
    #expect(trace.events.last?.phase == .cancelled && trace.events.count == 3)
    #expect(sink.started.first?.events == trace.events)
    #expect(counted.metadata["repaired"] == "cancelled")
  }
}
