import Foundation
import Testing

@testable import GestureTrace

@Suite struct PanRecognizerTests {
  static func sample(
    _ milliseconds: Int64, _ x: Double, _ y: Double, _ action: PointerAction = .move
  ) -> PointerSample {
    PointerSample(time: .milliseconds(milliseconds), position: Vector2D(x: x, y: y), action: action)
  }

  /// Feeds samples and returns what each one produced.
  static func events(
    _ samples: [PointerSample], _ recognizer: PanRecognizer = PanRecognizer()
  ) -> [PanEvent?] {
    var recognizer = recognizer
    return samples.map { recognizer.add($0) }
  }

  @Test func moveOfExactlyTheSlopGivesNothing() {
    // (6, 8) is exactly 10 pt from the touch-down: √(36 + 64) = 10, not > 10.
    let events = Self.events([Self.sample(0, 0, 0, .down), Self.sample(8, 6, 8)])
    #expect(events == [nil, nil])
  }

  @Test func moveJustPastTheSlopBegins() throws {
    let events = Self.events([Self.sample(0, 0, 0, .down), Self.sample(8, 0, 10.01)])
    let began = try #require(events[1])
    #expect(began.phase == .began)
    #expect(began.time == .milliseconds(8))
    #expect(began.translation == Vector2D(x: 0, y: 10.01))
  }

  @Test func beganTranslationIncludesTheSlop() throws {
    // Down at (100, 200); 5 pt is inside the slop; at 12 pt the pan begins
    // with the whole 12 pt, measured from the touch-down point.
    let events = Self.events([
      Self.sample(0, 100, 200, .down), Self.sample(8, 100, 205), Self.sample(16, 100, 212),
      Self.sample(24, 100, 230),
    ])
    #expect(events[1] == nil)
    #expect(events[2]?.phase == .began)
    #expect(events[2]?.translation == Vector2D(x: 0, y: 12))
    #expect(events[2]?.location == Vector2D(x: 100, y: 212))
    #expect(events[3]?.phase == .changed)
    #expect(events[3]?.translation == Vector2D(x: 0, y: 30))
  }

  @Test func scaleDividesPositions() throws {
    // At 3 px per pt: 30 px is exactly the 10 pt slop; 33 px is 11 pt.
    let recognizer = PanRecognizer(scale: 3)
    let events = Self.events(
      [
        Self.sample(0, 0, 300, .down), Self.sample(8, 0, 330), Self.sample(16, 0, 333),
        Self.sample(24, 0, 360, .up),
      ], recognizer)
    #expect(events[1] == nil)
    #expect(events[2]?.phase == .began)
    #expect(events[2]?.translation == Vector2D(x: 0, y: 11))
    #expect(events[2]?.location == Vector2D(x: 0, y: 111))
    #expect(events[3]?.phase == .ended)
    #expect(events[3]?.translation == Vector2D(x: 0, y: 20))
  }

  @Test func everyMoveAfterTheSlopIsAChangeEvenWithoutMotion() {
    let events = Self.events([
      Self.sample(0, 0, 0, .down), Self.sample(8, 0, 20), Self.sample(16, 0, 20),
      Self.sample(24, 0, 20), Self.sample(32, 0, 20, .up),
    ])
    #expect(events.map { $0?.phase } == [nil, .began, .changed, .changed, .ended])
  }

  @Test func tapGivesNothing() {
    var recognizer = PanRecognizer()
    #expect(recognizer.add(Self.sample(0, 0, 0, .down)) == nil)
    #expect(recognizer.isTracking)
    #expect(recognizer.add(Self.sample(50, 3, 4)) == nil)
    #expect(recognizer.add(Self.sample(90, 3, 4, .up)) == nil)
    #expect(!recognizer.isTracking)
  }

  @Test func cancelBeforeTheSlopGivesNothing() {
    let events = Self.events([
      Self.sample(0, 0, 0, .down), Self.sample(8, 0, 5), Self.sample(16, 0, 5, .cancel),
    ])
    #expect(events == [nil, nil, nil])
  }

