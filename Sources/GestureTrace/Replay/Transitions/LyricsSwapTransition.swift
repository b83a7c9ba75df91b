/// The Spotify lyrics card swap: the front card follows the drag and fades,
/// and as soon as it has been dragged past the dismissal offset it swaps
/// places with the card behind; released earlier, it springs back.
///
/// Modelled on `PerspectiveView` of the article "Re-creating the Spotify
/// Lyrics Animation" (Andrei Olteanu, 2019):
///
/// - The offset is |ty| on the y axis, |tx| on x, (|tx| + |ty|) / 1.5 on
///   both. While it exceeds `fadeOffset`, the front card's alpha is
///   1 − (offset − fadeOffset) / `fadeDistance`.
/// - The decision is made mid-gesture, ignoring velocity: the first `began`
///   or `changed` event whose offset is strictly greater than
///   `dismissalOffset` disables the pan (later events are ignored) and runs
///   the swap (0.33 s, ease-in-ease-out): the front card goes behind at
///   scale 0.9 and ty −30 with alpha back to 1, the back card comes to the
///   front at identity. That is `complete`.
/// - Released earlier, the card springs back (0.33 s, damping 0.7, initial
///   velocity 0.7): `cancel`. A system-cancelled pan is ignored, as in the
///   original (`default: return`), so the card stays displaced: `cancel`,
///   settled at once.
/// - `entry=natural` runs the swap from where the card was dragged (the
///   article's choice); `entry=bottom` brings it in from `entryDistance`
///   below, as the Spotify app does.
///
/// Properties: the offset, then each card's x, y, scale, alpha (clamped to
/// 0…1 as drawn) and z position; `first` is the card in front at the start.
struct LyricsSwapTransition: Transition {
  static let name = "lyrics-swap"
  static let summary =
    "Spotify lyrics card swap: swap as soon as the drag passes the dismissal offset, else spring back."
  static let source =
    "Andrei Olteanu, 'Re-creating the Spotify Lyrics Animation' (2019); dandreiolteanu/SpotifyLyrics PerspectiveView.swift"

  static let parameters: [Parameter] = [
    .choice(
      "axis", ["y", "x", "both"], default: "y",
      summary: "Which drag moves the card: vertical, horizontal or both (offset (|tx|+|ty|)/1.5).",
      source: "PerspectiveView Direction (yAxis default), commit cf521e3"),
    .number(
      "fadeOffset", defaultText: "20 (y), 20 (x), 40 (both)", unit: "pt", in: 0...10_000,
      summary: "The offset after which the front card fades.",
      source: "PerspectiveView alphaFadeOffset per axis"),
    .number(
      "dismissalOffset", defaultText: "80 (y), 60 (x), 90 (both)", unit: "pt", in: 0...10_000,
      summary: "The swap happens as soon as the offset is strictly greater than this.",
      source: "PerspectiveView dismissalOffset per axis"),
    .number(
      "fadeDistance", 100, unit: "pt", in: 0.001...10_000,
      summary: "Alpha falls by 1 over this much offset past the fade offset.",
      source: "PerspectiveView alpha = 1 - (offset - alphaFadeOffset) / 100"),
    .number(
      "swapDuration", 0.33, unit: "s", in: 0...60,
      summary: "Duration of the swap animation (UIView default ease-in-ease-out).",
      source: "PerspectiveView handleTransition UIView.animate(withDuration: 0.33)"),
    .number(
      "springDuration", 0.33, unit: "s", in: 0...60,
      summary: "Duration of the spring back after an early release.",
      source: "PerspectiveView .ended UIView.animate(withDuration: 0.33, usingSpringWithDamping:)"),
    .number(
      "springDamping", 0.7, in: 0.01...1,
      summary: "Damping ratio of the spring back.",
      source: "PerspectiveView usingSpringWithDamping: 0.7"),
    .number(
      "springVelocity", 0.7, in: -100...100,
      summary: "Initial spring velocity, normalized (1 = the whole distance per second).",
      source: "PerspectiveView initialSpringVelocity: 0.7"),
    .number(
      "backScale", 0.9, in: 0.01...10,
      summary: "Scale of the card behind.",
      source: "PerspectiveView CGAffineTransform(scaleX: 0.9, y: 0.9)"),
    .number(
      "backOffset", -30, unit: "pt", in: -10_000...10_000,
      summary: "Vertical translation of the card behind.",
      source: "PerspectiveView translatedBy/concatenating translation (0, -30)"),
    .choice(
      "entry", ["natural", "bottom"], default: "natural",
      summary:
        "Swap from where the card was dragged (article) or in from the bottom (Spotify app).",
      source:
        "article, step 4: the app 'comes from the bottom'; the author chose 'naturally from where the user dragged'"
    ),
    .number(
      "entryDistance", 320, unit: "pt", in: -10_000...10_000,
      summary: "With entry=bottom, how far below its place the card enters from.",
      source: "the demo's 320-pt PerspectiveView (ViewController.swift)"),
  ]

