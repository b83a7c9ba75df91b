import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct BrowserSessionTests {
  func makeSession(token: String? = nil, variants: [String] = ["lyrics-swap"]) throws
    -> BrowserSession
  {
    var metadata = TraceMetadata()
    metadata.source = "browser"
    metadata.target = "lyrics-swap"
    return BrowserSession(
      .init(
        variants: try variants.map { try Variant(parsing: $0) }, slop: 10, scale: 1,
        estimator: .default, metadata: metadata, token: token))
  }

  func request(
    _ method: String, _ path: String, query: [String: String] = [:], body: String = "",
    headers: [String: String] = ["host": "127.0.0.1:8080"]
  ) -> HTTPRequest {
    HTTPRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8))
  }

  /// A gesture body: samples `(ms, x, y, action)`.
  func gesture(_ samples: [(Double, Double, Double, Int)], page: String = "p1") -> String {
    "page \(page)\npointer touch\ncapture pointer\nscale 3\nview 390 844\n"
      + "device Agent\u{1}X  (test)\n"
      + samples.map { "\($0.0) \($0.1) \($0.2) \($0.3)\n" }.joined()
  }

  func json(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  @Test func aSwipeBecomesATraceWithTheVariantsDecision() throws {
    var session = try makeSession()
    // Up 20, 100, then 200 pt from (100, 500): began, changed, changed, ended.
    let body = gesture([
      (1_000, 100, 500, 0), (1_016, 100, 480, 1), (1_032, 100, 400, 1), (1_048, 100, 300, 1),
      (1_049, 100, 300, 2),
    ])
    let (response, changes) = session.respond(
      to: request("POST", "/gesture", body: body), at: .milliseconds(5_000))
    #expect(response.status == .ok)
    let trace = try #require(session.traces.first)
    #expect(changes == [.append(trace)])
    #expect(trace.id == "g1")
    #expect(trace.events.map(\.phase) == [.began, .changed, .changed, .ended])
    #expect(trace.events.map(\.translation.y) == [-20, -100, -200, -200])
    // The page's first gesture ends when it arrived, 5 s into the recording.
    #expect(
      trace.events.map(\.time)
        == [4_967, 4_983, 4_999, 5_000].map { TraceTime.milliseconds($0) })
    #expect(trace.metadata.scale == 3)
    #expect(trace.metadata.viewSize == Vector2D(x: 390, y: 844))
    #expect(trace.metadata.device == "Agent X (test)")
    #expect(trace.metadata["pointer-type"] == "touch")
    #expect(trace.metadata["capture"] == "pointer")
    #expect(trace.metadata.target == "lyrics-swap")
    let answer = try json(response)
    #expect(answer["phase"] as? String == "ended")
    #expect(answer["events"] as? Int == 4)
    let decision = try #require((answer["decisions"] as? [[String: Any]])?.first)
    // lyrics-swap (y) swaps as soon as |ty| > 80: at the second event, 16 ms
    // after the began on the replay clock; the fade (> 20) too, not at 20.
    #expect(decision["outcome"] as? String == "complete")
    #expect(decision["decidedAt"] as? Double == 0.016)
    let crossings = (decision["thresholds"] as? [[String: Any]])?.map { $0["crossedAt"] as? Double }
    #expect(crossings == [0.016, 0.016])
  }

  @Test func laterGesturesOfAPageKeepItsClockAndTapsAreNoTrace() throws {
    var session = try makeSession()
    let first = gesture([(1_000, 0, 0, 0), (1_010, 0, 50, 1), (1_020, 0, 50, 2)])
    _ = session.respond(to: request("POST", "/gesture", body: first), at: .milliseconds(3_000))
    let tap = gesture([(1_500, 0, 0, 0), (1_510, 5, 5, 1), (1_520, 5, 5, 2)])
    let (tapAnswer, tapChanges) = session.respond(
      to: request("POST", "/gesture", body: tap), at: .milliseconds(9_000))
    #expect(tapChanges.isEmpty)
    #expect(try json(tapAnswer)["phase"] == nil)
    #expect(session.message.hasPrefix("Tap ignored"))
    let second = gesture([(2_000, 0, 0, 0), (2_010, 0, -50, 1), (2_020, 0, -50, 2)])
    _ = session.respond(to: request("POST", "/gesture", body: second), at: .milliseconds(9_000))
    // The offset is 3,000 − 1,020 = 1,980 ms for every gesture of page p1.
    #expect(
      session.traces.map { $0.events[0].time } == [.milliseconds(2_990), .milliseconds(3_990)])
  }

  @Test func keysLabelAndUndoAsInTheTerminal() throws {
    var session = try makeSession()
    let body = gesture([(0, 0, 0, 0), (10, 0, 50, 1), (20, 0, 50, 2)])
    _ = session.respond(to: request("POST", "/gesture", body: body), at: .milliseconds(100))
    let (labelled, changes) = session.respond(to: request("POST", "/key", body: "x"), at: .zero)
    var trace = session.traces[0]
    #expect(trace.metadata.intent == .cancel)
    #expect(changes == [.replaceLast(trace)])
    #expect(try json(labelled)["intent"] as? String == "cancel")
    _ = session.respond(to: request("POST", "/key", body: "c"), at: .zero)
    trace = session.traces[0]
    #expect(trace.metadata.intent == .complete)
    #expect(session.respond(to: request("POST", "/key", body: "s"), at: .zero).changes.isEmpty)
    #expect(
      session.respond(to: request("POST", "/key", body: "u"), at: .zero).changes == [.removeLast])
    #expect(session.traces.isEmpty)
    #expect(session.message == "g1 removed.")
    #expect(
      session.respond(to: request("POST", "/key", body: ""), at: .zero).response.status
        == .badRequest)
  }

  @Test(arguments: [
    ("GET", "/", 200), ("GET", "/state", 200), ("POST", "/", 405), ("GET", "/gesture", 405),
    ("GET", "/../etc/passwd", 404), ("GET", "/%2e%2e/etc/passwd", 404), ("GET", "/index.html", 404),
  ])
  func servesOnlyThePageAndItsAnswers(_ method: String, _ path: String, _ code: Int) throws {
    var session = try makeSession()
    #expect(session.respond(to: request(method, path), at: .zero).response.status.code == code)
  }

  @Test func theTokenIsNeededOffLoopback() throws {
    var session = try makeSession(token: "abc123")
    #expect(session.respond(to: request("GET", "/"), at: .zero).response.status == .forbidden)
    #expect(
      session.respond(to: request("GET", "/", query: ["token": "abc124"]), at: .zero)
        .response.status == .forbidden)
    let page = session.respond(
      to: request("GET", "/", query: ["token": "abc123"], headers: ["host": "192.168.1.5:8080"]),
      at: .zero
    ).response
    #expect(page.status == .ok)
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains("\"token\":\"abc123\""))
    #expect(!html.contains("/*SETTINGS*/"))
    #expect(!html.contains("http://") && !html.contains("https://"))
  }

  @Test func gesturesOutsideTheRulesAreRefusedWithTheirReason() throws {
    var session = try makeSession()
    let bodies = [
      "", "page p\n", gesture([(0, 0, 0, 1), (10, 0, 50, 2)]),
      gesture([(10, 0, 0, 0), (5, 0, 50, 2)]), gesture([(0, 0, 0, 0), (10, 0, 50, 0)]),
      gesture([(0, 0, 0, 0), (10, 0, 50, 7)]), gesture([(0, 0, 0, 0)]),
      gesture([(0, 0, 0, 0), (10, 0, 50, 2)]).replacing("touch\n", with: "finger\n"),
      gesture([(0, 0, 0, 0), (10, 0, 50, 2)]).replacing("scale 3", with: "scale nan"),
      gesture([(0, 0, 0, 0), (10, 0, 50, 2)]) + "page again\n",
    ]
    for body in bodies {
      let (response, changes) = session.respond(
        to: request("POST", "/gesture", body: body), at: .zero)
      #expect(response.status == .badRequest, "\(body)")
      #expect(changes.isEmpty)
    }
    #expect(session.traces.isEmpty)
  }
}
