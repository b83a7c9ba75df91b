extension TransitionPresets {
  /// `floating-panel`: FloatingPanel's bottom panel with its default
  /// layout and behaviour, on an iPhone 15 (393 × 852 pt, safe-area
  /// insets 59 top, 34 bottom; safe area 759 pt high).
  static let floatingPanel = (
    file: "presets/floating-panel.json",
    text: #"""
    {"version": 1, "transitions": {"floating-panel": {
      "summary": "FloatingPanel's bottom panel: momentum projected, no stop skipped, hidden only by removal.",
      "source": "scenee/FloatingPanel 3.2.2 (7efcc76) Sources/Core.swift, Layout.swift, Behavior.swift; positions on an iPhone 15 (393x852 pt, safe-area insets 59/34)",
      "axis": "y",
      "stops": {"full": 77, "half": 438.5, "tip": 749, "hidden": 852},
      "start": "half",
      "rule": "floating-panel",
      "drag": "follow",
      "settle": {"library": "floating-panel"},
      "alternatives": ["projectMomentum=true", "removal=true", "rule=nearest", "rule=projection"],
      "sources": {
        "full": "FloatingPanelBottomLayout: 18 pt below the safe-area top (59 + 18)",
        "half": "FloatingPanelBottomLayout: 50 % of the safe-area height from its bottom (852 - 34 - 759/2)",
        "tip": "FloatingPanelBottomLayout: 69 pt above the safe-area bottom (852 - 34 - 69)",
        "hidden": "FloatingPanel's hidden state: the panel's top at the screen's bottom edge",
        "start": "FloatingPanelBottomLayout initialState = .half",
        "rule": "FloatingPanel 3.2.2 Core.swift targetState and shouldRemove"}}}}
    """#
  )
}
