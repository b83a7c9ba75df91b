import Foundation
import Testing

@testable import GestureTrace

/// The one-pass row reader must give exactly what the general path gives:
/// the same traces, the same problems at the same lines and columns.
@Suite struct CSVRowScanTests {
  /// Decodes `text` pushed in chunks of `chunk` bytes, with or without the
  /// one-pass path.
  func decode(_ text: String, scansRows: Bool, chunk: Int = 1 << 20) -> [TraceFileItem] {
    var decoder = CSVTraceDecoder()
    decoder.scansRows = scansRows
    var items: [TraceFileItem] = []
    let bytes = Array(text.utf8)
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

  static let header = "# gesturetrace: 1\ntrace,t,phase,tx,ty,vx,vy\n"

  /// Rows the one-pass path must leave to the general path, or read alike.
  static let cases: [String] = [
    "a,0,began,0,0,1,2\na,0.5,changed,-1.25,2.5,,\na,1,ended,3,4,0,0\n",
    "a,0,began,0,0,,\r\na,0.5,ended,1,2,3,4\r\n",
    "a,0,began,0,0,1,\na,1,ended,1,1,1,1\n",  // half a velocity pair
    "a,0,began,1e2,0,1,2\na,1,ended,+1,1,.5,5.\n",  // exponent, plus sign, bare points
    "a,0,began, 1,0,1,2\na,1,ended,1 ,1,1,1\n",  // spaces around numbers
    "a,0,began,12345678901234567890,0,1,2\na,1,ended,0.1234567890123456789012,1,1,1\n",
    "a,0.0000000001,began,0,0,1,2\na,1.0000000005,ended,0,0,1,1\n",  // beyond nanoseconds
    "a,0,began,0,0,1,2\na,-1,ended,0,0,1,1\n",  // time goes back
    "a,0,began,0,0,1,2\na,1,moved,0,0,1,1\na,2,ended,0,0,0,0\n",  // bad phase
    "a,0,began,0,0,1,2\na,1,ended,0,0,1,1\na,2,changed,0,0,1,1\n",  // after the end
    "a,0,began,0,0,1,2\n\"a\",1,ended,0,0,1,1\n",  // the same id, quoted
    "\"a,b\",0,began,0,0,1,2\n\"a,b\",1,ended,0,0,1,1\n",
    "a,0,began,0,0,1,2,9\na,1,ended,0,0,1\n",  // too many, too few fields
    "a,0,began,0,0,1,2\nb,0,began,0,0,1,2\nb,1,ended,0,0,0,0\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\n# trace a intent: cancel\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,nan,2\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,ended,1.7976931348623157e309,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,ended,0,0,0,0",  // no final line break
    "a,0,began,0,0,1,2\na,1,changed,0,0,0,0\n",  // never ends
    "a,0,began,0,0,1,2\na,1,failed,0,0,0,0\n",
    "a,0,began,123456789.123456789,0,1,2\na,1,ended,1234567890.123456789,0,0,0\n",  // 18, 19
    "a,0,began,0.00000000000000001,0,1,2\na,1,ended,-.5,-0,-0.0,0\n",
    "a,0,began,0,0,1,2\na,1,cancelled,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,cancelledd,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,change,0,0,0,0\na,2,endedx,0,0,0,0\n",
    "a,0,Began,0,0,1,2\na,1,ended,0,0,0,0\n",
    // Around the eight digits read at once: 7 and 8 before the point, 8
    // and 9 in all, nothing before or after the point, leading zeros.
    "a,0,began,1234567,12345678,1234567.1,1234.5678\na,1,ended,12345.6789,.5,5.,-0\n",
    "a,0,began,-0.0,00000001.5,-9999999,0.0000001\na,1,ended,1.2345678,-1.23456789,1,1\n",
    "a,0.12345678,began,0,0,1,2\na,1.1234567,ended,0,0,0,0\n",  // 8 and 8 digits
    "a,0,began,0,0,1,2\na,12345678.5,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1.5e3,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1.,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,ended,1.5.5,0,0,0\n",  // a second point
    "a,0,began,1:5,0,1,2\na,1,ended,1/5,0,0,0\n",  // bytes next to the digits
    "a,0,began,0,0,1,2\na,1,ended,2\u{0660},0,0,0\n",  // an Arabic-Indic zero
    // Signs and points where digits should be, in numbers and times.
    "a,0,began,--1,0,1,2\na,1,ended,-,0,0,0\n",
    "a,0,began,0,0,1,-\na,1,ended,0,0,1..5,0\n",
    "a,--1,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "a,-,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,.5,ended,0,0,0,0\n",
    "a,0,began,0,0,1e3,2\na,1,ended,0,0,1.5E3,0\n",
    "a,0,began,0,0,0x10,2\na,1,ended,0,0,1_0,0\n",
  ]

  /// Rows in each column order the encoder writes, with empty and half
  /// pairs, followed by enough rows that they are read without bounds
  /// checks.
  @Test(arguments: ["", ",vx,vy", ",x,y", ",vx,vy,x,y"])
  func canonicalOrdersMatch(_ optional: String) {
    let pairs = optional.split(separator: ",").count / 2
    func row(_ id: String, _ time: Int, _ phase: String, _ extra: [String]) -> String {
      "\(id),\(time),\(phase),1.5,-2" + extra.prefix(2 * pairs).map { "," + $0 }.joined() + "\n"
    }
    var text = "trace,t,phase,tx,ty\(optional)\n"
    text += row("a", 0, "began", ["1", "2", "3", "4"])
    text += row("a", 1, "changed", ["", "", "", ""])
    text += row("a", 2, "changed", ["1", "", "3", "4"])
    text += row("b", 0, "began", ["0.25", "-7", "", "4"])
    text += row("c", 0, "began", ["1", "2", "3", "4"])
    text += row("c", 1, "ended", ["1", "2", "3", "4"]).replacingOccurrences(of: "\n", with: "\r\n")
    for time in 0..<60 {
      text += row("z", time, time == 0 ? "began" : "changed", ["1", "2", "3", "4"])
    }
    text += row("z", 60, "cancelled", ["1", "2", "3", "4"])
    let general = decode(text, scansRows: false)
    #expect(decode(text, scansRows: true) == general)
    // a and b never end (or break a pair) and are reported; c and z are read.
    #expect(general.count == 4)
  }

  /// In each column order, a trace whose rows have each optional pair
  /// present or empty apart from the other, far from the end of the bytes:
  /// every row of it is read by that order's loop, and each pair comes out
  /// as its row spells it.
  @Test(arguments: [(true, false), (false, true), (true, true)])
  func eachOrderReadsItsPairsApart(_ hasVelocity: Bool, _ hasLocation: Bool) {
    let columns = (hasVelocity ? ",vx,vy" : "") + (hasLocation ? ",x,y" : "")
    // Row n spells velocity (n, -n) when n is even and location (10n, 0.5)
    // when n is not a multiple of 3; the other rows leave the pair empty.
    func pair(_ present: Bool, _ x: String, _ y: String) -> String {
      present ? ",\(x),\(y)" : ",,"
    }
    var text = "trace,t,phase,tx,ty\(columns)\n"
    for n in 0..<6 {
      let phase = n == 0 ? "began" : n == 5 ? "ended" : "changed"
      text += "a,0.0\(n),\(phase),\(n),1.5"
      if hasVelocity { text += pair(n % 2 == 0, "\(n)", "-\(n)") }
      if hasLocation { text += pair(n % 3 != 0, "\(10 * n)", "0.5") }
      text += "\n"
    }
    var filler = ""
    for time in 0...40 {
      let phase = time == 0 ? "began" : time == 40 ? "ended" : "changed"
      filler += "z,\(time),\(phase),0,\(time)"
      filler += (hasVelocity ? ",1,2" : "") + (hasLocation ? ",3,4" : "") + "\n"
    }
    // The one-pass loop reads a row with at least 512 bytes from its start.
    #expect(filler.utf8.count >= 512)
    text += filler
    let items = decode(text, scansRows: true)
    #expect(items == decode(text, scansRows: false))
    guard case .trace(let trace, _) = items.first else {
      Issue.record("expected a trace, found \(String(describing: items.first))")
      return
    }
    let velocities = (0..<6).map { n -> Vector2D? in
      hasVelocity && n % 2 == 0 ? Vector2D(x: Double(n), y: -Double(n)) : nil
    }
    let locations = (0..<6).map { n -> Vector2D? in
      hasLocation && n % 3 != 0 ? Vector2D(x: Double(10 * n), y: 0.5) : nil
    }
    #expect(trace.events.map(\.velocity) == velocities)
    #expect(trace.events.map(\.location) == locations)
    // 0.0n seconds is n * 10^7 ns.
    #expect(trace.events.map(\.time.nanoseconds) == (0..<6).map { Int64($0) * 10_000_000 })
    #expect(trace.events.map(\.translation) == (0..<6).map { Vector2D(x: Double($0), y: 1.5) })
  }

  /// Rows of another trace, so that the rows before them are far from the
  /// end of the bytes (the one-pass path reads those without bounds checks).
  static let filler =
    (0..<40).map { "z,\($0),\($0 == 0 ? "began" : "changed"),0,\($0),1,2\n" }
    .joined() + "z,40,ended,0,40,0,0\n"

  @Test(arguments: cases.indices, [false, true])
  func oneRowPassMatchesTheGeneralPath(_ index: Int, followed: Bool) {
    let text = Self.header + Self.cases[index] + (followed ? "\n" + Self.filler : "")
    let general = decode(text, scansRows: false)
    #expect(decode(text, scansRows: true) == general)
    // Chunk boundaries inside rows send those rows the general way.
    #expect(decode(text, scansRows: true, chunk: 7) == general)
    if followed { #expect(Self.filler.utf8.count > 512) }
  }

  /// Every digit count from 1 to 9 before and after the point, before a
  /// comma, a line break and CRLF; the value is the one `Double(_:)` reads
  /// from the same text (correctly rounded, like `DecimalLiteral`).
  @Test(arguments: 1...9, 0...9)
  func shortNumbersReadAsText(_ integers: Int, _ decimals: Int) throws {
    let digits = "9081726354"
    let text =
      String(digits.prefix(integers))
      + (decimals > 0 ? "." + String(digits.suffix(decimals)) : "")
    var rows = "trace,t,phase,tx,ty\n"
    rows += "a,0,began,\(text),-\(text)\n"  // before a comma and a line end
    rows += "a,1,changed,\(text),-\(text)\r\n"
    rows += "a,2,ended,\(text),-\(text)\n\n"
    guard let trace = firstTraceFarFromTheEnd(rows) else { return }
    let value = try #require(Double(text))
    #expect(trace.events.map(\.translation.x) == [value, value, value])
    #expect(trace.events.map(\.translation.y) == [-value, -value, -value])
  }

  /// The first trace of `rows` followed by 41 rows of another trace (so
  /// that its rows are far from the end of the bytes), read both ways,
  /// which must agree.
  func firstTraceFarFromTheEnd(_ rows: String) -> Trace? {
    var text = rows
    for time in 0..<40 { text += "z,\(time),\(time == 0 ? "began" : "changed"),0,\(time)\n" }
    text += "z,40,ended,0,40\n"
    let items = decode(text, scansRows: true)
    #expect(items == decode(text, scansRows: false))
    guard case .trace(let trace, _) = items.first else {
      Issue.record("expected a trace, found \(String(describing: items.first))")
      return nil
    }
    return trace
  }

  /// Times of every digit count before the point (1 to 8) and after it (0
  /// to 9), positive and negative, far from the end of the bytes: both
  /// paths read the nanoseconds the text spells.
  @Test(arguments: 1...8, 0...9)
  func shortTimesReadAsNanoseconds(_ integers: Int, _ decimals: Int) throws {
    let digits = "9081726354"
    let whole = String(digits.prefix(integers))
    let fraction = String(digits.suffix(decimals))
    let text = whole + (decimals > 0 ? "." + fraction : "")
    // Whole seconds times 10^9, plus the decimals padded to nine digits:
    // "90.354" is 90 * 10^9 + 354,000,000 ns.
    let padded = fraction + String(repeating: "0", count: 9 - decimals)
    let nanoseconds = try #require(Int64(whole)) * 1_000_000_000 + (try #require(Int64(padded)))
    var rows = "trace,t,phase,tx,ty\n"
    rows += "a,-\(text),began,0,0\na,\(text),changed,0,1\r\na,\(text),ended,0,2\n\n"
    guard let trace = firstTraceFarFromTheEnd(rows) else { return }
    #expect(trace.events.map(\.time.nanoseconds) == [-nanoseconds, nanoseconds, nanoseconds])
  }

  /// Ids of every length around the 8- and 16-byte words rows are compared
  /// in, next to ids one byte longer, shorter or different at the end.
  @Test(arguments: 1...20)
  func idsOfEveryLengthMatch(_ length: Int) {
    let id = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
    let others = [id + "x", String(id.dropLast()) + "z", String(id.dropLast()), id]
    var text = Self.header
    for other in others where !other.isEmpty {
      text += "\(other),0,began,0,0,1,2\n\(other),1,changed,0,1,1,2\n\(other),2,ended,0,2,0,0\n"
    }
    text += "\n" + Self.filler
    let general = decode(text, scansRows: false)
    #expect(decode(text, scansRows: true) == general)
    // Four traces and the filler's; with one letter the ids are ax, z and a
    // (no empty id), and the filler's z repeats an earlier id: a problem.
    #expect(general.count == (length == 1 ? 4 : 5))
  }

  /// Traces one after another, far from the end of the bytes, so that each
  /// first row is read in one pass when it can be: bad, repeated, long and
  /// quoted ids, metadata between them, a trace whose first row is odd.
  @Test(arguments: [false, true])
  func tracesStartInOnePassAsInTheGeneralPath(_ crlf: Bool) {
    let long = String(repeating: "l", count: 17)
    let longer = String(repeating: "m", count: 70)
    var text = Self.header
    for id in [
      "a", "b", "a", long, longer, "c\u{7F}", "\u{E9}", "\"#q\"", "d", "e", "f",
    ] {
      if id == "d" { text += "# trace d source: synth\n" }
      let first = id == "f" ? "\(id),0,began,1e1,0,1,2\n" : "\(id),0,began,0,0,1,2\n"
      text += first + "\(id),0.5,changed,1,-2.5,,\n"
      text += id == "e" ? "\(id),0.25,ended,0,0,0,0\n" : "\(id),1,ended,2,-3,0,0\n"
    }
    text += "\n" + Self.filler
    if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
    let general = decode(text, scansRows: false)
    #expect(decode(text, scansRows: true) == general)
    #expect(decode(text, scansRows: true, chunk: 7) == general)
    // a, b, the long ids, é, #q, d (with its metadata), f and z are read;
    // the second a repeats an id, c has a control byte, e goes back in time.
    let traces = general.compactMap { item -> String? in
      if case .trace(let trace, _) = item { return trace.id } else { return nil }
    }
    #expect(traces == ["a", "b", long, longer, "\u{E9}", "#q", "d", "f", "z"])
  }

  /// Metadata lines the one-pass path must leave to the general path, or
  /// read alike.
  static let metadataCases: [String] = [
    "# trace a source: synth\n# trace a intent: cancel\na,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "# trace a k: 1\n# trace a k: 2\na,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",  // last wins
    "# trace a k: 1\n# trace b k: 2\n# trace a j: 3\n"  // interleaved
      + "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\nb,0,began,0,0,1,2\nb,1,ended,0,0,0,0\n",
    "# trace a k: v\na,0,began,0,0,1,2\n# trace b k: w\na,1,ended,0,0,0,0\n"
      + "b,0,began,0,0,1,2\nb,1,ended,0,0,0,0\n",  // between another trace's rows
    "a,0,began,0,0,1,2\n# trace a k: v\na,1,ended,0,0,0,0\n",  // after its first row
    "# trace \u{E9} k: v\n\u{E9},0,began,0,0,1,2\n\u{E9},1,ended,0,0,0,0\n",
    "\u{E9},0,began,0,0,1,2\n# trace \u{E9} k: v\n\u{E9},1,ended,0,0,0,0\n",
    // The Kelvin sign is canonically equivalent to K: one trace.
    "# trace \u{212A} k: v\n# trace K j: w\nK,0,began,0,0,1,2\nK,1,ended,0,0,0,0\n",
    "# trace K j: w\n# trace \u{212A} k: v\nK,0,began,0,0,1,2\nK,1,ended,0,0,0,0\n",
    "K,0,began,0,0,1,2\n# trace \u{212A} k: v\nK,1,ended,0,0,0,0\n",
    "# trace a k: x\ty\na,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",  // tab in a value
    "# trace a k:\n# trace a j:   v  \t\na,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "#\ttrace a k: v\n#trace a j: w\n# note: x\n# just a note\n# trace a k!: v\n"
      + "# trace a b c: v\na,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "# trace a long: a value longer than sixteen bytes\n# trace a k: caf\u{E9}\n"
      + "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "# trace a k: v\n",  // metadata without rows
    // Lines of the gathered trace read in one pass, or not, next to each
    // other: repeated keys, extra spaces, empty and odd values.
    "# trace a k: 1\n# trace a  k: 2\n# trace a k: 3\n# trace a j: 4\n# trace a k: 5\n"
      + "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "# trace a k: 1\n# trace a k:  2\n# trace a j: 3 \n# trace a i: \n# trace a h:\n"
      + "# trace a g: x\u{7F}\n# trace a f: \u{E9}\n# trace a e:\tx\n# trace a k: 4\n"
      + "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",
    "# trace ab k: 1\n# trace a k: 2\n# trace ab k:3\n# trace ab key-with_all.kinds9: v\n"
      + "# trace ab a-key-longer-than-sixteen: a value longer than sixteen bytes\n"
      + "ab,0,began,0,0,1,2\nab,1,ended,0,0,0,0\n",
    (0..<20).map { "# trace a k\($0 % 18): \($0)\n" }.joined()
      + "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\n",  // past the index
    // Line endings seen again (remembered entries): 8 to 26 bytes, endings
    // that differ in their last byte only, and a remembered ending for a
    // trace whose rows have started.
    ["t1", "t2", "t3"].map { id in
      (6...24).map { "# trace \(id) k: " + String(repeating: "v", count: $0 - 3) + "\n" }.joined()
        + "# trace \(id) kind: drag\n# trace \(id) kind: drah\n# trace \(id) kind: drag\n"
        + "\(id),0,began,0,0,1,2\n# trace \(id) kind: drag\n\(id),1,ended,0,0,0,0\n"
    }.joined(),
    // Short endings (4 to 8 bytes) seen again, and ones that differ in one
    // byte, over three traces.
    ["s1", "s2", "s3"].map { id in
      ["k: v", "k: w", "ab: 1", "seed: 1", "seed: 2", "seed: 1", "k: v", "kk: vv", "k: vvvv"]
        .map { "# trace \(id) \($0)\n" }.joined()
        + "\(id),0,began,0,0,1,2\n\(id),1,ended,0,0,0,0\n"
    }.joined(),
    // Blocks of endings seen before (shared metadata): the same block
    // again, one of its prefixes, the same endings in another order, a
    // new ending inside, a repeated key, a line the general path reads,
    // nine lines (past a block's eight), and another trace's line between.
    {
      let block = ["source: synth", "units: pt", "view: 390x844", "seed: 1"]
      let blocks = [
        block, block, Array(block.prefix(2)), block.reversed(), block,
        block + ["kind: new-one"], block + ["kind: new-one"], block + ["units: px"],
        block + ["note: caf\u{E9}"], block + ["note:\tx"],
        block + block.map { "x" + $0 } + ["seed: 2"], block + ["seed: 1"], block,
      ]
      var text = ""
      for (number, lines) in blocks.enumerated() {
        let id = "b\(number)"
        text += lines.map { "# trace \(id) \($0)\n" }.joined()
        text += "\(id),0,began,0,0,1,2\n\(id),1,ended,0,0,0,0\n"
      }
      text += "# trace y source: synth\n# trace z units: pt\n# trace y units: pt\n"
      text += "y,0,began,0,0,1,2\ny,1,ended,0,0,0,0\nz,0,began,0,0,1,2\nz,1,ended,0,0,0,0\n"
      return text
    }(),
    // Lines of 24 bytes or more between a trace's rows: its own id (a
    // problem), ids that it starts or that start it, a canonically
    // equivalent id (Kelvin sign), and ids of 16 and 17 bytes.
    "abc,0,began,0,0,1,2\n# trace abc key: a long value\n# trace abcd key: a long value\n"
      + "# trace ab key: a long value\n# trace abc k: v\nabc,1,ended,0,0,0,0\n"
      + "ab,0,began,0,0,1,2\nab,1,ended,0,0,0,0\nabcd,0,began,0,0,1,2\nabcd,1,ended,0,0,0,0\n",
    "\u{212A},0,began,0,0,1,2\n# trace K key: a long value\n\u{212A},1,ended,0,0,0,0\n"
      + "# trace K key: a long value\nK,0,began,0,0,1,2\nK,1,ended,0,0,0,0\n",
    ["0123456789abcdef", "0123456789abcdefg"].map { id in
      "# trace \(id) source: synth\n# trace \(id) seed: 1\n\(id),0,began,0,0,1,2\n"
        + "# trace \(id) source: synth\n\(id),1,ended,0,0,0,0\n"
    }.joined(),
    // Ids of 1 to 17 bytes in short (under 24 bytes) and long lines, the
    // short line first or between, and a line for the next id in between.
    (1...17).map { length in
      let id = String("abcdefghijklmnopq".prefix(length))
      let next = "z" + id
      return "# trace \(id) k: v\n# trace \(id) source: synth\n# trace \(id) j: w\n"
        + "# trace \(next) k: v\n# trace \(id) seed: 1\n"
        + "\(id),0,began,0,0,1,2\n\(id),1,ended,0,0,0,0\n"
        + "\(next),0,began,0,0,1,2\n\(next),1,ended,0,0,0,0\n"
    }.joined(),
    // More endings than remembered slots, each seen twice, over two traces.
    ["p", "q"].map { id in
      (0..<300).map { "# trace \(id) key\($0 % 7): value\($0)\n" }.joined()
        + "\(id),0,began,0,0,1,2\n\(id),1,ended,0,0,0,0\n"
    }.joined(),
  ]

  @Test(arguments: metadataCases.indices)
  func oneMetadataPassMatchesTheGeneralPath(_ index: Int) {
    let text = Self.header + Self.metadataCases[index] + "\n" + Self.filler
    let general = decode(text, scansRows: false)
    #expect(decode(text, scansRows: true) == general)
    #expect(decode(text, scansRows: true, chunk: 5) == general)
  }

  @Test func interleavedMetadataReachesItsTraces() {
    let text = Self.header + Self.metadataCases[2]
    let traces = decode(text, scansRows: true).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace } else { return nil }
    }
    #expect(traces.map(\.metadata.entries) == [["k": "1", "j": "3"], ["k": "2"]])
  }

