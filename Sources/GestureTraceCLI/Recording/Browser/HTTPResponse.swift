/// An HTTP/1.1 response of the browser recorder's server.
///
/// Every response closes its connection (`Connection: close`): the page
/// makes one request per gesture or key, so keeping connections open would
/// save little and leave the server more to bound. Every response also
/// forbids caching and content sniffing, and the page may load nothing but
/// itself (`Content-Security-Policy`).
struct HTTPResponse: Sendable, Hashable {
  /// A status code and its reason phrase.
  struct Status: Sendable, Hashable {
    /// The code, such as 200.
    var code: Int
    /// The reason phrase, such as `OK`.
    var reason: String

    static let ok = Status(code: 200, reason: "OK")
    static let badRequest = Status(code: 400, reason: "Bad Request")
    static let forbidden = Status(code: 403, reason: "Forbidden")
    static let notFound = Status(code: 404, reason: "Not Found")
    static let methodNotAllowed = Status(code: 405, reason: "Method Not Allowed")
    static let requestTimeout = Status(code: 408, reason: "Request Timeout")
    static let contentTooLarge = Status(code: 413, reason: "Content Too Large")
    static let headersTooLarge = Status(code: 431, reason: "Request Header Fields Too Large")
    static let notImplemented = Status(code: 501, reason: "Not Implemented")
    static let unavailable = Status(code: 503, reason: "Service Unavailable")
    static let versionNotSupported = Status(code: 505, reason: "HTTP Version Not Supported")
  }

  /// The page's only sources: itself, inline.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
    + "frame-ancestors 'none'"

  /// The status.
  var status: Status
  /// The media type of the body.
  var contentType: String
  /// The body.
  var body: [UInt8]
  /// More header fields, such as `Allow`.
  var extraHeaders: [(name: String, value: String)] = []

  /// A response with a body.
  init(_ status: Status, contentType: String, body: [UInt8]) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// A plain-text response: the status line's words, then `detail` if any.
  static func text(_ status: Status, _ detail: String? = nil) -> HTTPResponse {
    var text = "\(status.code) \(status.reason)\n"
    if let detail { text += detail + "\n" }
    return HTTPResponse(status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
  }

  /// A JSON response.
  static func json(_ text: String, status: Status = .ok) -> HTTPResponse {
    HTTPResponse(status, contentType: "application/json", body: Array(text.utf8))
  }

  /// The bytes sent: status line, header fields, blank line, body.
  var bytes: [UInt8] {
    var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    head += "Content-Type: \(contentType)\r\n"
    head += "Content-Length: \(body.count)\r\n"
    head += "Connection: close\r\n"
    head += "Cache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\n"
    head += "Referrer-Policy: no-referrer\r\n"
    head += "Content-Security-Policy: \(Self.contentSecurityPolicy)\r\n"
    for header in extraHeaders { head += "\(header.name): \(header.value)\r\n" }
    head += "\r\n"
    return Array(head.utf8) + body
  }

  static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
      && lhs.extraHeaders.elementsEqual(rhs.extraHeaders) { $0 == $1 }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(status)
    hasher.combine(body)
  }
}
