import Testing

@testable import GestureTrace

/// Stop rules with overrides, and tracks, for the preset suites.
enum PresetFixtures {
  /// `rule` with its defaults and `overrides` (spec text) applied.
  static func make<Rule: StopRule>(
    _ rule: Rule.Type, _ overrides: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Rule {
    Rule(RuleFixtures.values(of: Rule.parameters, overrides, sourceLocation: sourceLocation))
  }

  /// FloatingPanel's test layout: a 375×667 view with `full` 20 pt below the
  /// top, `half` 250 pt and `tip` 60 pt above the bottom (y 417 and 607).
  static func floatingPanelTrack(start: String, hidden: Double? = nil) -> TransitionTrack {
    var stops: [TransitionTrack.Stop] = [.init("full", 20), .init("half", 417), .init("tip", 607)]
    if let hidden { stops.append(.init("hidden", hidden)) }
    return TransitionTrack(axis: "y", stops: stops, start: start)
  }
}
