/// The gestures people make at one transition, and what each of them means
/// for it: the model of intent behind `gesturetrace synth --target`.
///
/// A transition declares the gesture that drives it (``TransitionGesture``):
/// a drag along an axis towards its completing directions, or a tap. Intent
/// is relative to that gesture, so the same finger motion can mean
/// `complete` for one transition and `cancel` for another: a sideways pan
/// completes the library pager and means nothing to the vertical lyrics
/// card. The mix draws each trace's ``Kind`` with its share, shapes it in
/// the transition's geometry (its axis, its completing directions, and
/// distances around its own decision distance), and labels it:
///
/// | kind | motion | intent |
/// |---|---|---|
/// | `drag` | one continuous move towards completion, paused or slowing at the lift | complete |
/// | `flick` | a short fast move towards completion, lifted mid-motion | complete |
/// | `diagonal` | a drag or flick towards completion, 20–40° off the axis | complete |
/// | `reversal` | out towards completion, then back 65–110 % of the way | cancel |
/// | `hesitant` | two to four small moves (3–16 pt in all by default) with pauses | cancel |
/// | `away` | a drag or flick along the axis, away from completion | cancel |
/// | `across` | a drag or flick across the axis | cancel |
/// | `tap` | a touch that moves at most 5 pt, then lifts | complete |
/// | `scroll` | a drag up or down that starts on a tap target | cancel |
///
/// The model and its sources:
/// - A pan's meaning is its direction relative to the transition: the
///   content follows the finger (Apple Human Interface Guidelines,
///   Gestures), and the person can redirect it at any time (WWDC18
///   "Designing Fluid Interfaces": fluid interfaces are interruptible and
///   redirectable). So drags and flicks towards a completing direction mean
///   `complete`, and a reversal means the person changed their mind: `cancel`.
/// - Hesitant peeks (small moves with pauses) mean `cancel`: the person is
///   trying the gesture out, not committing to it (the hesitant moves near
///   thresholds of the untargeted corpus, ``GestureKind/hesitant``).
/// - Short or slow committed moves still mean `complete`. The issue trackers
///   in transitions.md §E are full of people whose short fast flicks or slow
///   long drags did not do what they meant (SwiftUIPager #84, #129, #185;
///   pocket-casts #3803; use-gesture #332; flutter #35712), and diagonal
///   swipes meant as page turns (SwiftUIPager #294). The mix therefore
///   includes drags that stop short of the decision distance, drags lifted
///   after a pause (release velocity about 0; see velocity.md on the 40 ms
///   "pointer stopped" rule) and flicks across a wide range of speeds.
/// - Reversals are released while coming back, after a hold, or with a
///   small forward roll of the fingertip at the lift, so the release
///   velocity points either way (transitions.md §E, hammer.js #191 and
///   Workiva PR #104: a release velocity's sign can contradict the motion).
/// - A pan the wrong way along the axis or across it means `cancel`: it is
///   not the transition's gesture (the pager at its first page dragged
///   right, a vertical card dragged sideways).
/// - For a tap-driven transition (the Apple Music card in tap mode), a tap
///   means `complete`; a drag, flick or scroll that happens to start on the
///   card is the person scrolling the screen behind it and means `cancel`.
///
/// Distances scale with the transition's decision distance (``reach``): the
/// lyrics card's dismissal offset (80 pt for axis y; 1.5 × 90 pt for both,
/// whose offset is (|tx| + |ty|) / 1.5), half the player sheet's 806-pt
/// travel, half the pager's 414-pt page, half the music card's drag travel.
/// They are capped by the 390 × 844 pt view, since a finger cannot move
/// further than the screen. Nothing here is tuned to make any release rule
/// win; the ranges come from the motions above. They are assumptions all
/// the same, and the labels (and so which rule wins) follow from them:
/// `IntentModel` holds those that can be changed (the weights of the
/// kinds, the peek depth, the committed drags' distance and speed), and
/// `tools/intent-sensitivity` measures how much the analysis depends on
/// them (docs/intent-sensitivity.md).
///
/// A transition with more than two stops (``TransitionTrack/isMultiStop``)
/// gets gestures aimed at each stop instead, labelled with the stop's name
/// (``stopLabel(of:direction:)``): see ``Aim``.
public struct TargetGestureMix: Sendable, Hashable {
  /// The kinds of gesture made at a transition.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// One continuous move towards completion.
    case drag
    /// A short fast move towards completion, lifted mid-motion.
    case flick
    /// A drag or flick towards completion, 20–40° off the axis.
    case diagonal
    /// Out towards completion, then back.
    case reversal
    /// Small moves with pauses.
    case hesitant
    /// A drag or flick along the axis, away from completion.
    case away
    /// A drag or flick across the axis.
    case across
    /// A touch that barely moves.
    case tap
    /// A drag up or down that starts on a tap target.
    case scroll
    /// A short slow drag towards a neighbouring stop that stays at the
    /// start stop (more than two stops).
    case stay
    /// A fast flick meant to carry past the neighbouring stop to the next
    /// (more than two stops).
    case carry
  }

  /// The transition name written as each trace's `target`.
  public let transition: String
  /// The gesture that drives the transition.
  public let gesture: TransitionGesture
  /// The transition's decision distance in points: how far along its axis
  /// a drag goes before the transition's own rule would decide.
  public let reach: Double
  /// The kinds this transition gets, in drawing order.
  public let kinds: [Kind]
  /// The share of each of ``kinds``; the shares add up to 1.
  public let shares: [Double]
  /// The track of a transition with more than two stops, whose gestures
  /// are aimed at its stops (``aims``); `nil` for others.
  public let track: TransitionTrack?
  /// The gestures aimed at the stops of ``track``, taken in turn by trace
  /// index; empty without a track.
  public let aims: [Aim]

  /// The assumptions of the model: the weights of the kinds, the depth of
  /// hesitant peeks, the distance and speed of committed drags.
  package let model: IntentModel

  /// The mix for the transition of a variant, with the standard model.
  public init(_ variant: Variant) {
    self.init(
      variant, model: .standard, drawn: IntentModel.standardWeights(for: variant.gesture))
  }

  /// The mix for the transition of a variant with the assumptions of
  /// `model`; a transition with more than two stops takes the standard
  /// model only.
  ///
  /// - Throws: An ``IntentModel/Problem`` when the model does not fit the
  ///   transition (``IntentModel/drawnWeights(for:)``).
  package init(_ variant: Variant, model: IntentModel) throws(IntentModel.Problem) {
    let multiStop = variant.track?.isMultiStop == true
    guard !multiStop || model == .standard else {
      throw IntentModel.Problem(
        "\(variant.transition) has more than two stops: its gestures are aimed at each stop "
          + "in turn, and its model takes no assumptions")
    }
    self.init(
      variant, model: model, drawn: multiStop ? [] : try model.drawnWeights(for: variant.gesture))
  }

  /// The mix with the kinds and weights `drawn` (ignored with more than
  /// two stops, whose gestures are aimed at the stops).
  private init(
    _ variant: Variant, model: IntentModel,
    drawn: [(kind: TargetGestureMix.Kind, weight: Double)]
  ) {
    transition = variant.transition
    gesture = variant.gesture
    reach = Self.reach(of: variant)
    self.model = model
    if let track = variant.track, track.isMultiStop {
      self.track = track
      aims = Self.aims(on: track)
      var kinds: [Kind] = []
      for aim in aims where !kinds.contains(aim.kind) { kinds.append(aim.kind) }
      self.kinds = kinds
      let aims = self.aims
      shares = kinds.map { kind in
        Double(aims.count { $0.kind == kind }) / Double(max(aims.count, 1))
      }
      return
    }
    track = nil
    aims = []
    let total = drawn.reduce(0) { $0 + $1.weight }
    kinds = drawn.map(\.kind)
    shares = drawn.map { $0.weight / total }
  }

  /// What a person making a gesture of `kind` means this transition to do.
  public func intent(of kind: Kind) -> TraceIntent {
    switch kind {
    case .drag, .flick, .diagonal: return gesture.isTap ? .cancel : .complete
    case .tap, .carry: return .complete
    case .reversal, .hesitant, .away, .across, .scroll, .stay: return .cancel
    }
  }

  /// Draws a kind with probability equal to its share.
  func drawnKind(using rng: inout SplitMix64) -> Kind {
    var u = rng.unit()
    for (kind, share) in zip(kinds, shares) {
      if u < share { return kind }
      u -= share
    }
    return kinds.last!
  }

  // NB: the default weights (`IntentModel.defaultWeights(tap:)`) are those
  // of the untargeted corpus (30 % drags, 25 % flicks, 20 % reversals, 15 %
  // hesitant, 10 % across), with some drags and flicks turned diagonal or
  // the wrong way. A kind that cannot happen (no wrong way along
  // lyrics-swap's y axis, where up and down both swap; nothing is across
  // axis=both) gives its share to the others.

  /// The directions along the gesture's axis that do not complete it.
  static func awayDirections(_ gesture: TransitionGesture) -> [GestureDirection] {
    GestureDirection.allCases.filter {
      !gesture.completingDirections.contains($0)
        && (gesture.axis == "both" || $0.axis == gesture.axis)
    }
  }

  /// The directions across the gesture's axis.
  static func acrossDirections(_ gesture: TransitionGesture) -> [GestureDirection] {
    switch gesture.axis {
    case "x": return [.up, .down]
    case "y", "none": return [.left, .right]
    default: return []
    }
  }

  // NB: each transition declares its own decision distance
  // (`Transition.decisionDistance(_:)`), so a new one needs no entry here.
  private static func reach(of variant: Variant) -> Double { variant.decisionDistance }
}
