/// Records the pans an app's `UIPanGestureRecognizer` reports into traces.
///
/// Call ``record(_:translation:velocity:location:timestamp:)`` from the pan
/// handler with what the recognizer says; when a pan ends or is cancelled you
/// get its finished ``Trace``, ready to encode and append to a file the
/// command-line tool reads:
///
/// ```swift
/// import GestureTrace
/// import QuartzCore
/// import UIKit
///
/// final class PanRecordingViewController: UIViewController {
///   private var recorder = PanRecorder(device: "iPhone 15", scale: 3)
///   private let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
///   private(set) lazy var file = encoder.fileHeader()   // save it, share it, analyze it
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     view.addGestureRecognizer(
///       UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
///   }
///
///   @objc private func handlePan(_ pan: UIPanGestureRecognizer) {
///     guard let phase = TouchPhase(gestureRecognizerState: pan.state.rawValue) else { return }
///     let t = pan.translation(in: view), v = pan.velocity(in: view), p = pan.location(in: view)
///     if let trace = recorder.record(
///       phase, translation: Vector2D(x: t.x, y: t.y), velocity: Vector2D(x: v.x, y: v.y),
///       location: Vector2D(x: p.x, y: p.y), timestamp: CACurrentMediaTime())
///     {
///       encoder.encode(trace, into: &file)
///     }
///   }
/// }
/// ```
///
/// Times are seconds on any clock (`CACurrentMediaTime()`, a `UIEvent`'s
/// `timestamp`), kept to the nearest nanosecond. Every trace carries the
/// recorder's metadata: `source` (`ios` unless set), `device`, `units`
/// (`pt`) and `scale`. The recorder never reads a clock itself.
public struct PanRecorder: Sendable {
  /// The metadata every trace gets.
  public var metadata: TraceMetadata
  /// What trace ids start with; the pan's number from 1 follows.
  public var idPrefix: String
  /// The number of traces finished so far.
  public private(set) var count = 0

  private var events: [PanEvent] = []

  /// Creates a recorder.
  ///
  /// - Parameters:
  ///   - source: The `source` metadata, `ios` by default.
  ///   - device: The `device` metadata, such as `iPhone 15`.
  ///   - scale: The screen's pixels per point (`UIScreen.main.scale`).
  ///   - metadata: Any further metadata (`view`, free tags); the three above
  ///     win over its entries.
  ///   - idPrefix: What trace ids start with: `g` gives `g1`, `g2`, …
  public init(
    source: String = "ios", device: String? = nil, scale: Double? = nil,
    metadata: TraceMetadata = TraceMetadata(), idPrefix: String = "g"
  ) {
    var metadata = metadata
    metadata.source = source
    if let device { metadata.device = device }
    metadata.units = "pt"
    if let scale { metadata.scale = scale }
    self.metadata = metadata
    self.idPrefix = idPrefix
  }

  /// Whether a pan is being recorded (it began and has not ended).
  public var isRecording: Bool { !events.isEmpty }

  /// Records one callback of the pan handler and returns the finished trace
  /// when it ends the pan.
  ///
  /// A `began` starts a new trace (dropping one that never ended); `changed`
  /// adds to it; `ended` or `cancelled` finishes it and returns it. A
  /// callback with no pan in progress, with a non-finite number or with a
  /// time earlier than the previous one is ignored, so every trace returned is
  /// valid.
  ///
  /// - Parameters:
  ///   - phase: The recognizer's state.
  ///   - translation: `translation(in:)`, in points.
  ///   - velocity: `velocity(in:)`, in points per second, when read.
  ///   - location: `location(in:)`, in points, when wanted.
  ///   - timestamp: The callback's time in seconds.
  /// - Returns: The finished trace at `ended` or `cancelled`, else `nil`.
  public mutating func record(
    _ phase: TouchPhase, translation: Vector2D, velocity: Vector2D? = nil,
    location: Vector2D? = nil, timestamp: Double
  ) -> Trace? {
    guard timestamp.isFinite, translation.isFinite, velocity?.isFinite ?? true,
      location?.isFinite ?? true, abs(timestamp) < 9e9
    else { return nil }
    let event = PanEvent(
      time: .seconds(timestamp), phase: phase, translation: translation,
      velocity: velocity, location: location)
    if phase == .began {
      events = [event]
      return nil
    }
    guard let last = events.last, last.time <= event.time else { return nil }
    events.append(event)
    guard phase.isFinal else { return nil }
    count += 1
    let trace = Trace(id: "\(idPrefix)\(count)", events: events, metadata: metadata)
    events = []
    return trace
  }

  /// Drops the pan in progress, if any.
  public mutating func reset() {
    events = []
  }
}
