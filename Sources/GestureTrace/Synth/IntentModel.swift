/// The adjustable assumptions of the model of intent behind
/// `gesturetrace synth --target` (``TargetGestureMix``): which gestures
/// people make at a transition and how far and fast they go, which decide
/// the labels the synthetic traces carry.
///
/// The defaults (``standard``) are the model as it has always been; each
/// assumption can be changed (`synth --target T --mix hesitant=0.3
/// --peek-depth 10...40 --commit-distance 30...300 --drag-speed 100...600`),
/// and every synthetic trace names its model and writes all of its
/// assumptions into its metadata (``metadataEntries(for:)``):
///
/// | key | what it is | default |
/// |---|---|---|
/// | `intentModel` | the model's name | `synth-target` |
/// | `intentModelVersion` | its version | `1` |
/// | `intentMix` | the weight of each kind drawn at the transition; a kind's share is its weight over their sum | `drag=0.24,flick=0.2,diagonal=0.06,reversal=0.2,hesitant=0.12,away=0.08,across=0.1` (tap-driven: `tap=0.5,scroll=0.25,flick=0.15,across=0.1`) |
/// | `intentPeekDepth` | the total of a hesitant peek's small moves, pt | `3...16` |
/// | `intentCommitDistance` | the distance of a committed drag (a `drag`, or the drag of a `diagonal`), pt | from the decision distance *d*: max(0.35 *d*, 45)...max(3 *d*, 120) |
/// | `intentDragSpeed` | the mean speed of a committed drag, pt/s | `150...900` |
/// | `intentFlickDistance` | the distance a committed flick (a `flick`, or the flick of a `diagonal`) covers before its lift in 80–180 ms, pt | 60...max(140, 0.8 *d*) |
///
/// Kinds the transition's geometry cannot have (no `away` along an axis
/// whose both directions complete) are left out of the mix. A committed
/// drag is capped, whatever its range, at 95 % of the room the 390 × 844
/// pt view leaves along its direction, a committed flick at 60 %. A tap-driven transition has no
/// peeks and no committed drags: it writes its mix only.
package struct IntentModel: Sendable, Hashable {
  /// The name of the model of a two-outcome transition, written as each
  /// trace's `intentModel`.
  package static let targetName = "synth-target"
  /// The name of the model of a transition with more than two stops
  /// (gestures aimed at each stop in turn, ``TargetGestureMix/Aim``).
  package static let stopsName = "synth-target-stops"
  /// The name of the model of the untargeted corpus (``GestureKind``).
  package static let untargetedName = "synth-untargeted"
  /// The version of the models, written as `intentModelVersion`; it
  /// changes when a model changes what a seed makes.
  package static let version = 1

  /// Weights that replace the transition's default weight of their kind;
  /// a kind not listed keeps its default.
  package var weights: [TargetGestureMix.Kind: Double] = [:]
  /// The range of a hesitant peek's total movement, pt.
  package var peekDepth: ClosedRange<Double> = 3...16
  /// The range of a committed drag's distance, pt; `nil` for the default,
  /// which scales with the transition's decision distance.
  package var commitDistance: ClosedRange<Double>?
  /// The range of a committed drag's mean speed, pt/s.
  package var dragSpeed: ClosedRange<Double> = 150...900
  /// The range of the distance a committed flick covers before its lift,
  /// pt; `nil` for the default, which scales with the decision distance.
  package var flickDistance: ClosedRange<Double>?

  /// The model as it has always been.
  package static let standard = IntentModel()

  /// Creates the standard model.
  package init() {}

  /// The default weight of each kind of a transition's family, in drawing
  /// order: of a tap-driven transition, or of a dragged one.
  package static func defaultWeights(tap: Bool) -> [(kind: TargetGestureMix.Kind, weight: Double)] {
    tap
      ? [(.tap, 0.50), (.scroll, 0.25), (.flick, 0.15), (.across, 0.10)]
      : [
        (.drag, 0.24), (.flick, 0.20), (.diagonal, 0.06), (.reversal, 0.20),
        (.hesitant, 0.12), (.away, 0.08), (.across, 0.10),
      ]
  }
}

extension IntentModel {
  /// Why a model's assumptions cannot be used.
  package struct Problem: Error, Sendable, Hashable {
    /// What is wrong, as a sentence fragment for a usage error.
    package var reason: String

    /// A problem with this reason.
    package init(_ reason: String) { self.reason = reason }
  }

  /// Reads `LOW...HIGH` (decimal numbers, 0 ≤ LOW ≤ HIGH); `nil` for
  /// anything else.
  package static func range(parsing text: String) -> ClosedRange<Double>? {
    guard let dots = text.firstRange(of: "..."),
      let low = DecimalLiteral.parseDouble(String(text[..<dots.lowerBound])),
      let high = DecimalLiteral.parseDouble(String(text[dots.upperBound...])),
      low >= 0, low <= high
    else { return nil }
    return low...high
  }

