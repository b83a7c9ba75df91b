import Testing

@testable import GestureTrace

@Suite struct PanRecorderTests {
  @Test func recordsAPanIntoATrace() throws {
    var recorder = PanRecorder(device: "iPhone 15", scale: 3)
    // 2.5, 2.5078125 and 2.515625 s are exact binary fractions: 2.5 s +
    // 1/128 s = 2,507,812,500 ns, + 1/64 s = 2,515,625,000 ns.
    #expect(
      recorder.record(
        .began, translation: Vector2D(x: 0, y: 10.5), velocity: Vector2D(x: 0, y: 600),
        timestamp: 2.5) == nil)
    #expect(recorder.isRecording)
    #expect(
      recorder.record(.changed, translation: Vector2D(x: 1, y: 20), timestamp: 2.5078125) == nil)
    let traceResult = recorder.record(
      .ended, translation: Vector2D(x: 2, y: 30), velocity: Vector2D(x: 50, y: 1200),
      location: Vector2D(x: 100, y: 400), timestamp: 2.515625)
    let trace = try #require(traceResult)
    #expect(!recorder.isRecording)
    #expect(trace.id == "g1")
    #expect(trace.events.map(\.time.nanoseconds) == [2_500_000_000, 2_507_812_500, 2_515_625_000])
    #expect(trace.events.map(\.phase) == [.began, .changed, .ended])
    #expect(trace.events[1].velocity == nil)
    #expect(trace.events[2].velocity == Vector2D(x: 50, y: 1200))
    #expect(trace.events[2].location == Vector2D(x: 100, y: 400))
    #expect(trace.metadata.source == "ios")
    #expect(trace.metadata.device == "iPhone 15")
    #expect(trace.metadata.units == "pt")
    #expect(trace.metadata.scale == 3)
    #expect(trace.violations.isEmpty)
  }

  @Test func numbersTracesAndFinishesCancelledPans() throws {
    var recorder = PanRecorder(idPrefix: "s7-")
    _ = recorder.record(.began, translation: .zero, timestamp: 1)
    #expect(recorder.record(.ended, translation: .zero, timestamp: 1.25) != nil)
    _ = recorder.record(.began, translation: .zero, timestamp: 2)
    let secondResult = recorder.record(.cancelled, translation: .zero, timestamp: 2.25)
    let second = try #require(secondResult)
    #expect(second.id == "s7-2")
    #expect(second.events.last?.phase == .cancelled)
    #expect(recorder.count == 2)
  }

  @Test func callbacksOutsideAPanAreIgnored() {
    var recorder = PanRecorder()
    #expect(recorder.record(.changed, translation: .zero, timestamp: 1) == nil)
    #expect(recorder.record(.ended, translation: .zero, timestamp: 2) == nil)
    #expect(!recorder.isRecording)
    #expect(recorder.count == 0)
  }

  @Test func beganWhileRecordingStartsOver() throws {
    var recorder = PanRecorder()
    _ = recorder.record(.began, translation: Vector2D(x: 5, y: 5), timestamp: 1)
    _ = recorder.record(.changed, translation: Vector2D(x: 9, y: 9), timestamp: 1.5)
    _ = recorder.record(.began, translation: Vector2D(x: 0, y: 11), timestamp: 3)
    let traceResult = recorder.record(.ended, translation: .zero, timestamp: 3.5)
    let trace = try #require(traceResult)
    #expect(trace.events.map(\.time) == [.seconds(3), .seconds(3.5)])
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
  func nonFiniteOrHugeValuesAreIgnored(_ bad: Double) throws {
    var recorder = PanRecorder()
    _ = recorder.record(.began, translation: .zero, timestamp: 1)
    #expect(recorder.record(.changed, translation: Vector2D(x: bad, y: 0), timestamp: 2) == nil)
    #expect(recorder.record(.changed, translation: .zero, timestamp: bad) == nil)
    if !bad.isFinite {
      #expect(
        recorder.record(
          .changed, translation: .zero, velocity: Vector2D(x: 0, y: bad), timestamp: 2)
          == nil)
    }
    let traceResult = recorder.record(.ended, translation: .zero, timestamp: 3)
    let trace = try #require(traceResult)
    #expect(trace.events.count == 2 + (bad.isFinite ? 1 : 0))
    #expect(trace.violations.isEmpty)
  }

  @Test func callbacksGoingBackInTimeAreIgnored() throws {
    var recorder = PanRecorder()
    _ = recorder.record(.began, translation: .zero, timestamp: 5)
    _ = recorder.record(.changed, translation: .zero, timestamp: 4)
    let traceResult = recorder.record(.ended, translation: .zero, timestamp: 6)
    let trace = try #require(traceResult)
    #expect(trace.events.map(\.time) == [.seconds(5), .seconds(6)])
  }

  @Test(arguments: TraceFileFormat.allCases)
  func tracesRoundTripThroughTheEncoders(_ format: TraceFileFormat) throws {
    var recorder = PanRecorder(device: "iPad", scale: 2)
    var traces: [Trace] = []
    for start in [10.0, 20.0] {
      _ = recorder.record(
        .began, translation: Vector2D(x: 0, y: 10.5), velocity: Vector2D(x: 1, y: 2),
        location: Vector2D(x: 3, y: 4), timestamp: start)
      _ = recorder.record(
        .changed, translation: Vector2D(x: 0.25, y: 30), velocity: Vector2D(x: 5, y: 900),
        location: Vector2D(x: 3.25, y: 23.5), timestamp: start + 0.125)
      let ended = recorder.record(
        .ended, translation: Vector2D(x: 0.5, y: 44), velocity: Vector2D(x: 7, y: 1000),
        location: Vector2D(x: 3.5, y: 37.5), timestamp: start + 0.25)
      traces.append(try #require(ended))
    }
    let encoder = format.makeEncoder(columns: CSVColumns(velocity: true, location: true))
    var text = encoder.fileHeader()
    for trace in traces { encoder.encode(trace, into: &text) }
    var decoder = format.makeDecoder()
    let decoded = decoder.decode(text).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(decoded == traces)
  }

  @Test(
    arguments: [
      (0, nil), (1, TouchPhase.began), (2, .changed), (3, .ended), (4, .cancelled), (5, .cancelled),
      (6, nil), (-1, nil),
    ] as [(Int, TouchPhase?)])
  func gestureRecognizerStatesMapToPhases(_ rawValue: Int, _ phase: TouchPhase?) {
    // UIGestureRecognizer.State: possible 0, began 1, changed 2, ended 3,
    // cancelled 4, failed 5.
    #expect(TouchPhase(gestureRecognizerState: rawValue) == phase)
  }
}
