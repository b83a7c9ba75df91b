import Foundation
import Testing

@testable import GestureTrace

/// The transcoder gives, for every piece it reads, the bytes the CSV
/// decoder and the JSON Lines encoder give together, and declines
/// everything else.
@Suite struct CSVJSONLinesTranscoderTests {
  /// The columns of the encoder's four headers.
  static let layouts = [
    CSVColumns(velocity: true, location: false), CSVColumns(velocity: false, location: false),
    CSVColumns(velocity: true, location: true), CSVColumns(velocity: false, location: true),
  ]

  /// The general path: the traces a decoder reads from the header and the
  /// rows, each written by the JSON Lines byte encoder; `nil` when the
  /// decoder reports a problem.
  static func general(_ rows: String, columns: CSVColumns) -> CSVJSONLinesTranscoder.Piece? {
    var decoder = CSVTraceDecoder()
    var text: [UInt8] = []
    var ends: [Int] = []
    var ids: [UInt64] = []
    var hasProblem = false
    let bytes = Array((CSVTraceEncoder(columns: columns).fileHeader() + rows).utf8)
    func handle(_ item: TraceFileItem) {
      switch item {
      case .trace(let trace, _):
        JSONLinesEncoder().encode(trace, into: &text)
        ends.append(text.count)
        ids.append(TraceIDHash.of(trace.id))
      case .problem: hasProblem = true
      }
    }
    bytes.withUnsafeBufferPointer { decoder.push($0, into: handle) }
    if decoder.hasPendingTraceMetadata { hasProblem = true }
    decoder.finish(into: handle)
    return hasProblem ? nil : .init(text: text, traceEnds: ends, idHashes: ids)
  }

  /// The transcoder on the rows (without the header).
  static func fast(_ rows: String, columns: CSVColumns, textLimit: Int = .max)
    -> CSVJSONLinesTranscoder.Piece?
  {
    Array(rows.utf8).withUnsafeBufferPointer {
      CSVJSONLinesTranscoder.transcode($0, columns: columns, textLimit: textLimit)
    }
  }

  /// Checks that the transcoder, when it reads `rows`, gives what the
  /// general path gives; returns whether it read them.
  @discardableResult
  static func expectAgreement(
    _ rows: String, columns: CSVColumns, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard let fast = fast(rows, columns: columns) else { return false }
    expectSamePiece(
      fast, as: general(rows, columns: columns), input: rows, sourceLocation: sourceLocation)
    return true
  }

  // MARK: - Pieces

