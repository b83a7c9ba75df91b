/// Spotify's Your Library: a pager of two categories (Music, Podcasts)
/// whose pages are pagers of three subcategories; at a category's edge the
/// drag goes to the outer pager instead.
///
/// Modelled on `YourLibraryView` of "Building Spotify With SwiftUI"
/// (Archie Edwards, 2020; a-edwaar/SpotifySwiftUI), which pins
/// SwiftUIPager 1.6.0 (see ``PagerDrag`` for both pager versions):
///
/// - The outcome is the flat page `category × 3 + subcategory`, 0…5:
///   0–2 Playlists, Albums, Artists; 3–5 Episodes, Downloads, Shows.
/// - Three drag gestures watch the touch. The app's simultaneous
///   `DragGesture()` (`appMinimumDistance`) runs first on each sample,
///   while sub-category dragging is allowed: dragging left on Artists or
///   right on Episodes disallows it; otherwise, except dragging right on
///   Playlists or left on Shows, the category's indicator offset is
///   −tx / `indicatorDivisor`. Its `onEnded` resets the indicator of the
///   category at release.
/// - While allowed, the current category's nested pager takes the drag;
///   once disallowed it has no gesture and the outer pager takes the drag,
///   with translations from the touch-down. Each category keeps its own
///   nested page (a category drag does not reset it; only a tap does).
/// - Release: each pager that had the drag picks its page (``PagerDrag``)
///   and its content slides there (ease-out, `pageDuration`). The outer
///   pager's `onPageChanged` allows sub-category dragging again: 1.6.0 calls
///   it at every drag end, the current version when the page changed, once
///   the animation ends.
/// - A system cancel: SwiftUI calls no `onEnded`, so the indicator stays;
///   the current version still releases its pager (it watches the
///   gesture's state), 1.6.0 keeps its page and slides back.
///
/// Properties: the active pager's |offset| and speed, the scroll positions
/// (page × pageWidth − offset, with a quarter page of overscroll at the
/// ends) of the outer and both nested pagers, the shown category's
/// indicator offset, the category, its subcategory, and whether
/// sub-category dragging is allowed (1) or not (0).
struct LibraryPagerTransition: Transition {
  static let name = "library-pager"
  static let summary =
    "Spotify Your Library nested pager: subcategory pages inside two categories; edge drags page the categories."
  static let source =
    "Archie Edwards, 'Building Spotify With SwiftUI' (2020); a-edwaar/SpotifySwiftUI YourLIbraryView.swift; fermoya/SwiftUIPager 1.6.0 Pager.swift"

  static let categories = 2
  static let subcategories = 3

  static let parameters: [Parameter] = [
    .integer(
      "startCategory", 0, in: 0...1,
      summary: "The category shown at the start: 0 Music, 1 Podcasts.",
      source: "YourLibraryView page = 0"),
    .integer(
      "startPage", 0, in: 0...2,
      summary: "The start category's subcategory at the start; the other category's is 0.",
      source: "YourLibraryView nestedPages = [0, 0]"),
    .choice(
      "pager", ["1.6", "current"], default: "1.6",
      summary: "The SwiftUIPager version: 1.6.0 (the project's pin) or the current one.",
      source: "SpotifySwiftUI Package.resolved pins SwiftUIPager 1.6.0"),
    .number(
      "pageWidth", 414, unit: "pt", in: 1...100_000,
      summary: "The pagers' page distance: the full screen width.",
      source: "iPhone 11 width (414 pt); full-width pages with no item spacing"),
    .number(
      "minimumDistance", 15, unit: "pt", in: 0...1_000,
      summary: "Distance from the touch-down before a pager's drag starts.",
      source: "SwiftUIPager DragGesture(minimumDistance: 15)"),
    .number(
      "appMinimumDistance", 10, unit: "pt", in: 0...1_000,
      summary: "Distance before the app's simultaneous drag gesture starts.",
      source: "YourLibraryView .simultaneousGesture(DragGesture()): SwiftUI's default 10"),
    .number(
      "sensitivity", 0.5, in: 0...1,
      summary: "With pager=current, the fraction of a page that turns it (low 0.75, high 0.25).",
      source: "SwiftUIPager PaginationSensitivity.medium (the default) = 0.5"),
    .number(
      "velocityThreshold", defaultText: "1000 (1.6), 500 (current)", unit: "pt/s",
      in: 0...1_000_000,
      summary: "Release speed past which a page that did not change turns anyway.",
      source:
        "SwiftUIPager 1.6.0 Pager+Helper (1000, average); current PagerContent (500, last sample)"),
    .number(
      "pageDuration", 0.35, unit: "s", in: 0...60,
      summary: "Duration of the ease-out slide to the chosen page.",
      source: "SwiftUIPager PagingAnimation.standard = easeOut(duration: 0.35)"),
    .number(
      "indicatorDivisor", 10, in: 0.001...10_000,
      summary: "The indicator moves −tx divided by this while dragging.",
      source: "YourLibraryView -value.translation.width / 10"),
  ]