  @Test func cancelAfterBeganGivesCancelledAtTheLastTranslation() throws {
    var recognizer = PanRecognizer()
    _ = recognizer.add(Self.sample(0, 0, 0, .down))
    _ = recognizer.add(Self.sample(8, 0, 15))
    _ = recognizer.add(Self.sample(16, 0, 25))
    let cancelledResult = recognizer.add(Self.sample(24, 0, 0, .cancel))
    let cancelled = try #require(cancelledResult)
    #expect(cancelled.phase == .cancelled)
    #expect(cancelled.time == .milliseconds(24))
    #expect(cancelled.translation == Vector2D(x: 0, y: 25))
    #expect(cancelled.velocity == .zero)
    #expect(!recognizer.isTracking)
  }

  @Test func moveAndUpWithoutDownAreIgnored() {
    let events = Self.events([Self.sample(0, 0, 50), Self.sample(8, 0, 90, .up)])
    #expect(events == [nil, nil])
  }

  @Test func downWhilePanningCancelsThatPanAndStartsOver() throws {
    var recognizer = PanRecognizer()
    _ = recognizer.add(Self.sample(0, 0, 0, .down))
    _ = recognizer.add(Self.sample(8, 0, 40))
    let interruptedResult = recognizer.add(Self.sample(16, 200, 200, .down))
    let interrupted = try #require(interruptedResult)
    #expect(interrupted.phase == .cancelled)
    #expect(interrupted.translation == Vector2D(x: 0, y: 40))
    // The new touch measures from (200, 200): 8 pt is inside the slop.
    #expect(recognizer.add(Self.sample(24, 208, 200)) == nil)
    #expect(recognizer.add(Self.sample(32, 220, 200))?.translation == Vector2D(x: 20, y: 0))
  }

  @Test func resetForgetsTheTouch() {
    var recognizer = PanRecognizer()
    _ = recognizer.add(Self.sample(0, 0, 0, .down))
    _ = recognizer.add(Self.sample(8, 0, 40))
    recognizer.reset()
    #expect(!recognizer.isTracking)
    #expect(recognizer.add(Self.sample(16, 0, 80, .up)) == nil)
  }

  @Test func invalidSettingsFallBack() {
    let recognizer = PanRecognizer(slop: -5, scale: 0)
    #expect(recognizer.slop == 0)
    #expect(recognizer.scale == 1)
    #expect(PanRecognizer(slop: .nan, scale: .infinity).scale == 1)
  }

  /// Samples of a pan whose first three moves are inside the slop.
  static let slowStart: [PointerSample] = [
    sample(0, 10, 10, .down), sample(8, 10, 11), sample(16, 11, 13), sample(24, 11, 17),
    sample(32, 12, 25), sample(40, 13, 40), sample(48, 14, 60), sample(56, 14, 85),
    sample(64, 15, 110), sample(72, 15, 110, .up),
  ]

  @Test(arguments: VelocityEstimator.allCases)
  func velocitiesComeFromEverySampleSinceTouchDown(_ estimator: VelocityEstimator) {
    // Each event's velocity is the estimator's on all samples up to it,
    // including the three moves inside the slop (with nil read as zero).
    var recognizer = PanRecognizer(estimator: estimator)
    for (index, sample) in Self.slowStart.enumerated() {
      guard let event = recognizer.add(sample) else { continue }
      let expected = estimator.velocity(of: Self.slowStart[...index]) ?? .zero
      #expect(event.velocity == expected, "\(estimator) at sample \(index)")
    }
    // The slop-crossing move is the fifth sample (15 pt from the down).
    let phases = Self.events(Self.slowStart, recognizer).compactMap { $0?.phase }
    #expect(phases == [.began, .changed, .changed, .changed, .changed, .ended])
  }

  @Test func velocityIsNotOnlyFromSamplesAfterTheSlop() throws {
    // last-delta is the slope of the last two samples: at the began sample
    // (32 ms, y 25) that pair includes the last move inside the slop
    // (24 ms, y 17): (25 − 17) / 0.008 s = 1000 pt/s. Starting the tracker
    // at the slop would leave one sample and no velocity.
    let recognizer = PanRecognizer(estimator: .lastDelta)
    let began = try #require(Self.events(Self.slowStart, recognizer).compactMap { $0 }.first)
    #expect(began.phase == .began)
    #expect(abs(began.velocity!.y - 1000) < 1e-9)
    #expect(abs(began.velocity!.x - 125) < 1e-9)  // (12 − 11) / 0.008
  }

