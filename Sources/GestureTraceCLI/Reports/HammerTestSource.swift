import GestureTrace

/// Swift test source that replays traces into an app with lyft/Hammer's
/// `EventGenerator`, one XCTest method per trace: the closest replay UIKit
/// allows.
///
/// A finger touches down where the trace's touch began, moves to each
/// event's position after the event's recorded delay, and lifts at the
/// end. The delays add up to the trace's duration.
struct HammerTestSource {
  /// The traces, one test each.
  var traces: [ExportedTrace]
  /// The file they come from, for the comments.
  var file: String

  /// The whole Swift file.
  ///
  /// - Throws: a data error (65) when a position is not finite
  ///   (``SwiftLiteral/finite(_:_:trace:)``).
  func rendered() throws(CommandError) -> String {
    let preamble = """
      //
      // Each test replays one recorded pan into your view controller with lyft/Hammer's
      // EventGenerator, as closely as UIKit allows: a finger down where the touch began,
      // each move at its recorded position (points, in the window) after its recorded delay,
      // and the lift at the end. Return your own view controller from makeViewController(),
      // then turn each `// expected:` line into an assertion on your view's state.

      import Hammer
      import UIKit
      import XCTest

      final class GestureTraceReplayTests: XCTestCase {
        /// The view controller the gestures are replayed into: return yours.
        @MainActor
        func makeViewController() -> UIViewController {
          UIViewController()
        }

      """
    return try SwiftTestFile.rendered(
      target: "hammer", file: file, preamble: preamble, traces: traces
    ) { (exported, name) throws(CommandError) in try test(exported, name: name) }
  }

  /// One test method.
  private func test(_ exported: ExportedTrace, name: String) throws(CommandError) -> String {
    var lines = exported.summary(file: file).flatMap { sentence in
      HelpText.wrapLines(sentence, width: 92).map { "/// " + $0 }
    }
    lines += ["@MainActor", "func \(name)() throws {"]
    var body = ["let eventGenerator = try EventGenerator(viewController: makeViewController())"]
    let id = exported.trace.id
    let touchDown = try point(exported.touchDown, "its touch-down point", trace: id)
    body.append("try eventGenerator.fingerDown(at: \(touchDown))")
    let events = exported.trace.events
    var current = exported.touchDown
    var lifted = false
    for (index, event) in events.enumerated() {
      if index > 0 {
        let delay = event.time - events[index - 1].time
        if delay > .zero { body.append("try eventGenerator.wait(\(delay))") }
      }
      let position = exported.positions[index]
      let moved = position != current
      let literal = try point(position, "the position of its event \(index + 1)", trace: id)
      current = position
      switch event.phase {
      case .began, .changed:
        if moved {
          let note = event.phase == .began ? "  // began: the pan is recognized" : ""
          body.append("try eventGenerator.fingerMove(to: \(literal))" + note)
        }
      case .ended, .cancelled:
        if moved { body.append("try eventGenerator.fingerMove(to: \(literal))") }
        body.append(
          event.phase == .ended
            ? "try eventGenerator.fingerUp()"
            : "try eventGenerator.fingerUp()  // cancelled: Hammer can only lift the finger")
        lifted = true
      }
      if lifted { break }
    }
    if !lifted {
      body.append("try eventGenerator.fingerUp()  // the trace stops without a lift")
    }
    return SwiftTestFile.method(lines, body: body, of: exported)
  }

  /// `CGPoint(x: …, y: …)`; a data error when a coordinate is not finite.
  private func point(
    _ point: Vector2D, _ what: String, trace id: String
  ) throws(CommandError) -> String {
    try SwiftTestFile.pair("CGPoint", ("x", "y"), point, what, trace: id)
  }
}
