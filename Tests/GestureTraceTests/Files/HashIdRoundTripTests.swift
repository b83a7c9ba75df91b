import Testing

@testable import GestureTrace

/// Valid trace ids made from a seed: every piece a writer could misquote
/// (`#` first, quotes, commas, colons, backslashes), combining marks after
/// a quote, a Prepend character (U+0600), a byte-order mark, emoji, and
/// long ids; each kept only when ``Trace/isValidID(_:)`` accepts it.
struct ValidIDGenerator {
  /// The pieces ids are made of.
  static let pieces = [
    "#", "#", "\"", ",", ":", "\\", "a", "Z", "0", "-", "_", ".", "'", ";", "{", "}", "[", "]",
    "é", "e\u{301}", "\"\u{301}", "\u{600}", "\u{600}\"", "\u{FEFF}", "日本", "👍🏽", "ß", "\u{200D}",
    "/", "*", "=", "|",
  ]

  private var state: UInt64

  /// A generator whose ids follow from `seed` alone.
  init(seed: UInt64) { state = seed }

  /// The next number of the SplitMix64 sequence.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next valid id: mostly short, one in eight a few hundred pieces
  /// long; half of them start with `#`.
  mutating func nextID() -> String {
    while true {
      let long = next() % 8 == 0
      let count = long ? 100 + Int(next() % 300) : 1 + Int(next() % 8)
      var id = next() % 2 == 0 ? "#" : ""
      for _ in 0..<count {
        id += Self.pieces[Int(next() % UInt64(Self.pieces.count))]
      }
      if Trace.isValidID(id) { return id }
    }
  }

  /// `count` distinct valid ids.
  mutating func ids(_ count: Int) -> [String] {
    var seen = Set<String>()
    var ids: [String] = []
    while ids.count < count {
      let id = nextID()
      // NB: ids are compared by their bytes (canonically equal ids are
      // two ids).
      if seen.insert(id).inserted && !ids.contains(where: { $0.utf8.elementsEqual(id.utf8) }) {
        ids.append(id)
      }
    }
    return ids
  }
}

