/// One transition as a transitions file declares it, checked: a view
/// dragged along an axis between named stops, with the rule that decides
/// where it settles (see ``TransitionCatalog/declare(parsing:file:)``).
///
/// ``family`` makes it a ``TransitionFamily`` whose variant keys are its
/// stops' positions (one parameter per stop, named after it, in points),
/// `start`, `rule` and the rule's parameters, and the declaration's own
/// (`decideAt`, `rubberBandDimension`, the `settle…` keys).
struct TransitionDeclaration: Sendable, Hashable {
  /// How the view follows the drag.
  enum Drag: String, Sendable, Hashable, CaseIterable {
    /// 1:1 along the axis, beyond the end stops too.
    case follow
    /// 1:1, held within the end stops.
    case clamp
    /// PanModal's: each event's movement 1:1, never above the `long` stop
    /// (the smallest position without one); see
    /// ``PanModalRule/clampedPosition(start:translations:longY:)``.
    case panModal = "pan-modal"
    /// DeckTransition's elastic card: half the translation toward the
    /// other stop up to 120 pt, then elastic (``DeckElastic``); none away
    /// from it.
    case deck
  }

  /// How the view moves to the stop decided.
  enum Settle: Sendable, Hashable {
    /// A spring as SwiftUI's `spring(response:dampingFraction:)` makes it,
    /// from the release position at rest; settled when within 1/1500 of
    /// the distance for good.
    case spring(response: Double, dampingRatio: Double)
    /// A spring as `UIView.animate(withDuration:…usingSpringWithDamping:)`
    /// runs it, initial velocity 0; settled at the duration.
    case uiKitSpring(duration: Double, dampingRatio: Double)
    /// A timing curve of a fixed duration, as `UIView.animate` runs it;
    /// percent-driven, the duration is scaled by the share of the way
    /// left, as `UIPercentDrivenInteractiveTransition` finishes.
    case curve(duration: Double, curve: String, percentDriven: Bool = false)
    /// FloatingPanel's numeric spring, carrying the release velocity
    /// (``FloatingPanelSpring``).
    case floatingPanel
  }

  /// The timing curves `settle` may name.
  static let curves: [(name: String, curve: TimingCurve)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInOut", .easeInEaseOut),
  ]

  /// The settle animation of a declaration that gives none: a critically
  /// damped spring of response 0.4 s.
  static let defaultSettle = Settle.spring(response: 0.4, dampingRatio: 1)

  /// The name in variant specs.
  var name: String
  /// What the transition is, in one sentence.
  var summary: String
  /// Where it comes from.
  var source: String
  /// `x` or `y`.
  var axis: String
  /// The stops, in the order declared.
  var stops: [TransitionTrack.Stop]
  /// The stop the view rests at before the gesture.
  var start: String
  /// The rule's name: a release rule with two stops
  /// (``DeclaredReleaseRules/available``), a stop rule with more
  /// (``StopRules/all``).
  var rule: String
  /// The translation toward the other stop at which the transition
  /// completes during the drag, if it does.
  var decideAt: Double?
  /// Whether the view rubber-bands beyond the end stops.
  var rubberBand = false
  /// How the view follows the drag.
  var drag = Drag.follow
  /// How the view moves to the stop decided.
  var settle = defaultSettle
  /// Defaults the declaration gives its parameters and its rule's, as they
  /// would be written in a spec.
  var defaults: [String: String] = [:]
  /// Where parameters' defaults come from, by parameter name.
  var sources: [String: String] = [:]
  /// The variant settings `analyze` compares with the defaults, when the
  /// declaration lists them; see ``defaultAlternatives``.
  var alternatives: [String]?

  /// The parameters the transition adds besides its stops, `start` and
  /// `rule`, and the rule parameters of every rule: stop names may not be
  /// any of these.
  static let reservedNames: Set<String> = {
    var names: Set<String> = [
      "start", "rule", "decideAt", "rubberBandDimension", "settleResponse",
      "settleDampingRatio", "settleDuration", "settleCurve",
    ]
    for rule in DeclaredReleaseRules.available { names.formUnion(rule.parameters.map(\.name)) }
    for rule in StopRules.all { names.formUnion(rule.parameters.map(\.name)) }
    return names
  }()

  /// Whether a stop rule picks among the stops (more than two) rather than
  /// a release rule completing or cancelling.
  var isMultiStop: Bool { stops.count > 2 }

  /// The names of the rules `rule` may take.
  var ruleNames: [String] {
    isMultiStop ? StopRules.names : DeclaredReleaseRules.available.map { $0.name }
  }

  /// The parameters of the rule called `name` (one of ``ruleNames``), with
  /// the declaration's defaults; `nil` for another name.
  func ruleParameters(named name: String) -> [Parameter]? {
    let parameters: [Parameter]?
    if isMultiStop {
      parameters = StopRules.all.first { $0.name == name }?.parameters
    } else {
      parameters = DeclaredReleaseRules.available.first { $0.name == name }?.parameters
    }
    return parameters?.map(withDeclaredDefault)
  }

