/// What a pointer did at one sample.
public enum PointerAction: String, Sendable, Hashable, Codable, CaseIterable {
  /// The pointer touched down (or the mouse button was pressed).
  case down
  /// The pointer moved while down.
  case move
  /// The pointer lifted.
  case up
  /// The system cancelled the touch.
  case cancel
}

/// One raw sample of a pointer: a time, a position and what happened.
///
/// Positions are in whatever unit the source reports (device pixels,
/// terminal cells, points); recognizers and velocity estimators keep that
/// unit, so a velocity comes out in position units per second.
public struct PointerSample: Sendable, Hashable, Codable {
  /// When the sample was taken.
  public var time: TraceTime
  /// Where the pointer was.
  public var position: Vector2D
  /// What happened.
  public var action: PointerAction

  /// Creates a sample.
  public init(time: TraceTime, position: Vector2D, action: PointerAction) {
    self.time = time
    self.position = position
    self.action = action
  }
}
