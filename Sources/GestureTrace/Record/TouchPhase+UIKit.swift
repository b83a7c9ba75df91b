extension TouchPhase {
  /// The phase for the raw value of a `UIGestureRecognizer.State`: `began`
  /// (1), `changed` (2), `ended` (3), `cancelled` (4) and `failed` (5, read as
  /// `cancelled`); `nil` for `possible` (0) and anything else.
  public init?(gestureRecognizerState rawValue: Int) {
    switch rawValue {
    case 1: self = .began
    case 2: self = .changed
    case 3: self = .ended
    case 4, 5: self = .cancelled
    default: return nil
    }
  }
}
