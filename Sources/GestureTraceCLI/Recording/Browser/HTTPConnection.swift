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
/// Every phase has a deadline (``deadline``): a connection that sends
/// nothing at all is closed after ``Limits/idle``; one that stalls within
/// a request, or takes longer than ``Limits/request`` for it, gets 408; one
/// whose client does not read its answer is closed after ``Limits/idle``.
struct HTTPConnection {
  /// How long a connection may take.
  struct Limits: Sendable, Hashable {
    /// The longest silence: before the first byte, between bytes, and
    /// while the answer waits to be read.
    var idle = TraceTime.milliseconds(5_000)
    /// The longest a whole request may take to arrive.
    var request = TraceTime.milliseconds(10_000)
    /// How long a closing connection drains what the client still sends.
    var linger = TraceTime.milliseconds(2_000)
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
  /// When a byte last came or went.
  private(set) var lastActivity: TraceTime
  /// What it is doing.
  private(set) var phase = Phase.reading
  /// The request being read.
  private(set) var parser: HTTPRequestParser
  /// The answer's bytes, and how many were sent.
  private var output: [UInt8] = []
  private var sent = 0
  private var closingSince = TraceTime.zero

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

  /// Reads the bytes that came at `time`: the request, once whole, or the
  /// answer to a rejected one (already queued); `nil` otherwise.
  mutating func read(_ bytes: [UInt8], at time: TraceTime) -> HTTPRequest? {
    lastActivity = time
    guard phase == .reading else { return nil }
    switch parser.push(bytes) {
    case .incomplete:
      return nil
    case .request(let request):
      return request
    case .rejected(let status, let reason):
      answer(.text(status, reason))
      return nil
    }
  }

  /// Queues the answer.
  mutating func answer(_ response: HTTPResponse) {
    guard phase == .reading else { return }
    output = response.bytes
    sent = 0
    phase = .answering
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

  /// When something must happen if nothing comes first.
  var deadline: TraceTime {
    switch phase {
    case .reading where parser.isEmpty: opened + limits.idle
    case .reading: min(lastActivity + limits.idle, opened + limits.request)
    case .answering: lastActivity + limits.idle
    case .closing: closingSince + limits.linger
    }
  }

  /// What to do at `time`, past the deadline: true to close now (after
  /// queuing a 408 when a request was cut short, which is sent first).
  mutating func expire(at time: TraceTime) -> Bool {
    guard time >= deadline else { return false }
    if phase == .reading, !parser.isEmpty {
      answer(.text(.requestTimeout, "The request took too long."))
      lastActivity = time
      return false
    }
    return true
  }
}
