import Foundation
import Testing

@testable import GestureTrace

/// The public analysis: traces added one at a time or in pieces merged in
/// order give the same partial bytes and summary; partials read back to
/// the same bytes; other plans and repeated ids are refused by name.
@Suite struct TraceAnalyzerTests {
  static let variants = [
    try! Variant(parsing: "lyrics-swap"), try! Variant(parsing: "player-sheet"),
    try! Variant(parsing: "player-sheet:rule=hammer"),
  ]

  /// The shipped lyrics-swap and player-sheet traces, in file order.
  static let traces: [Trace] = ["lyrics-swap", "player-sheet"].flatMap { name in
    let url = packageRoot.appendingPathComponent("traces/\(name).csv")
    var decoder = CSVTraceDecoder()
    return decoder.decode(try! String(contentsOf: url, encoding: .utf8)).compactMap {
      if case .trace(let trace, _) = $0 { trace } else { nil }
    }
  }

  /// One analyzer over all traces.
  static let whole: TraceAnalyzer = analyzer(of: traces[...], sources: ["all"])

  static func analyzer(of traces: ArraySlice<Trace>, sources: [String] = []) -> TraceAnalyzer {
    var analyzer = TraceAnalyzer(variants: variants, sources: sources)
    for trace in traces { try! analyzer.add(trace) }
    return analyzer
  }