  @Test func releaseVelocityAppliesThePauseRule() throws {
    // The finger rests 60 ms (> 40 ms) before lifting: the ios estimator
    // releases at zero, last-delta keeps the last slope.
    var samples = Array(Self.slowStart.dropLast())
    samples.append(Self.sample(124, 15, 110, .up))
    let ios = try #require(Self.events(samples, PanRecognizer(estimator: .ios)).last!)
    #expect(ios.phase == .ended)
    #expect(ios.velocity == .zero)
    let lastDelta = try #require(Self.events(samples, PanRecognizer(estimator: .lastDelta)).last!)
    #expect(lastDelta.velocity != .zero)
  }

  /// The samples: y = 0, 5, 30 at 0, 10, 20 ms, the lift at 30 ms
  /// and y = 60. The lift counts in the translation (60) under every
  /// estimator; by default (uikit) it counts in the velocity too: segments
  /// 500, 2500, 3000 pt/s give 0.6·500 + 0.35·2500 + 0.05·3000 = 1325, the
  /// same as a move there. ios leaves it out: 0.35·500 + 0.05·2500 = 300.
  @Test(
    arguments: [(PanRecognizer(), 1325.0), (PanRecognizer(estimator: .ios), 300)]
      as [(PanRecognizer, Double)])
  func liftAtANewPosition(_ recognizer: PanRecognizer, _ expected: Double) throws {
    let samples = [
      Self.sample(0, 0, 0, .down), Self.sample(10, 0, 5), Self.sample(20, 0, 30),
      Self.sample(30, 0, 60, .up),
    ]
    let events = Self.events(samples, recognizer).compactMap { $0 }
    #expect(events.map(\.phase) == [.began, .ended])
    #expect(events[1].translation == Vector2D(x: 0, y: 60))
    #expect(abs(events[1].velocity!.y - expected) < 1e-9)
    let asMove = Self.events(Array(samples.dropLast()) + [Self.sample(30, 0, 60)], recognizer)
    #expect((asMove.last!!.velocity!.y - 1325).magnitude < 1e-9)
  }

  @Test(arguments: VelocityEstimator.allCases)
  func recordedFingersReleaseAtTheEstimatorsVelocity(_ estimator: VelocityEstimator) throws {
    // Every recorded finger motion in traces/, replayed as raw samples: the
    // ended event carries what the estimator gives for those samples.
    let url =
      packageRoot
      .appendingPathComponent("traces/recorded-fingers.csv")
    var decoder = CSVTraceDecoder()
    let items = decoder.decode(try String(contentsOf: url, encoding: .utf8))
    var checked = 0
    for case .trace(let trace, _) in items {
      let samples = trace.pointerSamples
      let events = Self.events(samples, PanRecognizer(slop: 0, estimator: estimator))
      guard let ended = events.last!, ended.phase == .ended else { continue }
      #expect(ended.velocity == (estimator.velocity(of: samples) ?? .zero), "\(trace.id)")
      checked += 1
    }
    #expect(checked >= 20)
  }

  @Test func tracesHelperNumbersThePansAndSkipsTaps() {
    let tap = [Self.sample(0, 0, 0, .down), Self.sample(30, 0, 0, .up)]
    let pan = { (start: Int64) in
      [
        Self.sample(start, 0, 0, .down), Self.sample(start + 8, 0, 20),
        Self.sample(start + 16, 0, 40, .up),
      ]
    }
    var metadata = TraceMetadata()
    metadata.source = "test"
    let traces = PanRecognizer.traces(
      from: tap + pan(100)
        + tap.map {
          var s = $0
          s.time = s.time + .milliseconds(200)
          return s
        }
        + pan(300), metadata: metadata)
    #expect(traces.map(\.id) == ["g1", "g2"])
    #expect(traces.allSatisfy { $0.violations.isEmpty && $0.metadata.source == "test" })
    #expect(traces[1].events.map(\.time) == [.milliseconds(308), .milliseconds(316)])
  }
}
