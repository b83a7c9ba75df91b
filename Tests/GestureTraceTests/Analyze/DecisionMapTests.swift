import Testing

@testable import GestureTrace

/// Decision maps: where traces are placed, boundaries found by asking the
/// variants (checked against rules whose boundary is known by hand), and a
/// bounded sample that does not depend on the order traces come in.
@Suite struct DecisionMapTests {
  /// A player-sheet drag up to `progress` points, released at `velocity`
  /// pt/s upward, with a label.
  static func sheetTrace(
    _ id: String, progress: Double, velocity: Double, label: String?,
    target: String? = "player-sheet", source: String? = nil
  ) -> Trace {
    var trace = verticalDrag(
      [-progress / 2, -progress], releaseVelocity: Vector2D(x: 0, y: -velocity))
    trace.id = id
    trace.metadata["intent"] = label
    trace.metadata.target = target
    if let source { trace.metadata.source = source }
    return trace
  }

  static func map(
    _ specs: [String], traces: [Trace] = [], catalog: TransitionCatalog = .builtIn
  ) throws -> (DecisionMap, AnalysisPlan) {
    let plan = AnalysisPlan(variants: try specs.map { try Variant(parsing: $0, in: catalog) })
    var collector = DecisionMapCollector(plan: plan)
    for trace in traces { collector.add(TraceAnalysis(trace, plan: plan)) }
    return (try #require(collector.maps(plan: plan).first), plan)
  }

  /// A distance rule of 100 pt completes past 100 pt of progress whatever
  /// the velocity: its boundary is the vertical line x = 100, top to bottom.
  @Test func aDistanceRuleOf100PointsHasAVerticalBoundaryAt100() throws {
    let (map, _) = try Self.map(["player-sheet:rule=distance,minDistance=100"])
    let boundary = try #require(map.boundaries.first)
    #expect(!boundary.segments.isEmpty)
    #expect(Set(boundary.decisions) == ["complete", "cancel"])
    for segment in boundary.segments {
      #expect((segment.x1 - 100).magnitude < 0.01 && (segment.x2 - 100).magnitude < 0.01)
    }
    let ys = boundary.segments.flatMap { [$0.y1, $0.y2] }
    let (low, high) = (try #require(ys.min()), try #require(ys.max()))
    #expect((low - map.yRange.lowerBound).magnitude < 1e-6)
    #expect((high - map.yRange.upperBound).magnitude < 1e-6)
  }

  /// The article's velocity-sign rule cancels only when the release moves
  /// away from the open state (zero completes): a horizontal boundary at 0
  /// pt/s across the whole map.
  @Test func theVelocitySignRuleHasAHorizontalBoundaryAtZeroVelocity() throws {
    let (map, _) = try Self.map(["player-sheet"])
    let boundary = try #require(map.boundaries.first)
    #expect(!boundary.segments.isEmpty)
    for segment in boundary.segments {
      #expect(segment.y1.magnitude < 0.5 && segment.y2.magnitude < 0.5)
    }
    let xs = boundary.segments.flatMap { [$0.x1, $0.x2] }
    let (low, high) = (try #require(xs.min()), try #require(xs.max()))
    #expect((low - map.xRange.lowerBound).magnitude < 1e-6)
    #expect((high - map.xRange.upperBound).magnitude < 1e-6)
  }

  /// A panel between full (100), half (400) and tip (700) that settles on
  /// the stop nearest the release position plus 0.2 s of velocity changes
  /// stop where x + 0.2 y is 250 or 550, half-way between stops.
  @Test func aProjectingPanelsBoundariesAreTheLinesHalfwayBetweenStops() throws {
    let (map, _) = try Self.map(["my-panel:projection=0.2"], catalog: MyPanel.catalog)
    #expect(map.isMultiStop)
    #expect(map.stops.map(\.name) == ["full", "half", "tip"])
    let boundary = try #require(map.boundaries.first)
    #expect(Set(boundary.decisions) == ["full", "half", "tip"])
    #expect(!boundary.segments.isEmpty)
    for segment in boundary.segments {
      for projected in [segment.x1 + 0.2 * segment.y1, segment.x2 + 0.2 * segment.y2] {
        #expect(
          (projected - 250).magnitude < 0.01 || (projected - 550).magnitude < 0.01,
          "\(segment)")
      }
    }
  }

  /// A player-sheet trace dragged up 120 pt and released at 300 pt/s up
  /// sits at (120, 300); a pager dragged left 50 pt is 50 pt toward the
  /// next page; a panel at half (400) dragged down 100 pt is at 500.
  @Test func tracesArePlacedAlongTheirCompletingDirectionOrTrack() throws {
    let sheet = DecisionMapFrame(variant: try Variant(parsing: "player-sheet"))
    let point = try #require(
      sheet.point(translation: Vector2D(x: 7, y: -120), velocity: Vector2D(x: 3, y: -300)))
    #expect(point.x == 120 && point.y == 300)
    let pager = DecisionMapFrame(variant: try Variant(parsing: "library-pager:startPage=1"))
    let paged = try #require(
      pager.point(translation: Vector2D(x: -50, y: 0), velocity: Vector2D(x: -800, y: 0)))
    #expect(paged.x == 50 && paged.y == 800)
    let panel = DecisionMapFrame(variant: try Variant(parsing: "my-panel", in: MyPanel.catalog))
    let placed = try #require(
      panel.point(translation: Vector2D(x: 0, y: 100), velocity: Vector2D(x: 0, y: -40)))
    #expect(placed.x == 500 && placed.y == -40)
    let card = DecisionMapFrame(variant: try Variant(parsing: "music-card"))
    #expect(!card.hasMap)
  }

  /// With a distance rule of 100 pt: c1 (110 pt, meant cancel) and c2
  /// (300 pt, meant cancel) are wrong, c1 nearer the boundary; k1 (50 pt,
  /// meant cancel) is right; a trace meant for lyrics-swap is not on the
  /// map; an unlabelled one is, coloured by the decision.
  @Test func wrongTracesAreNamedNearestTheBoundaryFirst() throws {
    let traces = [
      Self.sheetTrace("c2", progress: 300, velocity: 0, label: "cancel"),
      Self.sheetTrace("c1", progress: 110, velocity: 0, label: "cancel"),
      Self.sheetTrace("k1", progress: 50, velocity: 0, label: "cancel"),
      Self.sheetTrace("o1", progress: 200, velocity: 0, label: "complete", target: "lyrics-swap"),
      Self.sheetTrace("u1", progress: 150, velocity: 0, label: nil, source: "synth"),
    ]
    let (map, _) = try Self.map(["player-sheet:rule=distance,minDistance=100"], traces: traces)
    #expect(map.traceCount == 4)
    #expect(Set(map.points.map(\.id)) == ["c1", "c2", "k1", "u1"])
    let unlabelled = try #require(map.points.first { $0.id == "u1" })
    #expect(unlabelled.label == nil && unlabelled.outcome == "complete")
    #expect(unlabelled.source == .synthetic)
    let c1 = try #require(map.points.first { $0.id == "c1" })
    #expect((c1.x - 110).magnitude < 1e-9 && c1.label == "cancel" && c1.wrong == [0])
    let boundary = try #require(map.boundaries.first)
    #expect(boundary.wrongCount == 2)
    #expect(boundary.nearestWrong.map(\.trace) == ["c1", "c2"])
    let width = map.xRange.upperBound - map.xRange.lowerBound
    #expect(abs((boundary.nearestWrong[0].distance ?? -1) - 10 / width) < 1e-4)
  }

  static let many: [Trace] = (0..<40).map { index in
    sheetTrace(
      "t\(index)", progress: Double(index * 10), velocity: Double(index * 37 % 500) - 250,
      label: index.isMultiple(of: 3) ? nil : (index.isMultiple(of: 2) ? "complete" : "cancel"))
  }

  /// A map full at 8 points keeps the 8 traces with the smallest keys, and
  /// counts all 40.
  @Test func aFullMapKeepsTheTracesWithTheSmallestKeys() throws {
    let plan = AnalysisPlan(variants: [try Variant(parsing: "player-sheet")])
    var collector = DecisionMapCollector(plan: plan, limit: 8)
    for trace in Self.many { collector.add(TraceAnalysis(trace, plan: plan)) }
    #expect(collector.totals == [40])
    let expected = Self.many.map(\.id).sorted {
      DecisionMapPoint.key(of: $0) < DecisionMapPoint.key(of: $1)
    }.prefix(8)
    #expect(collector.points(ofMap: 0).map(\.id) == Array(expected))
  }

  /// Parts of the traces in any order, merged in any order, keep the same
  /// points as one collector of all of them.
  @Test(arguments: [[0, 40], [13, 27], [5, 6, 39]])
  func mergingInAnyOrderKeepsTheSamePoints(_ cuts: [Int]) throws {
    let plan = AnalysisPlan(variants: [try Variant(parsing: "player-sheet")])
    let analyses = Self.many.map { TraceAnalysis($0, plan: plan) }
    var whole = DecisionMapCollector(plan: plan, limit: 8)
    for trace in analyses { whole.add(trace) }
    var parts: [DecisionMapCollector] = []
    var start = 0
    for end in cuts + [analyses.count] where end >= start {
      var part = DecisionMapCollector(plan: plan, limit: 8)
      for trace in analyses[start..<end].reversed() { part.add(trace) }
      parts.append(part)
      start = end
    }
    for order in [parts, parts.reversed()] {
      var merged = DecisionMapCollector(plan: plan, limit: 8)
      for part in order { merged.merge(part) }
      #expect(merged.totals == whole.totals)
      #expect(merged.points(ofMap: 0) == whole.points(ofMap: 0))
      #expect(merged.maps(plan: plan) == whole.maps(plan: plan))
    }
  }
}
