/// A model of `UIViewPropertyAnimator` on a virtual clock: the progress of
/// its animations as a pure function of the time it has been advanced to.
///
/// The animator never reads a clock and calls nothing back. Its owner moves
/// its clock with ``advance(to:)``; every other method acts at the current
/// time. Animating properties from their start values to their end values
/// is left to the owner, which reads ``progress`` (0 = start, 1 = end):
///
/// ```swift
/// var animator = PropertyAnimator(duration: 0.7, curve: .spring(dampingRatio: 1))
/// animator.advance(to: began)
/// animator.pauseAnimation()                 // startInteractiveTransition
/// animator.fractionComplete = 0.3           // .changed
/// animator.isReversed = true                // .ended, cancelled
/// animator.continueAnimation(durationFactor: 0)
/// animator.advance(to: began + .milliseconds(500))
/// animator.completionPosition               // .start
/// ```
///
/// Replaying the same calls at the same times always gives the same values,
/// bit for bit. Advancing never allocates.
///
/// The animator runs in *segments*. Starting an inactive animator runs the
/// curve from 0 to 1 over the duration. Pausing freezes the segment, and
/// starting again without changes resumes it where it stopped. After
/// scrubbing or reversing, and on every ``continueAnimation(durationFactor:)``,
/// a new segment runs the curve afresh from the current progress to the
/// target (1, or 0 when reversed), "as if the animation was started from its
/// current position" (UIKit header).
public struct PropertyAnimator: Sendable, Hashable {
  /// The animator's state, as in `UIViewAnimatingState`.
  public enum State: Sendable, Hashable {
    /// Not started, or finished: ``PropertyAnimator/progress`` is at rest.
    case inactive
    /// Started or paused.
    case active
    /// Stopped by ``PropertyAnimator/stopAnimation(withoutFinishing:)`` with
    /// `false`, waiting for ``PropertyAnimator/finishAnimation(at:)``.
    case stopped
  }

  /// Where an animation ended, as in `UIViewAnimatingPosition`.
  public enum Position: Sendable, Hashable {
    /// At the end values (progress 1).
    case end
    /// At the start values (progress 0).
    case start
    /// Where it was stopped.
    case current
  }

  /// The requested duration in seconds; never negative.
  public let duration: Double
  /// The timing curve or spring the animations run with.
  public let curve: AnimationCurve
  /// Whether setting ``fractionComplete`` while paused moves ``progress``
  /// linearly (the default) or through ``curve``.
  public var scrubsLinearly: Bool
  /// The curve's running time for ``duration`` and its shape for that
  /// length: every run from the start takes them.
  // NB: worked out once: a spring's shape divides by the length, and a
  // player sheet starts its spring animator on every trace.
  private let fullLength: Double
  private let fullShape: AnimationCurve.Shape

  /// The animator's state.
  public private(set) var state: State = .inactive
  /// Whether the animations are running (active and not paused).
  public private(set) var isRunning = false
  /// The current time of the animator's clock, in seconds.
  public private(set) var currentTime: Double = 0
  /// Where the last run ended, or `nil` while a run is under way (or before
  /// the first).
  public private(set) var completionPosition: Position?
  /// The clock time, in seconds, at which the last run ended; `nil` with
  /// ``completionPosition``.
  public private(set) var completionTime: Double?

  /// Fraction and progress while not running.
  private var restingFraction = 0.0
  private var storedProgress = 0.0
  /// Whether the resting progress is the curve at the resting fraction,
  /// computed when read.
  // NB: scrubbing through the curve solves a Bézier at every pan event;
  // most of those values are never read before the next event.
  private var progressFollowsFraction = false
  private var reversed = false
  /// The current (running or paused) segment.
  private var segment: Segment?
  /// Whether starting again resumes ``segment`` (paused without changes).
  private var resumable = false
  private var pausedAt = 0.0

  /// Creates an inactive animator whose clock reads `time`.
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds; negative or non-finite values
  ///     become 0 (the animations complete as soon as they start).
  ///   - curve: The timing; UIKit's default is ``AnimationCurve/easeInEaseOut``.
  ///   - scrubsLinearly: See ``scrubsLinearly``; UIKit's default is `true`.
  ///   - time: The clock's initial reading.
  public init(
    duration: Double, curve: AnimationCurve = .easeInEaseOut, scrubsLinearly: Bool = true,
    at time: TraceTime = .zero
  ) {
    self.duration = duration.isFinite && duration > 0 ? duration : 0
    self.curve = curve
    self.scrubsLinearly = scrubsLinearly
    self.currentTime = time.seconds
    fullLength = curve.runningTime(forDuration: self.duration)
    fullShape = curve.shape(forLength: fullLength)
  }

  // MARK: - Reading

  /// The progress of the animations at the current time: 0 at their start
  /// values, 1 at their end values; a spring may overshoot either.
  public var progress: Double {
    guard isRunning, let segment else { return restingProgress }
    return progress(of: segment, at: currentTime)
  }

