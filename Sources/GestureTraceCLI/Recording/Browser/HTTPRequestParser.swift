/// Reads one HTTP/1.x request from bytes as they arrive, within limits: a
/// pure value, without sockets.
///
/// Push each chunk read from a connection; the parser answers
/// ``Result/incomplete`` until the request line, the header fields and a
/// body of exactly `Content-Length` bytes are in, then the request. It
/// rejects, with the status to answer, anything it will not read:
///
/// - 431 when the request line and header fields pass
///   ``Limits/headerBytes`` (or ``Limits/headerFields`` fields);
/// - 413 when `Content-Length` passes ``Limits/bodyBytes`` (said as soon
///   as the header is in, before any of the body is read);
/// - 501 for `Transfer-Encoding` (chunked bodies are not read);
/// - 505 for an HTTP version other than 1.0 and 1.1;
/// - 400 for everything else malformed: a request line that is not
///   `METHOD SP target SP HTTP/x.y`, a target not starting with `/`, a
///   control byte or space in the target, a header line without a name and
///   colon (or folded onto the previous one), a `Content-Length` that is not
///   digits, or two that differ.
///
/// The request line is read (and rejected, when malformed) as soon as its
/// line end is in, and offered as ``requestLine``, so that the server can
/// refuse a request without its token before reading the rest; the request
/// line and header fields are offered as ``headRequest`` before the body.
///
/// Lines may end with CRLF or a bare LF. Bytes after the body are ignored:
/// the server answers one request per connection.
struct HTTPRequestParser: Sendable {
  /// How much a request may hold.
  struct Limits: Sendable, Hashable {
    /// The request line and header fields, with their line ends.
    var headerBytes = 8 * 1024
    /// The number of header fields.
    var headerFields = 64
    /// The body.
    var bodyBytes = 1 << 20
  }

  /// What the bytes so far make.
  enum Result: Sendable, Hashable {
    /// More bytes are needed.
    case incomplete
    /// A whole request.
    case request(HTTPRequest)
    /// A request the server will not read; answer with this status and
    /// close.
    case rejected(HTTPResponse.Status, String)
  }

  /// The limits.
  let limits: Limits
  private var buffer: [UInt8] = []
  /// Where the search for the header's end goes on from.
  private var scanned = 0
  /// The request without its body, and the body's length, once the header
  /// is in.
  private var head: (request: HTTPRequest, bodyStart: Int, bodyLength: Int)?
  /// The result once final.
  private var final: Result?
  /// The request line as a request without header fields or body, once
  /// its line end is in.
  private(set) var requestLine: HTTPRequest?
  /// Where the search for the request line's end goes on from.
  private var lineScanned = 0

  /// Creates a parser with no bytes yet.
  init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Whether no byte has come yet.
  var isEmpty: Bool { buffer.isEmpty }

  /// The request line and header fields as a request without its body,
  /// once they are in (and its body's length is within the limit).
  var headRequest: HTTPRequest? { head?.request }

  /// The body's length (`Content-Length`), once the header fields are in.
  var bodyLength: Int? { head?.bodyLength }

  /// Adds bytes; returns what the bytes so far make. Once a request or a
  /// rejection is returned, later pushes return it again.
  mutating func push(_ bytes: some Collection<UInt8>) -> Result {
    if let final { return final }
    // NB: nothing past the largest request allowed is kept.
    let capacity =
      head.map { $0.bodyStart + $0.bodyLength } ?? limits.headerBytes + 4 + limits.bodyBytes
    buffer.append(contentsOf: bytes.prefix(max(capacity - buffer.count, 0)))
    let result = parse()
    if result != .incomplete { final = result }
    return result
  }

  private mutating func parse() -> Result {
    let tooLarge = "The request line and headers pass \(limits.headerBytes) bytes."
    if requestLine == nil {
      guard let end = buffer[lineScanned...].firstIndex(of: UInt8(ascii: "\n")) else {
        lineScanned = buffer.count
        if buffer.count > limits.headerBytes { return .rejected(.headersTooLarge, tooLarge) }
        return .incomplete
      }
      if end > limits.headerBytes { return .rejected(.headersTooLarge, tooLarge) }
      let line = buffer[..<end]
      switch Self.readRequestLine(line.last == UInt8(ascii: "\r") ? line.dropLast() : line) {
      case .failure(let rejection): return .rejected(rejection.status, rejection.message)
      case .success(let request): requestLine = request
      }
    }
    if head == nil {
      guard let (end, next) = headerEnd() else {
        if buffer.count > limits.headerBytes {
          return .rejected(.headersTooLarge, tooLarge)
        }
        return .incomplete
      }
      if end > limits.headerBytes {
        return .rejected(.headersTooLarge, tooLarge)
      }
      switch readHead(buffer[..<end]) {
      case .failure(let rejection):
        return .rejected(rejection.status, rejection.message)
      case .success(let (request, length)):
        if length > limits.bodyBytes {
          return .rejected(.contentTooLarge, "The body passes \(limits.bodyBytes) bytes.")
        }
        head = (request, next, length)
      }
    }
    guard let head, buffer.count - head.bodyStart >= head.bodyLength else { return .incomplete }
    var request = head.request
    request.body = Array(buffer[head.bodyStart..<(head.bodyStart + head.bodyLength)])
    return .request(request)
  }

