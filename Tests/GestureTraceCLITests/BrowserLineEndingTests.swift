import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The browser recorder reads line ends as bytes: CR LF and a bare LF
/// alike, in a gesture's body and in the request's header (issue 29:
/// the body was split on the `Character` "\n", which a CR LF is not, so a
/// body with CR LF lines was one line and refused).
@Suite struct BrowserLineEndingTests {
  static let body = BrowserRecorderProcess.gestureBody

  @Test(arguments: ["\r\n", "\n"])
  func aGestureReadsTheSameWithEitherLineEnd(_ lineEnd: String) throws {
    let plain = try BrowserGesture(text: Array(Self.body.utf8))
    let text = Self.body.replacingOccurrences(of: "\n", with: lineEnd)
    #expect(text.utf8.filter { $0 == 0x0D }.count == (lineEnd == "\r\n" ? 11 : 0))
    let read = try BrowserGesture(text: Array(text.utf8))
    #expect(read == plain)
    #expect(read.samples.count == 5 && read.device == "Test agent")
  }

  @Test func mixedLineEndsAndBlankLinesRead() throws {
    let lines = Self.body.split(separator: "\n")
    let text =
      lines.enumerated().map { $0.element + ($0.offset % 2 == 0 ? "\r\n" : "\n") }
      .joined() + "\r\n"
    #expect(
      try BrowserGesture(text: Array(text.utf8)) == BrowserGesture(text: Array(Self.body.utf8)))
  }

  @Test func aLineNumberCountsCarriageReturnLineFeedsOnce() {
    let text = "page p\r\npointer touch\r\nsettings x\r\n"
    #expect(
      throws: BrowserGesture.Problem(
        "Line 3: expected one of page, pointer, capture, scale, view, device, once each.")
    ) {
      try BrowserGesture(text: Array(text.utf8))
    }
  }

  /// Each combination of header and body line ends, posted to the running
  /// recorder: every gesture is recorded.
  @Test func postsWithCarriageReturnLineFeedsAreRecorded() throws {
    let recorder = try BrowserRecorderProcess()
    defer { _ = recorder.interrupt() }
    var expected: [String] = []
    for (header, bodyEnd) in [("\r\n", "\r\n"), ("\r\n", "\n"), ("\n", "\r\n"), ("\n", "\n")] {
      let body = Self.body.replacingOccurrences(of: "\n", with: bodyEnd)
      let request =
        [
          "POST /gesture HTTP/1.1", "Host: 127.0.0.1:\(recorder.port)",
          "Content-Length: \(body.utf8.count)", "",
        ]
        .joined(separator: header) + header + body
      let answer = try recorder.exchange(request)
      #expect(
        answer.status == 200,
        "\(header.debugDescription) \(bodyEnd.debugDescription): \(answer.body)")
      expected.append("g\(expected.count + 1)")
    }
    // A key with a CR LF after it labels the last trace.
    let key = try recorder.exchange(
      "POST /key HTTP/1.1\r\nHost: 127.0.0.1:\(recorder.port)\r\nContent-Length: 3\r\n\r\nc\r\n")
    #expect(key.status == 200)
    let (traces, problems) = recorder.traces()
    #expect(problems.isEmpty)
    #expect(traces.map(\.id) == expected)
    #expect(traces.allSatisfy { $0.events.map(\.translation.y) == [-20, -100, -200, -200] })
    #expect(traces.last?.metadata["intent"] == "complete")
  }
}
