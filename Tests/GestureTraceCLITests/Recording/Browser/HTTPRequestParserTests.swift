import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct HTTPRequestParserTests {
  static let post =
    "POST /gesture?token=ab%20c&x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 5\r\n"
    + "X-Twice: a\r\nx-twice:  b \r\n\r\nhello"

  static let expected = HTTPRequest(
    method: "POST", path: "/gesture", query: ["token": "ab c", "x": ""],
    headers: ["host": "127.0.0.1:8080", "content-length": "5", "x-twice": "a, b"],
    body: Array("hello".utf8))

  @Test func readsARequestWithItsQueryHeadersAndBody() {
    var parser = HTTPRequestParser()
    #expect(parser.push(Array(Self.post.utf8)) == .request(Self.expected))
  }

  @Test(arguments: [1, 2, 3, 7, 64])
  func readsTheSameRequestInPiecesOfAnySize(_ size: Int) {
    var parser = HTTPRequestParser()
    let bytes = Array(Self.post.utf8)
    var results: [HTTPRequestParser.Result] = []
    for start in stride(from: 0, to: bytes.count, by: size) {
      results.append(parser.push(bytes[start..<min(start + size, bytes.count)]))
    }
    #expect(results.last == .request(Self.expected))
    #expect(results.dropLast().allSatisfy { $0 == .incomplete })
  }

  @Test func acceptsBareLineFeedsAndIgnoresBytesAfterTheBody() {
    var parser = HTTPRequestParser()
    let result = parser.push(Array("GET / HTTP/1.0\nHost: a\n\nGET /other HTTP/1.1\n\n".utf8))
    #expect(
      result
        == .request(
          HTTPRequest(method: "GET", path: "/", query: [:], headers: ["host": "a"], body: [])))
  }

  @Test(arguments: [
    ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9_000) + "\r\n\r\n", 431),
    ("GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 65) + "\r\n", 431),
    ("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", 413),
    ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ("GET / HTTP/2.0\r\n\r\n", 505),
    ("GET / HTTP/1.1 extra\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\n\r\n", 400),
    ("GET http://x/ HTTP/1.1\r\n\r\n", 400),
    ("GET /a\u{7F}b HTTP/1.1\r\n\r\n", 400),
    ("GET / FTP/1.1\r\n\r\n", 400),
    ("G(T / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nA: b\u{1}c\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
    ("\r\n\r\n", 400),
  ])
  func rejectsWithTheStatusToAnswer(_ request: String, _ code: Int) {
    var parser = HTTPRequestParser()
    guard case .rejected(let status, _) = parser.push(Array(request.utf8)) else {
      Issue.record("not rejected")
      return
    }
    #expect(status.code == code)
  }

  @Test func saysTooLargeBeforeTheBodyArrivesAndKeepsNoMoreThanTheLimit() {
    var parser = HTTPRequestParser(limits: .init(headerBytes: 64, headerFields: 4, bodyBytes: 8))
    #expect(parser.push(Array("POST / HTTP/1.1\r\nContent-Length: 8\r\n\r\n".utf8)) == .incomplete)
    #expect(
      parser.push(Array("12345678 and more".utf8))
        == .request(
          HTTPRequest(
            method: "POST", path: "/", query: [:], headers: ["content-length": "8"],
            body: Array("12345678".utf8))))
    var large = HTTPRequestParser(limits: .init(headerBytes: 64, headerFields: 4, bodyBytes: 8))
    guard
      case .rejected(let status, _) = large.push(
        Array("POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\n".utf8))
    else {
      Issue.record("not rejected")
      return
    }
    #expect(status == .contentTooLarge)
  }

  /// The request line is read as soon as its line end is in: offered to
  /// screen (the token), or rejected, without waiting for the header.
  @Test(arguments: ["\r\n", "\n"])
  func readsTheRequestLineBeforeTheHeaderEnds(_ lineEnd: String) {
    var parser = HTTPRequestParser()
    #expect(parser.push(Array("POST /key?token=a%20b HTTP/1.1".utf8)) == .incomplete)
    #expect(parser.requestLine == nil)
    #expect(parser.push(Array("\(lineEnd)Host: a\(lineEnd)".utf8)) == .incomplete)
    #expect(
      parser.requestLine
        == HTTPRequest(
          method: "POST", path: "/key", query: ["token": "a b"], headers: [:], body: []))
    #expect(parser.headRequest == nil)
    #expect(parser.push(Array("Content-Length: 1\(lineEnd)\(lineEnd)".utf8)) == .incomplete)
    #expect(parser.headRequest?.headers == ["host": "a", "content-length": "1"])
    #expect(parser.bodyLength == 1)
    var malformed = HTTPRequestParser()
    guard case .rejected(let status, _) = malformed.push(Array("GET / FTP/1.1\(lineEnd)X".utf8))
    else {
      Issue.record("not rejected")
      return
    }
    #expect(status == .badRequest)
  }

  @Test func percentDecodesQueriesKeepingMalformedEscapes() {
    #expect(
      HTTPRequest.parameters(of: "a=%41%zz+b&a=second&%E2%9C%93=%ff")
        == ["a": "A%zz b", "✓": "\u{FFFD}"])
  }

  @Test func aResponseClosesItsConnectionAndForbidsOtherSources() {
    let text = String(decoding: HTTPResponse.text(.notFound).bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    #expect(text.contains("\r\nContent-Length: 14\r\n"))
    #expect(text.contains("\r\nConnection: close\r\n"))
    #expect(text.contains("\r\nContent-Security-Policy: default-src 'none';"))
    #expect(text.hasSuffix("\r\n\r\n404 Not Found\n"))
  }
}