  let version: PagerDrag.Version
  let pageWidth: Double
  let pageDuration: Double
  let indicatorDivisor: Double
  let appMinimumDistance: Double

  private var now = TraceTime.zero
  private var category: Int
  private var nestedPages = IndexedPair(repeating: 0)
  private var indicators = IndexedPair(repeating: 0.0)
  private var subCategoryDragging = true
  private var reenableAt: TraceTime?
  private var appDragging = false
  /// The current category's nested pager's drag.
  private var inner: PagerDrag
  /// The outer pager's drag.
  private var outer: PagerDrag
  private let idle: PagerDrag
  /// The scroll positions (outer, nested 0, nested 1) sliding to rest.
  private var animation: StagedAnimation?
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?
  /// The flat page (category × 3 + subcategory) before the gesture.
  let startPage: Int?

  /// A horizontal drag towards a page: left when a page follows the start
  /// page (in its category or the next), right when one comes before it.
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    let flat = values.integer("startCategory") * subcategories + values.integer("startPage")
    var directions: [GestureDirection] = []
    if flat < categories * subcategories - 1 { directions.append(.left) }
    if flat > 0 { directions.append(.right) }
    return .drag(axis: "x", towards: directions)
  }

  static func decisionDistance(_ values: ParameterValues) -> Double {
    values.number("pageWidth") / 2
  }

  /// The current SwiftUIPager's paging rule.
  static let alternatives = ["pager=current"]

  init(_ values: ParameterValues) {
    startPage = values.integer("startCategory") * 3 + values.integer("startPage")
    version = PagerDrag.Version(rawValue: values.word("pager")) ?? .pinned
    pageWidth = values.number("pageWidth")
    pageDuration = values.number("pageDuration")
    indicatorDivisor = values.number("indicatorDivisor")
    appMinimumDistance = values.number("appMinimumDistance")
    category = values.integer("startCategory")
    nestedPages[category] = values.integer("startPage")
    idle = PagerDrag(
      version: version, pageDistance: pageWidth, minimumDistance: values.number("minimumDistance"),
      sensitivity: values.number("sensitivity"),
      velocityThreshold: values.givenNumber("velocityThreshold")
        ?? (version == .pinned ? 1000 : 500))
    inner = idle
    outer = idle
  }

  var propertyNames: [String] {
    [
      "offset", "speed", "categoryPosition", "nestedPosition0", "nestedPosition1",
      "indicatorOffset", "category", "subcategory", "subCategoryDragging",
    ]
  }

  var propertyValues: [Double] {
    [propertyValue(at: 0), propertyValue(at: 1)] + (animation?.values(at: now) ?? positions)
      + [
        indicators[category], Double(category), Double(nestedPages[category]),
        subCategoryDragging ? 1 : 0,
      ]
  }

  // NB: reads fields in place. Through the protocol witness, a default
  // case that read `propertyValues` made the replay loop copy the whole
  // transition (545 bytes) on every event.
  func propertyValue(at index: Int) -> Double {
    switch index {
    case 0: return inner.isActive ? inner.offset.magnitude : outer.offset.magnitude
    case 1: return inner.isActive ? inner.speed : outer.speed
    case 2...4: return animation?.values(at: now)[index - 2] ?? position(index - 2)
    case 5: return indicators[category]
    case 6: return Double(category)
    case 7: return Double(nestedPages[category])
    default: return subCategoryDragging ? 1 : 0
    }
  }

  var thresholds: [Threshold] {
    let turn = version == .pinned ? 0.5 : idle.sensitivity
    return [
      Threshold(name: "pageTurn", property: "offset", value: turn * pageWidth),
      Threshold(name: "velocityThreshold", property: "speed", value: idle.velocityThreshold),
    ]
  }

  /// The scroll positions shown: page × width − offset, with a quarter
  /// page of overscroll at either end.
  private var positions: [Double] { [position(0), position(1), position(2)] }

  /// One of ``positions``: 0 the outer pager, 1 and 2 the nested ones.
  private func position(_ slot: Int) -> Double {
    let page: Int
    let offset: Double
    let pages: Int
    if slot == 0 {
      (page, offset, pages) = (category, outer.offset, Self.categories)
    } else {
      let index = slot - 1
      page = nestedPages[index]
      offset = index == category ? inner.offset : 0
      pages = Self.subcategories
    }
    let bounce = pageWidth / 4
    let value = Double(page) * pageWidth - offset
    return min(max(value, -bounce), Double(pages - 1) * pageWidth + bounce)
  }

  mutating func advance(to time: TraceTime) {
    guard time > now else { return }
    now = time
    if let running = animation, now >= running.end { animation = nil }
    if let reenable = reenableAt, now >= reenable {
      subCategoryDragging = true
      reenableAt = nil
    }
  }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    switch event.phase {
    case .began, .changed:
      if !appDragging && event.translation.length > appMinimumDistance { appDragging = true }
      if appDragging { appChanged(event.translation.x) }
      if subCategoryDragging {
        inner.change(event)
      } else {
        // NB: the nested pager's gesture is removed mid-drag; SwiftUI
        // cancels it, and its offset is assumed to vanish at once.
        // An inactive pager has not left its rest state: no reset needed.
        if inner.isActive { inner = idle }
        outer.change(event)
      }
    case .ended:
      if appDragging { indicators[category] = 0 }
      release(cancelled: false)
    case .cancelled:
      release(cancelled: true)
    }
  }

  /// The app's simultaneous gesture's `onChanged`.
  private mutating func appChanged(_ tx: Double) {
    guard subCategoryDragging else { return }
    guard let moves = appDragMovesIndicator(tx) else {
      subCategoryDragging = false
      return
    }
    if moves { indicators[category] = -tx / indicatorDivisor }
  }

  /// What the app's gesture does with a drag to `tx` while sub-category
  /// dragging is allowed: `nil` when it disallows it (left on Artists,
  /// right on Episodes), else whether it moves the category's indicator
  /// (not right on Playlists or left on Shows).
  @inline(__always)
  func appDragMovesIndicator(_ tx: Double) -> Bool? {
    let page = nestedPages[category]
    let toNextCategory = category == 0 && page == 2 && tx < 0
    let toPreviousCategory = category == 1 && page == 0 && tx > 0
    if toNextCategory || toPreviousCategory { return nil }
    let atStart = category == 0 && page == 0 && tx > 0
    let atEnd = category == 1 && page == 2 && tx < 0
    return !atStart && !atEnd
  }

  /// Whether a drag event now would only move the current category's
  /// nested pager (version 1.6, already dragging) and, through the app's
  /// gesture, maybe the indicator or the drag's owner: nothing is decided
  /// or sliding, and the app's gesture has started.
  // NB: inlined: a call copied the whole transition (545 bytes) each time
  // the replay loop tried the shortcut.
  var followsNestedDrags: Bool {
    @inline(__always) get {
      decision == nil && animation == nil && reenableAt == nil && appDragging
        && subCategoryDragging && inner.isActive && version == .pinned
    }
  }

  /// The current category's nested pager's drag.
  var nestedDrag: PagerDrag {
    @inline(__always) get { inner }
  }

  private mutating func release(cancelled: Bool) {
    // NB: 1.6.0 reacts to the end of a drag in DragGesture.onEnded, which
    // SwiftUI does not call for a cancelled gesture: the page is kept.
    let releases = !cancelled || version == .current
    let start = positions
    if inner.isActive && releases {
      nestedPages[category] = inner.page(
        releasedAt: now, from: nestedPages[category], count: Self.subcategories)
    }
    let wasOuter = outer.isActive
    let previousCategory = category
    if wasOuter && releases {
      category = outer.page(releasedAt: now, from: category, count: Self.categories)
    }
    inner = idle
    outer = idle
    let end = positions
    if start != end {
      let stage = StagedAnimation.Stage(
        properties: 0..<end.count, duration: pageDuration, curve: .easeOut)
      let slide = StagedAnimation(start: now, from: start, to: end, stages: [stage])
      if slide.end > now { animation = slide }
    }
    let settled = animation?.end ?? now
    if wasOuter && !cancelled && version == .pinned {
      subCategoryDragging = true
    } else if wasOuter && releases && category != previousCategory {
      if settled > now { reenableAt = settled } else { subCategoryDragging = true }
    }
    let flat = category * Self.subcategories + nestedPages[category]
    decision = TransitionDecision(.page(flat), at: now)
    settleTime = settled
  }
}