  enum Axis: String { case y, x, both }

  let axis: Axis
  let fadeOffset: Double
  let dismissalOffset: Double
  let fadeDistance: Double
  let swapDuration: Double
  let springCurve: AnimationCurve
  let springDuration: Double
  let backPose: CardPose
  let entryFromBottom: Bool
  let entryDistance: Double

  private var now = TraceTime.zero
  private var offset = 0.0
  /// The first and second card's poses outside animations.
  // NB: a pair in fields, not an array: the array was copied from the
  // plan's transition at the first drag of every trace, and the swap and
  // the spring back made two more.
  private var poses: IndexedPair<CardPose>
  private var animation: PoseAnimation?
  /// ``animation``'s end, compared with the clock on every event; set with
  /// it.
  // NB: a field of its own: binding the animation to read its end retained
  // and released its arrays on every event after the swap.
  private var animationEnd: TraceTime?
  private var panEnabled = true
  private(set) var decision: TransitionDecision?
  private(set) var settleTime: TraceTime?

  /// A drag either way along the chosen axis (both axes with `both`).
  static func gesture(_ values: ParameterValues) -> TransitionGesture {
    switch values.word("axis") {
    case "x": return .drag(axis: "x", towards: [.left, .right])
    case "both": return .drag(axis: "both", towards: [.up, .down, .left, .right])
    default: return .drag(axis: "y", towards: [.up, .down])
    }
  }

  /// The dismissal offset (by default 80, 60 with `axis=x`); with
  /// `axis=both`, 1.5 times it (by default 90), as synthesis has aimed.
  static func decisionDistance(_ values: ParameterValues) -> Double {
    switch values.word("axis") {
    case "x": return values.givenNumber("dismissalOffset") ?? 60
    case "both": return 1.5 * (values.givenNumber("dismissalOffset") ?? 90)
    default: return values.givenNumber("dismissalOffset") ?? 80
    }
  }

  /// The other axis setting that still reads vertical drags.
  static let alternatives = ["axis=both"]

  init(_ values: ParameterValues) {
    axis = Axis(rawValue: values.word("axis")) ?? .y
    let defaults: (fade: Double, dismissal: Double) =
      switch axis {
      case .y: (20, 80)
      case .x: (20, 60)
      case .both: (40, 90)
      }
    fadeOffset = values.givenNumber("fadeOffset") ?? defaults.fade
    dismissalOffset = values.givenNumber("dismissalOffset") ?? defaults.dismissal
    fadeDistance = values.number("fadeDistance")
    swapDuration = values.number("swapDuration")
    springDuration = values.number("springDuration")
    springCurve = .spring(
      dampingRatio: values.number("springDamping"), initialVelocity: values.number("springVelocity")
    )
    backPose = CardPose(
      x: 0, y: values.number("backOffset"), scale: values.number("backScale"), alpha: 1, z: 1)
    entryFromBottom = values.word("entry") == "bottom"
    entryDistance = values.number("entryDistance")
    poses = IndexedPair(CardPose(z: 2), backPose)
  }

  var propertyNames: [String] { Self.propertyNames }

  private static let propertyNames =
    ["offset"]
    + ["first", "second"].flatMap { card in
      ["X", "Y", "Scale", "Alpha", "Z"].map { card + $0 }
    }

  var propertyValues: [Double] {
    let current = animation?.poses(at: now) ?? poses
    var values = [offset]
    for pose in current.elements {
      values += [pose.x, pose.y, pose.scale, min(max(pose.alpha, 0), 1), pose.z]
    }
    return values
  }

