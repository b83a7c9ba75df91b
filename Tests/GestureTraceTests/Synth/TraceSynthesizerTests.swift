import Testing

@testable import GestureTrace

@Suite struct TraceSynthesizerTests {
  /// A corpus of 2,000 traces at the default 120 Hz, made once.
  static let corpus = (0..<2_000).map { TraceSynthesizer(seed: 2_024).trace(at: $0) }

  /// The corpus traces of one kind that ended normally (not cancelled).
  static func ended(_ kind: GestureKind) -> [Trace] {
    corpus.filter { $0.metadata["kind"] == kind.rawValue && $0.events.last?.phase == .ended }
  }

  // MARK: - Determinism

  @Test func sameSeedGivesIdenticalTracesInAnyOrder() {
    let forward = (0..<100).map { TraceSynthesizer(seed: 5).trace(at: $0) }
    let other = TraceSynthesizer(seed: 5)
    let backward = (0..<100).reversed().map { other.trace(at: $0) }
    #expect(forward == Array(backward.reversed()))
  }

  @Test func anotherSeedGivesDifferentTraces() {
    let a = TraceSynthesizer(seed: 5)
    let b = TraceSynthesizer(seed: 6)
    let same = (0..<100).filter { a.trace(at: $0).events == b.trace(at: $0).events }
    #expect(same.isEmpty)
    #expect(b.trace(at: 0).metadata["seed"] == "6")
  }

  @Test func neighbouringIndicesGiveDifferentTraces() {
    let synthesizer = TraceSynthesizer(seed: 5)
    #expect(synthesizer.trace(at: 1).events != synthesizer.trace(at: 2).events)
  }

  @Test(arguments: [
    (0, "s000000"), (42, "s000042"), (999_999, "s999999"), (1_234_567, "s1234567"),
    (-3, "s-000003"),
  ])
  func identifierIsThePaddedIndex(index: Int, expected: String) {
    let trace = TraceSynthesizer(seed: 1).trace(at: index)
    #expect(trace.id == expected)
    #expect(trace.violations.isEmpty)
  }

  // MARK: - Shape of every trace

  @Test func corpusTracesAreAllValid() {
    let invalid = Self.corpus.filter { !$0.violations.isEmpty }
    #expect(invalid.isEmpty, "\(invalid.first.map { "\($0.id): \($0.violations)" } ?? "")")
  }

  @Test func eventsLookLikePanRecognizerCallbacks() throws {
    for trace in Self.corpus {
      let events = trace.events
      let first = try #require(events.first)
      #expect(first.phase == .began && first.time == .zero && first.translation == .zero)
      #expect(events.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
      #expect(events.count >= 2 && events.last?.phase.isFinal == true)
      #expect(zip(events, events.dropFirst()).allSatisfy { $0.time < $1.time }, "\(trace.id)")
      // The lift repeats the last position and the velocity estimated so far.
      let last = events[events.count - 1]
      let previous = events[events.count - 2]
      #expect(last.translation == previous.translation && last.location == previous.location)
      #expect(last.velocity == previous.velocity)
      // Locations are whole pixels of a 3x screen inside 390×844 pt, printed
      // to 0.01 pt, and are the began location plus the translation.
      let origin = try #require(first.location)
      for event in events {
        let location = try #require(event.location)
        #expect(event.velocity?.isFinite == true)
        #expect(location.x >= 0 && location.x <= 390 && location.y >= 0 && location.y <= 844)
        #expect(abs((location.x * 3).rounded() - location.x * 3) <= 0.015 + 1e-9)
        #expect(abs((location.y * 3).rounded() - location.y * 3) <= 0.015 + 1e-9)
        #expect(abs((location.x * 100).rounded() - location.x * 100) < 1e-6)
        let expected = origin + event.translation
        #expect(abs(expected.x - location.x) < 0.0101 && abs(expected.y - location.y) < 0.0101)
      }
    }
  }

  @Test func metadataDescribesTheGesture() throws {
    for trace in Self.corpus {
      let metadata = trace.metadata
      let kind = try #require(metadata["kind"].flatMap(GestureKind.init(rawValue:)))
      #expect(metadata.source == "synth" && metadata.units == "pt")
      #expect(metadata.viewSize == Vector2D(x: 390, y: 844))
      #expect(metadata["seed"] == "2024")
      let expected = kind == .horizontal ? ["left", "right"] : ["up", "down"]
      #expect(expected.contains(metadata["direction"] ?? ""))
      // Drags, flicks and horizontal gestures mean to complete; reversals
      // and hesitant gestures mean to cancel.
      let intent: TraceIntent = [.reversal, .hesitant].contains(kind) ? .cancel : .complete
      #expect(metadata.intent == intent)
    }
  }

  // MARK: - The mix

  @Test(arguments: [
    (GestureKind.drag, 0.30), (.flick, 0.25), (.reversal, 0.20), (.hesitant, 0.15),
    (.horizontal, 0.10),
  ])
  func kindAppearsWithItsShare(kind: GestureKind, share: Double) {
    let count = Self.corpus.filter { $0.metadata["kind"] == kind.rawValue }.count
    // Binomial(2000, p): the standard deviation of the share is at most
    // √(0.3 · 0.7 / 2000) ≈ 0.0102, so 0.035 is more than 3σ.
    #expect(abs(Double(count) / 2_000 - share) < 0.035)
  }

