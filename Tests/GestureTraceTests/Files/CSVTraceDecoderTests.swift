import Testing

@testable import GestureTrace

/// Decodes a text and splits the result into traces and problem strings.
func decodeCSV(_ text: String) -> (traces: [Trace], problems: [String]) {
  var decoder = CSVTraceDecoder()
  var traces: [Trace] = []
  var problems: [String] = []
  for item in decoder.decode(text) {
    switch item {
    case .trace(let trace, _): traces.append(trace)
    case .problem(let problem): problems.append(problem.description)
    }
  }
  return (traces, problems)
}

@Suite struct CSVTraceDecoderTests {
  static let example = """
    trace,t,phase,tx,ty,vx,vy
    g1,0.0000,began,0,0,0,0
    g1,0.0083,changed,0.4,6.1,48,732
    g1,0.0167,changed,1.1,14.9,84,1056
    g1,0.0250,ended,1.6,24.0,60,1092

    """

  @Test func decodesTheIssueExample() throws {
    let (traces, problems) = decodeCSV(Self.example)
    #expect(problems.isEmpty)
    let trace = try #require(traces.first)
    #expect(traces.count == 1)
    #expect(trace.id == "g1")
    #expect(trace.events.map(\.time.nanoseconds) == [0, 8_300_000, 16_700_000, 25_000_000])
    #expect(trace.events.map(\.phase) == [.began, .changed, .changed, .ended])
    #expect(
      trace.events.map(\.translation) == [
        Vector2D(x: 0, y: 0), Vector2D(x: 0.4, y: 6.1), Vector2D(x: 1.1, y: 14.9),
        Vector2D(x: 1.6, y: 24),
      ])
    #expect(
      trace.events.map(\.velocity) == [
        Vector2D(x: 0, y: 0), Vector2D(x: 48, y: 732), Vector2D(x: 84, y: 1056),
        Vector2D(x: 60, y: 1092),
      ])
    #expect(trace.events.allSatisfy { $0.location == nil })
  }

  @Test func columnsMayComeInAnyOrderWithOptionalOnesMissing() throws {
    let (traces, problems) = decodeCSV(
      "ty,phase,x,trace,y,tx,t\n3,began,10,a,20,1,0\n4,ended,11,a,22,2,0.5\n")
    #expect(problems.isEmpty)
    let trace = try #require(traces.first)
    #expect(trace.events[1].translation == Vector2D(x: 2, y: 4))
    #expect(trace.events[1].location == Vector2D(x: 11, y: 22))
    #expect(trace.events[1].velocity == nil)
    #expect(trace.events[1].time == .milliseconds(500))
  }

  @Test func readsMetadataQuotingCRLFAndBOM() throws {
    let text =
      "\u{FEFF}# gesturetrace: 1\r\n# source: synth\r\n# device: Pixel 4\r\n"
      + "# a plain comment\r\n# trace \"q,1\" ignored: because the id is quoted\r\n"
      + "trace,t,phase,tx,ty\r\n# trace g2 intent: cancel\r\n"
      + "\"q,1\",0,began,0,0\r\n\"q,1\",0.1,ended,0,5\r\n"
      + "g2,1,began,0,0\r\ng2,1.1,cancelled,-3,0\r\n"
    var decoder = CSVTraceDecoder()
    let items = decoder.decode(text)
    #expect(decoder.formatVersion == 1)
    #expect(decoder.fileMetadata.source == "synth")
    let traces = items.compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace } else { return nil }
    }
    #expect(traces.map(\.id) == ["q,1", "g2"])
    #expect(traces[0].metadata.device == "Pixel 4")
    #expect(traces[0].metadata.intent == nil)
    #expect(traces[1].metadata.intent == .cancel)
    #expect(traces[1].metadata.source == "synth")
  }

  @Test func failedReadsAsCancelled() throws {
    let (traces, _) = decodeCSV("trace,t,phase,tx,ty\na,0,began,0,0\na,1,failed,0,0\n")
    #expect(traces.first?.events.last?.phase == .cancelled)
  }

  @Test func pushingByteByByteGivesTheSameItems() {
    let text =
      "# gesturetrace: 1\n" + Self.example
      + "g2,0,began,0,0,0,0\ng2,x,ended,0,0,0,0\ng3,0,began,0,0,0,0\n"
    var whole = CSVTraceDecoder()
    let expected = whole.decode(text)
    var decoder = CSVTraceDecoder()
    var items: [TraceFileItem] = []
    for byte in Array(text.utf8) {
      [byte].withUnsafeBufferPointer { decoder.push($0) { items.append($0) } }
    }
    decoder.finish { items.append($0) }
    #expect(items == expected)
    #expect(items.count == 3, "\(items)")
  }

  // MARK: - Every validity rule, with its exact message and position

  @Test(arguments: [
    // Starts with began.
    (
      "trace,t,phase,tx,ty\na,0,changed,0,0\na,1,ended,0,0\n",
      "2:5: expected the first event to be 'began', found 'changed'"
    ),
    // Ends with ended or cancelled.
    (
      "trace,t,phase,tx,ty\na,0,began,0,0\na,1,changed,0,0\n",
      "3:5: expected the trace to end with 'ended' or 'cancelled', found 'changed'"
    ),
    // Nothing after the end.
    (
      "trace,t,phase,tx,ty\na,0,began,0,0\na,1,ended,0,0\na,2,changed,0,0\n",
      "4:5: expected no event after the end of the trace, found 'changed'"
    ),
    // Timestamps non-decreasing.
    (
      "trace,t,phase,tx,ty\na,0.5,began,0,0\na,0.25,ended,0,0\n",
      "3:3: expected a time no earlier than the previous event's, found 0.25 after 0.5"
    ),
    // Every number finite.
    (
      "trace,t,phase,tx,ty\na,0,began,0,0\na,1,ended,1e400,0\n",
      "3:11: expected a finite number for 'tx', found '1e400'"
    ),
    (
      "trace,t,phase,tx,ty,vx,vy\na,0,began,0,0,NaN,0\na,1,ended,0,0,0,0\n",
      "2:15: expected a finite number for 'vx', found 'NaN'"
    ),
    // Rows of one trace contiguous.
    (
      "trace,t,phase,tx,ty\na,0,began,0,0\nb,0,began,0,0\nb,1,ended,0,0\na,1,ended,0,0\n",
      "2:5: expected the trace to end with 'ended' or 'cancelled', found 'began'"
    ),
    // One began.
    (
      "trace,t,phase,tx,ty\na,0,began,0,0\na,1,began,0,0\na,2,ended,0,0\n",
      "3:5: expected 'changed', 'ended' or 'cancelled' after the first event, found 'began'"
    ),
  ])
  func reportsEachBrokenRule(_ text: String, _ message: String) {
    let (traces, problems) = decodeCSV(text)
    #expect(problems.first == message)
    #expect(!traces.contains { $0.id == "a" })
  }

  @Test func nonContiguousRowsAreReportedWhereTheyReappear() {
    let text =
      "trace,t,phase,tx,ty\na,0,began,0,0\na,1,ended,0,0\nb,0,began,0,0\nb,1,ended,0,0\n"
      + "a,2,changed,0,0\n"
    let (traces, problems) = decodeCSV(text)
    #expect(
      problems == [
        "6:1: expected the rows of trace 'a' to be contiguous, found a row after other traces' rows"
      ])
    #expect(traces.map(\.id) == ["a", "b"])
  }

  @Test(arguments: [
    (
      "trace,t,phase,tx\n",
      "1:1: expected a header with the columns trace, t, phase, tx and ty; column 'ty' is missing in 'trace,t,phase,tx'"
    ),
    ("trace,t,phase,tx,ty,tx\n", "1:21: expected each column once in the header, found 'tx' again"),
    ("trace,t,phase,tx,ty,vx\n", "1:21: expected column 'vy' with column 'vx', found only 'vx'"),
    (
      "# only a comment\n",
      "1:1: expected a header line naming the columns trace, t, phase, tx and ty, found the end of the file"
    ),
    (
      "",
      "1:1: expected a header line naming the columns trace, t, phase, tx and ty, found the end of the file"
    ),
    ("# gesturetrace: 2\ntrace,t,phase,tx,ty\n", "1:1: expected format version '1', found '2'"),
  ])
  func reportsBadHeaders(_ text: String, _ message: String) {
    #expect(decodeCSV(text).problems == [message])
  }

  @Test(arguments: [
    ("a,0,began,0\n", "2:12: expected 5 fields as in the header, found 4"),
    ("a,0,began,0,0,9\n", "2:15: expected 5 fields as in the header, found 6"),
    ("a,zero,began,0,0\n", "2:3: expected a time in seconds, found 'zero'"),
    (
      "a,0,moved,0,0\n",
      "2:5: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'moved'"
    ),
    ("a,0,began,,0\n", "2:11: expected a finite number for 'tx', found ''"),
    (
      "\"a,0,began,0,0\n",
      "2:1: expected a closing '\"' for the quoted field, found the end of the line"
    ),
    ("\"a\"x,0,began,0,0\n", "2:4: expected ',' after a quoted field, found 'x'"),
    ("a b,0,began,0,0\n", "2:1: expected a trace id without white space, found 'a b'"),
  ])
  func reportsBadRows(_ row: String, _ message: String) {
    let (traces, problems) = decodeCSV("trace,t,phase,tx,ty\n" + row + "a,1,ended,0,0\n")
    #expect(problems.first == message)
    #expect(traces.isEmpty)
  }

  @Test func velocityNeedsBothComponents() {
    let (_, problems) = decodeCSV("trace,t,phase,tx,ty,vx,vy\na,0,began,0,0,5,\na,1,ended,0,0,,\n")
    #expect(problems == ["2:17: expected a number for 'vy' since 'vx' has one, found ''"])
  }

  @Test func emptyVelocityCellsMeanNoVelocity() throws {
    let (traces, problems) = decodeCSV(
      "trace,t,phase,tx,ty,vx,vy\na,0,began,0,0,,\na,1,ended,0,0,1,2\n")
    #expect(problems.isEmpty)
    #expect(traces.first?.events.map(\.velocity) == [nil, Vector2D(x: 1, y: 2)])
  }

  @Test func traceMetadataAfterTheFirstRowIsAProblem() {
    let (_, problems) = decodeCSV(
      "trace,t,phase,tx,ty\na,0,began,0,0\n# trace a intent: cancel\na,1,ended,0,0\n")
    #expect(
      problems == [
        "3:1: expected metadata for trace 'a' before its first row, found it after row 2"
      ])
  }

  @Test func aBadTraceDoesNotStopTheNextOne() {
    let (traces, problems) = decodeCSV(
      "trace,t,phase,tx,ty\na,0,changed,0,0\na,1,ended,0,0\nb,0,began,0,0\nb,1,ended,0,0\n")
    #expect(problems.count == 1)
    #expect(traces.map(\.id) == ["b"])
  }
}
