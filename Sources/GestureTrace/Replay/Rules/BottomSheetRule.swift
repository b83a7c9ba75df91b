/// Material Components' `BottomSheetBehavior.onViewReleased` for a sheet
/// with two states, expanded and collapsed (`fitToContents`, the default).
///
/// The release velocity is first clamped per axis as `ViewDragHelper` does:
/// a component with magnitude below `sheetMinVelocity` becomes 0, one above
/// `sheetMaxVelocity` becomes ±`sheetMaxVelocity`. Then, with "up" meaning
/// toward the expanded state:
///
/// 1. moving up (any upward velocity, even a mostly sideways one) →
///    expanded;
/// 2. no velocity along the axis, or more across it than along it →
///    the nearer state by position; exactly halfway goes to collapsed
///    (MDC expands only when strictly nearer the expanded offset);
/// 3. moving down → collapsed.
///
/// The transition completes when that state is its end state. Which of the
/// two is expanded is `sheetEnd`: `auto` takes the end state as expanded
/// when `release.direction` points up the screen (y < 0), as a bottom sheet
/// expands upwards, and as collapsed otherwise (down or sideways); player
/// sheet opening is expanding and closing is collapsing. MDC's pixels are
/// read as points.
///
/// The hide path (`hideable`, significant velocity 500 px/s, hide friction
/// 0.1, hide threshold 0.5 of the peek height) is not modelled: MDC's
/// `shouldHide` is false whenever the sheet is above its collapsed offset,
/// so between the two states it never changes a decision; it only acts on a
/// drag past the collapsed state, and its outcome there (hidden) is a third
/// state that a complete-or-cancel transition cannot show. It would also
/// need the peek and parent heights, which a release does not carry.
struct BottomSheetRule: ReleaseRule {
  static let name = "bottom-sheet"
  static let summary =
    "MDC BottomSheetBehavior.onViewReleased, two states: up expands, down collapses, none or sideways goes to the nearer."
  static let source =
    "material-components-android BottomSheetBehavior.java onViewReleased (commit ac7e18e); androidx ViewDragHelper.java clampMag"
  static let parameters: [Parameter] = [
    .number(
      "sheetMinVelocity", 50, unit: "pt/s", in: 0...100_000,
      summary: "Velocity components below this read as 0 (ViewDragHelper's minimum fling).",
      source: "ViewConfiguration MINIMUM_FLING_VELOCITY 50 dp/s via ViewDragHelper mMinVelocity"),
    .number(
      "sheetMaxVelocity", 8000, unit: "pt/s", in: 0...1_000_000,
      summary: "Velocity components are clamped to ± this (ViewDragHelper's maximum fling).",
      source: "ViewConfiguration MAXIMUM_FLING_VELOCITY 8000 dp/s via ViewDragHelper mMaxVelocity"),
    .choice(
      "sheetEnd", ["auto", "expanded", "collapsed"], default: "auto",
      summary:
        "Which sheet state the transition's end is; auto: expanded when the direction points up.",
      source: "modelling choice: a bottom sheet expands upwards"),
  ]

  let minVelocity: Double
  let maxVelocity: Double
  let end: String

  init(_ values: ParameterValues) {
    minVelocity = values.number("sheetMinVelocity")
    maxVelocity = values.number("sheetMaxVelocity")
    end = values.word("sheetEnd")
  }

  /// `value` clamped as `ViewDragHelper.clampMag`: magnitudes below
  /// `minimum` become 0, above `maximum` become ±`maximum`.
  static func clamped(_ value: Double, minimum: Double, maximum: Double) -> Double {
    let magnitude = value.magnitude
    if magnitude < minimum { return 0 }
    if magnitude > maximum { return value > 0 ? maximum : -maximum }
    return value
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let endIsExpanded: Bool
    switch end {
    case "expanded": endIsExpanded = true
    case "collapsed": endIsExpanded = false
    default: endIsExpanded = release.direction.y < 0
    }
    let along = Self.clamped(release.velocity, minimum: minVelocity, maximum: maxVelocity)
    let across = Self.clamped(release.crossVelocity, minimum: minVelocity, maximum: maxVelocity)
    // MDC's yvel: positive toward the collapsed state.
    let down = endIsExpanded ? -along : along
    let expands: Bool
    if down < 0 {
      expands = true
    } else if down == 0 || across.magnitude > down.magnitude {
      // Offsets from the expanded state: the sheet is at `toExpanded`, the
      // collapsed state at `distance`; strictly nearer expanded expands.
      let toExpanded = endIsExpanded ? release.distance - release.progress : release.progress
      expands = toExpanded.magnitude < (release.distance - toExpanded).magnitude
    } else {
      expands = false
    }
    return expands == endIsExpanded
  }
}
