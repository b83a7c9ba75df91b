/// A transition family with its parameters set: what `--variant` names.
///
/// A spec is the family's name, optionally followed by a colon and
/// comma-separated `key=value` pairs; keys not given keep their defaults:
///
/// ```swift
/// let strict = try Variant(parsing: "lyrics-swap:axis=x,dismissalOffset=70")
/// let flick = try Variant(parsing: "player-sheet:rule=projection,rate=0.99")
/// strict.spec            // "lyrics-swap:axis=x,dismissalOffset=70", as given
/// strict.makeTransition() // a LyricsSwapTransition at rest
/// ```
///
/// Unknown names, keys and values throw a ``VariantError`` that lists the
/// valid ones. Names are looked up in a ``TransitionCatalog``
/// (``TransitionCatalog/builtIn`` unless another is given); the variant
/// keeps its ``family`` from then on.
public struct Variant: Sendable, Hashable, CustomStringConvertible {
  /// The spec as given; reports name columns after it.
  public let spec: String
  /// The transition family's name.
  public let transition: String
  /// Every parameter's value, given or default.
  public let values: ParameterValues
  /// The transition family the spec names.
  public let family: TransitionFamily

  /// The four seed transition types, in the order `gesturetrace variants`
  /// lists them; ``TransitionCatalog/builtIn`` holds them with the presets.
  public static let transitions: [any Transition.Type] = [
    LyricsSwapTransition.self,
    PlayerSheetTransition.self,
    MusicCardTransition.self,
    LibraryPagerTransition.self,
  ]

  /// The release rules transitions may take with `rule=`.
  public static let rules: [any ReleaseRule.Type] = [
    VelocitySignRule.self,
    DistanceRule.self,
    FractionRule.self,
    ProjectionRule.self,
    BottomSheetRule.self,
    SwipeRule.self,
    HammerRule.self,
    FlutterFlingRule.self,
    AndroidPagerRule.self,
  ]

  /// The names of ``rules``.
  public static var ruleNames: [String] { rules.map { $0.name } }

  /// Every rule of `names` but `rule`, as `rule=NAME` alternatives: what
  /// a transition whose rule is a choice offers to compare its rule with.
  static func ruleAlternatives(to rule: String, among names: [String] = ruleNames) -> [String] {
    names.filter { $0 != rule }.map { "rule=" + $0 }
  }

  /// The four seed transitions with the articles' values.
  public static let seeds: [Variant] = transitions.compactMap { try? Variant(parsing: $0.name) }

  /// Parses a spec, looking its transition up in `catalog`; see the type's
  /// description.
  public init(parsing spec: String, in catalog: TransitionCatalog = .builtIn) throws(VariantError) {
    self.spec = spec
    let name: Substring
    let settings: Substring?
    if let colon = spec.firstIndex(of: ":") {
      name = spec[..<colon]
      settings = spec[spec.index(after: colon)...]
    } else {
      name = spec[...]
      settings = nil
    }
    guard let family = catalog.family(named: name) else {
      let expected = "expected one of " + catalog.names.joined(separator: ", ")
      throw VariantError(
        "unknown transition '\(name)'; \(expected)",
        reason: name == spec ? "unknown transition; \(expected)" : nil)
    }
    transition = family.name
    self.family = family
    var pairs: [(key: String, value: String)] = []
    if let settings {
      for item in settings.split(separator: ",", omittingEmptySubsequences: false) {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2, !pair[0].isEmpty else {
          throw VariantError(
            "expected 'key=value' in '\(spec)', found '\(item)'",
            reason: "expected 'key=value', found '\(item)'")
        }
        let key = String(pair[0])
        if pairs.contains(where: { $0.key == key }) {
          throw VariantError(
            "'\(key)' is given twice in '\(spec)'", reason: "'\(key)' is given twice")
        }
        pairs.append((key, String(pair[1])))
      }
    }
    values = try Self.resolve(pairs, for: family, spec: spec)
  }

  /// The parameters valid for a family with the given rule (if it takes
  /// one).
  public static func parameters(
    of family: any Transition.Type, rule: String? = nil
  ) -> [Parameter] {
    parameters(of: TransitionFamily(family), rule: rule)
  }

