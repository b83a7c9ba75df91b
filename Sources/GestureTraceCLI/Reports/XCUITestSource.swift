import GestureTrace

/// Swift UI-test source that replays traces into an app with XCUITest's
/// `XCUICoordinate.press(forDuration:thenDragTo:withVelocity:thenHoldForDuration:)`,
/// one XCTest method per trace: the coarse replay XCUITest allows.
///
/// Each test presses where the touch began for as long as the trace
/// stayed still at its start, drags to where it ended at the release
/// speed (or the mean speed, when the finger slowed down before lifting),
/// and holds there for the trace's pause before the lift. The path between
/// and its timing are lost; the generated file says so.
struct XCUITestSource {
  /// The traces, one test each.
  var traces: [ExportedTrace]
  /// The file they come from, for the comments.
  var file: String

  /// Movement smaller than this (points) is standing still.
  static let stillDistance = 0.5

  /// The pixels per point the generated file multiplies speeds by, as
  /// written (and the largest of any iPhone): a speed times it must stay
  /// finite.
  static let pixelsPerPoint = 3.0

  /// The whole Swift file.
  ///
  /// - Throws: a data error (65) when a position or the speed is not
  ///   finite (``SwiftLiteral/finite(_:_:trace:)``).
  func rendered() throws(CommandError) -> String {
    let preamble = """
      //
      // Each test replays one recorded pan into the app as coarsely as XCUITest allows: a
      // press where the touch began (for as long as the trace stayed still there), a drag to
      // where it ended at one speed (its release speed, or its mean speed when the finger
      // slowed down before the lift), and a hold for its pause before the lift.
      // What it cannot reproduce: the path between the start and the end and its timing —
      // every recorded move in between, its pauses and changes of speed — so a decision that
      // depends on them (a reversal, a hesitation) may differ; 'export --to hammer' replays
      // them. Positions are points from the app frame's origin; turn each `// expected:` line
      // into an assertion on your app's state.

      import XCTest

      final class GestureTraceReplayUITests: XCTestCase {
        /// Your screen's pixels per point (UIScreen.main.scale): XCUIGestureVelocity is in
        /// pixels per second, the traces in points per second.
        let pixelsPerPoint: CGFloat = \(SwiftLiteral.number(Self.pixelsPerPoint))

      """
    return try SwiftTestFile.rendered(
      target: "xcuitest", file: file, preamble: preamble, traces: traces
    ) { (exported, name) throws(CommandError) in try test(exported, name: name) }
  }

  /// One test method.
  private func test(_ exported: ExportedTrace, name: String) throws(CommandError) -> String {
    let events = exported.trace.events
    let positions = exported.positions
    let start = exported.touchDown
    let end = positions.last ?? start
    // The press: while the finger stays where the pan began (its first
    // event; the touch-down before it is not timed).
    let first = positions.first ?? start
    let firstMove = positions.firstIndex { ($0 - first).length > Self.stillDistance }
    let press = firstMove.map { events[$0 - 1].time - events[0].time } ?? .zero
    // The hold: from the last move to the lift.
    let lastMove = positions.lastIndex { ($0 - end).length > Self.stillDistance }
    let hold = lastMove.map { (events.last?.time ?? .zero) - events[$0 + 1].time } ?? .zero
    let id = exported.trace.id
    let startText = try vector(start, "its touch-down point", trace: id)
    let endText = try vector(end, "its last position", trace: id)
    // The speed: the release speed, unless the finger slowed down before
    // the lift; a drag at that speed would then take longer than the
    // trace, so it goes at the mean speed from start to end.
    let release = exported.trace.releaseVelocity(estimator: exported.estimator).length
    let releaseText = try SwiftLiteral.finite(release, "its release speed", trace: id)
    var speed = release
    var speedNote = "its release speed, \(releaseText) pt/s"
    let moving = (exported.trace.duration - press - hold).seconds
    let mean = moving > 0 ? (end - start).length / moving : 0
    if mean > release {
      speed = mean
      let meanText = try SwiftLiteral.finite(
        mean, "its mean speed from start to end (\(SwiftLiteral.number(moving)) s)", trace: id)
      speedNote =
        "its mean speed from start to end, \(meanText) pt/s (it released at \(releaseText) pt/s)"
    }
    // NB: the file multiplies the speed by pixelsPerPoint; keep it finite.
    _ = try SwiftLiteral.finite(
      speed * Self.pixelsPerPoint, "its speed in pixels per second", trace: id)
    var lines = exported.summary(file: file).flatMap { sentence in
      HelpText.wrapLines(sentence, width: 92).map { "/// " + $0 }
    }
    lines += ["@MainActor", "func \(name)() throws {"]
    var body = [
      "let app = XCUIApplication()",
      "app.launch()",
      "let origin = app.coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0))",
      "let start = origin.withOffset(\(startText))",
      "let end = origin.withOffset(\(endText))",
    ]
    body += HelpText.wrapLines("Drags at \(speedNote); holds \(hold) s before the lift.", width: 88)
      .map { "// " + $0 }
    let velocity =
      speed > 0
      ? "XCUIGestureVelocity(\(SwiftLiteral.number(speed)) * pixelsPerPoint)" : ".default"
    body += [
      "start.press(",
      "  forDuration: \(press), thenDragTo: end,",
      "  withVelocity: \(velocity), thenHoldForDuration: \(hold))",
    ]
    return SwiftTestFile.method(lines, body: body, of: exported)
  }

  /// `CGVector(dx: …, dy: …)`; a data error when a coordinate is not finite.
  private func vector(
    _ point: Vector2D, _ what: String, trace id: String
  ) throws(CommandError) -> String {
    try SwiftTestFile.pair("CGVector", ("dx", "dy"), point, what, trace: id)
  }
}
