import Testing

@testable import GestureTrace

/// The shortcuts that take a drag's events in one step (``LyricsSwapDrags``,
/// ``PlayerSheetDrags``, ``LibraryPagerDrags``) against the definition of a run written out event
/// by event (``ReplayPrototypeTests/definition(_:_:)-(_,Variant)``), on
/// traces made to trip them: NaN and infinite drags, clocks that stop or go
/// back, drags at the dismissal offset, decisions mid-gesture.
@Suite struct EventShortcutTests {
  static let variants =
    [
      "lyrics-swap", "lyrics-swap:axis=x", "lyrics-swap:axis=both,entry=bottom",
      "lyrics-swap:fadeOffset=0,dismissalOffset=0", "player-sheet",
      "player-sheet:start=open", "player-sheet:duration=0", "library-pager",
      "library-pager:pager=current", "library-pager:startCategory=0,startPage=2",
      "library-pager:startCategory=1,startPage=0", "library-pager:startCategory=1,startPage=2",
      "library-pager:minimumDistance=0,appMinimumDistance=0",
    ] + Variant.ruleNames.map { "player-sheet:rule=\($0)" }

  /// Drags whose translation is (ty, ty): the same offset on every axis
  /// but `both`.
  static func drag(
    _ points: [(ms: Int64, y: Double)], end: TouchPhase? = .ended, id: String
  ) -> Trace {
    panTrace(points.map { ($0.ms, $0.y, $0.y) }, end: end, id: id)
  }

  static let oddTraces: [Trace] = {
    var traces = [
      drag([(0, 12), (10, .nan), (20, 40)], id: "nan mid-drag"),
      drag([(0, 12), (10, 50), (20, .nan)], id: "nan last drag"),
      drag([(0, .nan), (10, .nan)], id: "all nan"),
      drag([(0, 12), (30, 30), (20, 60), (10, 70), (40, 75)], id: "clock goes back"),
      drag([(0, 12), (0, 30), (0, 50), (0, 70)], end: .cancelled, id: "clock stands"),
      drag([(0, 12), (10, 80), (20, 79)], id: "at the dismissal offset"),
      drag([(0, 12), (10, 80.000_000_000_1), (20, 79)], id: "just past it"),
      drag([(0, 12), (10, -.infinity), (20, 10)], id: "infinite drag"),
      drag([(0, 19), (10, 20), (20, 21), (30, -300)], id: "fade offset crossed"),
      drag([(0, 12), (10, 30), (20, 60)], end: nil, id: "no end"),
      drag([(0, 12)], end: nil, id: "one event"),
      drag([(0, 5)], id: "began, ended"),
    ]
    // A release mid-gesture, then more drags and a second release.
    var twice = drag([(0, 12), (10, 40), (20, 50), (30, 60)], id: "released twice")
    twice.events[2].phase = .ended
    twice.events[2].velocity = Vector2D(x: 0, y: -900)
    traces.append(twice)
    // A cancel mid-gesture.
    var cancelled = drag([(0, 12), (10, 40), (20, 50), (30, 60)], id: "cancelled mid-way")
    cancelled.events[2].phase = .cancelled
    traces.append(cancelled)
    // Drags before `began`, and `began` again mid-drag.
    var began = drag([(0, 12), (10, 30), (20, 40), (30, 50), (40, 60)], id: "began late")
    began.events[0].phase = .changed
    began.events[1].phase = .changed
    began.events[2].phase = .began
    began.events[4].phase = .began
    traces.append(began)
    return traces
  }()

