/// Completes when the gesture has covered more than a fraction of the way
/// from the start state to the end state; velocity is ignored.
///
/// `progress / distance > minFraction` completes. Exactly `minFraction`
/// cancels (a strict comparison, like the distance rule); SwiftUIPager,
/// which tests `|remaining| < sensitivity` for staying, would page at
/// exactly the sensitivity. A transition over zero distance never
/// completes (its fraction reads 0).
///
/// The default 0.5 is FloatingPanel's default `redirectionalProgress`
/// (scenee/FloatingPanel `Behavior.swift`) and SwiftUIPager's default
/// `.medium` sensitivity (fermoya/SwiftUIPager `PaginationSensitivity.swift`).
struct FractionRule: ReleaseRule {
  static let name = "fraction"
  static let summary =
    "Complete when the drag covered more than minFraction of the distance; velocity is ignored."
  static let source =
    "scenee/FloatingPanel Behavior.swift (redirectionalProgress); fermoya/SwiftUIPager PaginationSensitivity.swift"
  static let parameters: [Parameter] = [
    .number(
      "minFraction", 0.5, in: 0...1,
      summary: "Progress / distance must exceed this to complete.",
      source: "FloatingPanel redirectionalProgress 0.5; SwiftUIPager sensitivity .medium 0.5")
  ]

  let minFraction: Double

  init(_ values: ParameterValues) {
    minFraction = values.number("minFraction")
  }

  func completes(_ release: ReleaseInput) -> Bool {
    release.fraction > minFraction
  }
}