  /// The progress while not running.
  private var restingProgress: Double {
    progressFollowsFraction
      ? curve.progress(at: restingFraction, duration: duration) : storedProgress
  }

  /// The fraction of the duration the animations are through, in 0…1.
  ///
  /// It rises (falls when reversed) linearly with time while running. It is
  /// always measured forwards, from the start values: reversing does not
  /// change it. Setting it only takes effect while the animator is paused or
  /// inactive (which activates it, paused); the value is clamped to 0…1 and
  /// NaN is ignored.
  // NB: UIKit documents fractionComplete as "typically" 0…1 and leaves
  // other values undefined; clamping is an assumption. iOS 11 was seen to
  // read back 1 − fraction after setting isReversed; this model keeps the
  // forward fraction, so the remaining time of a reversed run is
  // fraction × duration.
  public var fractionComplete: Double {
    get {
      guard isRunning, let segment else { return restingFraction }
      return segment.fraction(at: currentTime)
    }
    // NB: inlined: scrubbing sets it on every pan event.
    @inline(__always) set {
      guard !newValue.isNaN, !isRunning, state != .stopped else { return }
      if state == .inactive { activate() }
      let fraction = min(max(newValue, 0), 1)
      restingFraction = fraction
      storedProgress = fraction
      progressFollowsFraction = !scrubsLinearly
      resumable = false
    }
  }

  /// Whether the animations run from their end values back to their start.
  ///
  /// Setting it while paused takes effect when the animator continues.
  /// Setting it while running turns the animations around at once: a new
  /// segment runs from the current progress back, taking the remaining
  /// fraction of the duration.
  // NB: UIKit reverses a running animator along its timing curve; here the
  // reversed segment restarts the curve from the current position, which
  // keeps the position continuous but not the velocity.
  public var isReversed: Bool {
    get { reversed }
    set {
      guard newValue != reversed else { return }
      if isRunning {
        freeze()
        reversed = newValue
        beginSegment(length: nil, delay: 0)
      } else {
        reversed = newValue
        resumable = false
      }
    }
  }

  /// When the current run will end, in clock seconds; `nil` unless running.
  public var scheduledCompletionTime: Double? {
    guard isRunning, let segment else { return nil }
    return segment.start + segment.length
  }

  // MARK: - Controlling

  /// Moves the animator's clock forward to `time`, finishing the run if it
  /// ends by then.
  ///
  /// Earlier times are ignored: the clock never runs backwards.
  public mutating func advance(to time: TraceTime) {
    advance(toSeconds: time.seconds)
  }

  /// Moves the animator's clock forward to `seconds`; see ``advance(to:)``.
  public mutating func advance(toSeconds seconds: Double) {
    guard seconds > currentTime else { return }
    currentTime = seconds
    completeIfDone()
  }

  /// Starts or resumes the animations, optionally after a delay.
  ///
  /// An inactive animator starts a new run from progress 0 (1 if
  /// ``isReversed``). A paused one resumes its segment if nothing changed
  /// since it paused, and otherwise continues from its current progress as
  /// ``continueAnimation(durationFactor:)`` with factor 0 does. Does nothing
  /// while running or stopped.
  /// - Parameter delay: Seconds to wait before moving; negative or
  ///   non-finite values mean no delay.
  public mutating func startAnimation(afterDelay delay: Double = 0) {
    let wait = delay.isFinite && delay > 0 ? delay : 0
    guard let wasActive = activateIfInactive(), !(wasActive && isRunning) else { return }
    if resumable, var resumed = segment {
      resumed.start += currentTime - pausedAt + wait
      segment = resumed
      isRunning = true
      completeIfDone()
    } else {
      beginSegment(length: nil, delay: wait)
    }
  }

  /// Pauses the animations where they are; activates an inactive animator,
  /// paused at its start.
  public mutating func pauseAnimation() {
    guard activateIfInactive() == true, isRunning else { return }
    freeze()
  }

  /// Runs the animations from their current progress to the end (to the
  /// start when reversed), with the original curve.
  ///
  /// - Parameter durationFactor: The time the rest of the run takes, in
  ///   units of ``duration``. 0 (and negative or non-finite values) means the
  ///   time left at the original pace: (1 − ``fractionComplete``) ×
  ///   ``duration``, or ``fractionComplete`` × ``duration`` when reversed, so
  ///   an animator already at its target completes at once. A physical
  ///   ``Spring`` ignores the factor and runs until it settles.
  // NB: Apple's documentation does not define durationFactor 0; its header
  // says the factor gives "the remaining time" in units of the original
  // duration and that the animator "behaves as if the animation was started
  // from its current position with a new duration". Reading 0 as the time
  // left at the original pace is an assumption (radars 34675414, 35743469
  // describe 0 completing at once when the fraction is already 1).
  public mutating func continueAnimation(durationFactor: Double = 0) {
    guard state != .stopped else { return }
    if state == .inactive { activate() }
    if isRunning { freeze() }
    let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
    beginSegment(length: factor > 0 ? factor * duration : nil, delay: 0)
  }

