import GestureTrace

/// A panel between full (100), half (400) and tip (700) along y, resting
/// at half, settling on the stop nearest the release position plus
/// `projection` seconds of the release velocity: an app's own transition
/// with more than two stops.
struct StopPanel: Transition {
  static let name = "stop-panel"
  static let summary = "A test panel between full, half and tip."
  static let source = "GestureTraceCLITests"
  static let parameters: [Parameter] = [
    .number("projection", 0, unit: "s", in: 0...2, summary: "Seconds of velocity.", source: "tests")
  ]
  static let stops: [TransitionTrack.Stop] = [
    .init("full", 100), .init("half", 400), .init("tip", 700),
  ]

  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: [.up, .down])
  }

  static func track(_ values: ParameterValues) -> TransitionTrack? {
    TransitionTrack(axis: "y", stops: stops, start: "half")
  }

  let projection: Double
  var position = 400.0
  var now = TraceTime.zero
  var decision: TransitionDecision?
  var settleTime: TraceTime?

  init(_ values: ParameterValues) { projection = values.number("projection") }

  var propertyNames: [String] { ["position"] }
  var propertyValues: [Double] { [position] }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    position = 400 + event.translation.y
    guard event.phase == .ended || event.phase == .cancelled else { return }
    let projected = position + projection * (event.velocity?.y ?? 0)
    let nearest = Self.stops.min {
      ($0.position - projected).magnitude < ($1.position - projected).magnitude
    }!
    decision = TransitionDecision(.stop(StopName(nearest.name)!), at: now)
    settleTime = now
  }

  mutating func advance(to time: TraceTime) { now = max(now, time) }

  /// The built-in transitions and this one.
  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.register(StopPanel.self)
    return catalog
  }()

  /// A drag down to `distance` (up when negative), released at `velocity`.
  static func drag(_ id: String, _ distance: Double, velocity: Double) -> Trace {
    Trace(
      id: id,
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(
          time: .milliseconds(100), phase: .changed, translation: Vector2D(x: 0, y: distance)),
        PanEvent(
          time: .milliseconds(110), phase: .ended, translation: Vector2D(x: 0, y: distance),
          velocity: Vector2D(x: 0, y: velocity)),
      ])
  }
}