  /// Reads a mix such as `hesitant=0.3,drag=0.2`: kinds and non-negative
  /// weights, each kind once.
  package static func weights(parsing text: String) throws(Problem)
    -> [TargetGestureMix.Kind: Double]
  {
    var weights: [TargetGestureMix.Kind: Double] = [:]
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", omittingEmptySubsequences: false)
      guard pair.count == 2, let kind = TargetGestureMix.Kind(rawValue: String(pair[0])),
        kind != .stay, kind != .carry
      else {
        throw Problem(
          "'\(part)' is not KIND=WEIGHT with KIND one of "
            + "drag, flick, diagonal, reversal, hesitant, away, across, tap, scroll")
      }
      guard let weight = DecimalLiteral.parseDouble(String(pair[1])), weight >= 0 else {
        throw Problem("the weight of \(kind) must be a number ≥ 0, not '\(pair[1])'")
      }
      guard weights[kind] == nil else { throw Problem("\(kind) is given twice") }
      weights[kind] = weight
    }
    return weights
  }

  /// The kinds and weights drawn for a transition driven by `gesture`:
  /// the defaults replaced by ``weights``, without the kinds its geometry
  /// cannot have and those of weight 0.
  ///
  /// - Throws: A ``Problem`` when a weighted kind is not one of the
  ///   transition's or every weight is 0.
  package func drawnWeights(for gesture: TransitionGesture) throws(Problem)
    -> [(kind: TargetGestureMix.Kind, weight: Double)]
  {
    let defaults = Self.defaultWeights(tap: gesture.isTap)
    for kind in TargetGestureMix.Kind.allCases where weights[kind] != nil {
      guard defaults.contains(where: { $0.kind == kind }) else {
        let family = gesture.isTap ? "a tap-driven transition" : "a dragged transition"
        throw Problem(
          "\(kind) is not a kind of \(family); its kinds are "
            + defaults.map(\.kind.rawValue).joined(separator: ", "))
      }
      if (weights[kind] ?? 0) > 0, !Self.canHappen(kind, for: gesture) {
        let completing = gesture.completingDirections.map(\.rawValue).joined(separator: "/")
        throw Problem(
          "no \(kind) gesture can happen at a transition along axis \(gesture.axis) "
            + "that completes \(completing)")
      }
    }
    var drawn: [(kind: TargetGestureMix.Kind, weight: Double)] = []
    for (kind, weight) in Self.standardWeights(for: gesture) {
      let given = weights[kind] ?? weight
      if given > 0 { drawn.append((kind, given)) }
    }
    guard !drawn.isEmpty else { throw Problem("every weight of the mix is 0") }
    return drawn
  }

  /// The standard model's kinds and weights for a transition driven by
  /// `gesture`: its defaults that its geometry can have. Never empty:
  /// drags, flicks, reversals and hesitant peeks (taps, scrolls and flicks
  /// when tap-driven) can happen at every transition.
  package static func standardWeights(for gesture: TransitionGesture)
    -> [(kind: TargetGestureMix.Kind, weight: Double)]
  {
    defaultWeights(tap: gesture.isTap).filter { canHappen($0.kind, for: gesture) }
  }

  /// Whether the geometry of a transition driven by `gesture` has a
  /// gesture of `kind`: an `away` needs a direction along the axis that
  /// does not complete, an `across` an axis to cross.
  static func canHappen(_ kind: TargetGestureMix.Kind, for gesture: TransitionGesture) -> Bool {
    switch kind {
    case .away: return !TargetGestureMix.awayDirections(gesture).isEmpty
    case .across: return !TargetGestureMix.acrossDirections(gesture).isEmpty
    default: return true
    }
  }

  /// Checks that the model fits a transition driven by `gesture`: its mix
  /// (``drawnWeights(for:)``), and no peek depth, commit distance, drag
  /// speed or flick distance for a tap-driven one, which has neither peeks nor committed
  /// drags. `changed` names the options given (`--peek-depth`, ...);
  /// `--mix` fits every transition.
  package func check(for gesture: TransitionGesture, changed: Set<String>) throws(Problem) {
    _ = try drawnWeights(for: gesture)
    if gesture.isTap, let first = changed.subtracting(["--mix"]).sorted().first {
      throw Problem(
        "\(first) does not apply to a tap-driven transition, which has no hesitant peeks "
          + "or committed drags; its assumptions are its --mix")
    }
  }
}

extension IntentModel {
  /// The metadata that names the model and writes its assumptions for a
  /// transition mix: ``targetName``, ``version``, then `intentMix`,
  /// `intentPeekDepth`, `intentCommitDistance`, `intentDragSpeed` and
  /// `intentFlickDistance` (the last four not for a tap-driven transition).
  package func metadataEntries(for mix: TargetGestureMix) -> [(key: String, value: String)] {
    var entries: [(key: String, value: String)] = [
      ("intentModel", Self.targetName), ("intentModelVersion", String(Self.version)),
    ]
    let weights = (try? drawnWeights(for: mix.gesture)) ?? []
    let mixText = weights.map { "\($0.kind.rawValue)=\($0.weight.reportText)" }
    entries.append(("intentMix", mixText.joined(separator: ",")))
    guard !mix.gesture.isTap else { return entries }
    let distance = commitDistance ?? mix.defaultCommitDistance
    entries.append(("intentPeekDepth", Self.text(peekDepth)))
    entries.append(("intentCommitDistance", Self.text(distance)))
    entries.append(("intentDragSpeed", Self.text(dragSpeed)))
    entries.append(("intentFlickDistance", Self.text(flickDistance ?? mix.defaultFlickDistance)))
    return entries
  }

  /// `LOW...HIGH`, each rounded to 0.01.
  static func text(_ range: ClosedRange<Double>) -> String {
    func rounded(_ value: Double) -> String { ((value * 100).roundedTiesAway / 100).reportText }
    return rounded(range.lowerBound) + "..." + rounded(range.upperBound)
  }
}