  /// A random piece of traces in the encoder's form, with `faults` random
  /// changes from a list of things the transcoder must decline or read
  /// alike.
  static func randomRows(_ rng: inout SplitMix64, columns: CSVColumns, faults: Int) -> String {
    var lines: [String] = []
    let numberCount = 2 + (columns.velocity ? 2 : 0) + (columns.location ? 2 : 0)
    let keys = ["source", "units", "kind", "zeta", "alpha", "intent", "seed"]
    for traceIndex in 0..<Int(1 + rng.next() % 6) {
      let id = ["s\(traceIndex)", "trace-\(traceIndex)", "x#\(traceIndex)", "\(traceIndex)"][
        Int(rng.next() % 4)]
      for key in keys where rng.next() % 3 == 0 {
        lines.append("# trace \(id) \(key): value \(rng.next() % 3)")
      }
      let count = Int(2 + rng.next() % 6)
      var time = Int64(rng.next() % 3) * 1_000_000
      for index in 0..<count {
        let phase =
          index == 0
          ? "began"
          : index == count - 1
            ? (rng.next() % 2 == 0 ? "ended" : "cancelled")
            : "changed"
        var fields = [id, TraceTime(nanoseconds: time).description, phase]
        for _ in 0..<numberCount {
          // NB: mostly what the encoder writes (any notation), now and
          // then any decimal text.
          let scale = [1.0, 10, 100, 1e3, 1e5, 1e8, 1e12, 1e-3][Int(rng.next() % 8)]
          switch rng.next() % 40 {
          case 0: fields.append(CanonicalTextTests.randomNumberText(&rng))
          case 1:
            fields.append(
              CanonicalTextTests.shortest(Double(CanonicalTextTests.randomNumberText(&rng))!))
          case 2..<10:
            fields.append(
              CanonicalTextTests.shortest(
                Double(Int64(bitPattern: rng.next()) % 1_000_000_000) / scale))
          default:
            fields.append(
              CanonicalTextTests.shortest(Double(Int64(bitPattern: rng.next()) % 100_000) / 100))
          }
        }
        lines.append(fields.joined(separator: ","))
        time += Int64(rng.next() % 20_000_000)
      }
    }
    let faultsList: [(inout [String], inout SplitMix64) -> Void] = [
      { lines, rng in lines[Int(rng.next() % UInt64(lines.count))] += "\r" },
      { lines, rng in lines.insert("", at: Int(rng.next() % UInt64(lines.count + 1))) },
      { lines, rng in lines.insert("# a comment", at: Int(rng.next() % UInt64(lines.count + 1))) },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst(",", with: "\",\"")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst("changed", with: "began")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst("ended", with: "changed")
      },
      { lines, rng in lines.swapAt(Int(rng.next() % UInt64(lines.count)), lines.count - 1) },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst(",0.", with: ",00.")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst(": value", with: ":  value")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines.insert(lines[index], at: index)
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] += ",1"
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst("s", with: "é")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst(",", with: ",1234567890.")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst(",", with: ",-")
      },
      { lines, rng in
        let index = Int(rng.next() % UInt64(lines.count))
        lines[index] = lines[index].replacingFirst("value", with: "value ")
      },
      { lines, _ in lines.append("# trace zz kind: late") },
    ]
    for _ in 0..<faults {
      faultsList[Int(rng.next() % UInt64(faultsList.count))](&lines, &rng)
    }
    return lines.map { $0 + "\n" }.joined()
  }

  @Test(arguments: 0..<4, 0..<50 as Range<UInt64>)
  func randomPiecesReadAsTheDecoderReadsThem(layout: Int, seed: UInt64) {
    let columns = Self.layouts[layout]
    var rng = SplitMix64(seed: seed &* 7 &+ UInt64(layout))
    var read = 0
    for round in 0..<40 {
      let rows = Self.randomRows(&rng, columns: columns, faults: round % 4 == 0 ? 0 : round % 3)
      if Self.expectAgreement(rows, columns: columns) { read += 1 }
    }
    #expect(read > 1)
  }

  @Test(arguments: layouts.indices)
  func piecesInTheEncodersFormAreRead(layout: Int) {
    let columns = Self.layouts[layout]
    var rng = SplitMix64(seed: 99)
    var traces: [Trace] = []
    for index in 0..<30 {
      var metadata = TraceMetadata()
      if index % 3 != 0 {
        metadata["source"] = "synth"
        metadata["units"] = "pt"
        metadata["intent"] = index % 2 == 0 ? "complete" : "cancel"
      }
      var events: [PanEvent] = []
      for step in 0..<Int(2 + rng.next() % 40) {
        let value = { Double(Int64(bitPattern: rng.next()) % 200_000) / 100 }
        events.append(
          PanEvent(
            time: TraceTime(nanoseconds: Int64(step) * 8_333_333),
            phase: step == 0 ? .began : .changed,
            translation: Vector2D(x: value(), y: value()),
            velocity: columns.velocity ? Vector2D(x: value(), y: value()) : nil,
            location: columns.location ? Vector2D(x: value(), y: value()) : nil))
      }
      events[events.count - 1].phase = index % 4 == 0 ? .cancelled : .ended
      traces.append(Trace(id: "t\(index)", events: events, metadata: metadata))
    }
    var text = ""
    for trace in traces { CSVTraceEncoder(columns: columns).encode(trace, into: &text) }
    #expect(Self.expectAgreement(text, columns: columns))
  }

  @Test func declinesTextBeyondTheLimit() {
    let rows = "a,0,began,0,0,1,1\na,1,ended,1,1,1,1\nb,0,began,0,0,1,1\nb,1,ended,1,1,1,1\n"
    let columns = CSVColumns(velocity: true, location: false)
    let whole = Self.fast(rows, columns: columns)
    #expect(whole?.traceEnds.count == 2)
    #expect(Self.fast(rows, columns: columns, textLimit: whole!.text.count) != nil)
    #expect(Self.fast(rows, columns: columns, textLimit: whole!.text.count - 1) == nil)
  }

  @Test(
    arguments: [
      // Each reads fine as CSV but is outside the form, or breaks a rule.
      "a,0,began,0,0,1,1\na,1,changed,1,1,1,1\n",
      "a,0,began,0,0,1,1\na,1,ended,1,1,1,1\na,2,ended,1,1,1,1\n",
      "a,1,began,0,0,1,1\na,0.5,ended,1,1,1,1\n",
      "a,0,began,0,0,1,1\na,1,ended,1,1,1,1\nb,0,began,0,0,1,1\nb,1,ended,1,1,1,1\n"
        + "a,0,began,0,0,1,1\na,1,ended,1,1,1,1\n",
      "# trace a kind: x\n# trace a kind: y\na,0,began,0,0,1,1\na,1,ended,1,1,1,1\n",
      "# trace a kind: x\nb,0,began,0,0,1,1\nb,1,ended,1,1,1,1\n",
      "a,0,began,0,0,1,1\n# trace a kind: x\na,1,ended,1,1,1,1\n",
      "a,0,began,0,0,1,1\na,1,ended,1,1,1,1\n# trace b kind: x\n",
      "a,0,began,0,0,1,1\na,1,ended,1,1,1,1",
      "a,0,began,0,0,,\na,1,ended,1,1,,\n",
      "a,0.0000000001,began,0,0,1,1\na,1,ended,1,1,1,1\n",
      "a,-1,began,0,0,1,1\na,1,ended,1,1,1,1\n",
      "a,0,began,0,0,1,1\na,1.10,ended,1,1,1,1\n",
      "a,0,began,0,0,1,1\r\na,1,ended,1,1,1,1\r\n",
    ])
  func declinesWhatItDoesNotRead(_ rows: String) {
    #expect(Self.fast(rows, columns: CSVColumns(velocity: true, location: false)) == nil)
  }
}

extension String {
  /// The string with its first `target` replaced.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
