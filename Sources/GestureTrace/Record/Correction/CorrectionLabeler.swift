/// Holds each finished trace until what the person did next labels it, by
/// a ``CorrectionPolicy``.
///
/// Feed it the traces the recorder finishes and the app's events, in time
/// order; it gives each trace back once its label is decided — labelled
/// with ``Trace/labelledByCorrection(_:)``, or as it was:
///
/// ```swift
/// var labeler = CorrectionLabeler()
/// var done: [Trace] = []
/// done += labeler.gestureEnded(trace, outcome: .completed, at: 10)
/// done += labeler.record(.reopened(at: 11.5))   // the trace, intent=cancel
/// done += labeler.finish()                      // whatever is still held
/// ```
///
/// A trace is decided by the first event after it, or when ``flush(at:)``
/// is called past its window, or by ``finish()``. It never reads a clock:
/// call ``flush(at:)`` from a timer, or when the app goes to the
/// background, to write out traces no event followed.
public struct CorrectionLabeler: Sendable {
  /// The policy that labels the traces.
  public var policy: CorrectionPolicy

  private var pending: (trace: Trace, outcome: GestureEndOutcome, end: Double)?

  /// Creates a labeler holding no trace.
  ///
  /// - Parameter policy: The policy, ``CorrectionPolicy/init(undoWindow:retryWindow:)``'s
  ///   defaults unless given.
  public init(policy: CorrectionPolicy = CorrectionPolicy()) {
    self.policy = policy
  }

  /// Whether a trace is waiting for its label.
  public var isHolding: Bool { pending != nil }

  /// A recorded gesture ended: holds its trace; gives back the one held
  /// before, decided by this end (which labels none).
  ///
  /// - Parameters:
  ///   - trace: The finished trace.
  ///   - outcome: How its transition finished.
  ///   - time: When, in seconds.
  /// - Returns: The traces decided, in order.
  public mutating func gestureEnded(
    _ trace: Trace, outcome: GestureEndOutcome, at time: Double
  ) -> [Trace] {
    let decided = record(.gestureEnded(outcome, at: time))
    pending = (trace, outcome, time)
    return decided
  }

  /// Reads an app event: it decides the trace held, if any.
  ///
  /// - Parameter event: What happened.
  /// - Returns: The trace decided (labelled or not), or nothing.
  public mutating func record(_ event: CorrectionEvent) -> [Trace] {
    guard let held = pending else { return [] }
    pending = nil
    let translation = held.trace.events.last?.translation ?? .zero
    guard
      let intent = policy.intent(
        outcome: held.outcome, endedAt: held.end, translation: translation, next: event)
    else { return [held.trace] }
    return [held.trace.labelledByCorrection(intent)]
  }

  /// Gives back the trace held, unlabelled, if its window has passed by
  /// `time`.
  ///
  /// - Parameter time: The time now, in seconds.
  /// - Returns: The trace, or nothing.
  public mutating func flush(at time: Double) -> [Trace] {
    guard let held = pending, time - held.end > policy.window(after: held.outcome) else {
      return []
    }
    pending = nil
    return [held.trace]
  }

  /// Gives back the trace held, if any, unlabelled.
  public mutating func finish() -> [Trace] {
    guard let held = pending else { return [] }
    pending = nil
    return [held.trace]
  }
}
