import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct MouseDragSegmenterTests {
  /// A case: SGR input and the samples it must give, as `action x y` with
  /// the time in milliseconds (each report is read 10 ms after the one
  /// before, the first at 0).
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var input: String
    var expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "press, drag, release",
      input: "\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m",
      expected: ["0 down 20 5", "10 move 20 9", "20 up 20 18"]),
    Case(
      name: "other buttons, wheel and bare motion are ignored",
      input: "\u{1B}[<2;3;3M\u{1B}[<34;4;4M\u{1B}[<2;4;4m\u{1B}[<64;5;5M\u{1B}[<35;6;6M",
      expected: []),
    Case(
      name: "motion and release without a press are ignored",
      input: "\u{1B}[<32;20;9M\u{1B}[<0;20;18m",
      expected: []),
    Case(
      name: "a press while dragging cancels the open drag first",
      input: "\u{1B}[<0;1;1M\u{1B}[<32;1;5M\u{1B}[<0;9;9M\u{1B}[<0;9;12m",
      expected: ["0 down 1 1", "10 move 1 5", "20 cancel 1 5", "20 down 9 9", "30 up 9 12"]),
    Case(
      name: "modifiers do not matter",
      // 16 = control, 48 = 32 (motion) + 16, 20 = 16 + 4 (shift).
      input: "\u{1B}[<16;2;2M\u{1B}[<48;2;6M\u{1B}[<20;2;7m",
      expected: ["0 down 2 2", "10 move 2 6", "20 up 2 7"]),
    Case(
      name: "a right-button release does not end a left drag",
      input: "\u{1B}[<0;2;2M\u{1B}[<2;2;2m\u{1B}[<32;2;3M\u{1B}[<0;2;4m",
      expected: ["0 down 2 2", "20 move 2 3", "30 up 2 4"]),
    Case(
      name: "a legacy release ends the drag",
      // ESC [ M then code 3 + 32 = '#', x 2 + 32 = '"', y 4 + 32 = '$'.
      input: "\u{1B}[<0;2;2M\u{1B}[M#\"$",
      expected: ["0 down 2 2", "10 up 2 4"]),
  ]

  @Test(arguments: cases)
  func segmentsReportsIntoDrags(_ testCase: Case) {
    var decoder = SGRMouseDecoder()
    var segmenter = MouseDragSegmenter()
    var samples: [String] = []
    for (index, input) in decoder.push(Array(testCase.input.utf8)).enumerated() {
      guard case .mouse(let report) = input else {
        Issue.record("not a mouse report: \(input)")
        continue
      }
      for sample in segmenter.add(report, at: .milliseconds(Int64(index) * 10)) {
        samples.append(
          "\(sample.time.nanoseconds / 1_000_000) \(sample.action.rawValue) "
            + "\(Int(sample.position.x)) \(Int(sample.position.y))")
      }
    }
    #expect(samples == testCase.expected)
  }

  @Test func cancelEndsAnOpenDragAtItsLastPosition() {
    var segmenter = MouseDragSegmenter()
    #expect(segmenter.cancel(at: .zero).isEmpty)
    _ = segmenter.add(MouseReport(button: .left, x: 3, y: 4), at: .zero)
    _ = segmenter.add(MouseReport(button: .left, isMotion: true, x: 3, y: 8), at: .milliseconds(5))
    #expect(segmenter.isDragging)
    #expect(segmenter.pressPosition == Vector2D(x: 3, y: 4))
    #expect(
      segmenter.cancel(at: .milliseconds(9)) == [
        PointerSample(time: .milliseconds(9), position: Vector2D(x: 3, y: 8), action: .cancel)
      ])
    #expect(!segmenter.isDragging)
    #expect(segmenter.cancel(at: .milliseconds(10)).isEmpty)
  }
}
