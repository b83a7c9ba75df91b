/// The Apple Music now-playing card: a tap on the mini player presents the
/// card as a timeline of animations with their own durations and curves;
/// `mode=drag` adds a downward drag that dismisses the open card.
///
/// Modelled on `MaxiSongCardViewController` of "Recreating the Apple Music
/// Now Playing Transition" (Warren Burton, kodeco.com #221), whose card is
/// tap-driven and has no cancel logic:
///
/// - `mode=tap` (the tutorial): the card is closed. A trace whose
///   translation never gets more than `tapSlop` from its start (`≤` counts
///   as a tap) and ends is a tap: at the `ended` event the presentation
///   starts — backing image inset, dimmer and corner (`primaryDuration`,
///   ease-in-ease-out), container colour (a quarter of it), image layer
///   slide with chevron and card corner (ease-in), cover image (ease-out),
///   lower module (ease-in), fake tab bar (half of it). That is `complete`,
///   decided at the `ended` event and settled when the last stage ends.
///   The first event past the slop (the tap recognizer fails) or a system
///   cancel is `cancel`, settled at once.
/// - `mode=drag` (this project's extension): the card is open. Once past
///   the slop the card follows the finger down (`cardY` = max(0, ty)); at
///   release the `rule` decides along +y over the card's travel
///   (`screenHeight` − `topInset`). `complete` runs the tutorial's
///   dismissal timeline from the release, `cancel` eases the card back.
///   `colorDelay` picks the article's dismissal (the colour fades back
///   after `primaryDuration`, done at 1.25 × `primaryDuration`) or the
///   code copy's (no delay, done at `primaryDuration`).
///
/// Properties: the distance from the start, the card's drag offset, then
/// each stage's values (see ``propertyNames``).
struct MusicCardTransition: Transition {
  static let name = "music-card"
  static let summary =
    "Apple Music now-playing card: a tap presents a staged timeline; in drag mode a rule decides the dismissal."
  static let source =
    "Warren Burton, 'Recreating the Apple Music Now Playing Transition' (kodeco.com #221); MaxiSongCardViewController.swift (tutorial final project copy)"

  static let parameters: [Parameter] = [
    .choice(
      "mode", ["tap", "drag"], default: "tap",
      summary:
        "Tap the closed mini player (the tutorial) or drag the open card down (an extension).",
      source: "the tutorial presents on a tap and dismisses with the chevron button"),
    .number(
      "primaryDuration", 0.5, unit: "s", in: 0...60,
      summary: "The timeline's main duration; the colour stage takes a quarter, the tab bar half.",
      source: "MaxiSongCardViewController primaryDuration (the article: 'set to 0.5 when ready')"),
    .number(
      "backingImageEdgeInset", 15, unit: "pt", in: 0...1_000,
      summary: "Side inset of the backing image when open; top and bottom get it times h/w.",
      source: "MaxiSongCardViewController backingImageEdgeInset"),
    .number(
      "cardCornerRadius", 10, unit: "pt", in: 0...1_000,
      summary: "Corner radius of the backing image and of the card when open.",
      source: "MaxiSongCardViewController cardCornerRadius"),
    .number(
      "dimmerAlpha", 0.3, in: 0...1,
      summary: "Alpha of the dimmer over the backing image when open.",
      source: "MaxiSongCardViewController animateBackingImage dimmerLayer.alpha = 0.3"),
    .number(
      "tapSlop", 10, unit: "pt", in: 0...1_000,
      summary: "A trace that never moves more than this from its start is a tap.",
      source:
        "UIKit's pan hysteresis, about 10 pt (measured, not documented); Flutter kTouchSlop counts a delta ≤ slop as no drag"
    ),
    .number(
      "screenWidth", 414, unit: "pt", in: 1...100_000,
      summary: "Screen width; the lower module starts h − w below its place.",
      source: "iPhone 11 (414 × 896 pt), as player-sheet"),
    .number(
      "screenHeight", 896, unit: "pt", in: 1...100_000,
      summary: "Screen height.",
      source: "iPhone 11 (414 × 896 pt), as player-sheet"),
    .number(
      "tabBarHeight", 83, unit: "pt", in: 0...10_000,
      summary: "How far the fake tab bar (the tab bar's snapshot) slides down.",
      source: "UITabBar 49 pt + iPhone 11 safe-area bottom 34, as player-sheet"),
    .number(
      "topInset", 48, unit: "pt", in: 0...100_000,
      summary: "Top of the open card; the drag travel is screenHeight − topInset.",
      source:
        "iPhone 11 safe-area top 48 pt (an assumption: the tutorial pins the card to the safe area)"
    ),
    .choice(
      "colorDelay", ["article", "code"], default: "article",
      summary:
        "Dismissal colour fade-back delayed by primaryDuration (article) or not (code copy).",
      source: "kodeco #221 page 3 (delay primaryDuration) vs the final project copy (delay 0)"),
    .choice(
      "rule", Variant.ruleNames, default: VelocitySignRule.name,
      summary: "With mode=drag, the release rule that decides between dismissing and staying open.",
      source: "the tutorial has no drag; velocity-sign, as player-sheet's interactive sheet"),
  ]

