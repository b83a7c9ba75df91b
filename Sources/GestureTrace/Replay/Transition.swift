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
/// An app adds its own type without forking the package: conform to this
/// protocol, register the type in a ``TransitionCatalog``, and parse
/// variants with that catalog (``Variant/init(parsing:in:)``); replays,
/// analyses and sweeps of those variants go through the type. A view
/// dragged between stops needs no Swift at all: declare it in a
/// transitions file (``TransitionCatalog/declare(parsing:file:)``).
///
/// The checklist for a type:
///
/// 1. Its ``name`` (letters, digits and `-`), ``summary``, ``source`` and
///    ``parameters`` make its variant specs and `gesturetrace variants`;
///    ``alternatives`` are what `analyze` compares with the defaults.
/// 2. ``gesture(_:)`` decides which labelled traces it is scored on;
///    ``decisionDistance(_:)`` is where `synth --target` aims; ``track(_:)``
///    (a view between stops) lets the recorders draw it and makes its
///    outcome a stop when it has more than two.
/// 3. The instance: ``receive(_:)`` and ``advance(to:)`` are pure functions
///    of the events and the clock; ``decision`` is set once.
///
/// Within the package, a seed transition is a file in
/// `Replay/Transitions/` and an entry in ``Variant/transitions``. Two
/// optional steps only make replays faster, and change no output:
/// conforming to `DecisionFreezesThresholds` when nothing a report reads
/// changes after the decision, and a case in `ReplayPrototype.init` (with an
/// `EventShortcut` in its own file, such as `LyricsSwapDrags.swift`) that
/// compiles the replay loop for the type. `ReplayPrototypeTests` checks
/// that the fast and general paths agree.
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
  /// The axis and named stops the transition moves between with these
  /// values, when it is a view dragged between stops; `nil` otherwise.
  /// With more than two stops its outcomes are
  /// ``TransitionOutcome/stop(_:)``.
  static func track(_ values: ParameterValues) -> TransitionTrack?

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

  /// No track: the transition is not a view dragged between stops.
  public static func track(_ values: ParameterValues) -> TransitionTrack? { nil }

  /// No thresholds.
  public var thresholds: [Threshold] { [] }

  /// Not a pager.
  public var startPage: Int? { nil }
}
