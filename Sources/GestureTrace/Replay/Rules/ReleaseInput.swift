/// A finished gesture as a release rule sees it: the events and the axis
/// along which the transition moves.
///
/// ```swift
/// // A sheet that opens upwards over 806 pt:
/// let release = ReleaseInput(events: events, direction: Vector2D(x: 0, y: -1), distance: 806)
/// release.progress   // points moved toward the open state
/// release.velocity   // release velocity toward the open state, pt/s
/// ```
public struct ReleaseInput: Sendable, Hashable {
  /// The gesture's events from `began` to the release (`ended`), on the
  /// replay clock; the last carries the release velocity.
  public var events: [PanEvent]
  /// The unit vector pointing from the start state toward the end state.
  public var direction: Vector2D
  /// The distance in points between the start and the end state.
  public var distance: Double

  /// Creates an input; `direction` is normalized (a zero vector becomes
  /// +y).
  public init(events: [PanEvent], direction: Vector2D, distance: Double) {
    self.events = events
    let length = direction.length
    self.direction = length > 0 && length.isFinite ? direction * (1 / length) : Vector2D(x: 0, y: 1)
    self.distance = distance
  }

  /// The release velocity, pt/s (zero when the last event has none).
  public var releaseVelocity: Vector2D { events.last?.velocity ?? .zero }

  /// The translation at release, points.
  public var translation: Vector2D { events.last?.translation ?? .zero }

  /// Points moved toward the end state (negative: away from it).
  public var progress: Double { along(translation) }

  /// ``progress`` as a fraction of ``distance`` (0 when the distance is 0).
  public var fraction: Double { distance > 0 ? progress / distance : 0 }

  /// Release velocity toward the end state, pt/s.
  public var velocity: Double { along(releaseVelocity) }

  /// Release velocity across the transition's axis, pt/s.
  public var crossVelocity: Double {
    let v = releaseVelocity
    return v.x * -direction.y + v.y * direction.x
  }

  /// Translation across the transition's axis, points.
  public var crossProgress: Double {
    let t = translation
    return t.x * -direction.y + t.y * direction.x
  }

  /// Time from the first event to the release.
  public var duration: TraceTime {
    guard let first = events.first, let last = events.last else { return .zero }
    return last.time - first.time
  }

  /// The component of `vector` along ``direction``.
  public func along(_ vector: Vector2D) -> Double {
    vector.x * direction.x + vector.y * direction.y
  }
}
