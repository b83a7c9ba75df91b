import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The browser recorder with a transition that has a track: the page draws
/// it from its stops, and its label buttons and keys name them.
@Suite struct BrowserTrackPageTests {
  func makeSession(_ spec: String) throws -> BrowserSession {
    BrowserSession(
      .init(
        variants: [try Variant(parsing: spec, in: catalogWithTestDrawer())], slop: 10, scale: 1,
        estimator: .default, metadata: TraceMetadata(), token: nil))
  }

  func request(_ method: String, _ path: String, body: String = "") -> HTTPRequest {
    HTTPRequest(
      method: method, path: path, query: [:], headers: ["host": "127.0.0.1:8080"],
      body: Array(body.utf8))
  }

  func page(_ session: inout BrowserSession) -> String {
    let (response, _) = session.respond(to: request("GET", "/"), at: .zero)
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test func aThreeStopTrackHasItsStopsInTheSettingsAndOneButtonPerStop() throws {
    var session = try makeSession("test-drawer:half=250")
    let html = page(&session)
    #expect(
      html.contains(
        #""track":{"axis":"y","start":"closed","stops":[{"name":"open","position":0},"#
          + #"{"name":"half","position":250},{"name":"closed","position":520}]}"#))
    for (key, name) in [(1, "open"), (2, "half"), (3, "closed")] {
      #expect(
        html.contains(
          "<button id=\"stop-\(key)\" class=\"stop\" data-key=\"\(key)\">"
            + "\(name)<br><small>\(key)</small></button>"))
    }
    // The stop buttons take the place of complete and cancel; skip and undo stay.
    #expect(!html.contains("id=\"complete\""))
    #expect(!html.contains("id=\"cancel\""))
    #expect(html.contains("<button id=\"skip\" data-key=\"s\">"))
    #expect(html.contains("<button id=\"undo\" data-key=\"u\">"))
  }

  @Test func aSeedKeepsItsDrawingAndButtons() throws {
    var session = try makeSession("player-sheet")
    let html = page(&session)
    #expect(html.contains(#""track":null"#))
    #expect(html.contains("<button id=\"complete\" data-key=\"c\">"))
    #expect(html.contains("<button id=\"cancel\" data-key=\"x\">"))
    #expect(!html.contains("id=\"stop-1\""))
  }

  @Test func numberKeysLabelTheLatestTraceWithAStopAndCAndXSkip() throws {
    var session = try makeSession("test-drawer")
    // Up 300 pt from (100, 600): the drawer ends at 220 pt, nearest half.
    let body =
      "page p1\npointer touch\ncapture pointer\nscale 1\nview 390 844\ndevice A\n"
      + "1000 100 600 0\n1016 100 500 1\n1032 100 300 1\n1033 100 300 2\n"
    let (answer, _) = session.respond(
      to: request("POST", "/gesture", body: body), at: .milliseconds(2_000))
    let reply = String(decoding: answer.body, as: UTF8.self)
    #expect(reply.contains(#""outcome":"half""#))
    #expect(reply.contains("Label it: 1 open, 2 half, 3 closed, any other key skips."))
    let (_, skipped) = session.respond(to: request("POST", "/key", body: "c"), at: .zero)
    #expect(skipped.isEmpty)
    #expect(session.traces[0].metadata["intent"] == nil)
    let (labelled, changes) = session.respond(to: request("POST", "/key", body: "2"), at: .zero)
    var expected = session.traces[0]
    expected.metadata["intent"] = "half"
    #expect(changes == [.replaceLast(expected)])
    #expect(String(decoding: labelled.body, as: UTF8.self).contains(#""intent":"half""#))
    // A key past the last stop skips.
    let (_, none) = session.respond(to: request("POST", "/key", body: "4"), at: .zero)
    #expect(none.isEmpty)
    #expect(
      RecordedTraces.summary(of: session.traces, ending: .quit, output: "o.csv")
        == "Recorded 1 trace in 'o.csv': 0 complete, 0 cancel, 1 half, 0 unlabelled.\n")
  }
}
