import GestureTrace

/// `gesturetrace record --from browser`: gestures made on a web page, in
/// any browser that can reach this machine, recorded as pan traces and
/// labelled with their intent as they are made.
///
/// **Start.** The server listens on `--host` (127.0.0.1) and `--port`
/// (8080; 0 takes any free port) before anything else, so a port in use
/// fails with exit 73 before a file is created. On an address other than
/// loopback, 16 random bytes (the system's generator) make a token that
/// every request must carry; the address to open, with the token, is
/// printed on standard output — for `0.0.0.0`, one per network address of
/// the machine. Traces go to a file (`-o FILE`; undo needs a file, so `-`
/// is a usage error).
///
/// **Recording.** One thread waits with `poll` on the listening socket, the
/// clients and the self-pipe of the trapped signals; sockets never block
/// and every connection has deadlines (``HTTPConnection``), so no client
/// can stall the loop. ``BrowserSession`` answers each request and says
/// what to do to the file; the file is changed (appended and flushed, as
/// every source does through ``TraceAppender``) before the answer is sent.
///
/// **Slow clients.** At most ``maximumConnections`` clients are served at
/// once. Each request must arrive whole within deadlines no byte extends
/// (``HTTPConnection/Limits``), a request without the token is refused as
/// soon as its request line is in, and when every slot is taken a new
/// client takes the slot of a connection that has only its answer left to
/// drain, else of the oldest that has not sent a whole request line yet
/// (``HTTPConnection/evictionRank``); only when every connection has a
/// request under way does it get 503. So connections opened and fed a byte
/// now and then cannot lock a client with the token out.
///
/// **Ending.** SIGINT (Ctrl-C), SIGTERM and SIGHUP are noted by their
/// handlers and end the loop, which closes the file and exits with 128 +
/// the signal's number (130, 143, 129). A gesture still being made is not
/// finished and is not written.
enum BrowserRecorder {
  /// The most clients served at once.
  static let maximumConnections = 32

  /// Records gestures until a signal comes.
  static func record(
    _ request: RecordRequest, io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    guard request.output != "-" else {
      throw .usage(
        "--from browser rewrites the last trace when it is labelled; give the trace file "
          + "with -o <output>",
        help: "-o, --output <output>  The file to write (- is standard output).")
    }
    let listener: (descriptor: Int32, port: Int)
    switch Platform.listenTCP(host: request.host, port: request.port) {
    case .success(let opened): listener = opened
    case .failure(let failure):
      throw .cannotCreate("Cannot listen on \(request.host):\(request.port): \(failure.reason)")
    }
    defer { Platform.close(listener.descriptor) }
    let token = Platform.isLoopback(request.host) ? nil : randomToken()
    var appender = try TraceAppender(
      path: request.output, format: request.format,
      columns: CSVColumns(velocity: true, location: true), replacing: request.force, io: &io)
    let signals = Platform.trapSignals()
    defer { Platform.releaseSignals(readEnd: signals) }
    let specs = request.variants.isEmpty ? [TerminalRecorder.defaultVariant] : request.variants
    let variants = specs.compactMap { try? Variant(parsing: $0, in: request.catalog) }
    var metadata = TraceMetadata()
    metadata.source = "browser"
    // NB: intent is labelled while watching the first variant the page
    // draws (lyrics-swap without --variant), so that is the target.
    metadata.target = variants[0].transition
    metadata.units = "pt"
    let recorded = Platform.currentTimeText()
    if !recorded.isEmpty { metadata.recorded = recorded }
    metadata["estimator"] = request.estimator.name
    var loop = Loop(
      listener: listener.descriptor, signals: signals,
      session: BrowserSession(
        .init(
          variants: variants, slop: request.slop, scale: request.scale ?? 1,
          estimator: request.estimator, metadata: metadata, token: token)))
    io.write(
      announcement(
        host: request.host, port: listener.port, token: token, output: request.output,
        addresses: request.host == "0.0.0.0" ? Platform.networkAddresses() : []))
    let ending: TerminalRecorder.Ending
    do {
      ending = try loop.run(appender: &appender, io: &io)
    } catch {
      loop.closeAll()
      appender.close(failed: true)
      throw error
    }
    loop.closeAll()
    appender.close()
    io.writeError(
      RecordedTraces.summary(of: loop.session.traces, ending: ending, output: request.output))
    return ending.exitCode
  }

  /// What the recorder prints when it is ready: where to open the page;
  /// the output's path and the host name escaped for a terminal.
  static func announcement(
    host: String, port: Int, token: String?, output: String, addresses: [String]
  ) -> String {
    let path = token.map { "/?token=\($0)" } ?? "/"
    let hosts = addresses.isEmpty ? [host] : addresses
    var text = "Recording to '\(output.escapingControlCharacters)'. Open in a browser:\n"
    for name in hosts { text += "  http://\(name.escapingControlCharacters):\(port)\(path)\n" }
    text += "Ctrl-C stops; every finished gesture is kept.\n"
    return text
  }

