/// What an app saw happen around a recorded gesture, for a
/// ``CorrectionLabeler``: the gesture's end and what the person did next.
///
/// Times are seconds on the clock the recorder's timestamps use
/// (`CACurrentMediaTime()`, or a `DragGesture.Value`'s
/// `time.timeIntervalSinceReferenceDate`): only differences matter.
public enum CorrectionEvent: Sendable, Hashable {
  /// The recorded gesture ended and its transition finished the way
  /// `outcome` says.
  case gestureEnded(GestureEndOutcome, at: Double)
  /// What the gesture dismissed came back (an undo: the sheet or page was
  /// opened again).
  case reopened(at: Double)
  /// The person closed it with a button (or another control, not a drag).
  case closedByButton(at: Double)
  /// A new drag began; `translation` is its first translation (the
  /// recorder's `began` event), compared in direction with the gesture's.
  case dragBegan(translation: Vector2D, at: Double)

  /// When it happened, in seconds.
  public var time: Double {
    switch self {
    case .gestureEnded(_, let time), .reopened(let time), .closedByButton(let time),
      .dragBegan(_, let time):
      time
    }
  }
}

/// How a recorded gesture's transition finished.
public enum GestureEndOutcome: String, Sendable, Hashable, CaseIterable {
  /// It completed: the sheet closed, the page turned (a dismissal).
  case completed
  /// It went back: the sheet snapped back where it was.
  case snappedBack
}
