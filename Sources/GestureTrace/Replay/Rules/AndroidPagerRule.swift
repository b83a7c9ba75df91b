/// AndroidX `ViewPager.determineTargetPage` for two pages, the start state
/// and the end state, one page width (`distance`) apart.
///
/// ViewPager works in its own terms: `mCurItem` is the page the drag began
/// on, the scroll position runs from page 0 to page 1 (it cannot overshoot;
/// ViewPager shows an edge effect instead), `currentPage` is the page at the
/// left of the scroll position and `pageOffset` how far past it, and the
/// velocity is the finger's x velocity, positive to the right, which scrolls
/// toward the *previous* page. At release:
///
/// - fling, when |Δ| > `pagerFlingDistance` and |v| > `pagerFlingVelocity`
///   (Δ the finger's movement since touch-down; both truncated to whole
///   numbers as ViewPager's `int`s are): v > 0 → `currentPage`, else
///   `currentPage + 1`; so a fling completes exactly when it is toward the
///   end state, except that a drag that reached the end page stays there
///   (`currentPage` is already the end page);
/// - otherwise `currentPage + (int)(pageOffset + truncator)`, with truncator
///   0.4 when `currentPage ≥ mCurItem` and 0.6 when below it.
///
/// The result is clamped to the two pages. When the end state is the next
/// page (start = page 0), `currentPage` is never below `mCurItem`, so the
/// truncator is always 0.4 and a drag completes at a fraction ≥ 0.6. When
/// the end state is the previous page (start = page 1), `currentPage` is 0
/// once the drag leaves page 1, the truncator is 0.6 and the pager returns
/// to page 1 while `pageOffset` = 1 − fraction ≥ 0.4: the drag completes at
/// a fraction > 0.6. Both ways it takes 60 % of a page; only exactly 60 %
/// differs.
///
/// `pagerEnd` says which: `auto` takes the end as the next page when the
/// direction's dominant component is negative (the finger moves left or up,
/// which advances a horizontal or vertical pager) and as the previous page
/// otherwise. Translation into our terms: progress / distance is the scroll
/// fraction toward the end, and a velocity toward the end is a finger
/// velocity toward the next page (negative in ViewPager's sign) when the
/// end is next. Density-independent pixels are read as points; ViewPager's
/// `float` arithmetic is done in `Double`.
struct AndroidPagerRule: ReleaseRule {
  static let name = "android-pager"
  static let summary =
    "AndroidX ViewPager.determineTargetPage: a fling over 25 pt at over 400 pt/s pages its way, else 60 % of a page."
  static let source =
    "androidx/androidx viewpager/src/main/java/androidx/viewpager/widget/ViewPager.java (determineTargetPage, onTouchEvent ACTION_UP)"
  static let parameters: [Parameter] = [
    .number(
      "pagerFlingDistance", 25, unit: "pt", in: 0...100_000,
      summary: "A fling's finger movement since touch-down must exceed this.",
      source: "ViewPager MIN_DISTANCE_FOR_FLING = 25 dp"),
    .number(
      "pagerFlingVelocity", 400, unit: "pt/s", in: 0...1_000_000,
      summary: "A fling's velocity must exceed this in magnitude.",
      source: "ViewPager MIN_FLING_VELOCITY = 400 dp/s"),
    .choice(
      "pagerEnd", ["auto", "next", "previous"], default: "auto",
      summary:
        "Whether the end state is the pager's next or previous page; auto: next when moving left or up.",
      source: "modelling choice: a pager advances when the finger moves left (or up)"),
  ]

  let flingDistance: Double
  let flingVelocity: Double
  let end: String

  init(_ values: ParameterValues) {
    flingDistance = values.number("pagerFlingDistance")
    flingVelocity = values.number("pagerFlingVelocity")
    end = values.word("pagerEnd")
  }

  /// `ViewPager.determineTargetPage` for pages 0 and 1.
  ///
  /// - Parameters:
  ///   - startPage: `mCurItem`, 0 or 1.
  ///   - scroll: The scroll position in pages, clamped to 0…1.
  ///   - velocity: The finger's velocity, positive toward page 0.
  ///   - delta: The finger's movement since touch-down.
  func targetPage(startPage: Int, scroll: Double, velocity: Double, delta: Double) -> Int {
    let currentPage = scroll >= 1 ? 1 : 0
    let pageOffset = scroll - Double(currentPage)
    let target: Int
    // NB: ViewPager casts the velocity and Δ to int (toward zero) first.
    let v = velocity.rounded(.towardZero)
    if delta.rounded(.towardZero).magnitude > flingDistance, v.magnitude > flingVelocity {
      target = v > 0 ? currentPage : currentPage + 1
    } else {
      let truncator = currentPage >= startPage ? 0.4 : 0.6
      target = currentPage + Int((pageOffset + truncator).rounded(.towardZero))
    }
    return min(max(target, 0), 1)
  }

  func completes(_ release: ReleaseInput) -> Bool {
    let endIsNext: Bool
    switch end {
    case "next": endIsNext = true
    case "previous": endIsNext = false
    default:
      let d = release.direction
      endIsNext = (d.x.magnitude >= d.y.magnitude ? d.x : d.y) < 0
    }
    // NB: a non-finite fraction (bad input) reads as 0 rather than trap in
    // the Int conversion.
    let fraction = release.fraction.isFinite ? min(max(release.fraction, 0), 1) : 0
    let startPage = endIsNext ? 0 : 1
    let target = targetPage(
      startPage: startPage,
      scroll: endIsNext ? fraction : 1 - fraction,
      velocity: endIsNext ? -release.velocity : release.velocity,
      delta: release.progress)
    return target == 1 - startPage
  }
}
