import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The browser recorder's server against clients that misbehave, end to
/// end: each test starts the built recorder on a network address (so every
/// request needs the token), records one gesture, sends something hostile,
/// and checks that it was answered or closed, that the recorder still
/// serves the page and takes gestures, and — after SIGINT — that the file
/// holds exactly the traces sent, valid. A connection or a process that
/// never ends is reported as its test's failure at the time limit.
@Suite(.timeLimit(.minutes(2))) struct BrowserServerHostileTests {
  /// A misbehaving client: what it sends, and the status it must get
  /// (`nil`: the server closes without a word).
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var status: Int?
    var send: @Sendable (BrowserRecorderProcess, RawHTTPClient) throws -> Void
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "no token", status: 403) { recorder, client in
      try client.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    },
    Case(name: "wrong token", status: 403) { recorder, client in
      let wrong = String(repeating: "0", count: 32)
      try client.send(Array("GET /?token=\(wrong) HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    },
    Case(name: "oversize header", status: 431) { recorder, client in
      let filler = String(repeating: "a", count: 20_000)
      try client.send(
        Array("GET /\(recorder.query) HTTP/1.1\r\nX-Filler: \(filler)\r\n\r\n".utf8))
    },
    Case(name: "oversize body", status: 413) { recorder, client in
      try client.send(
        Array(
          "POST /gesture\(recorder.query) HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n".utf8)
          + Array(repeating: UInt8(ascii: "7"), count: 100_000))
    },
    Case(name: "chunked body", status: 501) { recorder, client in
      try client.send(
        Array(
          ("POST /gesture\(recorder.query) HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5\r\nhello\r\n0\r\n\r\n").utf8))
    },
    Case(name: "garbage bytes", status: 400) { recorder, client in
      var generator = SplitMix64(seed: 19)
      var bytes = (0..<3_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      bytes += Array("\r\n\r\n".utf8)
      try client.send(bytes)
    },
    Case(name: "path outside the page", status: 404) { recorder, client in
      try client.send(
        Array("GET /../etc/passwd\(recorder.query) HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    },
    Case(name: "malformed gesture", status: 400) { recorder, client in
      let body = "page p\npointer touch\n0 1 2 0\n"
      try client.send(
        Array(
          ("POST /gesture\(recorder.query) HTTP/1.1\r\nContent-Length: \(body.utf8.count)"
            + "\r\n\r\n\(body)").utf8))
    },
    Case(name: "a request that stalls", status: 408) { recorder, client in
      try client.send(Array("GET /\(recorder.query) HTTP/1.1\r\nHost: 127".utf8))
    },
    Case(name: "an idle connection", status: nil) { recorder, client in
      // Nothing sent; meanwhile others are served.
      let page = try recorder.exchange("GET /\(recorder.query) HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(page.status == 200)
    },
  ]

  @Test(arguments: cases)
  func hostileClientIsAnsweredAndTheRecordingGoesOn(_ hostile: Case) throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    var stopped = false
    defer { if !stopped { _ = recorder.interrupt() } }
    let token = try #require(recorder.token)
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
    #expect(try recorder.postGesture().status == 200)

    let client = try recorder.connect()
    try hostile.send(recorder, client)
    let answer = client.readAnswer()
    client.close()
    #expect(answer.status == hostile.status, "\(String(decoding: answer.bytes, as: UTF8.self))")
    if hostile.status == 404 { #expect(!answer.body.contains("root:")) }

    #expect(recorder.isRunning)
    let page = try recorder.exchange("GET /\(recorder.query) HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(page.status == 200)
    #expect(page.body.hasPrefix("<!doctype html>"))
    #expect(try recorder.postGesture().status == 200)
    stopped = true
    #expect(recorder.interrupt() == 130)

    let (traces, problems) = recorder.traces()
    #expect(problems.isEmpty)
    #expect(traces.map(\.id) == ["g1", "g2"])
    for trace in traces {
      #expect(trace.violations.isEmpty)
      #expect(trace.events.map(\.translation.y) == [-20, -100, -200, -200])
    }
    #expect(run(["validate", recorder.output]).exitCode == .success)
  }

  @Test func requestSentByteByByteIsAnswered() throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    defer { _ = recorder.interrupt() }
    let body = BrowserRecorderProcess.gestureBody
    let request =
      "POST /gesture\(recorder.query) HTTP/1.1\r\nHost: a\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    let client = try recorder.connect()
    for byte in request.utf8 { try client.send([byte]) }
    let answer = client.readAnswer()
    client.close()
    #expect(answer.status == 200)
    #expect(answer.body.contains("\"phase\":\"ended\""))
    #expect(recorder.traces().traces.map(\.id) == ["g1"])
  }

  @Test func loopbackRefusesForeignHostsAndOrigins() throws {
    let recorder = try BrowserRecorderProcess()
    defer { _ = recorder.interrupt() }
    #expect(recorder.token == nil)
    let host = "127.0.0.1:\(recorder.port)"
    #expect(try recorder.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").status == 200)
    // A site whose name was rebound to 127.0.0.1.
    #expect(
      try recorder.exchange("GET / HTTP/1.1\r\nHost: evil.example:\(recorder.port)\r\n\r\n")
        .status == 403)
    // Another site's page posting a key.
    #expect(
      try recorder.exchange(
        "POST /key HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://evil.example\r\n"
          + "Content-Length: 1\r\n\r\nu"
      ).status == 403)
    #expect(
      try recorder.exchange(
        "POST /key HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\n"
          + "Content-Length: 1\r\n\r\nu"
      ).status == 200)
  }
}
