import GestureTrace

/// One client connection of the browser recorder's server: reading a
/// request, sending its answer, then closing.
///
/// A connection reads one request (``HTTPRequestParser``), gets one answer,
/// sends it as the socket takes it, then shuts its sending side and drains
/// what the client still sends until the client closes (so a client still
/// sending a refused body reads the answer instead of a reset), within
/// ``Limits/linger``.
///
/// Every phase has a deadline (``deadline``) that no byte moves, so a
/// client sending a byte now and then cannot hold a connection: the
/// request line and header fields must be in within ``Limits/head`` of the
/// connection's opening, and the body within ``Limits/body`` plus its
/// length at ``Limits/bodyBytesPerSecond`` of the header's end. A
/// connection that sent nothing by then is closed; one cut short gets 408.
/// One whose client does not read its answer is closed after
/// ``Limits/idle`` without progress, or ``Limits/answer`` in all.
///
/// The request line is screened as soon as it is in, and the header before
/// the body is read (``read(_:at:screen:)``): the server refuses a request
/// without its token at once instead of waiting for the rest.
struct HTTPConnection {
  /// How long a connection may take.
  struct Limits: Sendable, Hashable {
    /// The longest the request line and header fields may take to arrive,
    /// from the connection's opening (whatever comes meanwhile).
    var head = TraceTime.milliseconds(5_000)
    /// The time the body may take on top of its length at
    /// ``bodyBytesPerSecond``, from the header's end.
    var body = TraceTime.milliseconds(2_000)
    /// The slowest rate a body may arrive at.
    var bodyBytesPerSecond = 64 * 1024
    /// The longest the answer may wait without progress to be read.
    var idle = TraceTime.milliseconds(5_000)
    /// The longest the answer may take to be read in all (a client reading
    /// a byte now and then cannot hold the connection either).
    var answer = TraceTime.milliseconds(30_000)
    /// How long a closing connection drains what the client still sends.
    var linger = TraceTime.milliseconds(2_000)

    /// The longest a body of `length` bytes may take, from the header's end.
    func bodyTime(_ length: Int) -> TraceTime {
      body + TraceTime.milliseconds(Int64(length) * 1_000 / Int64(max(bodyBytesPerSecond, 1)))
    }
  }

  /// What a connection is doing.
  enum Phase: Equatable {
    /// Reading the request.
    case reading
    /// Sending the answer.
    case answering
    /// Answer sent, sending side shut: draining until the client closes.
    case closing
  }

  /// The socket.
  let descriptor: Int32
  /// The time limits.
  let limits: Limits
  /// When it was accepted, on the recorder's clock.
  let opened: TraceTime
  /// When a byte of the request last came, then when a byte of the
  /// answer last went.
  private(set) var lastActivity: TraceTime
  /// When the answer was queued.
  private var answerQueued = TraceTime.zero
  /// What it is doing.
  private(set) var phase = Phase.reading
  /// The request being read.
  private(set) var parser: HTTPRequestParser
  /// The answer's bytes, and how many were sent.
  private var output: [UInt8] = []
  private var sent = 0
  private var closingSince = TraceTime.zero
  /// When the request line and header fields were in.
  private var headEnded: TraceTime?
  /// Whether the request line, and the header, were screened.
  private var screenedLine = false
  private var screenedHead = false

  /// A connection accepted at `time`.
  init(
    descriptor: Int32, at time: TraceTime, limits: Limits,
    parserLimits: HTTPRequestParser.Limits
  ) {
    self.descriptor = descriptor
    self.limits = limits
    opened = time
    lastActivity = time
    parser = HTTPRequestParser(limits: parserLimits)
  }

  /// Whether it waits to send.
  var wantsToWrite: Bool { phase == .answering }

  /// Reads the bytes that came at `time`: the request, once whole;
  /// `nil` otherwise, and when the request was refused (its answer
  /// queued).
  ///
  /// `screen` sees the request line as soon as it is in (without header
  /// fields; `false`), then the request line and header fields before the
  /// body (`true`); an answer it gives is queued at once and the rest of
  /// the request is not read.
  mutating func read(
    _ bytes: [UInt8], at time: TraceTime,
    screen: (HTTPRequest, _ headerComplete: Bool) -> HTTPResponse? = { _, _ in nil }
  ) -> HTTPRequest? {
    // NB: what a client sends after its request (drained) moves nothing.
    guard phase == .reading else { return nil }
    lastActivity = time
    let result = parser.push(bytes)
    if case .rejected(let status, let reason) = result {
      answer(.text(status, reason))
      return nil
    }
    if !screenedLine, let line = parser.requestLine {
      screenedLine = true
      if let refusal = screen(line, false) {
        answer(refusal)
        return nil
      }
    }
    if !screenedHead, let head = parser.headRequest {
      screenedHead = true
      headEnded = time
      if let refusal = screen(head, true) {
        answer(refusal)
        return nil
      }
    }
    if case .request(let request) = result { return request }
    return nil
  }

  /// Whether the connection may be closed to make room for a new one, and
  /// how readily (the smaller first): its answer all sent (0, by when), or
  /// no complete request line sent yet (1, by its opening); `nil` for a
  /// connection with a request under way.
  var evictionRank: (Int, TraceTime)? {
    switch phase {
    case .closing: (0, closingSince)
    case .reading where parser.requestLine == nil: (1, opened)
    default: nil
    }
  }

  /// Queues the answer, as of the last byte read (the request's end).
  mutating func answer(_ response: HTTPResponse) {
    guard phase == .reading else { return }
    output = response.bytes
    sent = 0
    phase = .answering
    answerQueued = lastActivity
  }

  /// Sends what the socket takes; false when the connection failed.
  mutating func flush(at time: TraceTime) -> Bool {
    guard phase == .answering else { return true }
    guard let count = Platform.sendSome(descriptor, output[sent...]) else { return false }
    if count > 0 { lastActivity = time }
    sent += count
    if sent == output.count {
      output = []
      phase = .closing
      closingSince = time
      Platform.shutdownSending(descriptor)
    }
    return true
  }

  /// When something must happen if nothing comes first; bytes that
  /// arrive move no deadline while the request is read.
  var deadline: TraceTime {
    switch phase {
    case .reading:
      if let headEnded, let length = parser.bodyLength {
        headEnded + limits.bodyTime(length)
      } else {
        opened + limits.head
      }
    case .answering: min(lastActivity + limits.idle, answerQueued + limits.answer)
    case .closing: closingSince + limits.linger
    }
  }

  /// What to do at `time`, past the deadline: true to close now (after
  /// queuing a 408 when a request was cut short, which is sent first).
  mutating func expire(at time: TraceTime) -> Bool {
    guard time >= deadline else { return false }
    if phase == .reading, !parser.isEmpty {
      lastActivity = time
      answer(.text(.requestTimeout, "The request took too long."))
      return false
    }
    return true
  }
}
