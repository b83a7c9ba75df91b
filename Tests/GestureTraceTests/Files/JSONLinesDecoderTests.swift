import Testing

@testable import GestureTrace

@Suite struct JSONLinesDecoderTests {
  /// The example trace of the format description, on one line.
  static let exampleLine =
    #"{"id":"g1","meta":{"source":"synth","intent":"complete"},"events":["#
    + #"{"t":0,"phase":"began","tx":0,"ty":0,"vx":0,"vy":0},"#
    + #"{"t":0.0083,"phase":"changed","tx":0.4,"ty":6.1,"vx":48,"vy":732},"#
    + #"{"t":0.0167,"phase":"changed","tx":1.1,"ty":14.9,"vx":84,"vy":1056},"#
    + #"{"t":0.025,"phase":"ended","tx":1.6,"ty":24.0,"vx":60,"vy":1092}]}"#

  @Test func decodesExampleTrace() throws {
    let items = decode(JSONLinesDecoderTests.exampleLine + "\n")
    let trace = try #require(traces(in: items).first)
    #expect(items.count == 1)
    #expect(trace.id == "g1")
    #expect(trace.metadata.source == "synth")
    #expect(trace.metadata.intent == .complete)
    #expect(trace.metadata.entries.count == 2)
    // 0.0083 s × 10⁹ = 8,300,000 ns; 0.0167 s → 16,700,000 ns; 0.025 s → 25,000,000 ns.
    #expect(trace.events.map(\.time.nanoseconds) == [0, 8_300_000, 16_700_000, 25_000_000])
    #expect(trace.events.map(\.phase) == [.began, .changed, .changed, .ended])
    #expect(
      trace.events.map(\.translation) == [
        Vector2D(x: 0, y: 0), Vector2D(x: 0.4, y: 6.1), Vector2D(x: 1.1, y: 14.9),
        Vector2D(x: 1.6, y: 24.0),
      ])
    #expect(
      trace.events.map(\.velocity) == [
        Vector2D(x: 0, y: 0), Vector2D(x: 48, y: 732), Vector2D(x: 84, y: 1056),
        Vector2D(x: 60, y: 1092),
      ])
    #expect(trace.events.allSatisfy { $0.location == nil })
    #expect(items.first == .trace(trace, line: 1))
  }

  @Test func readsOptionalLocationAndIgnoresUnknownKeys() throws {
    let line =
      #"{"v":2,"id":"a","events":[{"t":1,"phase":"began","tx":-1.5,"ty":2e1,"x":10,"#
      + #""y":20,"p":{"q":[1,true,null]}},{"t":1.5,"phase":"failed","tx":0,"ty":0}],"#
      + #""extra":"ok"}"#
    let trace = try #require(traces(in: decode(line)).first)
    #expect(trace.events.count == 2)
    #expect(trace.events[0].translation == Vector2D(x: -1.5, y: 20))
    #expect(trace.events[0].location == Vector2D(x: 10, y: 20))
    #expect(trace.events[0].velocity == nil)
    // `failed` reads as `cancelled`; 1.5 s = 1,500,000,000 ns.
    #expect(trace.events[1].phase == .cancelled)
    #expect(trace.events[1].time.nanoseconds == 1_500_000_000)
    #expect(trace.metadata.isEmpty)
  }

  @Test func readsMetadataNumbersAndBooleansAsTheirText() throws {
    let line =
      #"{"id":"m","meta":{"scale":3,"view":"390x844","flag":true,"r":-1.50e2,"gone":null,"#
      + #""note":"a \"q\" \\ é \u00e9 \ud83d\ude00"},"events":[{"t":0,"phase":"began","#
      + #""tx":0,"ty":0},{"t":0,"phase":"ended","tx":0,"ty":0}]}"#
    let trace = try #require(traces(in: decode(line)).first)
    #expect(trace.metadata.scale == 3)
    #expect(trace.metadata.viewSize == Vector2D(x: 390, y: 844))
    #expect(trace.metadata["flag"] == "true")
    #expect(trace.metadata["r"] == "-1.50e2")
    #expect(trace.metadata["gone"] == nil)
    #expect(trace.metadata["note"] == "a \"q\" \\ é é 😀")
  }

  @Test func skipsBlankLinesCRLFAndByteOrderMark() {
    let text =
      "\u{FEFF}\r\n"
      + #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":0,"ty":0}]}"# + "\r\n"
      + "  \t\r\n\n"
      + #" {"id":"b","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"cancelled","tx":0,"ty":0}]} "# + "\r\n"
      + #"{"id":"c" x}"# + "\r\n"
    let items = decode(text)
    #expect(items.count == 3)
    #expect(lines(of: items) == [2, 5, 6])
    #expect(traces(in: items).map(\.id) == ["a", "b"])
    // `{"id":"c" ` is 10 bytes, so 'x' is at column 11.
    #expect(
      problems(in: items) == [
        TraceFileProblem(
          line: 6, column: 11, message: "expected ',' or '}' after an object member, found 'x'",
          traceID: "c")
      ])
  }

  @Test func byteOrderMarkIsNotCountedInColumns() {
    // After the mark, `{"id":"g1",` is 11 bytes, so '}' is at column 12.
    let items = decode("\u{FEFF}" + #"{"id":"g1",}"#)
    #expect(
      problems(in: items).map(\.description) == [
        "1:12: expected a string key after ',' in an object, found '}'"
      ])
  }

  @Test func readsLastLineWithoutLineBreak() throws {
    let items = decode("\n" + JSONLinesDecoderTests.exampleLine)
    #expect(lines(of: items) == [2])
    #expect(traces(in: items).first?.events.count == 4)
  }

  @Test func pushingByteByByteGivesTheSameItems() {
    let text =
      JSONLinesDecoderTests.exampleLine.replacing("synth", with: "sÿnth 😀")
      + "\r\n\n"
      + #"{"id":"g2","meta":{"k":"ü"},"events":[{"t":0,"phase":"began","tx":0,"ty":0}]}"#
      + "\n"
      + JSONLinesDecoderTests.exampleLine + "\n"
      + #"{"id":"g3","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":0,"ty":0}]}"#
    let whole = decode(text)
    var decoder = JSONLinesDecoder()
    var pieces: [TraceFileItem] = []
    for byte in Array(text.utf8) {
      [byte].withUnsafeBufferPointer { decoder.push($0) { pieces.append($0) } }
    }
    decoder.finish { pieces.append($0) }
    #expect(pieces == whole)
    // g1, then g2's missing end, then g1 again, then g3.
    #expect(lines(of: whole) == [1, 3, 4, 5])
    #expect(traces(in: whole).map(\.id) == ["g1", "g3"])
    #expect(traces(in: whole).first?.metadata.source == "sÿnth 😀")
    #expect(
      problems(in: whole).map(\.message) == [
        "expected the trace to end with 'ended' or 'cancelled', found 'began'",
        "expected a trace id not used earlier in the file, found 'g1'",
      ])
  }

  @Test func reportsReusedIDAndGoesOnReading() {
    let body =
      #","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":0,"ty":0}]}"#
    let text =
      #"{"id":"g1""# + body + "\n" + #"{"id":"g2""# + body + "\n"
      + #"{"id": "g1""# + body + "\n" + #"{"id":"g3""# + body
    let items = decode(text)
    // `{"id": ` is 7 bytes, so the id's string starts at column 8.
    #expect(
      problems(in: items) == [
        TraceFileProblem(
          line: 3, column: 8,
          message: "expected a trace id not used earlier in the file, found 'g1'",
          traceID: "g1")
      ])
    #expect(traces(in: items).map(\.id) == ["g1", "g2", "g3"])
    #expect(lines(of: items) == [1, 2, 3, 4])
  }

  @Test func idOfLineWithProblemCountsAsUsed() {
    let good =
      #""events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":0,"ty":0}]}"#
    let items = decode(#"{"id":"g1","events":[}"# + "\n" + #"{"id":"g1","# + good)
    #expect(
      problems(in: items).map(\.description) == [
        "1:22: expected a value or ']', found '}'",
        "2:7: expected a trace id not used earlier in the file, found 'g1'",
      ])
    #expect(problems(in: items).map(\.traceID) == ["g1", "g1"])
  }

  // MARK: - Problems

  /// A malformed line; `‸` marks the column of the expected problem.
  struct ProblemCase: Sendable, CustomStringConvertible {
    var line: String
    var message: String
    init(_ line: String, _ message: String) {
      self.line = line
      self.message = message
    }
    var description: String { message }
  }

  static let began = #"{"t":0,"phase":"began","tx":0,"ty":0}"#
  static let changed = #"{"t":0.005,"phase":"changed","tx":1,"ty":1}"#
  static let ended = #"{"t":0.01,"phase":"ended","tx":1,"ty":2}"#
  static let events = #""events":[\#(began),\#(ended)]"#

  static let syntaxCases: [ProblemCase] = [
    ProblemCase(
      #"{"id":"g1","events":[{"t":0‸"#,
      "expected ',' or '}' after an object member, found the end of the line"),
    ProblemCase(#"{"id":‸"g1"#, #"expected '"' to end the string, found the end of the line"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"x‸\qy"},\#(events)}"#,
      #"expected an escape ('\"', '\\', '\/', '\b', '\f', '\n', '\r', '\t' or '\uXXXX'), "#
        + #"found '\q'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"‸\u12G4"},\#(events)}"#,
      #"expected 4 hex digits after '\u', found '\u12G4'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"‸\uD800x"},\#(events)}"#,
      #"expected a surrogate pair of escapes, found '\uD800'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"‸\uDE00"},\#(events)}"#,
      #"expected a surrogate pair of escapes, found '\uDE00'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"‸\uD83D\u0041"},\#(events)}"#,
      #"expected a surrogate pair of escapes, found '\uD83D\u0041'"#),
    ProblemCase(
      "{\"id\":\"g‸\u{0}1\",\(events)}",
      "expected a control character to be escaped in a string, found U+0000"),
    ProblemCase(
      "{\"id\":\"g‸\t1\",\(events)}",
      "expected a control character to be escaped in a string, found U+0009"),
    ProblemCase("{‸\u{0}}", "expected a string key or '}' in an object, found U+0000"),
    ProblemCase(
      #"{"id":"g1",\#(events)}‸x"#,
      "expected the end of the line after the trace object, found 'x'"),
    ProblemCase(
      #"{"id":"g1",\#(events)} ‸{}"#,
      "expected the end of the line after the trace object, found '{'"),
    ProblemCase(#"{"id":"g1" ‸x}"#, "expected ',' or '}' after an object member, found 'x'"),
    ProblemCase(#"{"id":"g1",‸}"#, "expected a string key after ',' in an object, found '}'"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began),‸]}"#,
      "expected a value after ',' in an array, found ']'"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began)‸}"#,
      "expected ',' or ']' after an array element, found '}'"),
    ProblemCase(#"{"id" ‸"g1"}"#, #"expected ':' after an object key, found '"'"#),
    ProblemCase(#"{"id":‸}"#, "expected a value after ':', found '}'"),
    ProblemCase(#"{"id":"g1","n":‸01}"#, "expected a number, found '01'"),
    ProblemCase(#"{"id":"g1","n":‸1.}"#, "expected a number, found '1.'"),
    ProblemCase(#"{"id":"g1","n":‸-}"#, "expected a number, found '-'"),
    ProblemCase(#"{"id":"g1","n":‸.5}"#, "expected a value after ':', found '.5'"),
    ProblemCase(#"{"id":"g1","n":‸+1}"#, "expected a value after ':', found '+1'"),
    ProblemCase(#"{"id":"g1","n":‸-Infinity}"#, "expected a number, found '-Infinity'"),
    ProblemCase(#"{"id":"g1","n":‸NaN}"#, "expected a value, found 'NaN'"),
    ProblemCase(#"{"id":"g1","n":‸tru}"#, "expected a value, found 'tru'"),
    ProblemCase(#"{"id":"g1","n":‸True}"#, "expected a value, found 'True'"),
    ProblemCase(#"{‸'id':1}"#, "expected a string key or '}' in an object, found '''"),
    ProblemCase(#"{‸é:1}"#, "expected a string key or '}' in an object, found 'é'"),
    ProblemCase(#"‸[1]"#, "expected '{' to start a trace object, found '['"),
    ProblemCase(#" ‸"g1""#, #"expected '{' to start a trace object, found '"'"#),
    ProblemCase(
      // The top-level object is level 1, so the 64th '[' is level 65.
      #"{"id":"g1","a":"# + String(repeating: "[", count: 63) + "‸["
        + String(repeating: "]", count: 64) + "}",
      "expected at most 64 levels of nesting, found 65"),
  ]

  static let fieldCases: [ProblemCase] = [
    ProblemCase(#"‸{"id":"g1"}"#, "expected a key 'events' in the trace object, found none"),
    ProblemCase(#"‸{\#(events)}"#, "expected a key 'id' in the trace object, found none"),
    ProblemCase(
      #"{"id":"g1",\#(events),‸"id":"g2"}"#,
      "expected one key 'id' in the trace object, found a second one"),
    ProblemCase(#"{"id":‸1,\#(events)}"#, "expected a string for 'id', found '1'"),
    ProblemCase(
      #"{"id":‸1234567890123456789012345678901234567890123,\#(events)}"#,
      "expected a string for 'id', found '1234567890123456789012345678901234567890…'"),
    ProblemCase(
      #"{"id":‸"a b",\#(events)}"#, "expected a trace id without white space, found 'a b'"),
    ProblemCase(#"{"id":‸"",\#(events)}"#, "expected a trace id without white space, found ''"),
    ProblemCase(
      #"{"id":‸"a\nb",\#(events)}"#,
      #"expected a trace id without white space, found 'a\nb'"#),
    ProblemCase(#"{"id":"g1","events":‸{}}"#, "expected an array for 'events', found '{}'"),
    ProblemCase(#"{"id":"g1","events":[‸1]}"#, "expected an event object, found '1'"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"phase":"began","tx":0,"ty":0}]}"#,
      "expected a key 't' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"tx":0,"ty":0}]}"#,
      "expected a key 'phase' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"phase":"began","ty":0}]}"#,
      "expected a key 'tx' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"phase":"began","tx":0}]}"#,
      "expected a key 'ty' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":‸"0","phase":"began","tx":0,"ty":0}]}"#,
      #"expected a number for 't', found '"0"'"#),
    ProblemCase(
      // 1e10 s is beyond the format's ±4e9 s.
      #"{"id":"g1","events":[{"t":‸1e10,"phase":"began","tx":0,"ty":0}]}"#,
      "expected a time within ±4000000000 seconds for 't', found '1e10'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":‸"moved","tx":0,"ty":0}]}"#,
      "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'moved'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":‸3,"tx":0,"ty":0}]}"#,
      "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found '3'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":"began","tx":‸1e400,"ty":0}]}"#,
      "expected a finite number for 'tx', found '1e400'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":"began","tx":0,"ty":‸-1e309}]}"#,
      "expected a finite number for 'ty', found '-1e309'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":"began","tx":‸"1","ty":0}]}"#,
      #"expected a number for 'tx', found '"1"'"#),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":‸null,"vy":0}]}"#,
      "expected a number for 'vx', found 'null'"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"phase":"began","tx":0,"ty":0,"vx":1}]}"#,
      "expected a key 'vy' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"phase":"began","tx":0,"ty":0,"y":1}]}"#,
      "expected a key 'x' in the event object, found none"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0,‸"t":1,"phase":"began","tx":0,"ty":0}]}"#,
      "expected one key 't' in the event object, found a second one"),
    ProblemCase(
      #"{"id":"g1","meta":‸[],\#(events)}"#, "expected an object for 'meta', found '[]'"),
    ProblemCase(
      #"{"id":"g1","meta":‸null,\#(events)}"#, "expected an object for 'meta', found 'null'"),
    ProblemCase(
      #"{"id":"g1","meta":{‸"a b":"x"},\#(events)}"#,
      "expected a metadata key of ASCII letters, digits, '-', '_' or '.', found 'a b'"),
    ProblemCase(
      #"{"id":"g1","meta":{"a":‸" x"},\#(events)}"#,
      "expected a metadata value on one line without leading or trailing spaces, found ' x'"),
    ProblemCase(
      #"{"id":"g1","meta":{"a":‸"x\ny"},\#(events)}"#,
      #"expected a metadata value on one line without leading or trailing spaces, found 'x\ny'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":‸{"b":1}},\#(events)}"#,
      #"expected a string, number, boolean or null for 'a' in 'meta', found '{"b":1}'"#),
    ProblemCase(
      #"{"id":"g1","meta":{"a":"x",‸"a":"y"},\#(events)}"#,
      "expected one key 'a' in 'meta', found a second one"),
  ]

  static let validityCases: [ProblemCase] = [
    ProblemCase(
      #"{"id":"g1","events":[‸{"t":0,"phase":"changed","tx":0,"ty":0},\#(ended)]}"#,
      "expected the first event to be 'began', found 'changed'"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began),‸\#(changed)]}"#,
      "expected the trace to end with 'ended' or 'cancelled', found 'changed'"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began),\#(ended),‸{"t":1,"phase":"changed","tx":0,"ty":0}]}"#,
      "expected no event after the end of the trace, found 'changed'"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began),\#(ended),‸{"t":1,"phase":"ended","tx":0,"ty":0}]}"#,
      "expected no event after the end of the trace, found 'ended'"),
    ProblemCase(
      #"{"id":"g1","events":[{"t":0.02,"phase":"began","tx":0,"ty":0},‸\#(ended)]}"#,
      "expected a time no earlier than the previous event's, found 0.01 after 0.02"),
    ProblemCase(
      #"{"id":"g1","events":[\#(began),‸{"t":0,"phase":"began","tx":0,"ty":0},\#(ended)]}"#,
      "expected 'changed', 'ended' or 'cancelled' after the first event, found 'began'"),
    ProblemCase(#"{"id":"g1","events":‸[]}"#, "expected at least one event, found none"),
  ]

  @Test(arguments: syntaxCases)
  func reportsSyntaxProblem(_ problemCase: ProblemCase) {
    expectProblem(problemCase)
  }

  @Test(arguments: fieldCases)
  func reportsFieldProblem(_ problemCase: ProblemCase) {
    expectProblem(problemCase)
  }

  @Test(arguments: validityCases)
  func reportsValidityProblem(_ problemCase: ProblemCase) {
    expectProblem(problemCase)
  }

  /// Invalid UTF-8 byte sequences and the column of their first byte.
  @Test(
    arguments: [
      // `{"id":"g` is 8 bytes, so the sequence starts at column 9.
      ([0xFF], 9, "expected valid UTF-8, found byte 0xFF"),
      ([0xC0, 0xAF], 9, "expected valid UTF-8, found byte 0xC0"),  // overlong '/'
      ([0xE0, 0x80, 0xAF], 9, "expected valid UTF-8, found bytes 0xE0 0x80"),  // overlong
      ([0xED, 0xA0, 0x80], 9, "expected valid UTF-8, found bytes 0xED 0xA0"),  // U+D800
      ([0xF4, 0x90, 0x80, 0x80], 9, "expected valid UTF-8, found bytes 0xF4 0x90"),  // > U+10FFFF
      ([0x80], 9, "expected valid UTF-8, found byte 0x80"),  // lone continuation
      ([0xE2, 0x82], 9, "expected valid UTF-8, found bytes 0xE2 0x82 0x31"),  // cut short
    ] as [([UInt8], Int, String)])
  func reportsInvalidUTF8InString(bytes: [UInt8], column: Int, message: String) {
    let line = Array(#"{"id":"g"#.utf8) + bytes + Array(#"1","events":[]}"#.utf8)
    let items = decode(bytes: line)
    #expect(problems(in: items) == [TraceFileProblem(line: 1, column: column, message: message)])
  }

  @Test func reportsInvalidUTF8OutsideStrings() {
    // `{"id":"g1", ` is 12 bytes, so 0xFE is at column 13.
    let line = Array(#"{"id":"g1", "#.utf8) + [0xFE] + Array("}".utf8)
    #expect(
      problems(in: decode(bytes: line)).map(\.description) == [
        "1:13: expected valid UTF-8, found byte 0xFE"
      ])
    // A cut sequence at the very end of the file.
    let cut = Array(#"{"id":"g1","events":["#.utf8) + [0xF0, 0x9F, 0x98]
    #expect(
      problems(in: decode(bytes: cut)).map(\.description) == [
        "1:22: expected valid UTF-8, found bytes 0xF0 0x9F 0x98"
      ])
  }

  @Test func survivesDeepNesting() {
    let depth = 100_000
    let inner =
      #"{"id":"g1","a":"# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}"
    // `{"id":"g1","a":` is 15 bytes; the 64th '[' is 63 bytes further: column 79.
    #expect(
      problems(in: decode(inner)).map(\.description) == [
        "1:79: expected at most 64 levels of nesting, found 65"
      ])
    let objects = String(repeating: #"{"a":"#, count: depth)
    #expect(
      problems(in: decode(objects + "\n")).map(\.description) == [
        // Each `{"a":` is 5 bytes; the 65th starts after 64 × 5 = 320 bytes.
        "1:321: expected at most 64 levels of nesting, found 65"
      ])
    let arrays = String(repeating: "[", count: depth)
    #expect(
      problems(in: decode(arrays)).map(\.description) == [
        "1:1: expected '{' to start a trace object, found '['"
      ])
  }

  @Test func readsLongLineAndKeepsNumbersExact() throws {
    // 100,000 events; event i is at i ms with tx = i / 10.
    let count = 100_000
    var line = #"{"id":"long","events":["#
    for index in 0..<count {
      let phase = index == 0 ? "began" : index == count - 1 ? "ended" : "changed"
      if index > 0 { line += "," }
      line += #"{"t":\#(Double(index) / 1000),"phase":"\#(phase)","tx":\#(Double(index) / 10),"#
      line += #""ty":0}"#
    }
    line += "]}\n"
    let trace = try #require(traces(in: decode(line)).first)
    #expect(trace.events.count == count)
    #expect(trace.events[12_345].time.nanoseconds == 12_345_000_000)
    #expect(trace.events[12_345].translation.x == 1234.5)
    #expect(trace.events.last?.time.nanoseconds == 99_999_000_000)
  }

  // MARK: - Helpers

  private func expectProblem(
    _ problemCase: ProblemCase, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let marker = "‸"
    guard let range = problemCase.line.firstRange(of: marker) else {
      Issue.record("no column marker in \(problemCase.line)", sourceLocation: sourceLocation)
      return
    }
    let column =
      problemCase.line.utf8.distance(
        from: problemCase.line.startIndex, to: range.lowerBound) + 1
    let line = problemCase.line.replacing(marker, with: "")
    let items = decode(line + "\n")
    #expect(items.count == 1, sourceLocation: sourceLocation)
    let problem = problems(in: items).first
    #expect(problem?.message == problemCase.message, sourceLocation: sourceLocation)
    #expect(problem?.line == 1, sourceLocation: sourceLocation)
    #expect(problem?.column == column, sourceLocation: sourceLocation)
  }

  private func decode(_ text: String) -> [TraceFileItem] {
    var decoder = JSONLinesDecoder()
    return decoder.decode(text)
  }

  private func decode(bytes: [UInt8]) -> [TraceFileItem] {
    var decoder = JSONLinesDecoder()
    var items: [TraceFileItem] = []
    bytes.withUnsafeBufferPointer { decoder.push($0) { items.append($0) } }
    decoder.finish { items.append($0) }
    return items
  }

  private func traces(in items: [TraceFileItem]) -> [Trace] {
    items.compactMap { item in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
  }

  private func problems(in items: [TraceFileItem]) -> [TraceFileProblem] {
    items.compactMap { item in
      if case .problem(let problem) = item { return problem }
      return nil
    }
  }

  private func lines(of items: [TraceFileItem]) -> [Int] {
    items.map { item in
      switch item {
      case .trace(_, let line): return line
      case .problem(let problem): return problem.line
      }
    }
  }
}