  /// The parameters valid for a family with the given rule (if it takes
  /// one).
  public static func parameters(of family: TransitionFamily, rule: String? = nil) -> [Parameter] {
    var parameters = family.parameters
    if let ruleName = rule ?? family.parameters.first(where: { $0.name == "rule" })?.defaultValue,
      family.parameters.contains(where: { $0.name == "rule" }),
      let ruleParameters = family.ruleParameters(named: ruleName)
    {
      parameters += ruleParameters
    }
    return parameters
  }

  /// Creates the rule a transition's `rule` parameter names, with its
  /// values.
  ///
  /// - Precondition: `values` hold a valid `rule`.
  public static func makeRule(_ values: ParameterValues) -> any ReleaseRule {
    let name = values.word("rule")
    guard let rule = rules.first(where: { $0.name == name }) else {
      preconditionFailure("unknown rule '\(name)'")
    }
    return rule.init(values)
  }

  /// A new transition at rest.
  public func makeTransition() -> any Transition {
    family.makeTransition(values)
  }

  /// The axis and stops of this variant's transition, when it is a view
  /// dragged between stops (``Transition/track(_:)``).
  public var track: TransitionTrack? { family.track(values) }

  /// Another spec of the same family (``TransitionFamily``), parsed as
  /// ``init(parsing:in:)`` would with a catalog that holds it.
  package func sibling(parsing spec: String) throws(VariantError) -> Variant {
    try Variant(parsing: spec, in: TransitionCatalog([family]))
  }

  /// The gesture that drives this variant's transition: its axis and the
  /// directions that move it towards completing.
  public var gesture: TransitionGesture { family.gesture(values) }

  /// How far a drag goes before this variant's transition decides by
  /// distance alone (``Transition/decisionDistance(_:)``).
  public var decisionDistance: Double { family.decisionDistance(values) }

  /// The published variant of each transition followed by the alternatives
  /// its parameters offer (``Transition/alternatives``), for the given
  /// transition names in the order of ``transitions``.
  public static func publishedWithAlternatives(
    for names: Set<String>, in catalog: TransitionCatalog = .builtIn
  ) -> [Variant] {
    catalog.families.filter { names.contains($0.name) }.flatMap { family in
      [family.name] + family.alternatives.map { family.name + ":" + $0 }
    }.compactMap { try? Variant(parsing: $0, in: catalog) }
  }

  /// Variants are equal when they name the same family with the same
  /// values, from the same spec.
  public static func == (lhs: Variant, rhs: Variant) -> Bool {
    lhs.spec == rhs.spec && lhs.transition == rhs.transition && lhs.values == rhs.values
  }

  /// Hashes the spec, the family's name and the values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(spec)
    hasher.combine(transition)
    hasher.combine(values)
  }

  /// The spec.
  public var description: String { spec }

  private static func resolve(
    _ pairs: [(key: String, value: String)], for family: TransitionFamily, spec: String
  ) throws(VariantError) -> ParameterValues {
    let rule = pairs.first(where: { $0.key == "rule" })?.value
    if let rule, let ruleParameter = family.parameters.first(where: { $0.name == "rule" }),
      case .choice(let names) = ruleParameter.kind, !names.contains(rule)
    {
      let expected = "expected one of " + names.joined(separator: ", ")
      throw VariantError(
        "unknown rule '\(rule)' in '\(spec)'; \(expected)",
        reason: "unknown rule '\(rule)'; \(expected)")
    }
    let parameters = parameters(of: family, rule: rule)
    var values = ParameterValues(defaultsOf: parameters)
    for (key, text) in pairs {
      guard let parameter = parameters.first(where: { $0.name == key }) else {
        let expected = "expected one of " + parameters.map { $0.name }.joined(separator: ", ")
        throw VariantError(
          "unknown parameter '\(key)' for \(family.name) in '\(spec)'; \(expected)",
          reason: "unknown parameter '\(key)' for \(family.name); \(expected)")
      }
      guard let value = parameter.value(parsing: text) else {
        throw VariantError(
          "invalid value '\(text)' for \(key) in '\(spec)'; expected \(parameter.accepted)",
          reason: "invalid value '\(text)' for \(key); expected \(parameter.accepted)")
      }
      values[key] = value
    }
    return values
  }
}
