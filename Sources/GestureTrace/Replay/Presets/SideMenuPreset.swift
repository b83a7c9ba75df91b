extension TransitionPresets {
  /// `side-menu`: SideMenu's left menu, presented by a drag right over its
  /// 240 pt width.
  static let sideMenu = (
    file: "presets/side-menu.json",
    text: #"""
    {"version": 1, "transitions": {"side-menu": {
      "summary": "SideMenu's menu: finish on a fling toward the end, or past halfway unless flung back.",
      "source": "jonkykong/SideMenu 6.5.0 (8bd4fd1) Pod/Classes/SideMenuNavigationController.swift (handleMenuPan, SideMenuSettings)",
      "axis": "x",
      "stops": {"closed": 0, "open": 240},
      "start": "closed",
      "rule": "side-menu",
      "drag": "clamp",
      "settle": {"duration": 0.35, "curve": "easeIn", "percentDriven": true},
      "sources": {
        "closed": "The menu hidden off the left edge",
        "open": "menuWidth = min(round(0.75 * min(width, height)), 240): 240 on any phone",
        "start": "A left menu presented by a pan to the right",
        "rule": "SideMenu 6.5.0 handleMenuPan (.ended)",
        "settleDuration": "SideMenuSettings completeGestureDuration 0.35, of which the percent-driven finish or cancel runs the share left",
        "settleCurve": "SideMenuSettings completionCurve = .easeIn"}}}}
    """#
  )
}
