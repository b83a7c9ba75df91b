import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The browser recorder's server under a slow-connection attack, end to
/// end with real sockets (issue 29): 40 connections that sent one byte,
/// or a request line without the token, held all 32 slots and locked a
/// client with the token out; a byte every 4.9 s kept a slot for 10 s.
@Suite struct BrowserSlowClientTests {
  /// Whether the server still holds a connection open: nothing to read
  /// yet, and no end of stream.
  private func isOpen(_ client: RawHTTPClient) -> Bool {
    var byte: UInt8 = 0
    let count = recv(client.descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
    return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
  }

  @Test func fortyConnectionsThatSentOneByteDoNotLockAClientOut() throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    defer { _ = recorder.interrupt() }
    let opened = ContinuousClock.now
    var slow: [RawHTTPClient] = []
    defer { for client in slow { client.close() } }
    for _ in 0..<40 {
      let client = try recorder.connect()
      try client.send(Array("G".utf8))
      slow.append(client)
    }
    // Before, every slot was taken: 503.
    let answer = try recorder.postGesture()
    #expect(answer.status == 200, "\(String(decoding: answer.bytes, as: UTF8.self))")
    #expect(recorder.traces().traces.map(\.id) == ["g1"])
    // The gesture took the slot of the oldest slow connection, and each of
    // the 8 past 32 another's: 31 still wait for their request (unless
    // this machine was so slow that their 5 s ran out).
    let stillOpen = slow.filter(isOpen).count
    if ContinuousClock.now - opened < .seconds(4) {
      #expect(stillOpen == 31)
      #expect(slow.prefix(9).allSatisfy { !isOpen($0) })
    }
  }

  @Test func fortyRefusedClientsThatDoNotCloseDoNotLockAClientOut() throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    defer { _ = recorder.interrupt() }
    var refused: [RawHTTPClient] = []
    defer { for client in refused { client.close() } }
    // Each sends a request line without the token and a header that never
    // ends, then neither reads nor closes.
    for _ in 0..<40 {
      let client = try recorder.connect()
      try client.send(Array("POST /gesture HTTP/1.1\r\nContent-Length: 900000\r\nX: ".utf8))
      refused.append(client)
    }
    let answer = try recorder.postGesture()
    #expect(answer.status == 200, "\(String(decoding: answer.bytes, as: UTF8.self))")
    #expect(recorder.traces().traces.map(\.id) == ["g1"])
  }

  @Test func aRequestLineWithoutTheTokenIsAnsweredAtOnce() throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    defer { _ = recorder.interrupt() }
    for line in [
      "POST /gesture HTTP/1.1\r\n", "POST /gesture?token=0123 HTTP/1.1\n",
      "GET /?token= HTTP/1.1\r\nHost: a\r\nContent-Length: 5000",
    ] {
      let client = try recorder.connect()
      try client.send(Array(line.utf8))
      // The header and body never come: only an answer to the request line
      // can end this (before, 408 once the request's time ran out).
      let answer = client.readAnswer()
      client.close()
      #expect(answer.status == 403, "\(line)")
      #expect(answer.body.contains("needs the token"))
    }
    #expect(try recorder.postGesture().status == 200)
  }

  @Test func aRequestSentOneByteAtATimeMustArriveWithinItsDeadline() throws {
    let recorder = try BrowserRecorderProcess(host: "0.0.0.0")
    defer { _ = recorder.interrupt() }
    let client = try recorder.connect()
    defer { client.close() }
    let opened = ContinuousClock.now
    let request = Array(
      "GET /\(recorder.query) HTTP/1.1\r\nHost: a\r\nX-Slow: \(String(repeating: "a", count: 500))"
        .utf8)
    var answered = false
    // A byte every 0.25 s: before, each moved the deadline on, to 10 s.
    for byte in request where ContinuousClock.now - opened < .seconds(12) {
      try? client.send([byte])
      usleep(250_000)
      if !isOpen(client) {
        answered = true
        break
      }
    }
    let elapsed = ContinuousClock.now - opened
    #expect(answered)
    #expect(client.readAnswer().status == 408)
    // The header's 5 s from the opening (slack for a loaded machine).
    #expect(elapsed < .seconds(8), "\(elapsed)")
  }
}
