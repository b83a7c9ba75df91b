import GestureTrace
import Testing

@testable import GestureTraceCLI

/// What the browser recorder prints to the terminal quotes its input
/// escaped (issue 29): the output's path and the host name in the
/// announcement and the closing summary. Nothing a client sends is printed:
/// request lines and user agents go only to the file (a user agent as a
/// metadata value, its control characters made spaces).
@Suite struct BrowserTerminalEscapingTests {
  static let hostile = "a\u{1B}[2J\nb\rc\u{7}.csv"
  static let escaped = #"a\u001b[2J\u000ab\u000dc\u0007.csv"#

  @Test func theAnnouncementQuotesThePathAndHostEscaped() {
    let text = BrowserRecorder.announcement(
      host: "h\u{1B}]0;x\u{7}", port: 8080, token: nil, output: Self.hostile, addresses: [])
    #expect(
      text
        == "Recording to '\(Self.escaped)'. Open in a browser:\n"
        + #"  http://h\u001b]0;x\u0007:8080/"# + "\n"
        + "Ctrl-C stops; every finished gesture is kept.\n")
  }

  @Test func theSummaryQuotesThePathEscaped() {
    let text = RecordedTraces.summary(of: [], ending: .quit, output: Self.hostile)
    #expect(text == "Recorded 0 traces in '\(Self.escaped)': 0 complete, 0 cancel, 0 unlabelled.\n")
  }

  @Test func aUserAgentWithControlCharactersIsAPlainMetadataValue() throws {
    let body =
      "page p\npointer touch\ncapture touch\nscale 2\nview 390 844\n"
      + "device Evil\u{1B}[2J\r\nagent\u{85}x\u{2028}y\n0 1 2 0\n5 1 40 2\n"
    // The CR LF after the ESC sequence ends the line: "agent…" is a line.
    #expect(
      throws: BrowserGesture.Problem(
        "Line 7: expected one of page, pointer, capture, scale, view, device, once each.")
    ) {
      try BrowserGesture(text: Array(body.utf8))
    }
    let oneLine = body.replacingOccurrences(of: "\r\n", with: "\r")
    let gesture = try BrowserGesture(text: Array(oneLine.utf8))
    #expect(gesture.device == "Evil [2J agent x y")
  }
}
