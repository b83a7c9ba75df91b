import Testing

@testable import GestureTrace

/// `JSONParser` is the general path the JSON Lines fast reader is checked
/// against, so it is checked here on its own against RFC 8259: its example,
/// and accept/reject cases in the manner of JSONTestSuite, each with the
/// parsed value or the problem written out by hand.
@Suite struct JSONParserTests {
  /// Parses `bytes` as one object line.
  static func parse(bytes: [UInt8]) -> Result<(JSONValue, String?), JSONProblem> {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer)
      do throws(JSONProblem) {
        let value = try parser.parseObjectLine()
        return .success((value, parser.topLevelID))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The value of one object line, written compactly: strings as Swift
  /// writes them in a literal (`"a\n"`), numbers as their literal after `#`.
  static func render(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard case .success(let (value, _)) = parse(bytes: bytes) else { return nil }
    return render(value, in: bytes)
  }

  static func render(_ value: JSONValue, in line: [UInt8]) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number: return "#" + String(decoding: line[value.range], as: UTF8.self)
    case .string(let text): return text.debugDescription
    case .array(let elements):
      return "[" + elements.map { render($0, in: line) }.joined(separator: ",") + "]"
    case .object(let members):
      let written = members.map { $0.key.debugDescription + ":" + render($0.value, in: line) }
      return "{" + written.joined(separator: ",") + "}"
    }
  }

  /// The problem with a line, or `nil` when it parses.
  static func problem(_ text: String) -> JSONProblem? {
    problem(bytes: Array(text.utf8))
  }

  static func problem(bytes: [UInt8]) -> JSONProblem? {
    guard case .failure(let problem) = parse(bytes: bytes) else { return nil }
    return problem
  }

  /// The example of RFC 8259, section 13, on one line.
  @Test func parsesTheExampleOfTheRFC() {
    let line =
      #"{"Image": {"Width": 800, "Height": 600, "Title": "View from 15th Floor", "#
      + #""Thumbnail": {"Url": "http://www.example.com/image/481989943", "Height": 125, "#
      + #""Width": 100}, "Animated" : false, "IDs": [116, 943, 234, 38793]}}"#
    let expected =
      #"{"Image":{"Width":#800,"Height":#600,"Title":"View from 15th Floor","#
      + #""Thumbnail":{"Url":"http://www.example.com/image/481989943","Height":#125,"#
      + #""Width":#100},"Animated":false,"IDs":[#116,#943,#234,#38793]}}"#
    #expect(Self.render(line) == expected)
  }

  @Test(
    arguments: [
      (#"{}"#, #"{}"#),
      (" \t\r\n{ \t\r\n} \t\r\n", #"{}"#),
      (#"{"a":[]}"#, #"{"a":[]}"#),
      (#"{"a":[null,true,false,{}]}"#, #"{"a":[null,true,false,{}]}"#),
      (#"{"a":-0}"#, #"{"a":#-0}"#),
      (#"{"a":0}"#, #"{"a":#0}"#),
      (#"{"a":-0.5e-3}"#, #"{"a":#-0.5e-3}"#),
      (#"{"a":1E+2}"#, #"{"a":#1E+2}"#),
      // The parser keeps a number's literal; its range is the converter's
      // business (`DecimalLiteral` makes it infinite, the decoders refuse it).
      (#"{"a":1E400}"#, #"{"a":#1E400}"#),
      (#"{"a":123456789012345678901234567890}"#, #"{"a":#123456789012345678901234567890}"#),
      // Keys may repeat; members keep the order written.
      (#"{"a":1,"a":2}"#, #"{"a":#1,"a":#2}"#),
      (#"{"":""}"#, #"{"":""}"#),
      (#"{"a" : 1 , "b" : [ 1 , 2 ] }"#, #"{"a":#1,"b":[#1,#2]}"#),
    ] as [(String, String)])
  func acceptsValidObjects(_ line: String, _ expected: String) {
    #expect(Self.render(line) == expected)
  }

  /// Escapes decode to the characters they stand for.
  @Test(
    arguments: [
      (#"{"a":"\"\\\/\b\f\n\r\t"}"#, "\"\\/\u{8}\u{C}\n\r\t"),
      (#"{"a":"\u0000"}"#, "\u{0}"),
      (#"{"a":"\u00e9\u00E9"}"#, "éé"),
      (#"{"a":"\u20AC"}"#, "€"),
      (#"{"a":"\ud83d\ude00"}"#, "\u{1F600}"),
      (#"{"a":"\uDBFF\uDFFF"}"#, "\u{10FFFF}"),
      (#"{"a":"x\u0041y"}"#, "xAy"),
      (#"{"a":"日本😀"}"#, "日本😀"),
      // DEL is not a control character for JSON: it may be written raw.
      ("{\"a\":\"\u{7F}\"}", "\u{7F}"),
    ] as [(String, String)])
  func decodesEscapesAndUTF8(_ line: String, _ text: String) {
    let bytes = Array(line.utf8)
    guard case .success(let (value, _)) = Self.parse(bytes: bytes),
      case .object(let members) = value.kind, members.count == 1,
      case .string(let decoded) = members[0].value.kind
    else {
      Issue.record("no one-string object from \(line)")
      return
    }
    #expect(decoded.unicodeScalars.elementsEqual(text.unicodeScalars))
  }

  @Test func keepsTheOffsetsOfValuesAndKeys() {
    let line = #"{"id":"x7", "n": [1, -2.5]}"#
    let bytes = Array(line.utf8)
    guard case .success(let (value, id)) = Self.parse(bytes: bytes),
      case .object(let members) = value.kind
    else {
      Issue.record("no object")
      return
    }
    #expect(id == "x7")
    #expect(value.range == 0..<bytes.count)
    #expect(members.map(\.keyOffset) == [1, 12])
    #expect(members[0].value.range == 6..<10)
    guard case .array(let elements) = members[1].value.kind else {
      Issue.record("no array")
      return
    }
    #expect(elements.map(\.range) == [18..<19, 21..<25])
  }

  /// Only the top level's `id`, and only a string, names the trace.
  @Test(arguments: [
    (#"{"id":"t"}"#, "t" as String?), (#"{"b":{"id":"inner"},"id":"outer"}"#, "outer"),
    (#"{"b":{"id":"inner"}}"#, nil), (#"{"id":7}"#, nil),
    (#"{"id":"first","id":"second"}"#, "first"),
  ])
  func readsTheTopLevelID(_ line: String, _ id: String?) {
    guard case .success(let (_, found)) = Self.parse(bytes: Array(line.utf8)) else {
      Issue.record("\(line) did not parse")
      return
    }
    #expect(found == id)
  }

  /// What RFC 8259 does not allow, with the problem's offset and message.
  @Test(
    arguments: [
      ("", 0, "expected '{' to start a trace object, found the end of the line"),
      ("   ", 3, "expected '{' to start a trace object, found the end of the line"),
      ("[1]", 0, "expected '{' to start a trace object, found '['"),
      (#""a""#, 0, #"expected '{' to start a trace object, found '"'"#),
      (#"{"a":01}"#, 5, "expected a number, found '01'"),
      (#"{"a":-01}"#, 5, "expected a number, found '-01'"),
      (#"{"a":00}"#, 5, "expected a number, found '00'"),
      (#"{"a":1.}"#, 5, "expected a number, found '1.'"),
      (#"{"a":-}"#, 5, "expected a number, found '-'"),
      (#"{"a":1e}"#, 5, "expected a number, found '1e'"),
      (#"{"a":1e+}"#, 5, "expected a number, found '1e+'"),
      (#"{"a":0x10}"#, 5, "expected a number, found '0x10'"),
      (#"{"a":.5}"#, 5, "expected a value after ':', found '.5'"),
      (#"{"a":+1}"#, 5, "expected a value after ':', found '+1'"),
      (#"{"a":NaN}"#, 5, "expected a value, found 'NaN'"),
      (#"{"a":Infinity}"#, 5, "expected a value, found 'Infinity'"),
      (#"{"a":-Infinity}"#, 5, "expected a number, found '-Infinity'"),
      (#"{"a":TRUE}"#, 5, "expected a value, found 'TRUE'"),
      (#"{"a":nul}"#, 5, "expected a value, found 'nul'"),
      (#"{"a":1,}"#, 7, "expected a string key after ',' in an object, found '}'"),
      (#"{"a":[1,]}"#, 8, "expected a value after ',' in an array, found ']'"),
      (#"{,}"#, 1, "expected a string key or '}' in an object, found ','"),
      (#"{'a':1}"#, 1, "expected a string key or '}' in an object, found '''"),
      (#"{"a" 1}"#, 5, "expected ':' after an object key, found '1'"),
      (#"{"a":1 "b":2}"#, 7, #"expected ',' or '}' after an object member, found '"'"#),
      (#"{"a":[1 2]}"#, 8, "expected ',' or ']' after an array element, found '2'"),
      (#"{"a":1"#, 6, "expected ',' or '}' after an object member, found the end of the line"),
      (#"{"a":"x"#, 5, "expected '\"' to end the string, found the end of the line"),
      (#"{} x"#, 3, "expected the end of the line after the trace object, found 'x'"),
      (#"{}{}"#, 2, "expected the end of the line after the trace object, found '{'"),
      (
        #"{"a":"\x"}"#, 6,
        #"expected an escape ('\"', '\\', '\/', '\b', '\f', '\n', '\r', '\t' or '\uXXXX'), found '\x'"#
      ),
      (#"{"a":"\u12"}"#, 6, #"expected 4 hex digits after '\u', found '\u12"}'"#),
      (#"{"a":"\u12G4"}"#, 6, #"expected 4 hex digits after '\u', found '\u12G4'"#),
      (#"{"a":"\ud800"}"#, 6, #"expected a surrogate pair of escapes, found '\ud800'"#),
      (#"{"a":"\ud800x"}"#, 6, #"expected a surrogate pair of escapes, found '\ud800'"#),
      (#"{"a":"\ud800\u0041"}"#, 6, #"expected a surrogate pair of escapes, found '\ud800\u0041'"#),
      (#"{"a":"\udc00"}"#, 6, #"expected a surrogate pair of escapes, found '\udc00'"#),
      (#"{"a":"\ude00\ud83d"}"#, 6, #"expected a surrogate pair of escapes, found '\ude00'"#),
      ("{\"a\":\"\t\"}", 6, "expected a control character to be escaped in a string, found U+0009"),
      ("{\"a\":\"\n\"}", 6, "expected a control character to be escaped in a string, found U+000A"),
      (
        "{\"a\":\"\u{0}\"}", 6,
        "expected a control character to be escaped in a string, found U+0000"
      ),
      (
        "{\"a\u{1F}\":1}", 3, "expected a control character to be escaped in a string, found U+001F"
      ),
      // Only space, tab, line feed and carriage return are white space.
      ("{\u{C}}", 1, "expected a string key or '}' in an object, found U+000C"),
      ("\u{B}{}", 0, "expected '{' to start a trace object, found U+000B"),
      ("\u{A0}{}", 0, "expected '{' to start a trace object, found '\u{A0}'"),
    ] as [(String, Int, String)])
  func refusesWhatTheRFCDoesNotAllow(_ line: String, _ offset: Int, _ message: String) {
    let problem = Self.problem(line)
    #expect(problem?.offset == offset, "\(line)")
    #expect(problem?.message == message, "\(line)")
  }

  /// Well-formed UTF-8 only (Unicode table 3-7), in strings and outside.
  @Test(
    arguments: [
      ([0xC0, 0xAF], "expected valid UTF-8, found byte 0xC0"),
      ([0xC1, 0xBF], "expected valid UTF-8, found byte 0xC1"),
      ([0xE0, 0x80, 0xAF], "expected valid UTF-8, found bytes 0xE0 0x80"),
      ([0xED, 0xA0, 0x80], "expected valid UTF-8, found bytes 0xED 0xA0"),
      ([0xF4, 0x90, 0x80, 0x80], "expected valid UTF-8, found bytes 0xF4 0x90"),
      ([0xF5, 0x80, 0x80, 0x80], "expected valid UTF-8, found byte 0xF5"),
      ([0xE6, 0x97], "expected valid UTF-8, found bytes 0xE6 0x97 0x22"),
      ([0x80], "expected valid UTF-8, found byte 0x80"),
      ([0xFF], "expected valid UTF-8, found byte 0xFF"),
    ] as [([UInt8], String)])
  func refusesIllFormedUTF8InStrings(_ sequence: [UInt8], _ message: String) {
    let line = Array(#"{"a":""#.utf8) + sequence + Array(#""}"#.utf8)
    let problem = Self.problem(bytes: line)
    #expect(problem?.offset == 6)
    #expect(problem?.message == message)
  }

  @Test func refusesIllFormedUTF8OutsideStrings() {
    let problem = Self.problem(bytes: [UInt8(ascii: "{"), 0xC3])
    #expect(problem?.offset == 1)
    #expect(problem?.message == "expected valid UTF-8, found byte 0xC3")
  }

  /// The top object and 63 arrays in it are 64 levels: accepted; one more
  /// is refused, and so is a line of a million brackets, without
  /// exhausting the stack.
  @Test func limitsNestingToSixtyFourLevels() {
    func nested(_ arrays: Int) -> String {
      #"{"a":"# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
        + "}"
    }
    #expect(JSONParser.maximumDepth == 64)
    #expect(Self.render(nested(63)) == nested(63))
    let problem = Self.problem(nested(64))
    #expect(problem?.offset == 5 + 63)
    #expect(problem?.message == "expected at most 64 levels of nesting, found 65")
    let deep = Self.problem(#"{"a":"# + String(repeating: "[", count: 1_000_000))
    #expect(deep?.message == "expected at most 64 levels of nesting, found 65")
  }

  /// Messages name what the caller says the object and the end are.
  @Test func messagesUseTheNamesGiven() {
    let bytes = Array("{} ,".utf8)
    let problem = bytes.withUnsafeBufferPointer { buffer -> JSONProblem? in
      var parser = JSONParser(buffer)
      parser.objectName = "header"
      parser.endName = "the end of the file"
      do throws(JSONProblem) {
        _ = try parser.parseObjectLine()
        return nil
      } catch {
        return error
      }
    }
    #expect(problem?.message == "expected the end of the file after the header, found ','")
  }
}
