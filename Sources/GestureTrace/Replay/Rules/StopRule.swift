/// A policy that picks, at release, the stop a view dragged between more
/// than two stops settles on, such as "the stop nearest the momentum
/// projection" or FloatingPanel's adjacent-anchor rule.
///
/// Rules see the release framed along the track's axis (``StopRelease``).
/// Distances are in points and velocities in points per second.
public protocol StopRule: Sendable {
  /// The rule's name in declarations and variant specs, such as `nearest`.
  static var name: String { get }
  /// What the rule does, in one sentence.
  static var summary: String { get }
  /// Where it comes from: project, file, version.
  static var source: String { get }
  /// Its parameters with the source's defaults.
  static var parameters: [Parameter] { get }

  /// Creates the rule from its parameter values.
  init(_ values: ParameterValues)

  /// The name of the stop the view settles on: one of
  /// `release.track.stops`.
  func stop(for release: StopRelease) -> String
}

/// A release as a ``StopRule`` sees it: where the view is along its track,
/// how fast it moves, and the stop it rested at before the gesture.
public struct StopRelease: Sendable, Hashable {
  /// The track: its axis and stops.
  public var track: TransitionTrack
  /// The stop the view rested at when the gesture began (the committed
  /// state).
  public var start: String
  /// The view's position along the axis at release, points.
  public var position: Double
  /// The release velocity along the axis, pt/s (positive towards larger
  /// positions).
  public var velocity: Double
  /// The release event (a declared transition hands its stop rule the
  /// release alone: the rules decide by position and velocity).
  public var events: [PanEvent]

  /// Creates a release.
  public init(
    track: TransitionTrack, start: String, position: Double, velocity: Double,
    events: [PanEvent] = []
  ) {
    self.track = track
    self.start = start
    self.position = position
    self.velocity = velocity
    self.events = events
  }
}