  // NB: reads one pose in place. A fallback to `propertyValues` made the
  // replay loop copy the whole transition on every event; so did a call
  // that takes it, even not made, until this one was inlined. A card's
  // pose is read out of line: inline, the animation (over 200 bytes) was
  // copied before the index was tested, for every threshold and event.
  @inline(__always)
  func propertyValue(at index: Int) -> Double {
    index > 0 ? poseValue(at: index) : offset
  }

  /// ``propertyValue(at:)`` of a card's pose.
  @inline(never)
  private func poseValue(at index: Int) -> Double {
    let card = (index - 1) / 5
    let pose = animation?.poses(at: now)[card] ?? poses[card]
    switch (index - 1) % 5 {
    case 0: return pose.x
    case 1: return pose.y
    case 2: return pose.scale
    case 3: return min(max(pose.alpha, 0), 1)
    default: return pose.z
    }
  }

  var thresholds: [Threshold] {
    [
      Threshold(
        name: "fadeOffset", property: "offset", value: fadeOffset, decidesOutcome: false),
      Threshold(name: "dismissalOffset", property: "offset", value: dismissalOffset),
    ]
  }

  /// Whether a drag event now would only move the card under the finger,
  /// or swap it past the dismissal offset: the pan is on, nothing has been
  /// decided and nothing animates.
  var followsDrags: Bool { panEnabled && decision == nil && animationEnd == nil }

  /// The offset a drag to `translation` gives the card on `axis`.
  @inline(__always)
  static func offset(of translation: Vector2D, axis: Axis) -> Double {
    switch axis {
    case .y: translation.y.magnitude
    case .x: translation.x.magnitude
    case .both: (translation.x.magnitude + translation.y.magnitude) / 1.5
    }
  }

  /// The index of the card in front.
  private var front: Int { poses[0].z >= poses[1].z ? 0 : 1 }

  mutating func advance(to time: TraceTime) {
    guard time > now else { return }
    now = time
    if let end = animationEnd, now >= end {
      if let to = animation?.to { poses = to }
      animation = nil
      animationEnd = nil
    }
  }

  mutating func receive(_ event: PanEvent) {
    guard panEnabled, decision == nil else { return }
    switch event.phase {
    case .began, .changed:
      follow(event.translation)
      if offset > dismissalOffset { swap() }
    case .ended:
      springBack()
    case .cancelled:
      // The original handles only .began, .changed and .ended: the card
      // stays where the system cancel left it.
      decide(.cancel, settlingAt: now)
    }
  }

  private mutating func follow(_ translation: Vector2D) {
    let tx = translation.x
    let ty = translation.y
    let front = self.front
    var pose = poses[front]
    offset = Self.offset(of: translation, axis: axis)
    switch axis {
    case .y:
      pose.x = 0
      pose.y = ty
    case .x:
      pose.x = tx
      pose.y = 0
    case .both:
      pose.x = tx
      pose.y = ty
    }
    pose.alpha = offset > fadeOffset ? 1 - (offset - fadeOffset) / fadeDistance : 1
    poses[front] = pose
  }

  private mutating func swap() {
    panEnabled = false
    let leaving = front
    var from = poses
    if entryFromBottom {
      from[leaving].x = 0
      from[leaving].y = entryDistance
    }
    var to = poses
    to[leaving] = backPose
    to[1 - leaving] = CardPose(z: 2)
    from[leaving].z = to[leaving].z
    from[1 - leaving].z = 2
    run(
      PoseAnimation(start: now, duration: swapDuration, curve: .easeInEaseOut, from: from, to: to))
    decide(.complete, settlingAt: animationEnd ?? now)
  }

  private mutating func springBack() {
    var to = poses
    to[front].x = 0
    to[front].y = 0
    to[front].alpha = 1
    run(
      PoseAnimation(start: now, duration: springDuration, curve: springCurve, from: poses, to: to))
    decide(.cancel, settlingAt: animationEnd ?? now)
  }

  private mutating func run(_ next: PoseAnimation) {
    poses = next.to
    if next.end <= now {
      animation = nil
      animationEnd = nil
    } else {
      animation = next
      animationEnd = next.end
    }
  }

  private mutating func decide(_ outcome: TransitionOutcome, settlingAt time: TraceTime) {
    decision = TransitionDecision(outcome, at: now)
    settleTime = time
  }
}