  /// 16 random bytes from the system's generator, in hexadecimal.
  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<2 {
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      text += String(repeating: "0", count: 16 - hex.count) + hex
    }
    return text
  }

  /// The server's loop.
  private struct Loop {
    let listener: Int32
    let signals: Int32
    var session: BrowserSession
    let start = Platform.monotonicTime()
    var connections: [HTTPConnection] = []
    let limits = HTTPConnection.Limits()

    init(listener: Int32, signals: Int32, session: BrowserSession) {
      self.listener = listener
      self.signals = signals
      self.session = session
    }

    /// The time since the loop started.
    func now() -> TraceTime { Platform.monotonicTime() - start }

    mutating func run(
      appender: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) -> TerminalRecorder.Ending {
      while true {
        var time = now()
        expire(at: time)
        let timeout =
          connections.map(\.deadline).min().map { milliseconds($0 - time) } ?? -1
        let ready = Platform.waitForSockets(
          [(listener, false), (signals, false)]
            + connections.map { ($0.descriptor, $0.wantsToWrite) },
          timeout: timeout)
        if ready[1].readable {
          for signal in Platform.pendingSignals(readEnd: signals) where signal != .windowChange {
            return .signal(signal)
          }
        }
        time = now()
        var index = 0
        for result in ready.dropFirst(2) {
          let keep = try Self.serve(
            &connections[index], result, session: &session, at: time, appender: &appender,
            io: &io)
          if !keep {
            Platform.close(connections[index].descriptor)
            connections.remove(at: index)
          } else {
            index += 1
          }
        }
        if ready[0].readable { accept(at: time) }
      }
    }

    /// Reads and writes what a connection is ready for; false to close it.
    private static func serve(
      _ connection: inout HTTPConnection, _ ready: Platform.PollResult,
      session: inout BrowserSession, at time: TraceTime,
      appender: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) -> Bool {
      if ready.readable {
        switch Platform.receive(connection.descriptor, count: 16_384) {
        case .closed:
          return false
        case .wouldBlock:
          break
        case .bytes(let bytes):
          let request = connection.read(bytes, at: time) { request, headerComplete in
            session.screen(request, headerComplete: headerComplete)
          }
          if let request {
            let (response, changes) = session.respond(to: request, at: time)
            for change in changes { try appender.apply(change, io: &io) }
            if !changes.isEmpty, io.isErrorTerminal { io.writeError(session.message + "\n") }
            connection.answer(response)
          }
        }
      }
      if connection.wantsToWrite { return connection.flush(at: time) }
      return true
    }

    /// Accepts the waiting clients; past the limit, closes the connection
    /// most readily given up (``HTTPConnection/evictionRank``), or when
    /// none may be, answers 503 and closes the new one.
    private mutating func accept(at time: TraceTime) {
      while let descriptor = Platform.acceptConnection(listener) {
        if connections.count >= BrowserRecorder.maximumConnections,
          let index = Self.mostReadilyEvicted(connections)
        {
          Platform.close(connections[index].descriptor)
          connections.remove(at: index)
        }
        guard connections.count < BrowserRecorder.maximumConnections else {
          _ = Platform.sendSome(descriptor, HTTPResponse.text(.unavailable).bytes[...])
          Platform.close(descriptor)
          continue
        }
        connections.append(
          HTTPConnection(
            descriptor: descriptor, at: time, limits: limits, parserLimits: .init()))
      }
    }

    /// The connection to close first to make room, if any may be.
    static func mostReadilyEvicted(_ connections: [HTTPConnection]) -> Int? {
      var best: (index: Int, rank: (Int, TraceTime))?
      for (index, connection) in connections.enumerated() {
        guard let rank = connection.evictionRank else { continue }
        if let current = best, !(rank < current.rank) { continue }
        best = (index, rank)
      }
      return best?.index
    }

    /// Closes the connections past their deadlines (a request cut short
    /// gets 408 first).
    private mutating func expire(at time: TraceTime) {
      var index = 0
      while index < connections.count {
        if connections[index].expire(at: time) {
          Platform.close(connections[index].descriptor)
          connections.remove(at: index)
        } else {
          if connections[index].wantsToWrite, !connections[index].flush(at: time) {
            Platform.close(connections[index].descriptor)
            connections.remove(at: index)
            continue
          }
          index += 1
        }
      }
    }

    /// Closes every connection.
    mutating func closeAll() {
      for connection in connections { Platform.close(connection.descriptor) }
      connections.removeAll()
    }

    private func milliseconds(_ time: TraceTime) -> Int32 {
      Int32(clamping: max(1, (time.nanoseconds + 999_999) / 1_000_000))
    }
  }
}
