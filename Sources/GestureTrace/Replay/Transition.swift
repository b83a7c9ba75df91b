/// An interactive transition driven by pan events on a virtual clock.
///
/// A transition is a value. The ``Replayer`` creates it from a ``Variant``,
/// then alternately moves its clock with ``advance(to:)`` and hands it the
/// trace's events with ``receive(_:)``, in time order; between events it
/// samples ``propertyValues`` on a frame grid. Times are on the replay clock:
/// the trace's first event is at 0.
///
/// A transition owns its animations (``PropertyAnimator``s, springs,
/// curves), which are pure functions of the clock, so the same calls give
/// the same values bit for bit. It reports its ``decision`` as soon as it
/// makes one and, from then on, when everything comes to rest
/// (``settleTime``).
///
/// ## Adding a transition
///
/// Everything else derives from two steps:
///
/// 1. One new file, `Replay/Transitions/NameTransition.swift`, with a type
///    conforming to this protocol. Its ``name``, ``parameters`` and
///    ``alternatives`` make its variant specs, `gesturetrace variants` and
///    `analyze`'s own variants; ``gesture(_:)`` decides which labelled
///    traces it is scored on; ``decisionDistance(_:)`` is where
///    `synth --target` aims.
/// 2. Its entry in ``Variant/transitions``, the one registration.
///
/// Replays then go through the protocol, with the same results as every
/// other transition. Two optional steps only make replays faster, and
/// change no output: conforming to `DecisionFreezesThresholds` when nothing
/// a report reads changes after the decision, and a case in
/// `ReplayPrototype.init` (with an `EventShortcut` in its own file, such as
/// `LyricsSwapDrags.swift`) that compiles the replay loop for the type.
/// `ReplayPrototypeTests` checks that the fast and general paths agree.
public protocol Transition: Sendable {
  /// The family's name in variant specs, such as `lyrics-swap`.
  static var name: String { get }
  /// What the transition is, in one sentence.
  static var summary: String { get }
  /// Where it comes from: article, repository, file.
  static var source: String { get }
  /// Its parameters with their defaults. A parameter named `rule` (a choice
  /// of ``Variant/rules`` names) makes the chosen rule's parameters valid
  /// too.
  static var parameters: [Parameter] { get }

  /// The gesture that drives the transition with these parameter values:
  /// its axis and the directions that move it towards completing.
  static func gesture(_ values: ParameterValues) -> TransitionGesture
  /// The alternatives its parameters offer, as variant settings
  /// (`rule=projection`), each compared with the published values when
  /// `analyze` chooses its own variants.
  static var alternatives: [String] { get }
  /// How far, in points along the gesture's axis, a drag goes before the
  /// transition decides to complete by distance alone with these values
  /// (for a tap, how far the touch may move and still be one).
  /// `gesturetrace synth --target` aims its gestures short of or past it.
  static func decisionDistance(_ values: ParameterValues) -> Double

  /// Creates the transition at rest in its start state at time 0.
  init(_ values: ParameterValues)

  /// The names of the properties sampled each frame, such as `frontAlpha`.
  var propertyNames: [String] { get }
  /// The properties' current values, in the order of ``propertyNames``.
  var propertyValues: [Double] { get }
  /// The current value of one property: `propertyValues[index]`, which a
  /// transition may compute without computing the others.
  func propertyValue(at index: Int) -> Double
  /// The values the transition compares its properties with.
  var thresholds: [Threshold] { get }
  /// For a pager, the page shown before the gesture; `nil` for transitions
  /// that complete or cancel. Reports count a page outcome other than this
  /// one as completing.
  var startPage: Int? { get }

  /// Handles one pan event at the current time.
  mutating func receive(_ event: PanEvent)
  /// Moves the clock forward to `time`; earlier times are ignored.
  mutating func advance(to time: TraceTime)

  /// What was decided and when; `nil` until a decision is made.
  var decision: TransitionDecision? { get }
  /// When every animation has come (or will come) to rest after the
  /// decision; `nil` before the decision.
  var settleTime: TraceTime? { get }
}

extension Transition {
  /// `propertyValues[index]`.
  public func propertyValue(at index: Int) -> Double { propertyValues[index] }

  /// No alternatives.
  public static var alternatives: [String] { [] }

  /// 80 points: the lyrics card's offset, for transitions that decide by
  /// something other than distance.
  public static func decisionDistance(_ values: ParameterValues) -> Double { 80 }

  /// No thresholds.
  public var thresholds: [Threshold] { [] }

  /// Not a pager.
  public var startPage: Int? { nil }
}
