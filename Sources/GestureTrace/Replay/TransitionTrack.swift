/// A view dragged along one axis between named stops: what a sheet, a
/// drawer, a panel or a side menu is.
///
/// Positions are in points along the axis, in the view's coordinates (for
/// a bottom sheet, the y of its top edge; a smaller y is higher). A
/// transition with two stops decides `complete` (it reaches the other stop)
/// or `cancel`; one with more decides a stop, and its outcome is
/// ``TransitionOutcome/stop(_:)``.
///
/// ```swift
/// let track = TransitionTrack(axis: "y", stops: [.init("open", 0), .init("closed", 520)], start: "closed")
/// track.isMultiStop          // false
/// track.position(of: "open") // 0
/// ```
public struct TransitionTrack: Sendable, Hashable {
  /// One named stop.
  public struct Stop: Sendable, Hashable {
    /// The stop's name, such as `half`.
    public var name: String
    /// Its position along the axis, in points.
    public var position: Double

    /// Creates a stop.
    public init(_ name: String, _ position: Double) {
      self.name = name
      self.position = position
    }
  }

  /// `x` or `y`.
  public var axis: String
  /// The stops, in the order declared.
  public var stops: [Stop]
  /// The stop the view rests at before the gesture.
  public var start: String

  /// Creates a track.
  public init(axis: String, stops: [Stop], start: String) {
    self.axis = axis
    self.stops = stops
    self.start = start
  }

  /// Whether the transition decides among more than two stops.
  public var isMultiStop: Bool { stops.count > 2 }

  /// The position of the stop called `name`, if there is one.
  public func position(of name: String) -> Double? {
    stops.first { $0.name == name }?.position
  }

  /// The stops sorted by position.
  public var sortedStops: [Stop] { stops.sorted { $0.position < $1.position } }
}
