/// A value a transition compares one of its properties with, such as the
/// lyrics card's dismissal offset.
///
/// Reports draw thresholds on translation curves and find the time each was
/// first crossed: the moment the property became strictly greater than
/// ``value``.
public struct Threshold: Sendable, Hashable {
  /// The threshold's name, such as `dismissalOffset`.
  public var name: String
  /// The name of the property compared, one of the transition's
  /// ``Transition/propertyNames``.
  public var property: String
  /// The value the property must exceed.
  public var value: Double
  /// Whether crossing it can change the transition's decision (complete or
  /// cancel, the page, the stop); `false` for a threshold that changes
  /// only how the view looks, such as where a fade begins. Reports list
  /// near misses only of thresholds that decide.
  public var decidesOutcome: Bool

  /// Creates a threshold.
  public init(name: String, property: String, value: Double, decidesOutcome: Bool = true) {
    self.name = name
    self.property = property
    self.value = value
    self.decidesOutcome = decidesOutcome
  }
}
