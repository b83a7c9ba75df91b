import Foundation
import Testing

@testable import GestureTrace

/// The transcoder gives, for every piece of JSON Lines it reads, the bytes
/// the JSON Lines decoder and the CSV encoder give together, and declines
/// everything else.
@Suite struct JSONLinesCSVTranscoderTests {
  /// The general path: the traces a decoder reads, each written by the
  /// CSV byte encoder; `nil` when the decoder reports a problem or a trace
  /// has what the columns cannot hold.
  static func general(_ lines: String, columns: CSVColumns) -> CSVJSONLinesTranscoder.Piece? {
    var decoder = JSONLinesDecoder()
    var text: [UInt8] = []
    var ends: [Int] = []
    var ids: [UInt64] = []
    var failed = false
    let encoder = CSVTraceEncoder(columns: columns)
    func handle(_ item: TraceFileItem) {
      switch item {
      case .trace(let trace, _):
        if !encoder.canEncodeLosslessly(trace) { failed = true }
        encoder.encode(trace, into: &text)
        ends.append(text.count)
        ids.append(TraceIDHash.of(trace.id))
      case .problem: failed = true
      }
    }
    Array(lines.utf8).withUnsafeBufferPointer { decoder.push($0, into: handle) }
    decoder.finish(into: handle)
    return failed ? nil : .init(text: text, traceEnds: ends, idHashes: ids)
  }

  static func fast(_ lines: String, columns: CSVColumns, textLimit: Int = .max)
    -> CSVJSONLinesTranscoder.Piece?
  {
    Array(lines.utf8).withUnsafeBufferPointer {
      JSONLinesCSVTranscoder.transcode($0, columns: columns, textLimit: textLimit)
    }
  }

  /// Checks that the transcoder, when it reads `lines`, gives what the
  /// general path gives; returns whether it read them.
  @discardableResult
  static func expectAgreement(
    _ lines: String, columns: CSVColumns, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard let fast = fast(lines, columns: columns) else { return false }
    expectSamePiece(
      fast, as: general(lines, columns: columns), input: lines, sourceLocation: sourceLocation)
    return true
  }

  /// Random JSON Lines in the encoder's form (from random CSV pieces the
  /// decoder reads), with `faults` random changes.
  static func randomLines(_ rng: inout SplitMix64, columns: CSVColumns, faults: Int) -> String? {
    let rows = CSVJSONLinesTranscoderTests.randomRows(&rng, columns: columns, faults: 0)
    guard let piece = CSVJSONLinesTranscoderTests.general(rows, columns: columns) else {
      return nil
    }
    var text = String(decoding: piece.text, as: UTF8.self)
    let changes: [(String, String)] = [
      ("\n", "\r\n"), (":", ": "), ("\"tx\"", "\"tx\" "), (",\"ty\":", ",\"ty\":0"),
      (".", ".0"), ("\"began\"", "\"changed\""), ("\"ended\"", "\"changed\""),
      ("{\"t\":", "{\"t\":1"), ("\"meta\":{", "\"meta\":{\"k\":\"v\","),
      ("\"id\":\"", "\"id\":\"\\u0041"),
      ("]}\n", "]}\n\n"), ("\"phase\"", "\"Phase\""), (",\"vx\"", ",\"x\""), ("value", "value "),
      ("\"source\":", "\"source\":\"x\",\"source\":"), ("s", "é"), ("-", "+"),
    ]
    for _ in 0..<faults {
      let (target, replacement) = changes[Int(rng.next() % UInt64(changes.count))]
      if let range = text.range(of: target) {
        text.replaceSubrange(range, with: replacement)
      }
    }
    if faults > 0, rng.next() % 4 == 0 {
      // Two lines in the other order, or one twice.
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.count > 2 { lines.swapAt(0, lines.count - 2) }
      if rng.next() % 2 == 0 { lines.insert(lines[0], at: 0) }
      text = lines.joined(separator: "\n")
    }
    return text
  }

  @Test(arguments: 0..<4, 0..<50 as Range<UInt64>)
  func randomPiecesReadAsTheDecoderReadsThem(layout: Int, seed: UInt64) {
    let columns = CSVJSONLinesTranscoderTests.layouts[layout]
    var rng = SplitMix64(seed: seed &* 11 &+ UInt64(layout))
    var read = 0
    for round in 0..<40 {
      let faults = round % 4 == 0 ? 0 : round % 3
      guard let lines = Self.randomLines(&rng, columns: columns, faults: faults) else { continue }
      if Self.expectAgreement(lines, columns: columns) { read += 1 }
      // With other columns: fewer decline, more write empty pairs.
      for other in CSVJSONLinesTranscoderTests.layouts where other != columns {
        Self.expectAgreement(lines, columns: other)
      }
    }
    #expect(read > 0)
  }

  @Test func declinesWhatTheColumnsCannotHold() {
    let line =
      #"{"id":"a","events":[{"t":0,"phase":"began","tx":0,"ty":0,"vx":1,"vy":2},"#
      + #"{"t":1,"phase":"ended","tx":1,"ty":1,"vx":1,"vy":2}]}"# + "\n"
    #expect(Self.fast(line, columns: CSVColumns(velocity: false, location: false)) == nil)
    let read = Self.fast(line, columns: CSVColumns(velocity: true, location: true))
    #expect(
      read.map { String(decoding: $0.text, as: UTF8.self) }
        == "a,0,began,0,0,1,2,,\na,1,ended,1,1,1,2,,\n")
  }

  @Test func declinesTextBeyondTheLimit() {
    let line =
      #"{"id":"a","meta":{"units":"pt"},"events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":1,"phase":"ended","tx":1.5,"ty":1}]}"# + "\n"
    let columns = CSVColumns(velocity: false, location: false)
    let whole = Self.fast(
      line + line.replacingOccurrences(of: "\"a\"", with: "\"b\""), columns: columns)
    #expect(
      whole.map { String(decoding: $0.text, as: UTF8.self) }
        == "# trace a units: pt\na,0,began,0,0\na,1,ended,1.5,1\n"
        + "# trace b units: pt\nb,0,began,0,0\nb,1,ended,1.5,1\n")
    #expect(Self.fast(line, columns: columns, textLimit: 20) == nil)
  }

  @Test func roomGrowsForLongIDs() {
    // Each row repeats the id: more text than JSON bytes.
    let id = String(repeating: "i", count: 3_000)
    var line = #"{"id":"\#(id)","events":[{"t":0,"phase":"began","tx":0,"ty":0}"#
    for index in 1...200 { line += #",{"t":\#(index),"phase":"changed","tx":0,"ty":0}"# }
    line += #",{"t":201,"phase":"ended","tx":0,"ty":0}]}"# + "\n"
    #expect(Self.expectAgreement(line, columns: CSVColumns(velocity: false, location: false)))
  }
}
