import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Reports count and score labels from each source apart (people,
/// corrections, the synthetic model of intent) and count every number over
/// the traces meant for each transition.
@Suite struct ProvenanceReportTests {
  /// A drag straight up through `offsets` (points), 50 ms apart, lifted at
  /// the last one, with the given metadata. transitions.md: lyrics-swap
  /// completes once the offset is past 80 pt, so `[50, 100]` completes and
  /// `[40]` cancels.
  static func drag(_ id: String, up offsets: [Double], _ entries: [String: String]) -> Trace {
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
    for (key, value) in entries { metadata[key] = value }
    return Trace(id: id, events: events, metadata: metadata)
  }

  static let far = [50.0, 100]
  static let near = [40.0]

  static func analysis(_ traces: [Trace], variants: [String] = ["lyrics-swap"]) -> Analysis {
    let plan = AnalysisPlan(variants: variants.map { try! Variant(parsing: $0) })
    return Analysis(traces: traces.map { TraceAnalysis($0, plan: plan) }, plan: plan)
  }

  /// | trace | source | label | decided | right |
  /// |---|---|---|---|---|
  /// | s1 | synth | complete | complete | ✓ |
  /// | s2 | synth | cancel | cancel | ✓ |
  /// | h1 | recorded | complete | cancel | ✗ |
  /// | c1 | correction | cancel | complete | ✗ |
  /// | u1 | recorded | none | complete | |
  static let mixed = analysis([
    drag("s1", up: far, ["source": "synth", "intent": "complete"]),
    drag("s2", up: near, ["source": "synth", "intent": "cancel"]),
    drag("h1", up: near, ["intent": "complete"]),
    drag("c1", up: far, ["intent": "cancel", "intentSource": "correction"]),
    drag("u1", up: far, [:]),
  ])

  @Test func eachSourceIsCountedAndScoredApart() throws {
    let summary = Self.mixed.overall
    // human: h1, u1; correction: c1; synthetic: s1, s2.
    #expect(summary.sourceCounts == [2, 1, 2])
    #expect(summary.labelledCounts == [1, 1, 2])
    #expect(summary.scoring.map(\.source) == [.human, .correction, .synthetic])
    #expect(summary.scoring.map { $0.intent[0].correct } == [0, 0, 2])
    #expect(summary.scoring.map { $0.intent[0].total } == [1, 1, 2])
    let section = try #require(summary.sections.first)
    let parts = section.variants[0].bySource
    #expect(parts.map(\.source) == [.human, .correction, .synthetic])
    #expect(parts.map(\.total) == [2, 1, 2])
    // Completions: u1 of the two recorded, c1, s1 of the two synthetic.
    #expect(parts.map { $0.outcomes.first { $0.outcome == .complete }?.count } == [1, 1, 1])
  }

  @Test func theOpeningSaysWhereTheLabelsComeFrom() {
    let mixed = ProvenanceSentences(summary: Self.mixed.overall).opening
    #expect(
      mixed == [
        "Labels: 1 label from people, 1 label inferred from corrections and 2 synthetic labels "
          + "(the model of intent of `synth --target`); 1 recorded trace carry no label.",
        "Accuracy on synthetic labels measures agreement with the synthetic model of intent of "
          + "`synth --target`, not with people; docs/intent-sensitivity.md shows how the answers "
          + "move with its assumptions.",
        "Each source of labels is scored on its own, never pooled.",
      ])
    let synthetic = Self.analysis([
      Self.drag("s1", up: Self.far, ["source": "synth", "intent": "complete"]),
      Self.drag("s2", up: Self.near, ["source": "synth", "intent": "cancel"]),
    ])
    let text = AnalysisTextReport(analysis: synthetic, files: ["-"], markdown: false).rendered()
    #expect(text.contains("Labels: 2 synthetic labels (the model of intent of `synth --target`)."))
    #expect(text.contains("Against the synthetic model of intent (not people)"))
    #expect(!text.contains("people meant"))
    let human = Self.analysis([
      Self.drag("h1", up: Self.far, ["intent": "complete", "source": "record"]),
      Self.drag("h2", up: Self.near, ["intent": "complete"]),
    ])
    let humanText = AnalysisTextReport(analysis: human, files: ["-"], markdown: false).rendered()
    #expect(humanText.contains("Labels: 2 labels from people.\n"))
    #expect(humanText.contains("Against people's labels"))
    #expect(!humanText.contains("synthetic label"))
    #expect(!humanText.contains("synthetic model of intent"))
    #expect(
      ProvenanceSentences(summary: Self.analysis([Self.drag("u", up: Self.far, [:])]).overall)
        .opening.first?.hasPrefix("No trace carries an intent label") == true)
  }

  @Test func theJSONReportCountsEachSource() {
    let json = AnalysisJSONReport(analysis: Self.mixed, files: ["-"]).rendered()
    #expect(json.contains("\"sources\":{\"human\":2,\"correction\":1,\"synthetic\":2}"))
    #expect(json.contains("\"labelledSources\":{\"human\":1,\"correction\":1,\"synthetic\":2}"))
  }

  /// Two transitions' traces: two meant for lyrics-swap (one completes),
  /// three for player-sheet, one for neither named. lyrics-swap is counted
  /// on its two and the untargeted one (3); player-sheet on its three and
  /// the untargeted one (4).
  @Test func everyRateIsOverTheTracesMeantForItsTransition() throws {
    let analysis = Self.analysis(
      [
        Self.drag("l1", up: Self.far, ["target": "lyrics-swap"]),
        Self.drag("l2", up: Self.near, ["target": "lyrics-swap"]),
        Self.drag("p1", up: Self.far, ["target": "player-sheet"]),
        Self.drag("p2", up: Self.far, ["target": "player-sheet"]),
        Self.drag("p3", up: Self.near, ["target": "player-sheet"]),
        Self.drag("n1", up: Self.far, [:]),
      ], variants: ["lyrics-swap", "player-sheet"])
    let summary = analysis.overall
    #expect(summary.sections.map(\.name) == ["lyrics-swap", "player-sheet"])
    #expect(summary.sections.map(\.traceCount) == [3, 4])
    #expect(summary.variants.map { $0.outcomes.map(\.count).reduce(0, +) } == [3, 4])
    // lyrics-swap completes l1 and n1, 2 of 3.
    #expect(summary.variants[0].count(of: .complete) == 2)
    // Each section has one variant: no agreement across transitions.
    #expect(summary.sections.map(\.agreement) == [[[1]], [[1]]])
    #expect(summary.sections[1].numbers == [2])
    let text = AnalysisTextReport(analysis: analysis, files: ["-"], markdown: false).rendered()
    #expect(text.contains("LYRICS-SWAP (3 traces meant for it: 3 recorded)"))
    #expect(text.contains("PLAYER-SHEET (4 traces meant for it: 4 recorded)"))
    #expect(!text.contains("AGREEMENT"))
  }
}
