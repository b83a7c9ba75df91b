import Testing

@testable import GestureTrace

/// `CSVFieldSplitter` is the general path the CSV row scanner is checked
/// against, so it is checked here on its own: RFC 4180 cases with the fields
/// written out by hand, and a round trip through an encoder written here.
@Suite struct CSVFieldSplitterTests {
  /// The fields of one line (given without its line break), or the problem.
  static func split(_ line: String) -> Result<[String], SplitProblem> {
    split(bytes: Array(line.utf8))
  }

  static func split(bytes: [UInt8]) -> Result<[String], SplitProblem> {
    var splitter = CSVFieldSplitter()
    return split(bytes: bytes, with: &splitter)
  }

  static func split(
    bytes: [UInt8], with splitter: inout CSVFieldSplitter
  ) -> Result<[String], SplitProblem> {
    bytes.withUnsafeBufferPointer { buffer in
      if let (column, message) = splitter.split(buffer) {
        return .failure(SplitProblem(column: column, message: message))
      }
      return .success((0..<splitter.count).map { splitter.string($0, in: buffer) })
    }
  }

  struct SplitProblem: Error, Equatable {
    var column: Int
    var message: String
  }

  @Test(
    arguments: [
      ("a,b,c", ["a", "b", "c"]),
      ("", [""]),
      (",", ["", ""]),
      (",,", ["", "", ""]),
      ("a,", ["a", ""]),
      (",a", ["", "a"]),
      (" a , b ", [" a ", " b "]),
      ("\"a,b\",c", ["a,b", "c"]),
      ("x,\"a,b\"", ["x", "a,b"]),
      ("\"he said \"\"hi\"\"\",x", ["he said \"hi\"", "x"]),
      ("\"\"", [""]),
      ("\"\"\"\"", ["\""]),
      ("\"\"\"\"\"\"", ["\"\""]),
      ("\",\",\"\"\"\"", [",", "\""]),
      ("\"\",\"\"", ["", ""]),
      ("a,\"\",b", ["a", "", "b"]),
      // A quote inside an unquoted field is just a character.
      ("a\"b,c\"", ["a\"b", "c\""]),
      ("é,日本,😀", ["é", "日本", "😀"]),
      ("\"é,😀\",", ["é,😀", ""]),
    ] as [(String, [String])])
  func splitsFieldsAsRFC4180Quotes(_ line: String, _ fields: [String]) {
    #expect(Self.split(line) == .success(fields))
  }

