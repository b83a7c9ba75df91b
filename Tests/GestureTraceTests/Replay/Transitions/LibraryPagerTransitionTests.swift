import Testing

@testable import GestureTrace

@Suite struct LibraryPagerTransitionTests {
  typealias S = PanSamples

  /// The page distance: the iPhone 11's 414-pt width.
  static let width = 414.0

  func replayOutcome(
    _ samples: [(Int64, Double, Double)], _ spec: String, last: TouchPhase = .ended,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ReplayOutcome? {
    guard let variant = S.variant(spec, sourceLocation: sourceLocation) else { return nil }
    return S.replayer.outcome(of: S.trace(samples, last: last), with: variant)
  }

  func replayTimeline(
    _ samples: [(Int64, Double, Double)], _ spec: String, last: TouchPhase = .ended,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ReplayTimeline? {
    guard let variant = S.variant(spec, sourceLocation: sourceLocation) else { return nil }
    return S.replayer.timeline(of: S.trace(samples, last: last), with: variant)
  }

  // MARK: - Page rules

  /// A slow drag left to `tx` on Playlists: the first onChanged (past
  /// 15 pt) is at 100 ms, the release at 1100 ms, so the 1.6.0 average
  /// speed is |tx| / 1 s, far below 1000.
  @Test(arguments: [
    (-207.0, 1),  // −207 / 414 = −0.5 exactly: rounds away from zero, a page
    (-206.0, 0),  // −0.4976 rounds to 0
    (207.0, 0),  // to the right of the first page: clamped
  ])
  func halfPageTurnsUnderOneSix(_ tx: Double, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (100, -20, 0), (600, tx / 2, 0), (1000, tx, 0), (1100, tx, 0)],
        "library-pager"))
    #expect(result.outcome == .page(page))
    #expect(result.decidedAt == .milliseconds(1100))
    // The content slides 0.35 s to its page (or back to it).
    #expect(result.settledAt == .milliseconds(1450))
  }

  /// The current version loses the first accepted sample's translation:
  /// from −20 at 100 ms, ending at −227 leaves an offset of −207, exactly
  /// half a page, which reaches the 0.5 sensitivity. The last segment
  /// moves 1 pt in 100 ms (10 pt/s), no flick.
  @Test(arguments: [
    (-227.0, "", 1), (-226.0, "", 0),
    // −207 / 414 = 0.5 < 0.75 (low sensitivity): no page.
    (-227.0, ",sensitivity=0.75", 0),
    // −106 / 414 = 0.256 ≥ 0.25 (high): a page.
    (-126.0, ",sensitivity=0.25", 1),
  ])
  func sensitivityTurnsUnderCurrent(_ tx: Double, _ setting: String, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (100, -20, 0), (900, tx + 1, 0), (1000, tx, 0), (1100, tx, 0)],
        "library-pager:pager=current" + setting))
    #expect(result.outcome == .page(page))
  }

  /// A 100-pt flick (a quarter page, no turn by distance) whose first
  /// onChanged is at 50 ms: the 1.6.0 average speed is 100 pt over the time
  /// since then, not since the touch-down.
  @Test(arguments: [
    (Int64(140), 1),  // 100 / 0.09 s ≈ 1111 pt/s > 1000 (100 / 0.14 would be 714)
    (160, 0),  // 100 / 0.11 s ≈ 909 pt/s
  ])
  func averageFlickTurnsUnderOneSix(_ releaseMs: Int64, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (50, -16, 0), (130, -100, 0), (releaseMs, -100, 0)], "library-pager"))
    #expect(result.outcome == .page(page))
  }

  /// A slow drag with a fast last segment: 60 pt in 1 s, then 20 pt in
  /// 10 ms. 1.6.0 averages 80 pt over 0.911 s ≈ 88 pt/s: no page; the
  /// current version sees 20 / 0.01 = 2000 pt/s > 500: a page.
  @Test(arguments: [("1.6", 0), ("current", 1)])
  func lastSegmentFlickTurnsOnlyUnderCurrent(_ pager: String, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (100, -16, 0), (1000, -60, 0), (1010, -80, 0), (1011, -80, 0)],
        "library-pager:pager=\(pager)"))
    #expect(result.outcome == .page(page))
  }

  @Test(arguments: ["1.6", "current"])
  func velocityThresholdIsAParameter(_ pager: String) throws {
    // The same flick as above (2000 pt/s under current, ≈ 88 under 1.6)
    // against a threshold of 50 pt/s turns the page under both.
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (100, -16, 0), (1000, -60, 0), (1010, -80, 0), (1011, -80, 0)],
        "library-pager:pager=\(pager),velocityThreshold=50"))
    #expect(result.outcome == .page(1))
  }

  // MARK: - Hand-off between the pagers

  /// From Artists (category 0, page 2) dragging left: at 20 ms the app's
  /// gesture (past 10 pt) disallows sub-category dragging; from 40 ms the
  /// outer pager has the drag. At release −250 / 414 = −0.60 rounds to −1:
  /// Podcasts, whose own nested page is still 0, so the flat page is 3.
  static let toPodcasts: [(Int64, Double, Double)] = [
    (0, 0, 0), (20, -12, 0), (40, -100, 0), (300, -250, 0), (310, -250, 0),
  ]

  @Test(arguments: ["1.6", "current"])
  func boundaryDragHandsOffToTheCategoryPager(_ pager: String) throws {
    // Under current the offset is −150 (from −100 at 40 ms), 0.36 of a
    // page, but the last segment's 150 pt / 0.26 s ≈ 577 pt/s > 500 turns
    // it anyway.
    let result = try #require(
      replayOutcome(Self.toPodcasts, "library-pager:startPage=2,pager=\(pager)"))
    #expect(result.outcome == .page(3))
  }

  @Test func handOffMovesTheCategoryNotTheSubcategory() throws {
    let timeline = try #require(replayTimeline(Self.toPodcasts, "library-pager:startPage=2"))
    #expect(S.value("subCategoryDragging", at: 10, in: timeline) == 1)
    #expect(S.value("subCategoryDragging", at: 20, in: timeline) == 0)
    // The outer pager shows 0 × 414 − (−250) = 250; Artists stays at 2 × 414.
    #expect(S.value("categoryPosition", at: 300, in: timeline) == 250)
    #expect(S.value("nestedPosition0", at: 300, in: timeline) == 828)
    #expect(S.value("offset", at: 300, in: timeline) == 250)
    // The hand-off never moves the indicator.
    #expect(timeline.frames.allSatisfy { $0.values[5] == 0 })
    // 1.6.0 re-enables sub-category dragging at every drag end.
    #expect(S.value("subCategoryDragging", at: 310, in: timeline) == 1)
    #expect(S.value("category", at: 310, in: timeline) == 1)
    #expect(S.value("subcategory", at: 310, in: timeline) == 0)
    // Sliding from 250 to 414 over 0.35 s, ease-out: half its time at 485 ms.
    S.expectClose(
      S.value("categoryPosition", at: 485, in: timeline), 250 + 164 * S.easeOutAtHalf)
    #expect(S.value("categoryPosition", at: 660, in: timeline) == 414)
  }

  @Test func podcastsBackToMusicKeepsMusicsOwnPage() throws {
    // From Episodes (category 1, page 0) dragging right: category 0, whose
    // nested page is 0, so the flat page is 0 (not 2).
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (20, 12, 0), (40, 100, 0), (300, 250, 0), (310, 250, 0)],
        "library-pager:startCategory=1"))
    #expect(result.outcome == .page(0))
  }

  @Test func innerDragStaysInTheCategory() throws {
    // From Albums (page 1) dragging left 300 pt: Artists, still Music.
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (30, -20, 0), (500, -300, 0), (510, -300, 0)], "library-pager:startPage=1"))
    #expect(result.outcome == .page(2))
  }

  // MARK: - Ends and indicator

  /// Dragging right on Playlists or left on Shows, fast: the page stays,
  /// the indicator holds, and only a quarter page (103.5 pt) of overscroll
  /// shows.
  @Test(arguments: [
    ("library-pager", 300.0, 0, "nestedPosition0", -103.5),
    ("library-pager:startCategory=1,startPage=2", -300, 5, "nestedPosition1", 828 + 103.5),
  ])
  func absoluteEndsClamp(
    _ spec: String, _ tx: Double, _ page: Int, _ position: String, _ shown: Double
  ) throws {
    let samples: [(Int64, Double, Double)] = [
      (0, 0, 0), (10, tx / 10, 0), (50, tx, 0), (60, tx, 0),
    ]
    let timeline = try #require(replayTimeline(samples, spec))
    #expect(timeline.outcome.outcome == .page(page))
    #expect(timeline.frames.allSatisfy { $0.values[5] == 0 })  // indicatorOffset
    #expect(S.value(position, at: 55, in: timeline) == shown)
  }

  @Test func indicatorFollowsATenthOfTheDragAndResets() throws {
    let timeline = try #require(
      replayTimeline(
        [(0, 0, 0), (20, -30, 0), (200, -150, 0), (210, -150, 0)], "library-pager:startPage=1"))
    // −(−30) / 10 = 3, −(−150) / 10 = 15.
    #expect(S.value("indicatorOffset", at: 20, in: timeline) == 3)
    #expect(S.value("indicatorOffset", at: 205, in: timeline) == 15)
    #expect(S.value("indicatorOffset", at: 210, in: timeline) == 0)
  }

  @Test func cancelledDragUnderOneSixKeepsPageAndIndicator() throws {
    // SwiftUI calls no onEnded for a cancelled gesture: 1.6.0 keeps the
    // page (though −300 / 414 rounds to −1) and the indicator stays at 30.
    let samples: [(Int64, Double, Double)] = [
      (0, 0, 0), (20, -30, 0), (200, -300, 0), (210, -300, 0),
    ]
    let timeline = try #require(
      replayTimeline(samples, "library-pager:startPage=1", last: .cancelled))
    #expect(timeline.outcome.outcome == .page(1))
    #expect(S.value("indicatorOffset", at: 400, in: timeline) == 30)
    // The current version releases its pager on a cancel: −270 (from −30
    // at 20 ms) is 0.65 of a page, so Artists.
    let current = try #require(
      replayOutcome(samples, "library-pager:startPage=1,pager=current", last: .cancelled))
    #expect(current.outcome == .page(2))
  }

  // MARK: - Axis filter

  /// Under current a segment within 30° of the x axis moves the pager and
  /// one beyond it is skipped: 3 · 57² = 9747 ≤ 100², 3 · 58² = 10092 > 100².
  /// The accepted segment's 100 pt in 10 ms (10000 pt/s) flicks a page.
  @Test(arguments: [(57.0, 1), (58.0, 0)])
  func currentIgnoresSegmentsBeyondThirtyDegrees(_ dy: Double, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (10, -16, 0), (20, -116, dy), (30, -116, dy)], "library-pager:pager=current"))
    #expect(result.outcome == .page(page))
  }

  /// A 45° drag: under current the translation is never more horizontal
  /// than vertical, so the pager never takes an offset; 1.6.0 filters
  /// nothing, and −300 / 414 rounds to −1.
  @Test(arguments: [("1.6", 1), ("current", 0)])
  func diagonalDragPagesOnlyUnderOneSix(_ pager: String, _ page: Int) throws {
    let result = try #require(
      replayOutcome(
        [(0, 0, 0), (10, -12, -12), (100, -100, -100), (400, -300, -300), (410, -300, -300)],
        "library-pager:pager=\(pager)"))
    #expect(result.outcome == .page(page))
  }

  @Test func thresholdsAreTheTurnAndTheVelocity() throws {
    let samples: [(Int64, Double, Double)] = [(0, 0, 0), (20, -20, 0)]
    let old = try #require(replayTimeline(samples, "library-pager"))
    #expect(
      old.thresholds == [
        Threshold(name: "pageTurn", property: "offset", value: 207),  // 414 × 0.5
        Threshold(name: "velocityThreshold", property: "speed", value: 1000),
      ])
    let current = try #require(
      replayTimeline(samples, "library-pager:pager=current,sensitivity=0.25"))
    #expect(
      current.thresholds == [
        Threshold(name: "pageTurn", property: "offset", value: 103.5),  // 414 × 0.25
        Threshold(name: "velocityThreshold", property: "speed", value: 500),
      ])
  }

  @Test(arguments: ["library-pager:startPage=2", "library-pager:startPage=2,pager=current"])
  func replaysAreIdentical(_ spec: String) throws {
    let first = try #require(replayTimeline(Self.toPodcasts, spec))
    let second = try #require(replayTimeline(Self.toPodcasts, spec))
    #expect(first == second)
    #expect(first.frames.count == 661)  // 0…660 ms: released at 310, slid 350
  }
}
