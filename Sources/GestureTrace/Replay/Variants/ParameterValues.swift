/// The values of a transition's (and its release rule's) parameters, every
/// one present: those a variant spec gave and the defaults of the rest.
public struct ParameterValues: Sendable, Hashable {
  private var values: [String: ParameterValue]

  /// The defaults of `parameters`.
  public init(defaultsOf parameters: [Parameter]) {
    values = [:]
    for parameter in parameters {
      values[parameter.name] = parameter.value(parsing: parameter.defaultValue)
    }
  }

  /// Sets a value; it is not checked against any ``Parameter``.
  public subscript(name: String) -> ParameterValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The number called `name`.
  ///
  /// - Precondition: `name` is a number parameter of the transition or
  ///   rule asking; asking for another is a programming error.
  public func number(_ name: String) -> Double {
    guard case .number(let number)? = values[name] else {
      preconditionFailure("no number parameter '\(name)'")
    }
    return number
  }

  /// The number called `name` if the spec gave one: for parameters whose
  /// default depends on another setting.
  public func givenNumber(_ name: String) -> Double? {
    guard case .number(let number)? = values[name] else { return nil }
    return number
  }

  /// The whole number called `name`; see ``number(_:)``.
  public func integer(_ name: String) -> Int {
    Int(number(name))
  }

  /// The word called `name`; see ``number(_:)``.
  public func word(_ name: String) -> String {
    guard case .word(let word)? = values[name] else {
      preconditionFailure("no choice parameter '\(name)'")
    }
    return word
  }
}