  /// Where the header ends (before its blank line) and the body starts.
  private mutating func headerEnd() -> (Int, Int)? {
    var index = max(scanned, 0)
    while index < buffer.count {
      if buffer[index] == UInt8(ascii: "\n") {
        // A blank line: LF LF or LF CR LF.
        if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") {
          return (index + 1, index + 2)
        }
        if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"),
          buffer[index + 2] == UInt8(ascii: "\n")
        {
          return (index + 1, index + 3)
        }
        if index + 2 >= buffer.count {
          scanned = index
          return nil
        }
      }
      index += 1
    }
    scanned = index
    return nil
  }

  private struct Rejection: Error {
    var status: HTTPResponse.Status
    var message: String
  }

  /// Reads the request line and header fields (`bytes` ends after the
  /// last field's line end).
  private func readHead(
    _ bytes: ArraySlice<UInt8>
  ) -> Swift.Result<(HTTPRequest, Int), Rejection> {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    lines = lines.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
    guard let first = lines.first else {
      return .failure(Rejection(status: .badRequest, message: "The request line is missing."))
    }
    let request: HTTPRequest
    switch Self.readRequestLine(first) {
    case .failure(let rejection): return .failure(rejection)
    case .success(let line): request = line
    }
    var headers: [String: String] = [:]
    var contentLength: Int?
    guard lines.count - 1 <= limits.headerFields else {
      return .failure(
        Rejection(
          status: .headersTooLarge, message: "More than \(limits.headerFields) header fields."))
    }
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line[..<colon].allSatisfy(Self.isTokenByte),
        line[(colon + 1)...].allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
      else {
        return .failure(
          Rejection(status: .badRequest, message: "Expected a header field 'Name: value'."))
      }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
        .trimmingSpaces
      if name == "transfer-encoding" {
        return .failure(
          Rejection(status: .notImplemented, message: "Transfer-Encoding is not supported."))
      }
      if name == "content-length" {
        guard !value.isEmpty, value.count <= 18,
          value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(value),
          contentLength == nil || contentLength == length
        else {
          return .failure(
            Rejection(status: .badRequest, message: "Expected one Content-Length in digits."))
        }
        contentLength = length
      }
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    var withHeaders = request
    withHeaders.headers = headers
    return .success((withHeaders, contentLength ?? 0))
  }

  /// Reads the request line (without its line end): a request without
  /// header fields or body.
  private static func readRequestLine(
    _ first: ArraySlice<UInt8>
  ) -> Swift.Result<HTTPRequest, Rejection> {
    let parts = first.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else {
      return .failure(
        Rejection(status: .badRequest, message: "Expected 'METHOD /path HTTP/1.1' first."))
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      let looksLikeHTTP =
        version.hasPrefix("HTTP/") && version.count == 8
        && version.dropFirst(5).enumerated().allSatisfy { offset, character in
          offset == 1 ? character == "." : character.isASCII && character.isNumber
        }
      return .failure(
        looksLikeHTTP
          ? Rejection(status: .versionNotSupported, message: "Only HTTP/1.0 and 1.1 are served.")
          : Rejection(status: .badRequest, message: "Expected 'HTTP/1.1' after the target."))
    }
    let target = parts[1]
    guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else {
      return .failure(
        Rejection(status: .badRequest, message: "Expected a target starting with '/'."))
    }
    let targetText = String(decoding: target, as: UTF8.self)
    let pathEnd = targetText.firstIndex { $0 == "?" || $0 == "#" } ?? targetText.endIndex
    var query = Substring("")
    if pathEnd < targetText.endIndex, targetText[pathEnd] == "?" {
      let rest = targetText[targetText.index(after: pathEnd)...]
      query = rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)]
    }
    return .success(
      HTTPRequest(
        method: String(decoding: parts[0], as: UTF8.self),
        path: String(targetText[..<pathEnd]), query: HTTPRequest.parameters(of: query),
        headers: [:], body: []))
  }

  /// Whether a byte may be in a method or header name (RFC 9110 `tchar`).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = lastIndex(where: { !isSpace($0) })!
    return String(self[start...end])
  }
}
