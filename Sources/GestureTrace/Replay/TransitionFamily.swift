/// A transition type as a ``TransitionCatalog`` holds it: its name,
/// parameters and documentation, and how to make one from parameter values.
///
/// A family is made from a ``Transition`` conforming type
/// (``init(_:)``), from a preset, or from a transition declared in a
/// transitions file (``TransitionCatalog/declare(parsing:file:)``); variant
/// specs, `Replayer` and `TraceAnalyzer` go through it alike.
///
/// ```swift
/// let family = TransitionFamily(MySheet.self)
/// family.name                      // "my-sheet"
/// family.parameters.map(\.name)    // its variant keys
/// ```
public struct TransitionFamily: Sendable {
  /// The name in variant specs, such as `player-sheet`.
  public let name: String
  /// What the transition is, in one sentence.
  public let summary: String
  /// Where it comes from: article, repository, file; or the transitions
  /// file that declared it.
  public let source: String
  /// Its parameters with their defaults (a `rule` parameter's rule adds
  /// its own; see ``Variant/parameters(of:rule:)-(TransitionFamily,_)``).
  public let parameters: [Parameter]
  /// The alternatives its parameters offer, as variant settings, which
  /// `analyze` compares with the defaults.
  public let alternatives: [String]
  private let makeGesture: @Sendable (ParameterValues) -> TransitionGesture
  private let makeDecisionDistance: @Sendable (ParameterValues) -> Double
  private let makeTrack: @Sendable (ParameterValues) -> TransitionTrack?
  private let make: @Sendable (ParameterValues) -> any Transition
  private let makeRuleParameters: (@Sendable (String) -> [Parameter]?)?

  /// The family of a type conforming to ``Transition``.
  public init<T: Transition>(_ type: T.Type) {
    name = T.name
    summary = T.summary
    source = T.source
    parameters = T.parameters
    alternatives = T.alternatives
    makeGesture = { T.gesture($0) }
    makeDecisionDistance = { T.decisionDistance($0) }
    makeTrack = { T.track($0) }
    make = { T($0) }
    makeRuleParameters = nil
  }

  /// A family from its parts: for transitions made from a declaration.
  package init(
    name: String, summary: String, source: String, parameters: [Parameter],
    alternatives: [String],
    gesture: @escaping @Sendable (ParameterValues) -> TransitionGesture,
    decisionDistance: @escaping @Sendable (ParameterValues) -> Double,
    track: @escaping @Sendable (ParameterValues) -> TransitionTrack?,
    make: @escaping @Sendable (ParameterValues) -> any Transition,
    ruleParameters: (@Sendable (String) -> [Parameter]?)? = nil
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.parameters = parameters
    self.alternatives = alternatives
    makeGesture = gesture
    makeDecisionDistance = decisionDistance
    makeTrack = track
    self.make = make
    makeRuleParameters = ruleParameters
  }

  /// The gesture that drives the transition with these values.
  public func gesture(_ values: ParameterValues) -> TransitionGesture { makeGesture(values) }

  /// How far a drag goes before the transition decides by distance alone
  /// (``Transition/decisionDistance(_:)``).
  public func decisionDistance(_ values: ParameterValues) -> Double {
    makeDecisionDistance(values)
  }

  /// The axis and stops the transition moves between with these values,
  /// when it is a view dragged between stops (``Transition/track(_:)``).
  public func track(_ values: ParameterValues) -> TransitionTrack? { makeTrack(values) }

  /// The parameters the rule called `name` adds when the family's `rule`
  /// parameter names it, or `nil` when the family takes no such rule: for a
  /// type, those of ``Variant/rules``; a declared family answers for its own
  /// rules (stop rules with more than two stops) with its own defaults.
  package func ruleParameters(named name: String) -> [Parameter]? {
    if let makeRuleParameters { return makeRuleParameters(name) }
    return Variant.rules.first { $0.name == name }?.parameters
  }

  /// A new transition at rest with these values.
  public func makeTransition(_ values: ParameterValues) -> any Transition { make(values) }
}
