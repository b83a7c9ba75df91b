import Testing

@testable import GestureTrace

@Suite struct ReplayerTests {
  let lyrics = try! Variant(parsing: "lyrics-swap")

  @Test func framesFallOnTheGrid() {
    let timeline = Replayer().timeline(of: verticalDrag([30, 60]), with: lyrics)
    // 120 Hz: frame k at floor(k × 10^9 / 120) ns.
    for (index, frame) in timeline.frames.enumerated() {
      #expect(frame.time.nanoseconds == Int64(index) * 1_000_000_000 / 120)
    }
    #expect(timeline.frames[1].time.nanoseconds == 8_333_333)
  }

  @Test(arguments: [1, 30, 60, 120, 240, 1000])
  func theLastFrameShowsTheSettledState(fps: Int) {
    let replayer = Replayer(framesPerSecond: fps)
    let timeline = replayer.timeline(of: verticalDrag([30, 60]), with: lyrics)
    let last = timeline.frames.last!.time
    #expect(last >= timeline.outcome.settledAt)
    // …and is the first such frame.
    let step = TraceTime(nanoseconds: 1_000_000_000 / Int64(fps) + 1)
    #expect(last - timeline.outcome.settledAt < step)
  }

  @Test func anEventAtAFrameTimeIsDeliveredFirst() {
    // The 81-pt event at exactly 50 ms = frame 6 at 120 Hz (6 × 10^9/120
    // = 50 ms): that frame already shows the swap under way (z changed).
    let trace = panTrace([(0, 0, 12), (50, 0, 81)])
    let timeline = Replayer().timeline(of: trace, with: lyrics)
    let frame = timeline.frames.first { $0.time == .milliseconds(50) }!
    let z = timeline.propertyNames.firstIndex(of: "firstZ")!
    #expect(frame.values[z] == 1)
  }

  @Test func outcomesDoNotDependOnTheTraceStartOrTheFrameRate() {
    var late = verticalDrag([40, 90])
    for index in late.events.indices {
      late.events[index].time = late.events[index].time + .milliseconds(5_000_000)
    }
    let early = verticalDrag([40, 90])
    let base = Replayer().outcome(of: early, with: lyrics)
    #expect(Replayer().outcome(of: late, with: lyrics) == base)
    #expect(Replayer(framesPerSecond: 7).timeline(of: late, with: lyrics).outcome == base)
  }

  @Test func replaysAreIdentical() throws {
    let trace = verticalDrag([10, 35, 62, 79, 70], releaseVelocity: Vector2D(x: 3, y: -250))
    for spec in ["lyrics-swap", "player-sheet", "lyrics-swap:axis=both"] {
      let variant = try Variant(parsing: spec)
      let first = Replayer().timeline(of: trace, with: variant)
      let second = Replayer().timeline(of: trace, with: variant)
      #expect(first == second)
      #expect(Replayer().outcome(of: trace, with: variant) == first.outcome)
    }
  }

  @Test func aTraceThatStopsIsCancelledBySystem() {
    let trace = panTrace([(0, 0, 12), (10, 0, 50)], end: nil)
    let result = Replayer().outcome(of: trace, with: lyrics)
    #expect(result.outcome == .cancel)
    #expect(result.decidedAt == .milliseconds(10))
  }

  @Test func anEmptyTraceCancelsAtZero() {
    let result = Replayer().outcome(of: Trace(id: "empty"), with: lyrics)
    #expect(result == ReplayOutcome(outcome: .cancel, decidedAt: .zero, settledAt: .zero))
  }

  @Test func theRecordedReleaseVelocityWins() throws {
    // Moving up steadily but recorded as released downwards: the recorded
    // velocity decides.
    var trace = panTrace(
      [(0, 0, -11), (10, 0, -21), (20, 0, -31)], releaseVelocity: Vector2D(x: 0, y: 5))
    let sheet = try Variant(parsing: "player-sheet")
    #expect(Replayer().outcome(of: trace, with: sheet).outcome == .cancel)
    trace.events[trace.events.count - 1].velocity = nil
    #expect(Replayer().outcome(of: trace, with: sheet).outcome == .complete)
  }
}
