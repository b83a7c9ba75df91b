import Testing

@testable import GestureTrace

/// A CSV decoder that does not keep events (how `validate` reads): the
/// same traces and problems, each trace counted instead of held.
@Suite struct StreamingValidationTests {
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
}
