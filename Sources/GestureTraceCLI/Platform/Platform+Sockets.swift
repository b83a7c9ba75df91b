#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: the C functions whose names `Platform` uses for its own methods.
#if canImport(Glibc)
  private let systemListen = Glibc.listen
  private let systemSend = Glibc.send
  private let systemPoll = Glibc.poll
#else
  private let systemListen = Darwin.listen
  private let systemSend = Darwin.send
  private let systemPoll = Darwin.poll
#endif

extension Platform {
  /// What a non-blocking read from a socket gave.
  enum SocketRead: Equatable {
    /// Bytes that arrived.
    case bytes([UInt8])
    /// Nothing yet: the read would block.
    case wouldBlock
    /// The peer closed its side, or the connection failed.
    case closed
  }

  /// What `poll` said about one descriptor.
  struct PollResult: Equatable {
    /// It can be read, or has hung up or failed (a read then says which).
    var readable: Bool
    /// It can be written.
    var writable: Bool
  }

  /// Whether `host` is an IPv4 address in 127.0.0.0/8 (or `localhost`).
  static func isLoopback(_ host: String) -> Bool {
    guard let address = ipv4Address(host) else { return false }
    return UInt32(bigEndian: address.s_addr) >> 24 == 127
  }

  /// Whether `host` is an IPv4 address (dotted quad) or `localhost`.
  static func isIPv4Address(_ host: String) -> Bool {
    ipv4Address(host) != nil
  }

  /// The IPv4 address written in `host` (dotted quad, or `localhost`).
  private static func ipv4Address(_ host: String) -> in_addr? {
    var address = in_addr()
    let text = host == "localhost" ? "127.0.0.1" : host
    guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
    return address
  }

  /// Opens a non-blocking TCP socket listening on `host:port` (port 0: any
  /// free port) and returns it with the port it got; the reason on failure.
  static func listenTCP(host: String, port: Int) -> Result<(descriptor: Int32, port: Int), Failure>
  {
    guard let address = ipv4Address(host) else {
      return .failure(Failure("'\(host)' is not an IPv4 address"))
    }
    #if canImport(Glibc)
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return .failure(Failure(errorText)) }
    var yes: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
    socketAddress.sin_addr = address
    let bound = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, systemListen(descriptor, 16) == 0 else {
      let reason = errorText
      close(descriptor)
      return .failure(Failure(reason))
    }
    setNonBlocking(descriptor)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return .success((descriptor, Int(UInt16(bigEndian: socketAddress.sin_port))))
  }

  /// A failure's reason, as text.
  struct Failure: Error {
    /// The reason.
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Accepts a waiting connection as a non-blocking socket; `nil` when none
  /// is waiting (or accepting failed).
  static func acceptConnection(_ listener: Int32) -> Int32? {
    while true {
      let descriptor = accept(listener, nil, nil)
      if descriptor >= 0 {
        setNonBlocking(descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
      }
      if errno == EINTR || errno == ECONNABORTED { continue }
      return nil
    }
  }

  /// Reads what a socket has, up to `count` bytes, without blocking.
  static func receive(_ descriptor: Int32, count: Int) -> SocketRead {
    var buffer = [UInt8](repeating: 0, count: count)
    while true {
      let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
      if got > 0 {
        buffer.removeLast(count - got)
        return .bytes(buffer)
      }
      if got == 0 { return .closed }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
    }
  }

  /// Sends what a socket takes now, without blocking or raising SIGPIPE;
  /// the number of bytes sent (0 when it would block), `nil` when the
  /// connection failed.
  static func sendSome(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
    while true {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) }
      if sent >= 0 { return sent }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }
  }

  /// Shuts the sending side of a socket: the peer reads the end of the
  /// stream.
  static func shutdownSending(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = shutdown(descriptor, Int32(SHUT_WR))
    #else
      _ = shutdown(descriptor, SHUT_WR)
    #endif
  }

  /// Waits until a descriptor is ready as asked (`write`: for writing too),
  /// a signal arrives, or `timeout` milliseconds pass (-1: no limit).
  static func waitForSockets(_ descriptors: [(descriptor: Int32, write: Bool)], timeout: Int32)
    -> [PollResult]
  {
    var entries = descriptors.map {
      pollfd(fd: $0.descriptor, events: Int16(POLLIN) | ($0.write ? Int16(POLLOUT) : 0), revents: 0)
    }
    let count = systemPoll(&entries, nfds_t(entries.count), timeout)
    guard count > 0 else {
      return Array(repeating: PollResult(readable: false, writable: false), count: entries.count)
    }
    return entries.map {
      PollResult(
        readable: $0.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0,
        writable: $0.revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0)
    }
  }

  /// This machine's IPv4 addresses other than loopback, as text, for the
  /// addresses to open when listening on every interface.
  static func networkAddresses() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var entry: UnsafeMutablePointer<ifaddrs>? = first
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      guard let address = current.pointee.ifa_addr,
        address.pointee.sa_family == sa_family_t(AF_INET)
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
        var inet = pointer.pointee.sin_addr
        return inet_ntop(AF_INET, &inet, &text, socklen_t(text.count)) != nil
      }
      guard ok else { continue }
      let name = String(
        decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !isLoopback(name), !addresses.contains(name) { addresses.append(name) }
    }
    return addresses
  }

  private static func setNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }
}
