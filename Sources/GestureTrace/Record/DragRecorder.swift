/// Records the drags a SwiftUI `DragGesture` reports into traces: the
/// SwiftUI counterpart of ``PanRecorder``.
///
/// Hand it each `onChanged` and `onEnded` value; `onEnded` gives back the
/// finished ``Trace``. On Apple platforms the `DragGesture.Value` methods
/// `changed(_:)` and `ended(_:)` (built where SwiftUI is) read the value for you:
///
/// ```swift
/// import GestureTrace
/// import SwiftUI
///
/// struct Card: View {
///   @State private var recorder = DragRecorder(device: "iPhone 15", scale: 3)
///   @State private var file = CSVTraceEncoder(
///     columns: CSVColumns(velocity: true, location: true)
///   ).fileHeader()
///
///   var body: some View {
///     Color.blue.gesture(
///       DragGesture(minimumDistance: recorder.minimumDistance)
///         .onChanged { recorder.changed($0) }
///         .onEnded { value in
///           if let trace = recorder.ended(value) {
///             CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
///               .encode(trace, into: &file)
///           }
///         })
///   }
/// }
/// ```
///
/// What `DragGesture` reports, and what the trace gets:
/// - SwiftUI calls nothing until the touch has moved `minimumDistance`
///   points from where it went down, and then calls `onChanged` with a
///   `translation` measured from `startLocation`, the touch-down point. The
///   first `onChanged` is the trace's `began`, at that translation (already
///   about `minimumDistance` long) and time — as `UIPanGestureRecognizer`
///   reports `.began` past its slop. No event is made at translation zero:
///   `DragGesture` does not report when the touch went down, only where.
/// - Each later `onChanged` is a `changed`; `onEnded` is the `ended`, at the
///   lift's translation and time. SwiftUI does not call `onEnded` for a drag
///   that never passed `minimumDistance` (a tap), so that gives no trace.
/// - A drag SwiftUI cancels calls no `onEnded`: the recorder cannot tell,
///   and drops the unfinished drag when the next one starts (a new
///   `startLocation` or an `onChanged` after ``reset()``), as ``PanRecorder``
///   drops a pan that never ended.
/// - Velocities: `value.velocity` (iOS 17, macOS 14) when there is one;
///   otherwise the recorder's ``estimator`` computes each event's velocity
///   from the translations so far, as ``PanRecognizer`` does (zero where it
///   has none, at the first event). It sees only what SwiftUI reports, not
///   the touches inside `minimumDistance`.
/// - Times are seconds on any clock (the `DragGesture.Value` methods use
///   `time.timeIntervalSinceReferenceDate`); only differences matter.
///
/// Every trace carries `source` (`ios` unless set), `device`, `units` (`pt`),
/// `scale` and `minimumDistance`, the gesture's, in points.
public struct DragRecorder: Sendable {
  /// The gesture's `minimumDistance` in points: pass it to the
  /// `DragGesture` you record, so that the metadata says what it used.
  public let minimumDistance: Double
  /// How velocities are estimated when the values carry none.
  public let estimator: VelocityEstimator

  private var recorder: PanRecorder
  private var tracker: VelocityTracker
  private var startLocation: Vector2D?
  private var lastTime: TraceTime?

  /// Creates a recorder.
  ///
  /// - Parameters:
  ///   - minimumDistance: The `DragGesture`'s `minimumDistance`, 10 points
  ///     (SwiftUI's default) unless given; recorded as metadata.
  ///   - source: The `source` metadata, `ios` by default.
  ///   - device: The `device` metadata, such as `iPhone 15`.
  ///   - scale: The screen's pixels per point.
  ///   - metadata: Any further metadata; the entries above win over its own.
  ///   - idPrefix: What trace ids start with: `g` gives `g1`, `g2`, …
  ///   - estimator: How velocities are estimated when `DragGesture` reports
  ///     none (before iOS 17): ``PanRecognizer/defaultEstimator`` unless given.
  public init(
    minimumDistance: Double = 10, source: String = "ios", device: String? = nil,
    scale: Double? = nil, metadata: TraceMetadata = TraceMetadata(), idPrefix: String = "g",
    estimator: VelocityEstimator = PanRecognizer.defaultEstimator
  ) {
    var metadata = metadata
    metadata["minimumDistance"] = minimumDistance.shortestDescription
    self.minimumDistance = minimumDistance
    self.estimator = estimator
    self.recorder = PanRecorder(
      source: source, device: device, scale: scale, metadata: metadata, idPrefix: idPrefix)
    self.tracker = VelocityTracker(estimator: estimator)
  }