  /// Random gestures: mostly drags, some releases, cancels and `began`s
  /// anywhere, steps of -5…20 ms, offsets up to 120 pt, now and then NaN or
  /// an infinity.
  static func randomTrace(seed: UInt64) -> Trace {
    var random = SplitMix64(seed: seed)
    var time: Int64 = 0
    var events: [PanEvent] = []
    for index in 0..<Int.random(in: 1...40, using: &random) {
      let roll = Int.random(in: 0..<100, using: &random)
      let phase: TouchPhase =
        index == 0 || roll < 3 ? .began : roll < 6 ? .ended : roll < 8 ? .cancelled : .changed
      let value: Double =
        switch Int.random(in: 0..<50, using: &random) {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        default: Double.random(in: -120...120, using: &random)
        }
      time += Int64.random(in: -5...20, using: &random)
      events.append(
        PanEvent(
          time: .milliseconds(time), phase: phase,
          translation: Vector2D(x: value / 2, y: value),
          velocity: phase == .ended ? Vector2D(x: 0, y: value * 10) : nil))
    }
    return Trace(id: "random \(seed)", events: events)
  }

  static let traces = oddTraces + (0..<150).map { randomTrace(seed: $0) }

  @Test(arguments: variants)
  func runsWithShortcutsFollowTheDefinition(_ spec: String) throws {
    let variant = try Variant(parsing: spec)
    let prototype = ReplayPrototype(variant.makeTransition())
    for trace in Self.traces {
      let expected = ReplayPrototypeTests.definition(trace, variant)
      #expect(Replayer().run(trace, from: prototype) == expected, "\(spec) \(trace.id)")
      #expect(
        Replayer().outcome(of: trace, from: prototype) == expected.outcome,
        "\(spec) \(trace.id)")
    }
  }

  @Test func lyricsSwapTakesDragsUntilOnePassesTheDismissalOffset() throws {
    // began at ty 12, drags to 30, 79 and 81, ended: the offset |ty| passes
    // 80 at the fourth event (index 3), which goes the general way.
    let events = Self.drag([(0, 12), (10, 30), (20, 79), (30, 81)], id: "t").events
    let start = try #require(
      try Variant(parsing: "lyrics-swap").makeTransition() as? LyricsSwapTransition)
    var taken = start
    var watch = try #require(ThresholdWatch(start.thresholds, columns: [0, 0]))
    let next = LyricsSwapDrags.take(
      events, from: 0, to: events.count - 1, origin: .zero, into: &taken, observer: &watch)
    #expect(next == 3)
    // The same three events one by one.
    var delivered = start
    for event in events[0..<3] {
      delivered.advance(to: event.time)
      delivered.receive(event)
    }
    #expect(taken.propertyValues.map(\.bitPattern) == delivered.propertyValues.map(\.bitPattern))
    #expect(taken.decision == nil)
    // fadeOffset 20 is first passed by the drag to 30 (10 ms), the
    // dismissal offset not at all; the largest offset is 79.
    #expect(watch.crossings == [.milliseconds(10), nil])
    #expect(watch.peaks == [79, 79])
  }

  @Test func lyricsSwapTakesNothingOnceDecided() throws {
    let events = Self.drag([(0, 12), (10, 90), (20, 30), (30, 40)], id: "t").events
    var transition = try #require(
      try Variant(parsing: "lyrics-swap").makeTransition() as? LyricsSwapTransition)
    var nothing = NoObserver()
    // The drag to 90 swaps the cards.
    for event in events[0..<2] {
      transition.advance(to: event.time)
      transition.receive(event)
    }
    #expect(transition.decision?.outcome == .complete)
    let next = LyricsSwapDrags.take(
      events, from: 2, to: events.count - 1, origin: .zero, into: &transition,
      observer: &nothing)
    #expect(next == 2)
  }

  @Test func playerSheetTakesTheDragsBetweenBeganAndTheRelease() throws {
    // began, three drags, ended (index 4).
    let events = Self.drag([(0, -12), (10, -100), (20, -200), (30, -300)], id: "t").events
    let start = try #require(
      try Variant(parsing: "player-sheet").makeTransition() as? PlayerSheetTransition)
    var taken = start
    var nothing = NoObserver()
    // Before `began` the animators have not started: nothing is taken.
    #expect(
      PlayerSheetDrags.take(
        events, from: 0, to: 4, origin: .zero, into: &taken, observer: &nothing) == 0)
    taken.advance(to: events[0].time)
    taken.receive(events[0])
    #expect(
      PlayerSheetDrags.take(
        events, from: 1, to: 4, origin: .zero, into: &taken, observer: &nothing) == 4)
    var delivered = start
    for event in events[0..<4] {
      delivered.advance(to: event.time)
      delivered.receive(event)
    }
    #expect(taken.propertyValues.map(\.bitPattern) == delivered.propertyValues.map(\.bitPattern))
    // Opening: the fraction is -ty / 806 = 300 / 806.
    #expect(taken.propertyValues[0] == 300.0 / 806)
  }

  @Test func playerSheetTakesNothingForAWatchOrAKeepingRule() throws {
    let events = Self.drag([(0, -12), (10, -100), (20, -200)], id: "t").events
    for spec in ["player-sheet", "player-sheet:rule=swipe"] {
      var transition = try #require(
        try Variant(parsing: spec).makeTransition() as? PlayerSheetTransition)
      transition.receive(events[0])
      // The fraction is property 0.
      var watch = try #require(
        ThresholdWatch([Threshold(name: "f", property: "fraction", value: 0.1)], columns: [0]))
      #expect(
        PlayerSheetDrags.take(
          events, from: 1, to: 3, origin: .zero, into: &transition, observer: &watch) == 1)
      var nothing = NoObserver()
      // The swipe rule reads every event, so it keeps them.
      let taken = PlayerSheetDrags.take(
        events, from: 1, to: 3, origin: .zero, into: &transition, observer: &nothing)
      #expect(taken == (spec == "player-sheet" ? 3 : 1), "\(spec)")
    }
  }

  @Test func libraryPagerTakesTheNestedDragAndKeepsTheLastIndicatorMove() throws {
    // Category 0, page 0 (Playlists). The drag to x = -20 starts the app's
    // gesture (past 10 pt) and the nested pager (past 15 pt) at 10 ms; from
    // then on the shortcut takes the drags to -40, -60 and +30. A drag
    // right on Playlists leaves the indicator where -60 put it: 60 / 10.
    let events = panTrace(
      [(0, -5, 0), (10, -20, 0), (20, -40, 0), (30, -60, 0), (40, 30, 0)], id: "t"
    ).events
    let start = try #require(
      try Variant(parsing: "library-pager").makeTransition() as? LibraryPagerTransition)
    var delivered = start
    for event in events[0..<2] {
      delivered.advance(to: event.time)
      delivered.receive(event)
    }
    var taken = delivered
    #expect(taken.followsNestedDrags)
    var watch = try #require(ThresholdWatch(start.thresholds, columns: [0, 1]))
    let next = LibraryPagerDrags.take(
      events, from: 2, to: events.count - 1, origin: .zero, into: &taken, observer: &watch)
    #expect(next == 5)
    for event in events[2..<5] {
      delivered.advance(to: event.time)
      delivered.receive(event)
    }
    #expect(taken.propertyValues.map(\.bitPattern) == delivered.propertyValues.map(\.bitPattern))
    #expect(taken.propertyValue(at: 0) == 30)
    #expect(taken.propertyValue(at: 5) == 6)
    // pageTurn (0.5 × 414 pt) is never passed (largest |offset| 60); the
    // speed 40 pt / 10 ms = 4000 pt/s passes 1000 pt/s at once (20 ms).
    #expect(watch.crossings == [nil, .milliseconds(20)])
    #expect(watch.peaks[0] == 60)
    #expect((watch.peaks[1] - 4000).magnitude < 1e-9)
  }

  @Test(arguments: [0.0, .infinity, .nan])
  func playerSheetWithADistanceWithoutFractionsGoesTheGeneralWay(distance: Double) throws {
    var values = try Variant(parsing: "player-sheet").values
    values["distance"] = .number(distance)
    let start = PlayerSheetTransition(values)
    var transition = start
    transition.receive(PanEvent(time: .zero, phase: .began, translation: .zero))
    #expect(!transition.scrubsWithEachDrag)
    let prototype = ReplayPrototype(start)
    for trace in Self.traces {
      #expect(
        Replayer().run(trace, from: prototype) == ReplayPrototypeTests.definition(trace, start),
        "\(distance) \(trace.id)")
    }
  }
}