/// Every valid id, `#` first included, survives every writer and reader of
/// trace files byte for byte, and no trace is dropped: the CSV encoder as
/// text and as bytes, the JSON Lines encoder, and both copying
/// transcoders, which give the general path's bytes or decline.
@Suite struct HashIdRoundTripTests {
  /// A trace of three events with metadata, so its id is written on
  /// metadata lines and on every row.
  static func trace(_ id: String, _ index: Int) -> Trace {
    var metadata = TraceMetadata()
    metadata["intent"] = index % 2 == 0 ? "complete" : "cancel"
    return Trace(
      id: id,
      events: [
        PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0)),
        PanEvent(
          time: .milliseconds(16), phase: .changed, translation: Vector2D(x: 1, y: Double(index))),
        PanEvent(time: .milliseconds(33), phase: .ended, translation: Vector2D(x: 2, y: 40)),
      ],
      metadata: metadata)
  }

  /// The traces a decoder reads from a text, and its problems.
  static func read(_ text: String, csv: Bool) -> (traces: [Trace], problems: [String]) {
    var traces: [Trace] = []
    var problems: [String] = []
    var csvDecoder = CSVTraceDecoder()
    var jsonDecoder = JSONLinesDecoder()
    for item in csv ? csvDecoder.decode(text) : jsonDecoder.decode(text) {
      switch item {
      case .trace(let trace, _): traces.append(trace)
      case .problem(let problem): problems.append("\(problem)")
      }
    }
    return (traces, problems)
  }

  /// The ids, as bytes.
  static func idBytes(_ traces: [Trace]) -> [[UInt8]] { traces.map { Array($0.id.utf8) } }

  @Test(arguments: 0..<8)
  func everyValidIDSurvivesCSVAndJSONLinesBothWays(seed: UInt64) {
    var generator = ValidIDGenerator(seed: seed)
    let traces = generator.ids(40).enumerated().map { Self.trace($0.element, $0.offset) }
    let csv = CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false))
    var csvText = csv.fileHeader()
    var csvBytes = Array(csvText.utf8)
    for trace in traces {
      csv.encode(trace, into: &csvText)
      csv.encode(trace, into: &csvBytes)
    }
    // The byte encoder writes the text encoder's bytes.
    #expect(csvBytes == Array(csvText.utf8))
    let fromCSV = Self.read(csvText, csv: true)
    #expect(fromCSV.problems == [])
    #expect(Self.idBytes(fromCSV.traces) == Self.idBytes(traces))
    for (read, written) in zip(fromCSV.traces, traces) where read != written {
      Issue.record("trace \(written.id.debugDescription) read back as \(read)")
    }
    // CSV → JSON Lines → CSV.
    var jsonText = ""
    var jsonBytes: [UInt8] = []
    for trace in fromCSV.traces {
      JSONLinesEncoder().encode(trace, into: &jsonText)
      JSONLinesEncoder().encode(trace, into: &jsonBytes)
    }
    #expect(jsonBytes == Array(jsonText.utf8))
    let fromJSON = Self.read(jsonText, csv: false)
    #expect(fromJSON.problems == [])
    #expect(Self.idBytes(fromJSON.traces) == Self.idBytes(traces))
    var again = csv.fileHeader()
    for trace in fromJSON.traces { csv.encode(trace, into: &again) }
    #expect(again == csvText, "CSV → JSON Lines → CSV changed the bytes")
  }

  @Test(arguments: 0..<8)
  func copyingTranscodersGiveTheGeneralPathsBytesOrDecline(seed: UInt64) {
    var generator = ValidIDGenerator(seed: 100 + seed)
    let columns = CSVColumns(velocity: false, location: false)
    let traces = generator.ids(30).enumerated().map { Self.trace($0.element, $0.offset) }
    // Also ids the copying paths read: printable ASCII, `#` first.
    let plain = ["#a", "#", "##x", "#1-2", "a#", "b"].enumerated().map {
      Self.trace($0.element, $0.offset)
    }
    for group in [traces, plain, traces + plain] {
      var csvRows: [UInt8] = []
      var jsonLines: [UInt8] = []
      for trace in group {
        CSVTraceEncoder(columns: columns).encode(trace, into: &csvRows)
        JSONLinesEncoder().encode(trace, into: &jsonLines)
      }
      // JSON Lines → CSV: the rows the CSV encoder writes, or nothing.
      let toCSV = jsonLines.withUnsafeBufferPointer {
        JSONLinesCSVTranscoder.transcode($0, columns: columns)
      }
      if let toCSV { #expect(toCSV.text == csvRows) }
      // CSV → JSON Lines: the lines the JSON Lines encoder writes, or
      // nothing.
      let toJSON = csvRows.withUnsafeBufferPointer {
        CSVJSONLinesTranscoder.transcode($0, columns: columns)
      }
      if let toJSON { #expect(toJSON.text == jsonLines) }
    }
  }

  @Test func aBareHashIDWasReadAsAComment() {
    // Before: `#a,0,began,0,0` was a comment, and the trace was lost.
    let trace = Self.trace("#a", 0)
    var text = CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false)).fileHeader()
    CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false))
      .encode(trace, into: &text)
    #expect(text.contains("\n\"#a\",0,began,0,0\n"))
    #expect(text.contains("\n# trace #a intent: complete\n"))
    #expect(Self.read(text, csv: true).traces == [trace])
  }

  @Test(arguments: ["a:b", ":", "#:x", "日:本", "x:\u{301}"])
  func anIDWithAColonKeepsItsMetadata(id: String) {
    // Before: `# trace a:b intent: complete` ended the key at the id's
    // colon and was read as a plain comment; the label was lost.
    let trace = Self.trace(id, 0)
    var text = CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false)).fileHeader()
    CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false))
      .encode(trace, into: &text)
    let read = Self.read(text, csv: true)
    #expect(read.problems == [])
    #expect(read.traces.first?.metadata["intent"] == "complete")
    #expect(read.traces == [trace])
  }

  @Test func commentsThatAreNotTraceEntriesReadAsBefore() {
    let header = "trace,t,phase,tx,ty\n"
    let rows = "g,0,began,0,0\ng,1,ended,0,1\n"
    // A file entry named `trace`, and lines with too few words: no
    // metadata, no problem.
    for comment in ["# trace: x\n", "# trace a:b\n", "# trace g\n", "# tracer g k: v\n"] {
      let read = Self.read(comment + header + rows, csv: true)
      #expect(read.problems == [], "\(comment)")
      #expect(read.traces.first?.metadata["k"] == nil, "\(comment)")
    }
    var decoder = CSVTraceDecoder()
    _ = decoder.decode("# trace: x\n" + header + rows)
    #expect(decoder.fileMetadata["trace"] == "x")
  }

  @Test func aQuoteBeforeACombiningMarkIsDoubled() {
    // `"` and U+0301 are one Character; the quote is still doubled.
    let id = "a\"\u{301}b"
    #expect(csvTraceField(id) == "\"a\"\"\u{301}b\"")
    #expect(csvField(id) == "\"a\"\"\u{301}b\"")
    let trace = Self.trace(id, 0)
    var text = CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false)).fileHeader()
    CSVTraceEncoder(columns: CSVColumns(velocity: false, location: false))
      .encode(trace, into: &text)
    #expect(Self.read(text, csv: true).traces == [trace])
  }

  @Test(arguments: [
    ("#a", "\"#a\""), ("a#", "a#"), ("#", "\"#\""), ("a,b", "\"a,b\""), ("a\"b", "\"a\"\"b\""),
    ("plain", "plain"), ("a\r\nb", "\"a\r\nb\""), ("a\nb", "\"a\nb\""),
  ])
  func reportFieldsQuoteWhatTheirReadersWouldMisread(text: String, field: String) {
    #expect(csvField(text) == field)
  }

  @Test func synthesizedIDsNeverNeedQuoting() {
    // synth's ids are `s` or a transition's name and a dash, then digits;
    // a name starts with a letter, so its fast CSV path (which checks
    // `csvTraceField(start) == start`) is always taken.
    #expect(!TransitionCatalog.isValidName("#x"))
    for name in TransitionCatalog.builtIn.names + ["s"] {
      let start = name == "s" ? "s" : name + "-"
      #expect(csvTraceField(start + "000001") == start + "000001")
    }
  }

  @Test func theTraceFieldQuotesOnlyAHashFirstACommaOrAQuote() {
    #expect(csvTraceField("#a") == "\"#a\"")
    #expect(csvTraceField("a#b") == "a#b")
    #expect(csvTraceField("s000001") == "s000001")
    #expect(csvTraceField("a,b") == "\"a,b\"")
  }
}