  enum Mode: String { case tap, drag }

  let mode: Mode
  let tapSlop: Double
  let travel: Double
  let rule: any ReleaseRule
  /// The staged properties when the card is closed and when it is open.
  let closed: [Double]
  let open: [Double]
  let presentation: [StagedAnimation.Stage]
  let dismissal: [StagedAnimation.Stage]
  let easeBack: [StagedAnimation.Stage]

  private var now = TraceTime.zero
  private var distance = 0.0
  private var pastSlop = false
  /// The gesture's events, for a drag's rule that reads them.
  private var events: [PanEvent] = []
  private let keepsEvents: Bool
  /// The staged properties outside animations.
  private var resting: [Double]
  private var animation: StagedAnimation?
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  // NB: the index ranges of the staged properties, in the order of
  // `propertyNames` after `distance`; each stage moves one range.
  static let cardY = 0..<1
  static let backing = 1..<5
  static let colour = 5..<6
  static let slide = 6..<9
  static let cover = 9..<10
  static let lowerModule = 10..<11
  static let tabBar = 11..<12

  /// A tap on the closed mini player; with `mode=drag`, a downward drag
  /// of the open card.
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    values.word("mode") == "drag" ? .drag(axis: "y", towards: [.down]) : .tap
  }

  static func decisionDistance(_ values: ParameterValues) -> Double {
    values.word("mode") == "tap"
      ? values.number("tapSlop")
      : (values.number("screenHeight") - values.number("topInset")) / 2
  }

  init(_ values: ParameterValues) {
    mode = Mode(rawValue: values.word("mode")) ?? .tap
    tapSlop = values.number("tapSlop")
    let width = values.number("screenWidth")
    let height = values.number("screenHeight")
    travel = max(height - values.number("topInset"), 1)
    rule = Variant.makeRule(values)
    // NB: a tap never asks the rule, and most rules read only the release.
    keepsEvents = mode == .drag && !(rule is any ReleaseEventRule)
    let inset = values.number("backingImageEdgeInset")
    let radius = values.number("cardCornerRadius")
    // NB: the lower module starts view.height − view.width below its place
    // (the tutorial's lowerModuleInsetForOutPosition); the image layer's
    // slide and the cover image run between frames the tutorial reads from
    // the mini player at run time, so both are progress, 0 closed, 1 open.
    // The fake tab bar: animateBottomSectionOut moves it down by its
    // height on presenting; animateBottomSectionIn brings it back.
    closed = [0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, max(height - width, 0), 0]
    open = [
      0, inset, inset * height / width, values.number("dimmerAlpha"), radius, 1, 1, 1, radius,
      1, 0, values.number("tabBarHeight"),
    ]
    let duration = values.number("primaryDuration")
    typealias Stage = StagedAnimation.Stage
    presentation = [
      Stage(properties: Self.backing, duration: duration, curve: .easeInEaseOut),
      Stage(properties: Self.colour, duration: duration / 4, curve: .easeInEaseOut),
      Stage(properties: Self.slide, duration: duration, curve: .easeIn),
      Stage(properties: Self.cover, duration: duration, curve: .easeOut),
      Stage(properties: Self.lowerModule, duration: duration, curve: .easeIn),
      Stage(properties: Self.tabBar, duration: duration / 2, curve: .easeInEaseOut),
    ]
    let colourDelay = values.word("colorDelay") == "code" ? 0 : duration
    // NB: the dragged card returns to 0 with the image layer's slide back
    // (ease-out), an assumption: the tutorial has no drag.
    dismissal = [
      Stage(properties: Self.cardY, duration: duration, curve: .easeOut),
      Stage(properties: Self.backing, duration: duration, curve: .easeInEaseOut),
      Stage(
        properties: Self.colour, duration: duration / 4, delay: colourDelay,
        curve: .easeInEaseOut),
      Stage(properties: Self.slide, duration: duration, curve: .easeOut),
      Stage(properties: Self.cover, duration: duration, curve: .easeOut),
      Stage(properties: Self.lowerModule, duration: duration, curve: .easeIn),
      Stage(properties: Self.tabBar, duration: duration / 2, curve: .easeInEaseOut),
    ]
    // NB: a card released without dismissing eases back to the top with
    // UIView's default curve over primaryDuration, an assumption.
    easeBack = [Stage(properties: Self.cardY, duration: duration, curve: .easeInEaseOut)]
    resting = mode == .tap ? closed : open
  }

  var propertyNames: [String] {
    [
      "distance", "cardY", "backingInsetX", "backingInsetY", "dimmerAlpha",
      "backingCornerRadius", "containerAlpha", "imageLayerSlide", "chevronAlpha",
      "cardCornerRadius", "coverImageProgress", "lowerModuleOffset", "tabBarOffset",
    ]
  }

  var propertyValues: [Double] {
    [distance] + (animation?.values(at: now) ?? resting)
  }

  // NB: without `propertyValues`, and inlined (see LyricsSwapTransition).
  @inline(__always)
  func propertyValue(at index: Int) -> Double {
    index == 0 ? distance : (animation?.values(at: now) ?? resting)[index - 1]
  }

  var thresholds: [Threshold] {
    [Threshold(name: "tapSlop", property: "distance", value: tapSlop)]
  }

  mutating func advance(to time: TraceTime) {
    guard time > now else { return }
    now = time
    if let running = animation, now >= running.end {
      resting = running.to
      animation = nil
    }
  }

  mutating func receive(_ event: PanEvent) {
    guard decision == nil else { return }
    if keepsEvents { events.append(event) }
    distance = event.translation.length
    if distance > tapSlop { pastSlop = true }
    switch mode {
    case .tap: receiveTap(event)
    case .drag: receiveDrag(event)
    }
  }

  private mutating func receiveTap(_ event: PanEvent) {
    if pastSlop || event.phase == .cancelled {
      decide(.cancel)
    } else if event.phase == .ended {
      run(from: closed, to: open, presentation)
      decide(.complete)
    }
  }

  private mutating func receiveDrag(_ event: PanEvent) {
    // NB: before the slop the card does not move: UIKit's pan has not
    // begun. A touch that never passes it is a tap on the open card, which
    // does nothing.
    if pastSlop { resting[Self.cardY.lowerBound] = max(0, event.translation.y) }
    switch event.phase {
    case .began, .changed:
      return
    case .ended where pastSlop:
      let release = ReleaseInput(
        events: keepsEvents ? events : [event], direction: Vector2D(x: 0, y: 1),
        distance: travel)
      if rule.completes(release) {
        run(from: resting, to: closed, dismissal)
        decide(.complete)
        return
      }
    case .ended, .cancelled:
      break
    }
    var top = resting
    top[Self.cardY.lowerBound] = 0
    if top != resting { run(from: resting, to: top, easeBack) }
    decide(.cancel)
  }

  private mutating func run(
    from start: [Double], to end: [Double], _ stages: [StagedAnimation.Stage]
  ) {
    let next = StagedAnimation(start: now, from: start, to: end, stages: stages)
    animation = next.end > now ? next : nil
    resting = end
  }

  private mutating func decide(_ outcome: TransitionOutcome) {
    decision = TransitionDecision(outcome, at: now)
    settleTime = animation?.end ?? now
  }
}