  /// Traces whose lines are the same block share their metadata; closing
  /// one (`repaired: cancelled`) must not change the other's.
  @Test func aClosedTraceDoesNotChangeASharedBlock() {
    let block = "# trace ID source: synth\n# trace ID seed: 1\n"
    let text =
      Self.header
      + block.replacingOccurrences(of: "ID", with: "a") + "a,0,began,0,0,1,2\n"
      + block.replacingOccurrences(of: "ID", with: "b") + "b,0,began,0,0,1,2\nb,1,ended,0,0,0,0\n"
      + block.replacingOccurrences(of: "ID", with: "c") + "c,0,began,0,0,1,2\n"
      + block.replacingOccurrences(of: "ID", with: "d") + "d,0,began,0,0,1,2\nd,1,ended,0,0,0,0\n"
    var decoder = CSVTraceDecoder()
    decoder.closesUnfinishedTraces = true
    let traces = decoder.decode(text).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace } else { return nil }
    }
    #expect(traces.map(\.id) == ["a", "b", "c", "d"])
    // a and c stop after `began`: closed; b and d end.
    let plain = ["source": "synth", "seed": "1"]
    let closed = plain.merging(["repaired": "cancelled"]) { $1 }
    #expect(traces.map(\.metadata.entries) == [closed, plain, closed, plain])
  }

  /// An ASCII id packed from loaded words is the id packed byte by byte,
  /// and gives back its bytes.
  @Test(arguments: 1...16)
  func idWordsFromALineMatchTheIDsBytes(_ length: Int) {
    let line = Array("#abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let id = Array(line[1...length])
    guard let packed = IDWords(id) else {
      Issue.record("IDWords(\(id)) is nil")
      return
    }
    line.withUnsafeBufferPointer { bytes in
      let loaded = IDWords(ascii: bytes.baseAddress! + 1, count: length)
      #expect(loaded?.low == packed.low)
      #expect(loaded?.high == packed.high)
      #expect(loaded?.lowMask == packed.lowMask)
      #expect(loaded?.highMask == packed.highMask)
      #expect(loaded?.count == length)
      // A line starting with `#` is a comment: no words, as IDWords(_:).
      #expect(IDWords(ascii: bytes.baseAddress!, count: length) == nil)
    }
    #expect(packed.bytes == id)
    #expect(packed.matches(id))
    var other = id
    other[length - 1] ^= 0x01
    #expect(!packed.matches(other))
  }

  @Test func extraColumnsAndOtherOrdersMatch() {
    let text =
      "note,ty,phase,x,trace,y,tx,t,vx,vy\nhi,3,began,10,a,20,1,0,,\n"
      + ",4,ended,11,a,22,2,0.5,1,2\r\nx\r,5,began,1,b,2,3,0,,\n,6,cancelled,1,b,2,3,1,,\n"
    #expect(decode(text, scansRows: true) == decode(text, scansRows: false))
  }

  @Test(arguments: [
    "samples/synth.csv", "lyrics-swap.csv", "library-pager.csv", "recorded-fingers.csv",
  ])
  func shippedTracesMatch(_ name: String) throws {
    let root = packageRoot
    let text = try String(
      contentsOf: root.appendingPathComponent("traces/\(name)"), encoding: .utf8)
    let general = decode(text, scansRows: false)
    #expect(general.count > 20)
    #expect(decode(text, scansRows: true) == general)
  }
}
