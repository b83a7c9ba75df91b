import GestureTrace

/// An app's own panel, written in the tests as an app would, to prove that
/// a transition with more than two stops works end to end: dragged along y
/// between `full` (100), `half` (400) and `tip` (700), resting at `start`.
/// At release it settles on the stop nearest the release position plus
/// `projection` seconds of the release velocity (0: the release position
/// itself) and `bias` points; a tie goes to the stop declared first. A cancelled pan goes
/// back to the start stop.
struct MyPanel: Transition {
  static let name = "my-panel"
  static let summary = "A test panel between full, half and tip."
  static let source = "GestureTraceTests"
  static let parameters: [Parameter] = [
    .number(
      "projection", 0, unit: "s", in: 0...2,
      summary: "Seconds of release velocity added to the release position.", source: "tests"),
    .choice(
      "start", ["full", "half", "tip"], default: "half", summary: "The stop at rest.",
      source: "tests"),
    .number(
      "bias", 0, unit: "pt", in: -300...300,
      summary: "Points added to the projected position.", source: "tests"),
  ]

  /// The stops, as the track declares them.
  static let stops: [TransitionTrack.Stop] = [
    .init("full", 100), .init("half", 400), .init("tip", 700),
  ]

  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: [.up, .down])
  }

  static func decisionDistance(_ values: ParameterValues) -> Double { 150 }

  static func track(_ values: ParameterValues) -> TransitionTrack? {
    TransitionTrack(axis: "y", stops: stops, start: values.word("start"))
  }

  /// A catalog holding the built-in transitions and this one.
  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.register(MyPanel.self)
    return catalog
  }()

  let projection: Double
  let bias: Double
  let start: String
  let startPosition: Double
  var position: Double
  var now = TraceTime.zero
  var decision: TransitionDecision?
  var settleTime: TraceTime?

  init(_ values: ParameterValues) {
    projection = values.number("projection")
    bias = values.number("bias")
    start = values.word("start")
    startPosition = Self.stops.first { $0.name == values.word("start") }!.position
    position = startPosition
  }

  var propertyNames: [String] { ["position"] }
  var propertyValues: [Double] { [position] }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    position = startPosition + event.translation.y
    switch event.phase {
    case .ended:
      let projected = position + projection * (event.velocity?.y ?? 0) + bias
      var nearest = Self.stops[0]
      for stop in Self.stops.dropFirst()
      where (stop.position - projected).magnitude < (nearest.position - projected).magnitude {
        nearest = stop
      }
      decide(nearest.name)
    case .cancelled:
      decide(start)
    default:
      break
    }
  }

  private mutating func decide(_ stop: String) {
    decision = TransitionDecision(.stop(StopName(stop)!), at: now)
    settleTime = now
  }

  mutating func advance(to time: TraceTime) { now = max(now, time) }
}
