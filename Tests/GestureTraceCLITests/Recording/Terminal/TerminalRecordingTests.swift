import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct TerminalRecordingTests {
  static let cells = TerminalResolution(
    unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed)

  /// Press at column 20 row 5, drag to row 9, release at row 18.
  static let drag = "\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m"

  func makeRecording(
    resolution: TerminalResolution = cells, scale: Double = 1, metadata: TraceMetadata = .init()
  ) throws -> TerminalRecording {
    TerminalRecording(
      resolution: resolution, scale: scale, slop: 10, estimator: .default,
      variants: [try Variant(parsing: "lyrics-swap")], metadata: metadata)
  }

  /// Feeds the text's inputs, one every 10 ms from `start` ms, and returns
  /// the actions.
  func feed(
    _ text: String, to recording: inout TerminalRecording, start: Int64 = 0
  ) -> [TerminalRecording.Action] {
    var decoder = SGRMouseDecoder()
    var actions: [TerminalRecording.Action] = []
    for (index, input) in decoder.push(Array(text.utf8)).enumerated() {
      actions += recording.handle(input, at: .milliseconds(start + Int64(index) * 10))
    }
    return actions
  }

  func appended(_ actions: [TerminalRecording.Action]) -> [Trace] {
    actions.compactMap { if case .append(let trace) = $0 { trace } else { nil } }
  }

  @Test func aDragBecomesOneTraceInPoints() throws {
    var recording = try makeRecording()
    let traces = appended(feed(Self.drag, to: &recording))
    try #require(traces.count == 1)
    let trace = traces[0]
    #expect(trace.id == "g1")
    #expect(trace.violations.isEmpty)
    // Rows are 16 px and scale is 1: row 9 is (9 − 5) × 16 = 64 pt below
    // the press, past the 10 pt slop, so the motion begins the pan; the
    // release at row 18 is (18 − 5) × 16 = 208 pt below it.
    #expect(trace.events.map(\.phase) == [.began, .ended])
    #expect(trace.events.map(\.translation) == [Vector2D(x: 0, y: 64), Vector2D(x: 0, y: 208)])
    #expect(trace.events.map(\.time) == [.milliseconds(10), .milliseconds(20)])
    // Locations are cell centres: x (20 − 0.5) × 8 = 156, y (9 − 0.5) × 16
    // = 136 and (18 − 0.5) × 16 = 280.
    #expect(
      trace.events.map(\.location) == [Vector2D(x: 156, y: 136), Vector2D(x: 156, y: 280)])
    #expect(trace.events.last?.velocity != nil)
    #expect(recording.traces == [trace])
    #expect(recording.isAwaitingLabel)
    #expect(!recording.isDragging)
  }

  @Test func scaleDividesPixelsIntoPoints() throws {
    var recording = try makeRecording(scale: 2)
    let trace = try #require(appended(feed(Self.drag, to: &recording)).first)
    // 208 px / 2 px per pt = 104 pt.
    #expect(trace.events.last?.translation == Vector2D(x: 0, y: 104))
  }

  @Test func pixelReportsAreUsedAsPixels() throws {
    let pixels = TerminalResolution(
      unit: .pixel, cellWidth: 9, cellHeight: 20, cellSizeSource: .query)
    var recording = try makeRecording(resolution: pixels)
    // 20 px right and 20 px up: 28.3 pt > 10; then 30 px left, 5 px up.
    let trace = try #require(
      appended(
        feed("\u{1B}[<0;101;41M\u{1B}[<32;121;21M\u{1B}[<0;71;16m", to: &recording)
      ).first)
    #expect(trace.events.map(\.translation) == [Vector2D(x: 20, y: -20), Vector2D(x: -30, y: -25)])
  }

  @Test func aTapIsReportedAndNotRecorded() throws {
    var recording = try makeRecording()
    // One column right of the press is 8 px: not more than the 10 pt slop.
    let actions = feed("\u{1B}[<0;5;5M\u{1B}[<32;6;5M\u{1B}[<0;6;5m", to: &recording)
    #expect(actions.isEmpty)
    #expect(recording.traces.isEmpty)
    #expect(recording.message.hasPrefix("Tap ignored"))
  }

  @Test func labelsRewriteTheLatestTrace() throws {
    var recording = try makeRecording()
    let trace = try #require(appended(feed(Self.drag, to: &recording)).first)
    var complete = trace
    complete.metadata.intent = .complete
    #expect(feed("c", to: &recording) == [.replaceLast(complete)])
    #expect(recording.traces.last?.metadata.intent == .complete)
    #expect(!recording.isAwaitingLabel)
    // The other key corrects the label.
    var cancel = trace
    cancel.metadata.intent = .cancel
    #expect(feed("x", to: &recording) == [.replaceLast(cancel)])
    #expect(recording.traces == [cancel])
    #expect(recording.message == "g1 labelled cancel.")
  }

  @Test(arguments: ["s", " ", "\r", "é"])
  func anyOtherKeySkipsAndKeepsTheTraceUnlabelled(_ key: String) throws {
    var recording = try makeRecording()
    _ = feed(Self.drag, to: &recording)
    #expect(feed(key, to: &recording).isEmpty)
    #expect(recording.traces.count == 1)
    #expect(recording.traces[0].metadata.intent == nil)
    #expect(recording.message == "g1 left unlabelled.")
    #expect(!recording.isAwaitingLabel)
  }

  @Test func escapeSequencesAreNotKeys() throws {
    var recording = try makeRecording()
    _ = feed(Self.drag, to: &recording)
    // An arrow key and a focus report.
    #expect(feed("\u{1B}[A\u{1B}[I", to: &recording).isEmpty)
    #expect(recording.isAwaitingLabel)
  }

  @Test func undoRemovesTracesNewestFirstAndIdsFollowTheFile() throws {
    var recording = try makeRecording()
    _ = feed(Self.drag, to: &recording)
    _ = feed(Self.drag, to: &recording, start: 100)
    #expect(recording.traces.map(\.id) == ["g1", "g2"])
    #expect(feed("u", to: &recording) == [.removeLast])
    #expect(recording.message == "g2 removed.")
    #expect(recording.traces.map(\.id) == ["g1"])
    let again = appended(feed(Self.drag, to: &recording, start: 200))
    #expect(again.map(\.id) == ["g2"])
    #expect(feed("uu", to: &recording) == [.removeLast, .removeLast])
    #expect(feed("u", to: &recording).isEmpty)
    #expect(recording.message == "Nothing to undo.")
    #expect(feed("c", to: &recording).isEmpty)
    #expect(recording.message == "Nothing to label yet: drag first.")
  }

  @Test(arguments: ["q", "Q", "\u{03}", "\u{04}"])
  func quitKeysQuitEvenDuringADrag(_ key: String) throws {
    var recording = try makeRecording()
    #expect(feed(key, to: &recording) == [.quit])
    _ = feed("\u{1B}[<0;20;5M\u{1B}[<32;20;9M", to: &recording)
    #expect(recording.isDragging)
    #expect(feed(key, to: &recording) == [.quit])
    // The held drag was never finished: nothing was written.
    #expect(recording.traces.isEmpty)
  }

  @Test func labelKeysWaitUntilTheDragIsReleased() throws {
    var recording = try makeRecording()
    _ = feed(Self.drag, to: &recording)
    _ = feed("\u{1B}[<0;20;5M", to: &recording, start: 100)
    #expect(feed("cxu", to: &recording).isEmpty)
    #expect(recording.traces.count == 1)
    #expect(recording.traces[0].metadata.intent == nil)
  }

  @Test func aPressBeforeTheReleaseCancelsTheOpenPan() throws {
    var recording = try makeRecording()
    let traces = appended(
      feed("\u{1B}[<0;1;1M\u{1B}[<32;1;5M\u{1B}[<0;9;9M\u{1B}[<0;9;9m", to: &recording))
    try #require(traces.count == 1)
    // Row 5 is 4 × 16 = 64 pt below row 1; the cancel keeps that
    // translation, at the time of the new press.
    #expect(traces[0].events.map(\.phase) == [.began, .cancelled])
    #expect(traces[0].events.last?.translation == Vector2D(x: 0, y: 64))
    #expect(traces[0].events.last?.time == .milliseconds(20))
    #expect(traces[0].violations.isEmpty)
  }

  @Test func tracesCarryTheRecordingsMetadata() throws {
    var metadata = TraceMetadata()
    metadata.source = "terminal"
    metadata["input-unit"] = "cell"
    var recording = try makeRecording(metadata: metadata)
    let trace = try #require(appended(feed(Self.drag, to: &recording)).first)
    #expect(trace.metadata == metadata)
  }

  @Test func theLiveTransitionSeesThePan() throws {
    var recording = try makeRecording()
    _ = feed(Self.drag, to: &recording)
    // lyrics-swap on y: 64 pt passes the 20 pt fade offset, not the 80 pt
    // dismissal offset; the release at 208 pt is an `ended` before any
    // `changed` passed 80, so it springs back: cancel at the release, 10 ms
    // after `began`.
    let live = try #require(recording.transitions.first)
    #expect(live.crossings.count == 2)
    #expect(live.crossings[0] == .zero)
    #expect(live.crossings[1] == nil)
    #expect(live.transition.decision == TransitionDecision(.cancel, at: .milliseconds(10)))
  }
}
