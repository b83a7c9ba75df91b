extension TransitionPresets {
  /// `deck`: DeckTransition's card, dismissed during a downward drag and
  /// snapped back at any release; positions are the card's offset from
  /// where it is presented, `dismissed` off the bottom of an iPhone 15
  /// (852 pt).
  static let deck = (
    file: "presets/deck.json",
    text: #"""
    {"version": 1, "transitions": {"deck": {
      "summary": "DeckTransition's card: dismissed during the drag at 240 pt down; any release snaps it back.",
      "source": "HarshilShah/DeckTransition 2.2.0 (09fa09f) Source/DeckPresentationController.swift (handlePan, updatePresentedViewForTranslation)",
      "axis": "y",
      "stops": {"presented": 0, "dismissed": 852},
      "start": "presented",
      "rule": "never",
      "decideAt": 240,
      "drag": "deck",
      "settle": {"duration": 0.25, "curve": "easeInOut"},
      "alternatives": ["decideAt=120", "rule=distance", "rule=velocity-sign", "rule=projection"],
      "sources": {
        "presented": "The card at rest where it is presented",
        "dismissed": "Off the bottom of the screen (iPhone 15, 852 pt)",
        "start": "The card presented, swiped down to dismiss",
        "rule": "handlePan .ended animates the card back: velocity is never read",
        "decideAt": "DeckPresentationController dismissThreshold 240 (translation, inclusive)",
        "settleDuration": "handlePan .ended: 0.25 s back to identity (the dismissal itself takes 0.3 s)",
        "settleCurve": "UIView.animate's default curve (ease in, ease out)"}}}}
    """#
  )
}
