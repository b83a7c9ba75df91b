import Foundation
import Testing

@testable import GestureTrace

/// The fast reader of lines as the encoder writes them must give exactly
/// what the general path gives: the same traces bit for bit, the same
/// problems at the same lines and columns.
@Suite struct JSONLinesFastReaderTests {
  /// Decodes `bytes` pushed in chunks of `chunk` bytes, with or without
  /// the fast reader.
  static func decode(_ bytes: [UInt8], fast: Bool, chunk: Int = 1 << 20) -> [TraceFileItem] {
    var decoder = JSONLinesDecoder()
    decoder.usesFastReader = fast
    var items: [TraceFileItem] = []
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      while start < all.count {
        let end = min(start + chunk, all.count)
        decoder.push(UnsafeBufferPointer(rebasing: all[start..<end])) { items.append($0) }
        start = end
      }
    }
    decoder.finish { items.append($0) }
    return items
  }

  /// Items as text that tells apart what `==` does not: numbers by their
  /// bits (`-0` and `0`), problems with their trace id.
  static func fingerprint(_ items: [TraceFileItem]) -> [String] {
    func bits(_ vector: Vector2D?) -> String {
      guard let vector else { return "-" }
      return "\(vector.x.bitPattern),\(vector.y.bitPattern)"
    }
    return items.map { item in
      switch item {
      case .trace(let trace, let line):
        let meta = trace.metadata.orderedEntries.map { "\($0.key)=\($0.value)" }
        let events = trace.events.map { event in
          "\(event.time.nanoseconds) \(event.phase) \(bits(event.translation))"
            + " \(bits(event.velocity)) \(bits(event.location))"
        }
        return "\(line) trace \(trace.id) \(meta) \(events)"
      case .problem(let problem):
        return "\(problem) [\(problem.traceID ?? "-")] \(problem.isFatal)"
      }
    }
  }

  /// Expects both paths to give the same items for `text`, pushed whole
  /// and in chunks of several sizes.
  static func expectSameItems(
    _ text: [UInt8], chunks: [Int] = [1 << 20, 1, 7, 64, 300],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let general = fingerprint(decode(text, fast: false))
    for chunk in chunks {
      let fast = fingerprint(decode(text, fast: true, chunk: chunk))
      #expect(fast == general, "chunk \(chunk)", sourceLocation: sourceLocation)
    }
  }

  static let began = #"{"t":0,"phase":"began","tx":0,"ty":0,"vx":1,"vy":2}"#
  static let ended = #"{"t":0.5,"phase":"ended","tx":1.5,"ty":-2.25,"vx":0,"vy":0}"#

  /// A line with `event` between a `began` and an `ended` event.
  static func line(_ event: String, id: String = "a", meta: String = "") -> String {
    #"{"id":"\#(id)"\#(meta),"events":[\#(began),\#(event),\#(ended)]}"#
  }

  /// Lines the fast reader must leave to the general path or read alike.
  static let cases: [String] = [
    // As the encoder writes them: with and without metadata and each pair.
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"x":3,"y":4}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"vx":3,"vy":4,"x":5,"y":6}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"source":"synth"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{}"#),
    line(
      #"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#,
      meta: #","meta":{"intent":"complete","view":"390x844","note":"a b","e":""}"#),
    // White space anywhere.
    #" {"id":"a","events":[\#(began),\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended)]} "#,
    #"{"id" :"a","events":[\#(began),\#(ended)]}"#,
    #"{"id":"a", "events":[\#(began),\#(ended)]}"#,
    line(#"{"t":0.25, "phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1 ,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2 }"#),
    "{\"id\":\"a\",\"events\":[\(began),\t\(ended)]}",
    // Other key orders, unknown and repeated keys.
    #"{"events":[\#(began),\#(ended)],"id":"a"}"#,
    #"{"id":"a","events":[\#(began),\#(ended)],"meta":{"k":"v"}}"#,
    #"{"id":"a","v":1,"events":[\#(began),\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended)],"v":1}"#,
    #"{"id":"a","id":"b","events":[\#(began),\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended)],"events":[]}"#,
    line(#"{"phase":"changed","t":0.25,"tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","ty":2,"tx":1}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"vy":4,"vx":3}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"x":5,"y":6,"vx":3,"vy":4}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"p":{"q":[1,true,null]}}"#),
    line(#"{"t":0.25,"phase":"changed","t":0.3,"tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"vx":3}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2,"y":3}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1}"#),
    // Escapes and Unicode in ids, keys and values.
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: #"a\u0062"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: #"a\/b"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: "é"),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: "a b"),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: ""),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, id: "a\u{7F}"),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"x\"y"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k\u0061":"v"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"grün"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"\u00e9"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":" v"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"v "}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"a b":"v"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"":"v"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"v","k":"w"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":1,"b":true}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":null}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"v",}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":[]"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":2}"#, meta: #","meta":{"k":"a\tb"}"#),
    // Numbers: exponents, signs, zeros, many digits, huge and tiny.
    line(#"{"t":0.25,"phase":"changed","tx":1e2,"ty":1E-3}"#),
    line(#"{"t":2.5e-1,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":-0,"ty":-0.0}"#),
    line(#"{"t":0.25,"phase":"changed","tx":0.0,"ty":0.000}"#),
    line(#"{"t":-0,"phase":"changed","tx":0,"ty":0}"#),
    line(#"{"t":0.25,"phase":"changed","tx":12345678901234567890,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":123456789012345678,"ty":1234567890123456789}"#),
    line(#"{"t":0.25,"phase":"changed","tx":12345678901234567,"ty":9007199254740993}"#),
    line(#"{"t":0.25,"phase":"changed","tx":9007199254740991,"ty":900719925474099.3}"#),
    line(#"{"t":0.25,"phase":"changed","tx":0.000000000000000001,"ty":1.00000000000000001}"#),
    line(#"{"t":0.25,"phase":"changed","tx":0.0000000000000000001,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1e-400,"ty":1e400}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1.7976931348623157e308,"ty":4.9e-324}"#),
    line(#"{"t":0.25,"phase":"changed","tx":0.1,"ty":0.30000000000000004}"#),
    line(#"{"t":0.25,"phase":"changed","tx":01,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":-,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1.,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":.5,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":+1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1.5.5,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":--1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1x,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changed","tx":NaN,"ty":Infinity}"#),
    line(#"{"t":0.25,"phase":"changed","tx":null,"ty":"2"}"#),
    line(#"{"t":0.25,"phase":"changed","tx":1,"ty":true}"#),
    // Times: nanoseconds and beyond, range, order.
    line(#"{"t":0.123456789,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.1234567891,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.4999999995,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":4000000000,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":4000000000.000000001,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":99999999999,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":-1,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":0.75,"phase":"changed","tx":1,"ty":2}"#),
    line(#"{"t":"0.25","phase":"changed","tx":1,"ty":2}"#),
    // Phases.
    line(#"{"t":0.25,"phase":"failed","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"cancelled","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"Began","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"change","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"changedd","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":"began","tx":1,"ty":2}"#),
    line(#"{"t":0.25,"phase":1,"tx":1,"ty":2}"#),
    // Events and their order.
    #"{"id":"a","events":[]}"#,
    #"{"id":"a","events":[\#(began)]}"#,
    #"{"id":"a","events":[\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended),\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended),]}"#,
    #"{"id":"a","events":[\#(began),\#(ended)]"#,
    #"{"id":"a","events":[\#(began),\#(ended)]}}"#,
    #"{"id":"a","events":[\#(began),\#(ended)]},"#,
    #"{"id":"a","events":[\#(began),[1],\#(ended)]}"#,
    #"{"id":"a","events":{}}"#,
    #"{"id":1,"events":[\#(began),\#(ended)]}"#,
    #"{"id":"a","events":[\#(began),\#(ended)]}\#u{0}"#,
    "[]",
    "",
    "   ",
  ]

  @Test(arguments: cases)
  func lineReadsAlike(_ line: String) {
    Self.expectSameItems(Array((line + "\n").utf8))
  }

  /// Every case in one file, with CRLF line ends, a byte order mark, blank
  /// lines, a repeated id, and no final line break.
  @Test(arguments: ["\n", "\r\n", "\r\r\n"])
  func fileReadsAlike(_ lineEnd: String) {
    var text = "\u{FEFF}" + Self.line("{\"t\":0.25,\"phase\":\"changed\",\"tx\":1,\"ty\":2}")
    text += lineEnd + "\n" + lineEnd
    for (index, line) in Self.cases.enumerated() {
      text += line.replacingOccurrences(of: #""id":"a""#, with: #""id":"a\#(index)""#) + lineEnd
    }
    text += Self.line("{\"t\":0.25,\"phase\":\"changed\",\"tx\":1,\"ty\":2}", id: "a3")
    Self.expectSameItems(Array(text.utf8))
  }

  /// The problems of the decoder's own tests, each alone.
  @Test(
    arguments: JSONLinesDecoderTests.syntaxCases + JSONLinesDecoderTests.fieldCases
      + JSONLinesDecoderTests.validityCases)
  func problemReadsAlike(_ problemCase: JSONLinesDecoderTests.ProblemCase) {
    Self.expectSameItems(Array((problemCase.line.replacing("‸", with: "") + "\n").utf8))
  }

  /// The shipped traces, converted to JSON Lines: each line is read as the
  /// general path reads it, and back to the traces; every line of the
  /// synthetic files is read by the fast reader (recorded fingers have
  /// numbers of 17 digits, which it leaves to the general path).
  @Test(arguments: [
    ("library-pager.csv", true), ("lyrics-swap.csv", true), ("music-card.csv", true),
    ("player-sheet.csv", true), ("recorded-fingers.csv", false), ("samples/synth.csv", true),
  ])
  func shippedTracesReadAlike(_ name: String, isSynthetic: Bool) throws {
    let csv = try String(
      contentsOf: packageRoot.appendingPathComponent("traces/\(name)"), encoding: .utf8)
    var decoder = CSVTraceDecoder()
    let traces = decoder.decode(csv).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(traces.count > 0)
    var text = ""
    var reader = JSONLinesFastReader()
    var readFast = 0
    for trace in traces {
      var line = ""
      JSONLinesEncoder().encode(trace, into: &line)
      let bytes = Array(line.utf8.dropLast())
      if let read = bytes.withUnsafeBufferPointer({ reader.read(copying: $0) }) {
        #expect(read == trace, "\(trace.id) differs")
        readFast += 1
      }
      text += line
    }
    if isSynthetic {
      #expect(readFast == traces.count)
    } else {
      #expect(readFast > 0)
    }
    let bytes = Array(text.utf8)
    Self.expectSameItems(bytes, chunks: [1 << 20, 4096, 333])
    let read = Self.decode(bytes, fast: true).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(read == traces)
  }

  /// Random traces with numbers of every size and sign: what the encoder
  /// writes reads back alike both ways, and the fast reader reads it.
  @Test(arguments: 0..<40 as Range<UInt64>)
  func randomTracesReadAlike(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Wild numbers (any bits, tiny ones) are written with an exponent or
    // as null; the others as plain decimals of at most 18 digits.
    func number(wild: Bool) -> Double {
      let bits = random.next()
      switch bits % (wild ? 6 : 4) {
      case 0: return Double(Int64(bitPattern: bits) >> 40) / 100
      case 1: return bits & 8 == 0 ? 0 : -0.0
      case 2: return Double(Int64(bitPattern: bits) >> 11)
      case 3: return Double(Int64(bitPattern: bits) >> 20) / 1e6
      case 4: return Double(bitPattern: random.next())
      default: return Double(bits >> 12) * 1e-20
      }
    }
    var text = ""
    var traces: [Trace] = []
    for index in 0..<20 {
      let wild = index % 5 == 0
      var trace = Trace(id: "r\(seed)-\(index)")
      if index % 3 == 0 { trace.metadata["seed"] = "\(random.next() % 1000)" }
      if index % 4 == 0 { trace.metadata["intent"] = "cancel" }
      let count = 2 + Int(random.next() % 30)
      var time: Int64 = Int64(random.next() % 1_000_000_000_000) - 500_000_000_000
      for step in 0..<count {
        let phase: TouchPhase =
          step == 0 ? .began : step == count - 1 ? (index % 2 == 0 ? .ended : .cancelled) : .changed
        let shape = random.next() % 4
        trace.events.append(
          PanEvent(
            time: TraceTime(nanoseconds: time), phase: phase,
            translation: Vector2D(x: number(wild: wild), y: number(wild: wild)),
            velocity: shape & 1 == 0 ? Vector2D(x: number(wild: wild), y: number(wild: wild)) : nil,
            location: shape & 2 == 0 ? Vector2D(x: number(wild: wild), y: number(wild: wild)) : nil)
        )
        time += Int64(random.next() % 20_000_000)
      }
      JSONLinesEncoder().encode(trace, into: &text)
      if trace.violations.isEmpty { traces.append(trace) }
    }
    let bytes = Array(text.utf8)
    Self.expectSameItems(bytes, chunks: [1 << 20, 1000, 61])
    var fastLines = 0
    var reader = JSONLinesFastReader()
    for line in text.split(separator: "\n") {
      let lineBytes = Array(line.utf8)
      if lineBytes.withUnsafeBufferPointer({ reader.read(copying: $0) }) != nil { fastLines += 1 }
    }
    // Every line without wild numbers (16 of 20) is read fast.
    #expect(fastLines >= 16)
    let read = Self.decode(bytes, fast: true).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(read.map(\.id) == traces.map(\.id))
  }
}
