import Testing

@testable import GestureTrace

@Suite struct SweepGridTests {
  /// The player sheet under Hammer's rule completes when the upward progress
  /// P exceeds hammerDistance and P / duration (pt/ms) exceeds
  /// hammerVelocity.
  static let sweeps = [
    try! Sweep(parsing: "player-sheet:rule=hammer.hammerDistance=20...50:30"),
    try! Sweep(parsing: "player-sheet:rule=hammer.hammerVelocity=0.2...0.8:0.3"),
  ]

  /// Upward drags lasting 100 ms: 30 pt (0.3 pt/ms, meant cancel), 60 pt
  /// (0.6, meant complete), 100 pt (1.0, meant complete).
  static let traces: [Trace] = [(30, TraceIntent.cancel), (60, .complete), (100, .complete)]
    .enumerated().map { index, item in
      var trace = panTrace([(0, 0, 0), (90, 0, -Double(item.0))], id: "h\(index)")
      trace.metadata.intent = item.1
      return trace
    }

  @Test func twoSweepsOfOneVariantMakeAGrid() throws {
    let grids = try SweepGrid.grids(of: Self.sweeps)
    #expect(grids.count == 1)
    #expect(
      grids[0].variants.map(\.spec) == [
        "player-sheet:rule=hammer,hammerDistance=20,hammerVelocity=0.2",
        "player-sheet:rule=hammer,hammerDistance=20,hammerVelocity=0.5",
        "player-sheet:rule=hammer,hammerDistance=20,hammerVelocity=0.8",
        "player-sheet:rule=hammer,hammerDistance=50,hammerVelocity=0.2",
        "player-sheet:rule=hammer,hammerDistance=50,hammerVelocity=0.5",
        "player-sheet:rule=hammer,hammerDistance=50,hammerVelocity=0.8",
      ])
    // Other variants or the same parameter make none.
    let other = try Sweep(parsing: "lyrics-swap.dismissalOffset=40...80:40")
    #expect(try SweepGrid.grids(of: [Self.sweeps[0], other]).isEmpty)
    #expect(try SweepGrid.grids(of: [Self.sweeps[0], Self.sweeps[0]]).isEmpty)
  }

  @Test func aGridOverItsCapIsRefused() throws {
    let wide = try Sweep(parsing: "player-sheet:rule=hammer.hammerDistance=0...99:1")
    let tall = try Sweep(parsing: "player-sheet:rule=hammer.hammerVelocity=0...0.25:0.01")
    #expect(throws: VariantError.self) { try SweepGrid(rows: wide, columns: tall) }
  }

  /// Accuracy per cell, worked out trace by trace (✓ decided as meant):
  ///
  /// | distance \ velocity | 0.2 | 0.5 | 0.8 |
  /// |---|---|---|---|
  /// | 20 | 30 pt completes ✗: 2/3 | 3/3 | 60 pt cancels ✗: 2/3 |
  /// | 50 | 3/3 | 3/3 | 60 pt cancels ✗: 2/3 |
  ///
  /// Best: the first 3/3, (20, 0.5); its interval's floor is 43.9 %, so
  /// every cell is on the plateau: 6 of 6, more than half, so the grid is
  /// flat and nothing is suggested. The rule's candidate (kept for the
  /// held-out check) is nearest the centre, row ½, column 1, equally near
  /// (20, 0.5) and (50, 0.5): the first. The plateau reaches every end.
  /// Two traces change outcome across the grid.
  @Test func aTwoByThreeGridByHand() throws {
    let plan = AnalysisPlan(
      variants: [try Variant(parsing: "player-sheet:rule=hammer")], sweeps: Self.sweeps,
      grids: try SweepGrid.grids(of: Self.sweeps))
    let summary = AnalysisSummary(
      name: "all", traces: Self.traces.map { TraceAnalysis($0, plan: plan) }, plan: plan)
    let grid = try #require(summary.grids.first)
    #expect(grid.rowValues == [20, 50])
    #expect(grid.columnValues == [0.2, 0.5, 0.8])
    #expect(grid.cells.map(\.score.correct) == [2, 3, 2, 3, 3, 2])
    #expect(grid.cells.allSatisfy { $0.score.total == 3 })
    #expect(grid.changingTraces == 2)
    let verdict = try #require(grid.verdict)
    #expect(verdict.best == 1)
    #expect(verdict.plateau == [0, 1, 2, 3, 4, 5])
    #expect(!verdict.isIdentified && verdict.suggestion == nil)
    #expect(verdict.candidate == 1)
    #expect(verdict.rowEnds == .init(low: true, high: true))
    #expect(verdict.columnEnds == .init(low: true, high: true))
    #expect(grid.values(ofCell: verdict.candidate) == (20, 0.5))
    // The sweeps alone: by distance (velocity 0.3) and by velocity
    // (distance 10) — each a column of the same traces.
    #expect(summary.sweeps[0].points.map(\.score.correct) == [3, 3])
    #expect(summary.sweeps[1].points.map(\.score.correct) == [2, 3, 2])
  }

  /// The plateau in two dimensions is every cell within the interval; the
  /// suggestion comes from the region connected to the best, which a cell
  /// within the interval but cut off from it is not part of.
  @Test func theSuggestionComesFromTheRegionConnectedToTheBest() throws {
    func score(_ correct: Int) -> IntentScore {
      var score = IntentScore()
      for index in 0..<20 { score.add(meant: .complete, completed: index < correct) }
      return score
    }
    // 3 × 3, best 18/20 (floor 69.9 %) in the middle; 16/20 around it in a
    // cross; the corner (2, 2) is 17/20 but touches only 10/20 cells.
    let grid = [10, 16, 10, 16, 18, 10, 10, 10, 17].map(score)
    let verdict = try #require(SweepVerdict(scores: grid, columns: 3))
    #expect(verdict.best == 4)
    #expect(verdict.plateau == [1, 3, 4, 8])
    #expect(verdict.region == [1, 3, 4])
    // 4 of 9 cells: identified. Centre of the region (2/3, 2/3): nearest
    // the best itself.
    #expect(verdict.isIdentified && verdict.suggestion == 4)
    // (0, 1) is on the first row, (1, 0) on the first column, the corner
    // (2, 2) on the last of both: every end is reached.
    #expect(verdict.rowEnds == .init(low: true, high: true))
    #expect(verdict.columnEnds == .init(low: true, high: true))
    // The best alone in the middle reaches no end.
    let alone = try #require(
      SweepVerdict(scores: [10, 10, 10, 10, 18, 10, 10, 10, 10].map(score), columns: 3))
    #expect(alone.plateau == [4] && alone.suggestion == 4 && !alone.isAtEdge)
  }
}