  /// The metadata every trace gets.
  public var metadata: TraceMetadata {
    get { recorder.metadata }
    set { recorder.metadata = newValue }
  }

  /// What trace ids start with; the drag's number from 1 follows.
  public var idPrefix: String {
    get { recorder.idPrefix }
    set { recorder.idPrefix = newValue }
  }

  /// The number of traces finished so far.
  public var count: Int { recorder.count }

  /// Whether a drag is being recorded (it changed and has not ended).
  public var isRecording: Bool { recorder.isRecording }

  /// Records an `onChanged` value: the first of a drag begins its trace,
  /// the others add a `changed` event.
  ///
  /// A value with a `startLocation` other than the drag's starts a new
  /// trace, dropping the unfinished one. Values with a non-finite number or
  /// a time earlier than the previous one are ignored.
  ///
  /// - Parameters:
  ///   - time: The value's time in seconds.
  ///   - location: `location`, in points.
  ///   - startLocation: `startLocation`, in points.
  ///   - translation: `translation`, in points.
  ///   - velocity: `velocity`, in points per second, when there is one.
  public mutating func changed(
    time: Double, location: Vector2D, startLocation: Vector2D, translation: Vector2D,
    velocity: Vector2D? = nil
  ) {
    let begins = !recorder.isRecording || startLocation != self.startLocation
    if begins {
      guard startLocation.isFinite else { return }
      recorder.reset()
      tracker = VelocityTracker(estimator: estimator)
      self.startLocation = startLocation
    }
    _ = add(
      begins ? .began : .changed, time: time, location: location, translation: translation,
      velocity: velocity)
  }

  /// Records the `onEnded` value and returns the finished trace; `nil` when
  /// no drag is being recorded or the value is ignored (a non-finite
  /// number, a time earlier than the previous one).
  ///
  /// - Parameters:
  ///   - time: The value's time in seconds.
  ///   - location: `location`, in points.
  ///   - translation: `translation`, in points.
  ///   - velocity: `velocity`, in points per second, when there is one.
  public mutating func ended(
    time: Double, location: Vector2D, translation: Vector2D, velocity: Vector2D? = nil
  ) -> Trace? {
    guard recorder.isRecording else { return nil }
    let trace = add(
      .ended, time: time, location: location, translation: translation, velocity: velocity)
    if trace != nil { startLocation = nil }
    return trace
  }

  /// Drops the drag in progress, if any.
  public mutating func reset() {
    recorder.reset()
    startLocation = nil
  }

  private mutating func add(
    _ phase: TouchPhase, time: Double, location: Vector2D, translation: Vector2D,
    velocity: Vector2D?
  ) -> Trace? {
    // NB: PanRecorder's checks, made first so that the tracker only sees
    // the samples the trace keeps.
    guard time.isFinite, abs(time) < 9e9, translation.isFinite, location.isFinite,
      velocity?.isFinite ?? true
    else { return nil }
    let when = TraceTime.seconds(time)
    if phase != .began {
      guard let lastTime, lastTime <= when else { return nil }
    }
    lastTime = when
    let action: PointerAction = phase == .began ? .down : phase == .ended ? .up : .move
    tracker.add(PointerSample(time: when, position: translation, action: action))
    return recorder.record(
      phase, translation: translation, velocity: velocity ?? tracker.velocity() ?? .zero,
      location: location, timestamp: time)
  }
}
