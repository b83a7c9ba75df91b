import GestureTrace

/// A bottom drawer with three stops, `open` at 0, `half` at `half` (300)
/// and `closed` at 520 pt on the y axis, resting at `closed`: at the
/// release it settles on the stop nearest its position (the start plus the
/// pan's y translation). Tests register it in a catalog to see commands
/// and recorders handle a transition that is not built in.
struct TestDrawer: Transition {
  static let name = "test-drawer"
  static let summary = "A drawer that settles on the nearest of three stops."
  static let source = "GestureTraceCLITests"
  static let parameters: [Parameter] = [
    .number(
      "half", 300, unit: "pt", in: 1...519, summary: "Where the half stop is.",
      source: "a round number")
  ]

  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "y", towards: [.up])
  }

  static func track(_ values: ParameterValues) -> TransitionTrack? {
    TransitionTrack(
      axis: "y",
      stops: [.init("open", 0), .init("half", values.number("half")), .init("closed", 520)],
      start: "closed")
  }

  private let stops: TransitionTrack
  private var position = 520.0
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  init(_ values: ParameterValues) {
    stops = Self.track(values)!
  }

  var propertyNames: [String] { ["position"] }
  var propertyValues: [Double] { [position] }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    position = 520 + event.translation.y
    guard event.phase.isFinal else { return }
    let nearest = stops.stops.min { abs($0.position - position) < abs($1.position - position) }!
    decision = TransitionDecision(.stop(StopName(nearest.name)!), at: event.time)
    settleTime = event.time
    position = nearest.position
  }

  mutating func advance(to time: TraceTime) {}
}

/// A side menu on the x axis with stops `closed` at 0, `peek` at 120 and
/// `open` at 300 pt, resting at `closed`: like ``TestDrawer``, it settles
/// on the stop nearest its position at the release.
struct TestSideMenu: Transition {
  static let name = "test-side-menu"
  static let summary = "A side menu that settles on the nearest of three stops."
  static let source = "GestureTraceCLITests"
  static let parameters: [Parameter] = []
  static let stops = TransitionTrack(
    axis: "x", stops: [.init("closed", 0), .init("peek", 120), .init("open", 300)],
    start: "closed")

  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    .drag(axis: "x", towards: [.right])
  }

  static func track(_ values: ParameterValues) -> TransitionTrack? { stops }

  private var position = 0.0
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  init(_ values: ParameterValues) {}

  var propertyNames: [String] { ["position"] }
  var propertyValues: [Double] { [position] }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    position = event.translation.x
    guard event.phase.isFinal else { return }
    let nearest = Self.stops.stops.min {
      abs($0.position - position) < abs($1.position - position)
    }!
    decision = TransitionDecision(.stop(StopName(nearest.name)!), at: event.time)
    settleTime = event.time
    position = nearest.position
  }

  mutating func advance(to time: TraceTime) {}
}

/// A catalog of the built-in transitions, ``TestDrawer`` and
/// ``TestSideMenu``.
func catalogWithTestDrawer() throws -> TransitionCatalog {
  var catalog = TransitionCatalog.builtIn
  try catalog.register(TestDrawer.self)
  try catalog.register(TestSideMenu.self)
  return catalog
}
