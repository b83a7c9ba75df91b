import GestureTrace

/// The browser recorder's state, without any I/O: it answers each HTTP
/// request and says what to do to the trace file.
///
/// **Routes.** `GET /` is the recording page (``BrowserPage``) with this
/// recording's settings in it; `GET /state` the count and latest trace as
/// JSON; `POST /gesture` takes one finished gesture (``BrowserGesture``);
/// `POST /key` one key (`c`, `x`, `u` or any other, the body's first
/// character). Any other path is 404, another method 405: nothing but the
/// page and its answers is served, and no path ever reaches the file system.
///
/// **Safety.** With a ``Configuration/token`` (an address other than
/// loopback) every request must carry it as `?token=…`, else 403. Without
/// one (127.0.0.1), the `Host` header must name a loopback address, so a
/// web site that rebinds its name to 127.0.0.1 is refused. A `POST` whose
/// `Origin` is not this server is refused too, so another site open in the
/// same browser cannot send keys (a page of another origin can send a
/// plain POST without asking).
///
/// **Gestures.** A gesture's samples go through a fresh ``PanTraceBuilder``
/// (the request's slop, scale and estimator). Times are the page's event
/// timestamps, moved by one offset per page load so that the first gesture
/// of a page ends at the time it arrived (the recorder's clock, from its
/// start); later gestures of that page keep their exact distances from it.
/// A pan becomes the next trace (``RecordedTraces``), with `source: browser`,
/// `units: pt`, `scale` (the device pixel ratio), `view`, `device` (the
/// user agent), `pointer-type`, `capture`, `estimator`, `target` and
/// `recorded`; it is replayed through every variant, and the answer gives
/// each decision and when each threshold was crossed. A tap is no trace.
/// Keys label and undo as ``RecordedTraces/press(_:)`` says.
struct BrowserSession {
  /// What a recording is set up with.
  struct Configuration {
    /// The variants replayed after each gesture; the first is drawn.
    var variants: [Variant]
    /// The pan slop, in points.
    var slop: Double
    /// CSS pixels per point (1 unless `--scale` says otherwise).
    var scale: Double
    /// The velocity estimator.
    var estimator: VelocityEstimator
    /// The metadata every trace gets.
    var metadata: TraceMetadata
    /// The token every request must carry; `nil` on loopback.
    var token: String?
  }

  /// The configuration.
  let configuration: Configuration
  /// The traces written, and the label keys' logic.
  private(set) var recorded = RecordedTraces()
  /// What just happened, for the page and the log.
  private(set) var message = "Drag on the page."
  /// Each page load's offset from its clock to the recording's.
  private var pageOffsets: [String: TraceTime] = [:]

  /// Creates a session with no trace yet.
  init(_ configuration: Configuration) {
    self.configuration = configuration
    recorded = RecordedTraces(stops: RecordedTraces.stops(of: configuration.variants.first))
  }

  /// The traces in the file.
  var traces: [Trace] { recorded.traces }

  /// Answers a request that arrived at `time` (the recorder's clock); the
  /// changes to make to the file before the answer is sent.
  mutating func respond(
    to request: HTTPRequest, at time: TraceTime
  ) -> (response: HTTPResponse, changes: [RecordedTraces.Change]) {
    if let refusal = refusal(of: request) { return (refusal, []) }
    let routes: [String: String] = [
      "/": "GET", "/state": "GET", "/gesture": "POST", "/key": "POST",
    ]
    guard let method = routes[request.path] else { return (.text(.notFound), []) }
    guard request.method == method else {
      var response = HTTPResponse.text(.methodNotAllowed)
      response.extraHeaders = [("Allow", method)]
      return (response, [])
    }
    switch request.path {
    case "/":
      return (page(), [])
    case "/state":
      return (.json(stateJSON()), [])
    case "/gesture":
      return gesture(request.body, at: time)
    default:
      return key(request.body)
    }
  }

  /// A 403 for a request being read, as soon as it shows it will be
  /// refused: from its request line (`headerComplete` false) when it lacks
  /// the token, from its header (true) as ``respond(to:at:)`` would; `nil`
  /// when the rest may be read.
  func screen(_ request: HTTPRequest, headerComplete: Bool) -> HTTPResponse? {
    headerComplete ? refusal(of: request) : tokenRefusal(of: request)
  }

  /// A 403 for a request without the token, when there is one.
  private func tokenRefusal(of request: HTTPRequest) -> HTTPResponse? {
    guard let token = configuration.token else { return nil }
    guard let given = request.query["token"], Self.same(given, token) else {
      return .text(.forbidden, "This recorder needs the token in the address it printed.")
    }
    return nil
  }

  /// A 403 for a request without the token, from a foreign host name or of
  /// a foreign origin; `nil` when it may be answered.
  private func refusal(of request: HTTPRequest) -> HTTPResponse? {
    if configuration.token != nil {
      if let refusal = tokenRefusal(of: request) { return refusal }
    } else {
      let host = request.header("host") ?? ""
      let name = host.hasPrefix("[") ? host : String(host.split(separator: ":").first ?? "")
      guard Platform.isLoopback(name) else {
        return .text(.forbidden, "Open the recorder at the address it printed.")
      }
    }
    if request.method == "POST", let origin = request.header("origin") {
      guard let host = request.header("host"), origin == "http://\(host)" else {
        return .text(.forbidden, "Requests from other sites are refused.")
      }
    }
    return nil
  }

  /// Whether two strings are equal, comparing every byte whatever the
  /// first difference (so the time taken tells nothing of the token).
  static func same(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(left, right) { difference |= a ^ b }
    return difference == 0
  }

