/// Release rules a declared two-stop transition may name besides
/// ``Variant/rules``: those of the library presets.
///
/// They are kept out of ``Variant/rules`` so that the seed transitions'
/// `rule=` choices, and everything listed or compared over them, stay as
/// they were.
enum DeclaredReleaseRules {
  /// The extra rules.
  static let all: [any ReleaseRule.Type] = [
    SideMenuRule.self,
    NeverRule.self,
  ]

  /// Every release rule a declared two-stop transition may take: those of
  /// ``Variant/rules``, then ``all``.
  static var available: [any ReleaseRule.Type] { Variant.rules + all }
}

/// Never completes at release: the view returns to its start stop. For a
/// transition that completes only during the drag (`decideAt`), such as
/// DeckTransition's card, which snaps back whenever the finger lifts.
struct NeverRule: ReleaseRule {
  static let name = "never"
  static let summary = "Never complete at release: return to the start stop."
  static let source =
    "HarshilShah/DeckTransition DeckPresentationController.swift (handlePan .ended: animate back)"
  static let parameters: [Parameter] = []

  init(_ values: ParameterValues) {}

  func completes(_ release: ReleaseInput) -> Bool { false }
}

extension NeverRule: ReleaseEventRule {}
extension SideMenuRule: ReleaseEventRule {}
