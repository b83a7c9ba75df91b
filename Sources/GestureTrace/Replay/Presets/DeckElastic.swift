/// DeckTransition's swipe-to-dismiss card (HarshilShah/DeckTransition
/// 2.2.0): how far the card moves for a downward drag, and the drag that
/// dismisses it while the finger is still down.
///
/// The card follows half the translation `t` up to 120 pt, then an elastic
/// curve, `60 + 30·atan((t − 120) / 120) + (t − 120) / 10`. Velocity is never
/// read: the card is dismissed during the drag as soon as `t` reaches
/// ``dismissThreshold``, and a release before that snaps it back.
///
/// ```swift
/// DeckElastic.shown(translation: 60)   // 30
/// DeckElastic.shown(translation: 240)  // 60 + 30·π/4 + 12 ≈ 95.56
/// ```
enum DeckElastic {
  /// The translation, points, at which the card is dismissed (inclusive).
  static let dismissThreshold = 240.0
  /// Where the half-speed following ends and the elastic curve begins.
  static let elasticThreshold = 120.0
  /// A release before the threshold animates the card back to rest over
  /// this many seconds (UIView's default curve).
  static let snapBackDuration = 0.25

  /// How far down the card is drawn, points, for a downward translation
  /// `t` since the gesture began; 0 for an upward one (the source then
  /// leaves the card where it was, which is 0 from rest).
  static func shown(translation t: Double) -> Double {
    guard t >= 0 else { return 0 }
    guard t >= elasticThreshold else { return t / 2 }
    let friction = t - elasticThreshold
    return elasticThreshold / 2 + 30 * Math.atan(friction / 120) + friction / 10
  }

  /// Whether a drag that reached `translation` dismisses the card.
  static func dismisses(translation: Double) -> Bool {
    translation >= dismissThreshold
  }
}