  /// Stops the animations where they are.
  ///
  /// With `withoutFinishing` true the animator becomes inactive at once and
  /// reports no completion; otherwise it becomes ``State/stopped`` until
  /// ``finishAnimation(at:)``. Does nothing unless active.
  public mutating func stopAnimation(withoutFinishing: Bool) {
    guard state == .active else { return }
    if isRunning { freeze() }
    segment = nil
    resumable = false
    state = withoutFinishing ? .inactive : .stopped
  }

  /// Finishes a stopped animator at the given position, making it inactive
  /// and recording the completion at the current time. Does nothing unless
  /// stopped.
  public mutating func finishAnimation(at position: Position) {
    guard state == .stopped else { return }
    switch position {
    case .end: rest(fraction: 1, progress: 1)
    case .start: rest(fraction: 0, progress: 0)
    case .current: break
    }
    state = .inactive
    completionPosition = position
    completionTime = currentTime
  }

  // MARK: - Segments

  /// One run of the curve from a progress to a target.
  struct Segment: Sendable, Hashable {
    /// Clock time at which the motion starts.
    var start: Double
    /// Seconds the motion takes; never negative.
    var length: Double
    var fromFraction: Double
    var toFraction: Double
    /// The progress at the start; `nil` when it is the animator's curve at
    /// ``fromFraction`` (scrubbed through the curve), worked out when read.
    // NB: a run that ends a scrub through a Bézier curve solved it for the
    // progress it starts from, which a replay reporting only when the run
    // ends never read (a Newton iteration of dependent divisions;
    // docs/performance.md, "Notes moved from the code").
    var fromProgress: Double?
    var toProgress: Double
    var shape: AnimationCurve.Shape

    /// The progress at `time`, when the run starts from progress `origin`.
    func progress(at time: Double, from origin: Double) -> Double {
      let unit = shape.progress(atElapsed: time - start, length: length)
      return origin + (toProgress - origin) * unit
    }

    func fraction(at time: Double) -> Double {
      let elapsed = time - start
      let unit = elapsed >= length ? 1 : elapsed > 0 ? elapsed / length : 0
      return fromFraction + (toFraction - fromFraction) * unit
    }
  }

  /// The progress of `segment` at `time`.
  private func progress(of segment: Segment, at time: Double) -> Double {
    let origin =
      segment.fromProgress ?? curve.progress(at: segment.fromFraction, duration: duration)
    return segment.progress(at: time, from: origin)
  }

  /// Readies the animator for a start or a pause: a stopped one ignores
  /// both (`nil`); an inactive one is activated (`false`); an active one
  /// stays as it is (`true`).
  private mutating func activateIfInactive() -> Bool? {
    switch state {
    case .stopped:
      return nil
    case .inactive:
      activate()
      return false
    case .active:
      return true
    }
  }

  /// Makes an inactive animator active and paused at the start of a new run.
  private mutating func activate() {
    state = .active
    isRunning = false
    completionPosition = nil
    completionTime = nil
    let origin = reversed ? 1.0 : 0.0
    rest(fraction: origin, progress: origin)
    segment = Segment(
      start: currentTime, length: fullLength, fromFraction: origin, toFraction: 1 - origin,
      fromProgress: origin, toProgress: 1 - origin, shape: fullShape)
    resumable = true
    pausedAt = currentTime
  }

  /// Pauses a running segment, keeping it for resumption.
  private mutating func freeze() {
    guard let segment else { return }
    rest(
      fraction: segment.fraction(at: currentTime),
      progress: progress(of: segment, at: currentTime))
    isRunning = false
    resumable = true
    pausedAt = currentTime
  }

  private mutating func rest(fraction: Double, progress: Double) {
    restingFraction = fraction
    storedProgress = progress
    progressFollowsFraction = false
  }

  /// Runs a new segment from the resting values to the target; `length`
  /// `nil` means the time left at the original pace.
  private mutating func beginSegment(length requested: Double?, delay: Double) {
    let target = reversed ? 0.0 : 1.0
    let left = (target - restingFraction).magnitude * duration
    let length = curve.runningTime(forDuration: requested ?? left)
    segment = Segment(
      start: currentTime + delay, length: length, fromFraction: restingFraction,
      toFraction: target, fromProgress: progressFollowsFraction ? nil : storedProgress,
      toProgress: target,
      shape: curve.shape(forLength: length))
    isRunning = true
    resumable = false
    completeIfDone()
  }

  /// Ends the run when the clock has reached the segment's end.
  private mutating func completeIfDone() {
    guard isRunning, let segment else { return }
    let end = segment.start + segment.length
    guard currentTime >= end else { return }
    rest(fraction: segment.toFraction, progress: segment.toProgress)
    self.segment = nil
    isRunning = false
    resumable = false
    state = .inactive
    completionPosition = segment.toProgress == 1 ? .end : .start
    completionTime = end
  }
}
