import Foundation
import GestureTrace
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `gesturetrace record --from browser` running as a child
/// process on a free port, for end-to-end tests, and a raw TCP client that
/// sends it whatever a test wants.
struct BrowserRecorderProcess {
  /// The recorder's process id.
  let pid: pid_t
  /// The trace file.
  let output: String
  /// The address it printed (with the token, when it has one).
  let url: String
  /// The port it listens on.
  let port: Int
  /// The token, or `nil` on loopback.
  let token: String?

  /// Starts the recorder writing to a new file and waits until it prints
  /// its address.
  init(host: String = "127.0.0.1", arguments: [String] = []) throws {
    let directory = try temporaryDirectory()
    output = directory.appendingPathComponent("gestures.csv").path
    let log = directory.appendingPathComponent("stdout").path
    guard
      let pid = ChildProcess.spawn(
        [
          TmuxSession.recorder, "record", "--from", "browser", "-o", output, "--host", host,
          "--port", "0",
        ] + arguments,
        environment: ProcessInfo.processInfo.environment, output: log,
        defaultSignals: [SIGINT, SIGTERM, SIGHUP, SIGPIPE])
    else { throw TmuxError("cannot start \(TmuxSession.recorder)") }
    self.pid = pid
    var printed = ""
    // NB: waits for the recorder to start; it measures nothing.
    for _ in 0..<1_500 {
      printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if printed.contains("Ctrl-C stops") { break }
      usleep(10_000)
    }
    guard let line = printed.split(separator: "\n").first(where: { $0.contains("http://") }),
      let start = line.range(of: "http://")
    else {
      kill(pid, SIGKILL)
      throw TmuxError("the recorder printed no address: '\(printed)'")
    }
    let address = String(line[start.lowerBound...])
    url = address
    port = Int(address.split(separator: ":")[2].prefix { $0.isNumber }) ?? 0
    token = address.range(of: "?token=").map { String(address[$0.upperBound...]) }
  }

  /// `?token=…` to append to a path, or nothing.
  var query: String { token.map { "?token=\($0)" } ?? "" }

  /// Whether the process is still running.
  var isRunning: Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  /// Sends SIGINT and returns the exit status (128 + signal for a signal
  /// that killed it).
  func interrupt() -> Int32 {
    kill(pid, SIGINT)
    return ChildProcess.exitStatus(of: pid)
  }

  /// The traces in the file and its problems as text.
  func traces() -> (traces: [Trace], problems: [String]) { recordedTraces(in: output) }

  /// Opens a connection to the recorder.
  func connect() throws -> RawHTTPClient { try RawHTTPClient(port: port) }

  /// Sends one whole request and returns the answer.
  func exchange(_ request: String) throws -> RawHTTPClient.Answer {
    let client = try connect()
    defer { client.close() }
    try client.send(Array(request.utf8))
    return client.readAnswer()
  }

  /// A gesture body: a drag from (100, 500) up through 480, 400 and 300.
  static let gestureBody = """
    page testpage
    pointer touch
    capture touch
    scale 3
    view 390 844
    device Test agent
    0 100 500 0
    16 100 480 1
    32 100 400 1
    48 100 300 1
    49 100 300 2

    """

  /// Posts ``gestureBody`` and returns the answer.
  func postGesture() throws -> RawHTTPClient.Answer {
    try exchange(
      "POST /gesture\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Content-Length: \(Self.gestureBody.utf8.count)\r\n\r\n\(Self.gestureBody)")
  }
}

/// A TCP client that sends raw bytes and reads until the server closes.
struct RawHTTPClient {
  /// What came back before the server closed.
  struct Answer {
    /// The bytes.
    var bytes: [UInt8]
    /// The status code of the first line, or `nil` when nothing came.
    var status: Int? {
      let text = String(decoding: bytes.prefix(40), as: UTF8.self)
      guard text.hasPrefix("HTTP/1.1 ") else { return nil }
      return Int(text.dropFirst(9).prefix(3))
    }
    /// The body, after the blank line.
    var body: String {
      let text = String(decoding: bytes, as: UTF8.self)
      guard let range = text.range(of: "\r\n\r\n") else { return "" }
      return String(text[range.upperBound...])
    }
  }

  let descriptor: Int32

  /// Connects to 127.0.0.1:`port`.
  init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TmuxError("socket failed") }
    // NB: a safety net so a broken server fails the test instead of
    // hanging it; no test depends on how long anything takes.
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var noDelay: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, 4)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(descriptor)
      throw TmuxError("connect to port \(port) failed: \(String(cString: strerror(errno)))")
    }
  }

  /// Sends bytes (all of them, or throws when the server closed).
  func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw TmuxError("send failed: \(String(cString: strerror(errno)))") }
      sent += count
    }
  }

  /// Reads until the server closes (or resets) the connection.
  func readAnswer() -> Answer {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return Answer(bytes: bytes)
  }

  /// Closes the connection.
  func close() { Glibc.close(descriptor) }
}