  @Test(
    arguments: [
      (#""abc"#, 1, #"expected a closing '"' for the quoted field, found the end of the line"#),
      (#"a,"bc"#, 3, #"expected a closing '"' for the quoted field, found the end of the line"#),
      (#"""#, 1, #"expected a closing '"' for the quoted field, found the end of the line"#),
      // `""` inside is a doubled quote, so the field is still open.
      (#""a"""#, 1, #"expected a closing '"' for the quoted field, found the end of the line"#),
      (#""a"b"#, 4, #"expected ',' after a quoted field, found 'b'"#),
      (#""a" ,b"#, 4, #"expected ',' after a quoted field, found ' '"#),
      (#"x,"a""b"c,d"#, 9, #"expected ',' after a quoted field, found 'c'"#),
      (#"""a"#, 3, #"expected ',' after a quoted field, found 'a'"#),
      // The character after the quote, not its first byte read as Latin-1.
      (#""a"é,x"#, 4, #"expected ',' after a quoted field, found 'é'"#),
      (#""a"😀"#, 4, #"expected ',' after a quoted field, found '😀'"#),
    ] as [(String, Int, String)])
  func reportsBadQuotingWithItsColumn(_ line: String, _ column: Int, _ message: String) {
    #expect(Self.split(line) == .failure(SplitProblem(column: column, message: message)))
  }

  /// Where each field's text starts, after its opening quote.
  @Test func givesWhereEachFieldStarts() {
    let bytes = Array(#""ab",cd,,"e""#.utf8)
    var splitter = CSVFieldSplitter()
    bytes.withUnsafeBufferPointer { buffer in
      #expect(splitter.split(buffer) == nil)
      #expect(splitter.count == 4)
      #expect((0..<4).map { splitter.start($0) } == [1, 5, 8, 10])
      let first = splitter.equals(0, in: buffer, to: Array("ab".utf8))
      let quoted = splitter.equals(0, in: buffer, to: Array(#""ab""#.utf8))
      let empty = splitter.equals(2, in: buffer, to: [])
      #expect(first && !quoted && empty)
      let beyond = splitter.string(7, in: buffer)
      #expect(beyond == "")
    }
  }

  /// A splitter reused on a shorter line forgets the longer one's fields.
  @Test func reuseKeepsOnlyTheLastLine() {
    var splitter = CSVFieldSplitter()
    #expect(
      Self.split(bytes: Array(#"1,2,3,"4,4",5"#.utf8), with: &splitter).map(\.count) == .success(5))
    #expect(
      Self.split(bytes: Array(#""x""y",z"#.utf8), with: &splitter) == .success([#"x"y"#, "z"]))
    #expect(splitter.count == 2)
    _ = Self.split(bytes: Array(#""open"#.utf8), with: &splitter)
    #expect(Self.split(bytes: Array("a".utf8), with: &splitter) == .success(["a"]))
  }

  enum Number: Equatable {
    case value(Double)
    case empty
    case invalid
  }

  static func number(_ line: String) -> Number {
    var splitter = CSVFieldSplitter()
    return Array(line.utf8).withUnsafeBufferPointer { buffer in
      guard splitter.split(buffer) == nil else { return .invalid }
      switch splitter.number(0, in: buffer) {
      case .value(let value): return .value(value)
      case .empty: return .empty
      case .invalid: return .invalid
      }
    }
  }

  /// A number field: spaces around it ignored, quotes removed, finite only.
  @Test(
    arguments: [
      ("1.5", Number.value(1.5)), (" 1.5  ", .value(1.5)), (#""2""#, .value(2)),
      (#"" -3e2 ""#, .value(-300)), ("-0", .value(-0.0)), ("0.1", .value(0.1)),
      ("", .empty), ("   ", .empty), (#""""#, .empty), (#"" ""#, .empty),
      ("abc", .invalid), ("1 2", .invalid), ("1e400", .invalid), ("nan", .invalid),
      ("inf", .invalid), (#""1,5""#, .invalid), ("\t1", .invalid), ("0x1", .invalid),
    ] as [(String, Number)])
  func readsNumberFields(_ field: String, _ expected: Number) {
    let number = Self.number(field)
    #expect(number == expected)
    if case .value(let value) = number, case .value(let wanted) = expected {
      #expect(value.sign == wanted.sign)
    }
  }

  /// Random fields written by an RFC 4180 encoder (quoting when needed, or
  /// always) split back to themselves.
  @Test(arguments: 0..<4 as Range<UInt64>)
  func randomRowsRoundTrip(seed: UInt64) {
    var generator = SplitMix64(seed: 0xC5_7000 + seed)
    let alphabet: [String] = ["a", "Z", "0", " ", ",", "\"", ".", "-", "é", "日", "😀", "\t"]
    var splitter = CSVFieldSplitter()
    for _ in 0..<2_000 {
      let fieldCount = 1 + Int(generator.next() % 8)
      let fields = (0..<fieldCount).map { _ in
        (0..<Int(generator.next() % 6)).map { _ in
          alphabet[Int(generator.next() % UInt64(alphabet.count))]
        }.joined()
      }
      let alwaysQuote = generator.next() % 4 == 0
      let line = fields.map { field in
        let needsQuotes = field.contains(",") || field.hasPrefix("\"")
        guard alwaysQuote || needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
      }.joined(separator: ",")
      #expect(Self.split(bytes: Array(line.utf8), with: &splitter) == .success(fields), "\(line)")
    }
  }
}
