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
/// Adding a transition is one new file with a type conforming to this
/// protocol, plus its entry in ``Variant/transitions``. It declares the
/// gesture that drives it (``gesture(_:)``), which decides which labelled
/// traces it is scored on.
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

  /// No thresholds.
  public var thresholds: [Threshold] { [] }

  /// Not a pager.
  public var startPage: Int? { nil }
}