  /// The transition's own parameters: one per stop, `start`, `rule`, and
  /// those of the parts declared, with the declaration's defaults.
  var parameters: [Parameter] {
    var list: [Parameter] = stops.map { stop in
      .number(
        stop.name, stop.position, unit: "pt", in: Self.positionRange,
        summary: "Position of the stop '\(stop.name)' along \(axis).",
        source: "declared")
    }
    list.append(
      .choice(
        "start", stops.map(\.name), default: start,
        summary: "The stop the view rests at before the gesture.", source: "declared"))
    list.append(
      .choice(
        "rule", ruleNames, default: rule,
        summary: isMultiStop
          ? "The stop rule that picks the stop at release."
          : "The release rule that decides between reaching the other stop and returning.",
        source: "declared"))
    if let decideAt {
      list.append(
        .number(
          "decideAt", decideAt, unit: "pt", in: Self.distanceRange,
          summary:
            "Completes during the drag once the translation toward the other stop reaches it.",
          source: "declared"))
    }
    if rubberBand {
      list.append(
        .number(
          "rubberBandDimension", defaultText: "the stops' span", unit: "pt",
          in: Self.positionRange.clamped(to: 1...Self.positionRange.upperBound),
          summary:
            "d of the UIScrollView rubber band (1 - 1/(x * 0.55/d + 1)) * d beyond the end stops.",
          source: "UIScrollView rubber banding, as FloatingPanel's Layout.swift writes it"))
    }
    switch settle {
    case .spring(let response, let dampingRatio):
      list.append(
        .number(
          "settleResponse", response, unit: "s", in: 0.001...60,
          summary: "Response (undamped period) of the settle spring.", source: "declared"))
      list.append(
        .number(
          "settleDampingRatio", dampingRatio, in: 0.01...10,
          summary: "Damping ratio of the settle spring.", source: "declared"))
    case .uiKitSpring(let duration, let dampingRatio):
      list.append(
        .number(
          "settleDuration", duration, unit: "s", in: 0...60,
          summary: "Duration of the settle spring (UIKit's: at rest by then).", source: "declared"))
      list.append(
        .number(
          "settleDampingRatio", dampingRatio, in: 0.01...1,
          summary: "Damping ratio of the settle spring.", source: "declared"))
    case .curve(let duration, let curve, _):
      list.append(
        .number(
          "settleDuration", duration, unit: "s", in: 0...60,
          summary: "Duration of the settle animation.", source: "declared"))
      list.append(
        .choice(
          "settleCurve", Self.curves.map(\.name), default: curve,
          summary: "Timing curve of the settle animation.", source: "declared"))
    case .floatingPanel:
      break
    }
    return list.map(withDeclaredDefault)
  }

  /// Positions are within a million points of 0.
  static let positionRange: ClosedRange<Double> = -1e6...1e6
  /// Distances are up to a million points.
  static let distanceRange: ClosedRange<Double> = 0...1e6

  /// `parameter` with the default and source the declaration gives it.
  private func withDeclaredDefault(_ parameter: Parameter) -> Parameter {
    let source = sources[parameter.name] ?? parameter.source
    let defaultValue = defaults[parameter.name] ?? parameter.defaultValue
    return Parameter(
      name: parameter.name, kind: parameter.kind, defaultValue: defaultValue,
      unit: parameter.unit, summary: parameter.summary, source: source)
  }

  /// The family variant specs name.
  var family: TransitionFamily {
    let declaration = self
    let alternatives = self.alternatives ?? defaultAlternatives
    return TransitionFamily(
      name: name, summary: summary, source: source, parameters: parameters,
      alternatives: alternatives,
      gesture: { declaration.gesture($0) },
      decisionDistance: { declaration.decisionDistance($0) },
      track: { declaration.track($0) },
      make: { DeclaredTransition(declaration, $0) },
      ruleParameters: { declaration.ruleParameters(named: $0) })
  }

  /// The other rules as `rule=NAME`, as `player-sheet` offers them: with two
  /// stops the other rules of ``Variant/rules``, with more the other
  /// general stop rules (``StopRules/general``); a library's own rule
  /// reads stops the declaration may not have.
  var defaultAlternatives: [String] {
    let names = isMultiStop ? StopRules.general.map { $0.name } : Variant.ruleNames
    return Variant.ruleAlternatives(to: rule, among: names)
  }

  /// The track with these values' stop positions and start.
  func track(_ values: ParameterValues) -> TransitionTrack {
    TransitionTrack(
      axis: axis,
      stops: stops.map { .init($0.name, values.givenNumber($0.name) ?? $0.position) },
      start: { if case .word(let word)? = values["start"] { word } else { start } }())
  }

  /// A drag along the axis towards the other stops.
  func gesture(_ values: ParameterValues) -> TransitionGesture {
    let track = track(values)
    let origin = track.position(of: track.start) ?? 0
    let others = track.stops.filter { $0.name != track.start }.map(\.position)
    var directions: [GestureDirection] = []
    if others.contains(where: { $0 < origin }) { directions.append(axis == "x" ? .left : .up) }
    if others.contains(where: { $0 > origin }) || directions.isEmpty {
      directions.append(axis == "x" ? .right : .down)
    }
    return .drag(axis: axis, towards: directions)
  }

  /// Half the distance from the start stop to its nearest neighbour (with
  /// two stops, half their separation); with `decideAt`, that distance
  /// when it is nearer (always, when the rule never completes at release).
  func decisionDistance(_ values: ParameterValues) -> Double {
    let track = track(values)
    let origin = track.position(of: track.start) ?? 0
    let half =
      track.stops.filter { $0.name != track.start }
      .map { ($0.position - origin).magnitude }.min().map { $0 / 2 } ?? 0
    guard !isMultiStop, let decideAt = values.givenNumber("decideAt") ?? decideAt else {
      return half
    }
    if case .word(let rule)? = values["rule"], rule == NeverRule.name { return decideAt }
    return min(decideAt, half)
  }
}
