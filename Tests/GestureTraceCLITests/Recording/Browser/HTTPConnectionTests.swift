import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The deadlines and screening of one browser-server connection, on a
/// virtual clock (no socket is touched before an answer is sent): a client
/// that sends a byte now and then cannot hold a connection (issue 29).
@Suite struct HTTPConnectionTests {
  /// A connection opened at 100 s with the default limits: 5 s for the
  /// request line and header, 2 s plus 1 s per 64 KiB for the body.
  private func connection() -> HTTPConnection {
    HTTPConnection(
      descriptor: -1, at: .milliseconds(100_000), limits: .init(), parserLimits: .init())
  }

  private func ms(_ value: Int64) -> TraceTime { .milliseconds(value) }

  @Test func bytesNowAndThenDoNotMoveTheHeaderDeadline() {
    var connection = connection()
    #expect(connection.deadline == ms(105_000))
    // One byte every 900 ms: before, each moved a 5 s idle deadline on,
    // up to 10 s; now the header must be in 5 s after the opening.
    for (step, byte) in "GET / HTTP/1.1\r\n".utf8.prefix(5).enumerated() {
      let time = ms(100_000 + 900 * Int64(step))
      #expect(connection.read([byte], at: time) == nil)
      #expect(connection.deadline == ms(105_000))
      #expect(connection.expire(at: time) == false)
    }
    #expect(connection.phase == .reading)
    // At the deadline a request cut short is answered 408.
    #expect(connection.expire(at: ms(105_000)) == false)
    #expect(connection.phase == .answering)
    #expect(connection.wantsToWrite)
  }

  @Test func aSilentConnectionIsClosedAtTheHeaderDeadline() {
    var connection = connection()
    #expect(connection.expire(at: ms(104_999)) == false)
    #expect(connection.expire(at: ms(105_000)) == true)
  }

  @Test func theBodyDeadlineGrowsWithItsLengthNotWithItsBytes() {
    var connection = connection()
    let head = "POST /gesture HTTP/1.1\r\nContent-Length: 131072\r\n\r\n"
    #expect(connection.read(Array(head.utf8), at: ms(101_000)) == nil)
    // 2 s + 131,072 bytes at 64 KiB/s (2 s) from the header's end.
    #expect(connection.deadline == ms(105_000))
    #expect(connection.read([UInt8](repeating: 0x31, count: 1_000), at: ms(104_000)) == nil)
    #expect(connection.deadline == ms(105_000))
    #expect(connection.expire(at: ms(105_000)) == false)
    #expect(connection.phase == .answering)
  }

  @Test func aRequestLineWithoutTheTokenIsAnsweredBeforeItsHeader() {
    var connection = connection()
    var seen: [(String, Bool)] = []
    let screen: (HTTPRequest, Bool) -> HTTPResponse? = { request, complete in
      seen.append((request.path, complete))
      return request.query["token"] == "good" ? nil : .text(.forbidden)
    }
    // Nothing to screen before the line end.
    #expect(
      connection.read(Array("POST /gesture HTTP/1.1".utf8), at: ms(100_000), screen: screen) == nil)
    #expect(seen.isEmpty && connection.phase == .reading)
    #expect(connection.read(Array("\r\nContent-Le".utf8), at: ms(100_001), screen: screen) == nil)
    #expect(seen.map(\.0) == ["/gesture"] && seen.map(\.1) == [false])
    #expect(connection.phase == .answering)
    // Nothing more is read.
    #expect(connection.read(Array("ngth: 0\r\n\r\n".utf8), at: ms(100_002), screen: screen) == nil)
    #expect(seen.count == 1)
  }

  @Test func aRequestWithTheTokenIsScreenedTwiceThenReturned() {
    var connection = connection()
    var seen: [Bool] = []
    let request = connection.read(
      Array("POST /key?token=good HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nu".utf8),
      at: ms(100_000)
    ) { request, complete in
      seen.append(complete)
      // The header is offered whole, before the body.
      if complete { #expect(request.headers["host"] == "a" && request.body.isEmpty) }
      return nil
    }
    #expect(seen == [false, true])
    #expect(request?.body == Array("u".utf8))
  }

  @Test func onlyConnectionsWithoutARequestLineOrWithTheirAnswerSentMayBeEvicted() {
    var fresh = connection()
    #expect(fresh.evictionRank?.0 == 1)
    _ = fresh.read(Array("GET / HT".utf8), at: ms(100_100))
    #expect(fresh.evictionRank?.0 == 1 && fresh.evictionRank?.1 == ms(100_000))
    _ = fresh.read(Array("TP/1.1\r\nHost".utf8), at: ms(100_200))
    #expect(fresh.evictionRank == nil)
    fresh.answer(.text(.ok))
    #expect(fresh.evictionRank == nil)
  }

  @Test func bytesSentAfterTheRequestDoNotMoveTheAnswerDeadline() {
    var connection = connection()
    let request = connection.read(Array("GET / HTTP/1.1\r\n\r\n".utf8), at: ms(100_500))
    #expect(request?.path == "/")
    connection.answer(.text(.ok))
    #expect(connection.deadline == ms(105_500))
    // Drained bytes: before, each moved the 5 s on.
    #expect(connection.read(Array("more".utf8), at: ms(104_000)) == nil)
    #expect(connection.deadline == ms(105_500))
  }

  /// A client that reads its answer a little every 4 s (never 5 s without
  /// progress) is closed 30 s after the answer was queued.
  @Test func anAnswerReadSlowlyIsClosedAfterItsWholeTime() throws {
    var pair: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { for end in pair { close(end) } }
    _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
    var connection = HTTPConnection(
      descriptor: pair[0], at: .milliseconds(100_000), limits: .init(), parserLimits: .init())
    _ = connection.read(Array("GET / HTTP/1.1\r\n\r\n".utf8), at: ms(100_000))
    connection.answer(
      HTTPResponse(.ok, contentType: "text/plain", body: [UInt8](repeating: 0x61, count: 16 << 20)))
    var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    var closedAt: TraceTime?
    for step in 0...10 {
      let time = ms(100_000 + 4_000 * Int64(step))
      if connection.expire(at: time) {
        closedAt = time
        break
      }
      let sending = connection.flush(at: time)
      #expect(sending)
      #expect(connection.wantsToWrite)
      _ = buffer.withUnsafeMutableBytes { recv(pair[1], $0.baseAddress, $0.count, 0) }
    }
    // Progress at every step: the idle 5 s never ran out; the 30 s did,
    // at the first step past them.
    #expect(closedAt == ms(132_000))
  }
}
