/// The kinds of pan gesture the synthesizer makes.
///
/// Each kind has a fixed share of a synthetic corpus and a known meaning:
/// drags, flicks and horizontal gestures mean to complete a transition;
/// reversals and hesitant gestures mean to cancel it.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// A slow vertical drag that slows down or pauses before the lift.
  case drag
  /// A short fast vertical move, released while the finger still moves.
  case flick
  /// A vertical move that goes out, then comes back towards its start.
  case reversal
  /// Small vertical moves with pauses, near the decision thresholds.
  case hesitant
  /// A drag or a flick along the x axis.
  case horizontal

  /// What a person making this gesture means the transition to do.
  public var intent: TraceIntent {
    switch self {
    case .drag, .flick, .horizontal: return .complete
    case .reversal, .hesitant: return .cancel
    }
  }

  /// The kind's share of a synthetic corpus; the shares add up to 1.
  var share: Double {
    switch self {
    case .drag: return 0.30
    case .flick: return 0.25
    case .reversal: return 0.20
    case .hesitant: return 0.15
    case .horizontal: return 0.10
    }
  }

  /// Draws a kind with probability equal to its ``share``.
  static func drawn(using rng: inout SplitMix64) -> GestureKind {
    var u = rng.unit()
    for kind in allCases {
      if u < kind.share { return kind }
      u -= kind.share
    }
    return .horizontal
  }
}