  /// Records where two partials first differ (the whole bytes would make
  /// a message of megabytes).
  static func expectSame(
    _ bytes: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard bytes != expected else { return }
    let index =
      zip(bytes.indices, zip(bytes, expected)).first { $1.0 != $1.1 }?.0
      ?? min(bytes.count, expected.count)
    func near(_ bytes: [UInt8]) -> String {
      String(decoding: bytes[max(0, index - 60)..<min(bytes.count, index + 60)], as: UTF8.self)
    }
    let message =
      "\(bytes.count) bytes, expected \(expected.count); first difference at \(index): "
      + "'\(near(bytes))' instead of '\(near(expected))'"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  /// `traces` cut into `k` consecutive pieces of different sizes (the
  /// i-th about i times the first).
  static func pieces(_ traces: [Trace], _ k: Int) -> [ArraySlice<Trace>] {
    let total = k * (k + 1) / 2
    var pieces: [ArraySlice<Trace>] = []
    var start = 0
    var sum = 0
    for weight in 1...k {
      sum += weight
      let end = traces.count * sum / total
      pieces.append(traces[start..<end])
      start = end
    }
    return pieces
  }

  @Test(arguments: [1, 2, 3, 7])
  func piecesMergedInOrderGiveTheWholeAnalysis(k: Int) throws {
    #expect(Self.traces.count == 300)
    let pieces = Self.pieces(Self.traces, k)
    #expect(pieces.map(\.count).reduce(0, +) == Self.traces.count)
    var merged = TraceAnalyzer(variants: Self.variants, sources: ["all"])
    for piece in pieces {
      var analyzer = TraceAnalyzer(variants: Self.variants)
      for trace in piece { try analyzer.add(trace) }
      try merged.merge(analyzer)
    }
    #expect(merged.traceCount == 300)
    Self.expectSame(merged.partial(), Self.whole.partial())
    #expect(merged.summary() == Self.whole.summary())
  }

  @Test func mergingIsAssociative() throws {
    let pieces = zip(Self.pieces(Self.traces, 3), ["a", "b", "c"]).map {
      Self.analyzer(of: $0, sources: [$1])
    }
    var left = pieces[0]
    try left.merge(pieces[1])
    try left.merge(pieces[2])
    var right = pieces[1]
    try right.merge(pieces[2])
    var outer = pieces[0]
    try outer.merge(right)
    Self.expectSame(left.partial(), outer.partial())
    #expect(left.sources == ["a", "b", "c"])
    #expect(outer.sources == ["a", "b", "c"])
  }

  @Test func aPartialReadsBackToTheSameBytes() throws {
    for analyzer in [Self.whole, Self.analyzer(of: Self.traces[0..<5], sources: ["all"])] {
      let bytes = analyzer.partial()
      let read = try TraceAnalyzer(partial: bytes, name: "a.part")
      Self.expectSame(read.partial(), bytes)
      #expect(read.summary() == analyzer.summary())
      #expect(read.variants == Self.variants)
      #expect(read.sources == ["all"])
    }
  }

  /// A partial read back merges as the analyzer that wrote it: a read
  /// piece followed by a live one gives the whole's bytes.
  @Test func aReadPartialMergesAsTheAnalyzerThatWroteIt() throws {
    let pieces = Self.pieces(Self.traces, 2)
    var first = try TraceAnalyzer(
      partial: Self.analyzer(of: pieces[0], sources: ["all"]).partial(), name: "a")
    try first.merge(Self.analyzer(of: pieces[1]))
    Self.expectSame(first.partial(), Self.whole.partial())
  }

  @Test func anotherPlanIsRefusedNamingTheDifference() throws {
    var analyzer = TraceAnalyzer(variants: Self.variants)
    let others = [
      TraceAnalyzer(variants: [Self.variants[0]]),
      TraceAnalyzer(variants: Self.variants, fps: 60),
      TraceAnalyzer(variants: Self.variants, estimator: .lsq2),
    ]
    let expected = [
      #"variants ["lyrics-swap"] instead of ["lyrics-swap","player-sheet","#,
      "fps 60 instead of 120",
      #"estimator "lsq2" instead of "ios""#,
    ]
    for (other, text) in zip(others, expected) {
      let error = #expect(throws: TraceAnalyzerError.self) { try analyzer.merge(other) }
      #expect(error?.description.hasPrefix("the analyses have different plans: \(text)") == true)
    }
  }

  @Test func aRepeatedIDIsRefusedByName() throws {
    var analyzer = Self.analyzer(of: Self.traces[0..<3])
    let error = #expect(throws: TraceAnalyzerError.self) { try analyzer.add(Self.traces[1]) }
    #expect(
      error?.description
        == "trace 'lyrics-swap-000001' was added already; a trace id may appear only once")
    #expect(analyzer.traceCount == 3)
    let other = Self.analyzer(of: Self.traces[2..<5])
    let before = analyzer.partial()
    let mergeError = #expect(throws: TraceAnalyzerError.self) { try analyzer.merge(other) }
    #expect(
      mergeError?.description
        == "trace 'lyrics-swap-000002' is in both analyses; a trace may be in only one")
    Self.expectSame(analyzer.partial(), before)
  }

  @Test func aBrokenPartialNamesItsPlace() throws {
    let bytes = Self.analyzer(of: Self.traces[0..<2]).partial()
    let cut = #expect(throws: TraceAnalyzerError.self) {
      try TraceAnalyzer(partial: bytes.dropLast(), name: "a.part")
    }
    #expect(
      cut?.description
        == "a.part:6:1: expected a line feed at the end of the line, found the end of the file")
    let empty = #expect(throws: TraceAnalyzerError.self) {
      try TraceAnalyzer(partial: [], name: "b.part")
    }
    #expect(empty?.description == "b.part:1:1: expected the header line, found the end of the file")
    let notJSON = #expect(throws: TraceAnalyzerError.self) {
      try TraceAnalyzer(partial: Array("{\"format\":1}\nx\n".utf8), name: "c.part")
    }
    #expect(notJSON?.description.hasPrefix("c.part:1:11: expected ") == true)
  }

  // MARK: - Hand-checked counts

  /// A drag straight up through `offsets` (points), 50 ms apart, then a
  /// lift at the last one.
  static func drag(_ id: String, up offsets: [Double], intent: TraceIntent) -> Trace {
    var events = [PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0))]
    for (index, offset) in offsets.enumerated() {
      events.append(
        PanEvent(
          time: .milliseconds(50 * Int64(index + 1)), phase: .changed,
          translation: Vector2D(x: 0, y: -offset)))
    }
    events.append(
      PanEvent(
        time: .milliseconds(50 * Int64(offsets.count + 1)), phase: .ended,
        translation: Vector2D(x: 0, y: -offsets.last!)))
    var metadata = TraceMetadata()
    metadata.intent = intent
    metadata.target = "lyrics-swap"
    return Trace(id: id, events: events, metadata: metadata)
  }

  /// transitions.md: lyrics-swap swaps as soon as the offset is strictly
  /// past 80 pt on y (decided at that event), else springs back at the
  /// lift. `a` passes 80 at 100 ms: complete; `b` reaches exactly 80:
  /// cancel at its lift (150 ms); `c` reaches 40: cancel at 150 ms.
  @Test func threeLyricsSwapDragsCountAsComputedByHand() throws {
    var analyzer = TraceAnalyzer(variants: [try Variant(parsing: "lyrics-swap")])
    try analyzer.add(Self.drag("a", up: [50, 100], intent: .complete))
    try analyzer.add(Self.drag("b", up: [40, 80], intent: .complete))
    try analyzer.add(Self.drag("c", up: [20, 40], intent: .cancel))
    let summary = analyzer.summary()
    #expect(summary.traceCount == 3)
    #expect(summary.leftOutCount == 0)
    let variant = try #require(summary.variants.first)
    #expect(variant.spec == "lyrics-swap")
    #expect(variant.outcomes.map(\.outcome) == [.complete, .cancel])
    #expect(variant.rate(of: .complete).count == 1)
    #expect(variant.rate(of: .cancel).count == 2)
    #expect(variant.rate(of: .cancel).total == 3)
    // Wilson 95 % for 1 of 3, by hand: centre 0.42692, half-width 0.36543.
    let complete = variant.rate(of: .complete)
    #expect(abs(complete.lower - 0.06149) < 1e-4)
    #expect(abs(complete.upper - 0.79234) < 1e-4)
    #expect(complete.fraction == 1.0 / 3)
    // Decided at 100, 150 and 150 ms: the median is 150 ms.
    #expect(variant.medianDecisionTime == 0.15)
    // a and c as meant, b not: 2 of 3; 'complete' is the majority label
    // (a, b), which is right on 2 of 3 too.
    let intent = try #require(variant.intent)
    #expect(intent.accuracy.count == 2)
    #expect(intent.accuracy.total == 3)
    #expect(intent.majority == .complete)
    #expect(intent.baseline.count == 2)
    #expect(intent.completedAsMeant == 1)
    #expect(intent.cancelledAsMeant == 1)
    // Net distances 100, 80 and 40 pt: the median (p50) is 80 pt.
    let distance = try #require(summary.features.first { $0.name == "net distance" })
    #expect(distance.unit == "pt")
    #expect(distance.values[2] == 80)
    #expect(TraceAnalyzer.FeatureQuantiles.probabilities == [0.05, 0.25, 0.5, 0.75, 0.95])
  }

  /// A trace belongs to its transition: a player-sheet variant neither
  /// scores nor counts a trace meant for lyrics-swap.
  @Test func intentIsScoredOnlyForTheTargetsTransition() throws {
    var analyzer = TraceAnalyzer(variants: [try Variant(parsing: "player-sheet")])
    try analyzer.add(Self.drag("a", up: [50, 100], intent: .complete))
    let variant = try #require(analyzer.summary().variants.first)
    #expect(variant.intent == nil)
    #expect(variant.rate(of: .complete).total == 0)
  }

  /// A trace in pixels with no scale is left out and counted, as
  /// `analyze` leaves it out; one with a scale is divided by it.
  @Test func tracesInPixelsAreConvertedOrLeftOut() throws {
    var pixels = Self.drag("p", up: [150, 300], intent: .complete)
    pixels.metadata["units"] = "px"
    var analyzer = TraceAnalyzer(variants: [try Variant(parsing: "lyrics-swap")])
    try analyzer.add(pixels)
    #expect(analyzer.traceCount == 0)
    #expect(analyzer.summary().leftOutCount == 1)
    pixels.metadata["scale"] = "3"
    try analyzer.add(pixels)
    #expect(analyzer.traceCount == 1)
    let summary = analyzer.summary()
    #expect(summary.leftOutCount == 1)
    // 300 px at 3 px/pt is 100 pt.
    #expect(summary.features.first { $0.name == "net distance" }?.values[2] == 100)
    let read = try TraceAnalyzer(partial: analyzer.partial(), name: "p.part")
    #expect(read.summary().leftOutCount == 1)
  }
}