  private func page() -> HTTPResponse {
    let first = configuration.variants[0]
    var json = JSONText()
    json.object { json in
      json.string("spec", first.spec)
      json.string("transition", first.transition)
      json.string("axis", first.gesture.axis)
      json.array("directions") { json in
        for direction in first.gesture.completingDirections { json.string(direction.rawValue) }
      }
      json.number("decisionDistance", first.decisionDistance)
      json.key("track")
      if let track = first.track {
        json.object { json in
          json.string("axis", track.axis)
          json.string("start", track.start)
          json.array("stops") { json in
            for stop in track.stops {
              json.object { json in
                json.string("name", stop.name)
                json.number("position", stop.position)
              }
            }
          }
        }
      } else {
        json.literal("null")
      }
      json.number("slop", configuration.slop)
      json.array("variants") { json in
        for variant in configuration.variants { json.string(variant.spec) }
      }
      json.string("token", configuration.token ?? "")
      json.integer("count", recorded.traces.count)
    }
    // NB: `<` only in strings, escaped, so the settings cannot end the script.
    let settings = json.text.replacing("<", with: "\\u003c")
    return HTTPResponse(
      .ok, contentType: "text/html; charset=utf-8",
      body: Array(BrowserPage.html(settings: settings, stops: recorded.stops).utf8))
  }

  private mutating func gesture(
    _ body: [UInt8], at time: TraceTime
  ) -> (HTTPResponse, [RecordedTraces.Change]) {
    let gesture: BrowserGesture
    do {
      gesture = try BrowserGesture(text: body)
    } catch {
      return (.text(.badRequest, error.message), [])
    }
    let first = gesture.samples[0].time
    let last = gesture.samples[gesture.samples.count - 1].time
    if pageOffsets[gesture.page] == nil {
      // NB: a bounded table: past 256 page loads, older ones start anew.
      if pageOffsets.count >= 256 { pageOffsets.removeAll() }
      pageOffsets[gesture.page] = max(time - last, .zero - first)
    }
    let offset = pageOffsets[gesture.page]!
    var builder = PanTraceBuilder(
      PanRecognizer(
        slop: configuration.slop, scale: configuration.scale, estimator: configuration.estimator))
    var finished: [PanEvent]?
    for var sample in gesture.samples {
      sample.time = sample.time + offset
      if let events = builder.add(sample).finished { finished = events }
    }
    recorded.isAwaitingLabel = false
    guard let finished else {
      message = "Tap ignored: it moved no more than the \(configuration.slop.reportText) pt slop."
      return (.json(reply(trace: nil)), [])
    }
    var metadata = configuration.metadata
    metadata.scale = gesture.scale
    metadata.viewSize = gesture.view
    if !gesture.device.isEmpty { metadata.device = gesture.device }
    metadata["pointer-type"] = gesture.pointerType
    metadata["capture"] = gesture.capture
    let trace = recorded.add(finished, metadata: metadata)
    message = RecordedTraces.recordedMessage(trace, stops: recorded.stops)
    return (.json(reply(trace: trace)), [.append(trace)])
  }

  private mutating func key(_ body: [UInt8]) -> (HTTPResponse, [RecordedTraces.Change]) {
    guard (1...16).contains(body.count),
      let key = String(decoding: body, as: UTF8.self).unicodeScalars.first
    else { return (.text(.badRequest, "Expected one key."), []) }
    let (change, text) = recorded.press(key)
    if let text { message = text }
    return (.json(stateJSON()), change.map { [$0] } ?? [])
  }

  /// The answer to a gesture, as JSON: the state, then the trace's last
  /// phase, event count, translation and velocity, and what each variant
  /// decided with when each threshold was crossed (seconds on the replay
  /// clock; `null`: never). A tap has the state alone.
  private func reply(trace: Trace?) -> String {
    var json = JSONText()
    json.object { json in
      json.key("state")
      writeState(&json)
      guard let trace, let end = trace.events.last else { return }
      json.string("phase", end.phase.rawValue)
      json.integer("events", trace.events.count)
      json.vector("translation", end.translation)
      json.vector("velocity", end.velocity)
      json.key("decisions")
      let replayer = Replayer(estimator: configuration.estimator)
      json.array { json in
        for variant in configuration.variants {
          let run = replayer.run(trace, with: variant)
          json.object { json in
            json.string("spec", variant.spec)
            json.string("outcome", run.outcome.outcome.description)
            json.number("decidedAt", run.outcome.decidedAt.seconds)
            json.number("settledAt", run.outcome.settledAt.seconds)
            json.array("thresholds") { json in
              for (threshold, crossing) in zip(run.thresholds, run.crossings) {
                json.object { json in
                  json.string("name", threshold.name)
                  json.string("property", threshold.property)
                  json.number("value", threshold.value)
                  json.number("crossedAt", crossing?.seconds)
                }
              }
            }
          }
        }
      }
    }
    return json.text
  }

  /// The count and latest trace, as JSON: `count`, `last` and `intent`
  /// (`null` when none), `awaitingLabel` and `message`.
  private func stateJSON() -> String {
    var json = JSONText()
    writeState(&json)
    return json.text
  }

  private func writeState(_ json: inout JSONText) {
    let last = recorded.traces.last
    json.object { json in
      json.integer("count", recorded.traces.count)
      json.string("last", last?.id)
      json.string("intent", last?.metadata["intent"])
      json.literal("awaitingLabel", recorded.isAwaitingLabel ? "true" : "false")
      json.string("message", message)
    }
  }
}
