/// One SwiftUIPager's handling of one drag: the offset it shows, its
/// velocity estimate, and the page it settles on at release.
///
/// Two versions of fermoya/SwiftUIPager, for a single (not multiple)
/// pagination with no item spacing, so the page distance is the pager's
/// width and offsets are the drag's horizontal translation:
///
/// - ``Version/pinned`` (1.6.0, `Pager.swift`): every sample past the minimum
///   distance sets the offset to tx. At release the page is
///   page − round(offset / pageDistance), ties away from zero; when that is
///   the same page and the average velocity, −offset over the time since
///   the first sample, exceeds the threshold, one page in its direction.
/// - ``Version/current`` (≥ 1.12, `PagerContent.swift`): a sample whose
///   segment from the last accepted sample is more than 30° off the x axis
///   is skipped (but becomes the last sample); while the offset is 0 the
///   translation must also be more horizontal than vertical. The offset
///   accumulates the segments' Δx (so the first sample adds nothing) and is
///   kept within one page; the velocity is the last segment's Δx over its
///   Δt. At release the page moves by the whole pages of the offset plus
///   one when the remainder reaches `sensitivity`; when that is the same
///   page and the velocity exceeds the threshold, one page in its
///   direction, even against the offset.
///
/// Pages are clamped to the pager's range.
struct PagerDrag: Sendable {
  /// The SwiftUIPager version modelled.
  enum Version: String, Sendable, Hashable {
    /// 1.6.0, the version the Spotify library project pins.
    case pinned = "1.6"
    /// The current release (2.x).
    case current
  }

  let version: Version
  /// The distance between pages (the pager's width), points.
  let pageDistance: Double
  /// The drag gesture's minimum distance, points.
  let minimumDistance: Double
  /// The fraction of a page past which the current version turns it.
  let sensitivity: Double
  /// The release speed past which an unchanged page turns, pt/s.
  let velocityThreshold: Double

  /// Whether the drag has passed the minimum distance.
  private(set) var isActive = false
  /// The dragging offset, points; positive to the right.
  private(set) var offset = 0.0
  /// The speed of the offset as this version estimates it at the last
  /// sample, pt/s.
  private(set) var speed = 0.0
  /// The current version's dragging velocity, pt/s; positive to the right.
  private var velocity = 0.0
  private var firstTime: TraceTime?
  /// The current version's last sample (`lastDraggingValue`).
  private var last: (time: TraceTime, translation: Vector2D)?

  /// Creates a pager at rest.
  init(
    version: Version, pageDistance: Double, minimumDistance: Double, sensitivity: Double,
    velocityThreshold: Double
  ) {
    self.version = version
    self.pageDistance = pageDistance
    self.minimumDistance = minimumDistance
    self.sensitivity = sensitivity
    self.velocityThreshold = velocityThreshold
  }

  /// Handles a `began` or `changed` event: an `onChanged` once the
  /// translation has passed the minimum distance.
  mutating func change(_ event: PanEvent) {
    let translation = event.translation
    if !isActive {
      // NB: SwiftUI's minimumDistance compared strictly with the distance
      // from the touch-down, an assumption (the docs do not say).
      guard translation.length > minimumDistance else { return }
      isActive = true
      firstTime = event.time
    }
    switch version {
    case .pinned:
      (offset, speed) = followed(to: translation, at: event.time)
    case .current:
      changeCurrent(at: event.time, translation)
    }
  }

  /// The offset and speed a drag of version 1.6 has after a drag event
  /// at `time` with `translation`: the translation's x, and its magnitude
  /// over the time since the drag began (0 at that time).
  @inline(__always)
  func followed(to translation: Vector2D, at time: TraceTime) -> (offset: Double, speed: Double) {
    let offset = translation.x
    let elapsed = (time - (firstTime ?? time)).seconds
    return (offset, elapsed > 0 ? offset.magnitude / elapsed : 0)
  }

  private mutating func changeCurrent(at time: TraceTime, _ translation: Vector2D) {
    let previous = last ?? (time, translation)
    let step = translation - previous.translation
    // Within ±30° of the x axis: |Δy| ≤ tan 30° · |Δx|, that is
    // 3Δy² ≤ Δx²; a zero segment counts as along the axis.
    guard 3 * step.y * step.y <= step.x * step.x else {
      last = (time, translation)
      return
    }
    guard offset != 0 || translation.x.magnitude > translation.y.magnitude else { return }
    let elapsed = (time - previous.time).seconds
    if elapsed != 0 {
      velocity = step.x / elapsed
      speed = velocity.magnitude
    }
    let moved = offset + step.x
    offset = offset < 0 ? max(moved, -pageDistance) : min(moved, pageDistance)
    last = (time, translation)
  }

  /// The page the pager settles on when released at `time` on `page` of
  /// `count` pages.
  func page(releasedAt time: TraceTime, from page: Int, count: Int) -> Int {
    guard isActive else { return page }
    var newPage: Int
    let forwardVelocity: Double
    switch version {
    case .pinned:
      newPage = page - Self.pages((offset / pageDistance).rounded(), count)
      let elapsed = (time - (firstTime ?? time)).seconds
      // NB: a release at the first sample's time divides by zero: an
      // infinite velocity (a flick), or NaN (no flick) at offset 0.
      forwardVelocity = -offset / elapsed
    case .current:
      newPage = page - turnedPages(count)
      newPage = min(max(newPage, 0), count - 1)
      forwardVelocity = -velocity
    }
    if newPage == page && forwardVelocity.magnitude > velocityThreshold {
      newPage += forwardVelocity > 0 ? 1 : -1
    }
    return min(max(newPage, 0), count - 1)
  }

  /// The current version's `currentPage(sensitivity:)` step.
  private func turnedPages(_ count: Int) -> Int {
    guard offset != 0 else { return 0 }
    let pages = offset / pageDistance
    let whole = pages.rounded(.towardZero)
    let remaining = pages - whole
    let extra = remaining.magnitude < sensitivity ? 0 : remaining.rounded(.awayFromZero)
    return Self.pages(whole + extra, count)
  }

  /// A whole number of pages as an `Int`, bounded by ±`count` (and 0 for
  /// NaN) so that no offset can trap the conversion.
  private static func pages(_ value: Double, _ count: Int) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -Double(count)), Double(count)))
  }
}