  @Test func aboutTwoPercentAreCancelled() {
    let cancelled = Self.corpus.filter { $0.events.last?.phase == .cancelled }.count
    // Binomial(2000, 0.02): mean 40, standard deviation 6.3.
    #expect((15...70).contains(cancelled))
  }

  // MARK: - Per-kind behaviour

  @Test func flicksReleaseFasterThanDrags() {
    func meanReleaseSpeed(_ kind: GestureKind) -> Double {
      let traces = Self.ended(kind)
      let total = traces.reduce(0.0) { $0 + ($1.events.last?.velocity?.length ?? 0) }
      return total / Double(max(traces.count, 1))
    }
    #expect(meanReleaseSpeed(.flick) > 2 * meanReleaseSpeed(.drag))
  }

  @Test func reversalsEndShortOfTheirPeak() {
    for trace in Self.ended(.reversal) {
      let peak = trace.events.map(\.translation.length).max() ?? 0
      let final = trace.events.last?.translation.length ?? 0
      #expect(final < peak, "\(trace.id)")
    }
  }

  @Test func horizontalGesturesMoveAlongX() {
    for trace in Self.ended(.horizontal) {
      let end = trace.events.last?.translation ?? .zero
      #expect(abs(end.x) > abs(end.y), "\(trace.id)")
      #expect((end.x > 0) == (trace.metadata["direction"] == "right"), "\(trace.id)")
    }
  }

  @Test(arguments: [GestureKind.drag, .flick])
  func verticalGesturesMoveInTheirDirection(kind: GestureKind) {
    for trace in Self.ended(kind) {
      let end = trace.events.last?.translation ?? .zero
      #expect(abs(end.y) > abs(end.x), "\(trace.id)")
      #expect((end.y > 0) == (trace.metadata["direction"] == "down"), "\(trace.id)")
    }
  }

  @Test func hesitantGesturesStayWithinAHundredPoints() {
    let hesitant = Self.corpus.filter { $0.metadata["kind"] == "hesitant" }
    #expect(!hesitant.isEmpty)
    for trace in hesitant {
      let farthest = trace.events.map(\.translation.length).max() ?? 0
      #expect(farthest < 100, "\(trace.id)")
    }
  }

  @Test func distancesAndSpeedsStraddleTheDecisionThresholds() {
    // Some completing gestures end short of an 80 pt swap offset and some
    // beyond it; some cancelling ones pass it on the way; some flicks are
    // released below a 500 pt/s fling speed and some above.
    let completing = Self.ended(.drag) + Self.ended(.flick)
    let ends = completing.map { abs($0.events.last?.translation.y ?? 0) }
    #expect(ends.filter { $0 < 80 }.count > completing.count / 10)
    #expect(ends.filter { $0 > 80 }.count > completing.count / 10)
    let peaks = (Self.ended(.reversal) + Self.ended(.hesitant)).map {
      $0.events.map(\.translation.length).max() ?? 0
    }
    #expect(peaks.contains { $0 > 80 } && peaks.contains { $0 < 80 })
    let speeds = Self.ended(.flick).map { $0.events.last?.velocity?.length ?? 0 }
    #expect(speeds.contains { $0 < 500 } && speeds.contains { $0 > 500 })
  }

  // MARK: - Timing

  @Test func meanSamplingIntervalMatchesTheDefaultRate() {
    var total = 0.0
    var count = 0
    for trace in Self.corpus {
      // The intervals between touch samples; the lift is not a sample.
      let samples = trace.events.dropLast()
      for (a, b) in zip(samples, samples.dropFirst()) {
        total += (b.time - a.time).seconds
        count += 1
      }
    }
    #expect(abs(total / Double(count) * 120 - 1) < 0.05)
  }

  @Test(arguments: [30.0, 60, 240])
  func frameClockFollowsTheRate(rate: Double) {
    // Each interval spans a whole number of frames (a dropped frame or a
    // sample whose pixel did not change adds one); jitter averages out.
    let synthesizer = TraceSynthesizer(seed: 77, rate: rate)
    var seconds = 0.0
    var frames = 0.0
    for index in 0..<300 {
      let samples = synthesizer.trace(at: index).events.dropLast()
      for (a, b) in zip(samples, samples.dropFirst()) {
        let interval = (b.time - a.time).seconds
        seconds += interval
        frames += (interval * rate).rounded()
      }
    }
    #expect(abs(seconds / frames * rate - 1) < 0.01)
  }

  @Test(arguments: [
    (120.0, 120.0), (0, 1), (-5, 1), (.nan, 120), (.infinity, 1_000), (5e6, 1_000),
  ])
  func rateIsClampedToTheSupportedRange(requested: Double, used: Double) {
    #expect(TraceSynthesizer(seed: 0, rate: requested).rate == used)
  }

  @Test(arguments: [1.0, 1_000])
  func extremeRatesStillGiveValidTraces(rate: Double) {
    let synthesizer = TraceSynthesizer(seed: 9, rate: rate)
    for index in 0..<40 {
      #expect(synthesizer.trace(at: index).violations.isEmpty)
    }
  }
}
