extension TransitionPresets {
  /// `pan-modal`: PanModal's sheet on an iPhone 15 (393 × 852 pt, safe-area
  /// insets 59 top, 34 bottom), with a 300 pt short form: PanModal's own
  /// default short form is the long form, one detent, which a three-stop
  /// declaration cannot hold.
  static let panModal = (
    file: "presets/pan-modal.json",
    text: #"""
    {"version": 1, "transitions": {"pan-modal": {
      "summary": "PanModal's sheet: a fast release goes by its direction, a slow one to the nearest position.",
      "source": "slackhq/PanModal 1.2.7 (76ab89f) PanModalPresentationController.swift, PanModalPresentable+Defaults.swift, +LayoutHelpers.swift; positions on an iPhone 15 (393x852 pt, safe-area insets 59/34)",
      "axis": "y",
      "stops": {"long": 80, "short": 598, "dismissed": 852},
      "start": "short",
      "rule": "pan-modal",
      "drag": "pan-modal",
      "settle": {"duration": 0.5, "dampingRatio": 0.8},
      "alternatives": ["dragToDismiss=false", "rule=nearest", "rule=projection"],
      "sources": {
        "long": "longFormY = topMargin(.maxHeight) (0) + topOffset (top inset 59 + 21)",
        "short": "shortFormY = topMargin(.contentHeight(300)) (852 - (300 + 34)) + topOffset (80); an app's short form: PanModal's default is the long form",
        "dismissed": "The container height H, where a dismissal takes the sheet",
        "start": "PanModal presents at short form",
        "rule": "PanModal 1.2.7 didPanOnPresentedView (.ended)",
        "settleDuration": "PanModalAnimator: transitionDuration 0.5",
        "settleDampingRatio": "PanModalAnimator: springDamping 0.8, initial velocity 0"}}}}
    """#
  )
}
