/// Estimates one pointer's velocity from a stream of samples.
///
/// Add each sample as it arrives; ask for the velocity whenever you need it,
/// typically at the lift. A touch-down starts a new gesture, a lift adds no
/// sample (its position repeats the last move) but applies the estimator's
/// pause rule, and a cancel forgets the gesture. ``VelocityEstimator/uikit``
/// differs: it has no pause rule, a lift at a new position counts as a last
/// move, and a move that does not change the position adds nothing.
///
/// ```swift
/// var tracker = VelocityTracker(estimator: .lsq2)
/// for sample in samples { tracker.add(sample) }
/// let velocity = tracker.velocity() ?? .zero   // position units per second
/// ```
///
/// The tracker keeps at most 20 samples in storage allocated when it is
/// created, so adding a sample never allocates.
public struct VelocityTracker: Sendable {
  /// The estimator this tracker runs.
  public let estimator: VelocityEstimator

  /// The samples since the touch-down, within the estimator's history rules.
  var samples = VelocitySampleRing()
  /// The time of the last sample added, in nanoseconds; `nil` before any.
  var lastSampleTime: Int64?
  /// Whether the pointer lifted more than 40 ms after its last sample, for
  /// the Flutter trackers' "no recent sample" rule.
  var liftedAfterPause = false

  /// Android and Flutter assume the pointer stopped after 40 ms without a sample.
  static let stoppedNanoseconds: Int64 = 40_000_000
  /// Android forgets samples more than 100 ms older than the newest.
  static let horizonNanoseconds: Int64 = 100_000_000

  /// Creates a tracker with no samples.
  public init(estimator: VelocityEstimator = .default) {
    self.estimator = estimator
  }

  /// Adds a sample: a down starts over, a move is recorded, an up applies the
  /// pause rule, and a cancel forgets everything.
  public mutating func add(_ sample: PointerSample) {
    switch sample.action {
    case .down:
      reset()
      record(sample)
    case .move:
      record(sample)
    case .up:
      lift(sample)
    case .cancel:
      reset()
    }
  }

  /// The velocity in position units per second, or `nil` when the estimator
  /// has none (apps treat that as zero).
  public func velocity() -> Vector2D? {
    switch estimator.kind {
    case .androidLeastSquares:
      return androidVelocity { AndroidVelocityMath.leastSquaresVelocity(samples, axis: $0) }
    case .impulse:
      return androidVelocity { AndroidVelocityMath.impulseVelocity(samples, axis: $0) }
    case .flutterLeastSquares:
      if liftedAfterPause { return .zero }
      return FlutterVelocityMath.leastSquaresVelocity(samples)
    case .ios:
      if liftedAfterPause { return .zero }
      return FlutterVelocityMath.weightedSegmentVelocity(
        samples, oldest: 0.6, middle: 0.35, newest: 0.05)
    case .uikit:
      return FlutterVelocityMath.weightedSegmentVelocity(
        samples, oldest: 0.6, middle: 0.35, newest: 0.05)
    case .macos:
      if liftedAfterPause { return .zero }
      return FlutterVelocityMath.weightedSegmentVelocity(
        samples, oldest: 0.15, middle: 0.65, newest: 0.2)
    case .lastDelta:
      return lastDeltaVelocity()
    }
  }

  /// Android's impulse velocity of the x coordinates read as deltas (a scroll
  /// axis: each value is the change since the previous sample).
  func deltaAxisImpulseVelocity() -> Double? {
    AndroidVelocityMath.impulseVelocity(samples, axis: .x, isDelta: true).map(Double.init)
  }

  // MARK: - Rules

  /// Whether a sample at the newest sample's time replaces it (Android).
  private var replacesEqualTimes: Bool {
    switch estimator.kind {
    case .androidLeastSquares, .impulse, .lastDelta: true
    case .flutterLeastSquares, .ios, .macos, .uikit: false
    }
  }

  /// Whether Android's history rules apply: 100 ms horizon, 40 ms reset.
  private var usesAndroidHistory: Bool {
    switch estimator.kind {
    case .androidLeastSquares, .impulse: true
    case .flutterLeastSquares, .ios, .macos, .lastDelta, .uikit: false
    }
  }

  private mutating func reset() {
    samples.removeAll()
    lastSampleTime = nil
    liftedAfterPause = false
  }

  private mutating func record(_ sample: PointerSample) {
    // NB: UIKit delivers touchesMoved only when a touch moves, so a resting
    // finger gives its pan recognizer nothing to update its velocity with.
    if estimator.kind == .uikit, let newest = samples.newest,
      newest.position == sample.position
    {
      return
    }
    let time = sample.time.nanoseconds
    liftedAfterPause = false
    if usesAndroidHistory, let last = lastSampleTime,
      VelocitySampleRing.nanoseconds(from: last, to: time) > VelocityTracker.stoppedNanoseconds
    {
      samples.removeAll()
    }
    lastSampleTime = time
    let entry = VelocitySampleRing.Entry(time: time, position: sample.position)
    if replacesEqualTimes, let newest = samples.newest, newest.time == time {
      samples.replaceNewest(with: entry)
    } else {
      samples.append(entry)
    }
    if usesAndroidHistory {
      while samples.count > 1,
        VelocitySampleRing.nanoseconds(from: samples[0].time, to: time)
          > VelocityTracker.horizonNanoseconds
      {
        samples.removeOldest()
      }
    }
  }

  private mutating func lift(_ sample: PointerSample) {
    guard let last = lastSampleTime else { return }
    if estimator.kind == .uikit {
      // NB: `.ended` repeats the last `.changed` translation and velocity
      // (velocity.md §5); a lift at a new position first moves the touch
      // there, so the translation and the velocity both count it.
      record(sample)
      return
    }
    let time = sample.time.nanoseconds
    let paused =
      VelocitySampleRing.nanoseconds(from: last, to: time) > VelocityTracker.stoppedNanoseconds
    guard paused else { return }
    switch estimator.kind {
    case .androidLeastSquares, .impulse:
      samples.removeAll()
    case .flutterLeastSquares, .ios, .macos:
      liftedAfterPause = true
    case .lastDelta, .uikit:
      break
    }
  }

  // MARK: - Estimates

  private func androidVelocity(_ estimate: (VelocityAxis) -> Float?) -> Vector2D? {
    guard let x = estimate(.x), let y = estimate(.y) else { return nil }
    return Vector2D(x: Double(x), y: Double(y))
  }

  private func lastDeltaVelocity() -> Vector2D? {
    guard samples.count >= 2, let newest = samples.newest else { return nil }
    let previous = samples[samples.count - 2]
    let nanoseconds = VelocitySampleRing.nanoseconds(from: previous.time, to: newest.time)
    guard nanoseconds > 0 else { return nil }
    return (newest.position - previous.position) * (1e9 / Double(nanoseconds))
  }
}
