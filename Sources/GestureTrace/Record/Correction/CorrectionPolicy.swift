/// When what a person did right after a gesture says what they meant by it.
///
/// Nobody labels their own gestures, but people correct a transition that
/// did the wrong thing. The policy reads the first thing the person did
/// after the gesture ended (``CorrectionEvent``) and labels the gesture
/// only in two cases:
///
/// - **A dismissal undone**: the gesture completed (``GestureEndOutcome/completed``)
///   and the next event is ``CorrectionEvent/reopened(at:)`` within
///   ``undoWindow`` seconds: they meant ``TraceIntent/cancel``.
/// - **A snap-back finished by hand**: the gesture snapped back
///   (``GestureEndOutcome/snappedBack``) and the next event, within
///   ``retryWindow`` seconds, is ``CorrectionEvent/closedByButton(at:)`` or
///   ``CorrectionEvent/dragBegan(translation:at:)`` in the gesture's
///   direction (their translations' dot product is positive): they meant
///   ``TraceIntent/complete``.
///
/// Anything else gives no label: no event within the window, an event of
/// another kind first (a drag the other way, a new gesture's end), or a
/// dismissal kept. A window includes its end: an event exactly
/// ``undoWindow`` seconds after the end counts, one later does not.
///
/// Limits, stated because the labels are guesses:
/// - A kept dismissal is *not* labelled `complete`: people leave things
///   dismissed by mistake too, so silence is no evidence.
/// - Only the first event counts. A snap-back, a glance elsewhere and a
///   button later is unlabelled: the policy cannot know the button was the
///   same wish.
/// - The app decides what counts as each event; "reopened" must mean the
///   same item came back, not any presentation.
/// - Labels inferred this way are marked `intentSource: correction`
///   (``Trace/labelledByCorrection(_:)``), so an analysis can count or
///   leave them out apart from labels people gave.
public struct CorrectionPolicy: Sendable, Hashable {
  /// How soon, in seconds, a reopening must follow a dismissal to mean the
  /// dismissal was a mistake. 3 s unless set.
  public var undoWindow: Double
  /// How soon, in seconds, the close button or a drag the same way must
  /// follow a snap-back to mean the gesture was meant to complete. 2 s
  /// unless set.
  public var retryWindow: Double

  /// Creates a policy; negative or non-finite windows read as 0.
  ///
  /// - Parameters:
  ///   - undoWindow: The seconds within which a reopening undoes a dismissal.
  ///   - retryWindow: The seconds within which a close or a drag the same
  ///     way finishes a snap-back.
  public init(undoWindow: Double = 3, retryWindow: Double = 2) {
    self.undoWindow = undoWindow.isFinite && undoWindow > 0 ? undoWindow : 0
    self.retryWindow = retryWindow.isFinite && retryWindow > 0 ? retryWindow : 0
  }

  /// The seconds after a gesture's end within which the next event can
  /// label it: the window of its outcome.
  public func window(after outcome: GestureEndOutcome) -> Double {
    outcome == .completed ? undoWindow : retryWindow
  }

  /// The intent the next event gives a gesture, or `nil` for no label.
  ///
  /// - Parameters:
  ///   - outcome: How the gesture's transition finished.
  ///   - end: When the gesture ended, in seconds.
  ///   - translation: The gesture's last translation: its direction.
  ///   - next: The first event after the end.
  public func intent(
    outcome: GestureEndOutcome, endedAt end: Double, translation: Vector2D,
    next: CorrectionEvent
  ) -> TraceIntent? {
    let delay = next.time - end
    guard delay >= 0, delay <= window(after: outcome) else { return nil }
    switch (outcome, next) {
    case (.completed, .reopened):
      return .cancel
    case (.snappedBack, .closedByButton):
      return .complete
    case (.snappedBack, .dragBegan(let again, _)):
      let dot = again.x * translation.x + again.y * translation.y
      return dot > 0 ? .complete : nil
    default:
      return nil
    }
  }
}
