/// The planned finger motion of one synthetic gesture: a sum of
/// minimum-jerk reaches, when the finger lifts, and how far it must move
/// before the pan begins.
///
/// Times are seconds after the touch went down; displacements are points
/// from the touch-down location.
struct GesturePlan: Sendable, Hashable {
  /// One minimum-jerk reach, added to the reaches before it.
  struct Reach: Sendable, Hashable {
    /// When the reach starts.
    var start: Double
    /// How long it lasts; always positive.
    var duration: Double
    /// How far it moves the finger.
    var displacement: Vector2D
  }

  /// The main direction of a gesture, in UIKit coordinates (y down).
  typealias Direction = GestureDirection

  /// The main direction.
  var direction: Direction
  /// The reaches; their displacements add up.
  var reaches: [Reach] = []
  /// When the finger lifts.
  var release: Double = 0
  /// How far the finger must move from where it touched down before the
  /// pan is recognized.
  var slop: Double = 0

  /// Adds a reach along the main direction with a cross-axis drift.
  ///
  /// - Parameters:
  ///   - distance: The signed distance along ``direction``.
  ///   - drift: The cross-axis distance as a fraction of `distance`.
  mutating func addReach(start: Double, duration: Double, distance: Double, drift: Double) {
    let along = direction.unit * distance
    let across = direction.cross * (distance * drift)
    reaches.append(Reach(start: start, duration: duration, displacement: along + across))
  }

  /// The planned displacement from the touch-down location at time `t`.
  func displacement(at t: Double) -> Vector2D {
    var x = 0.0
    var y = 0.0
    for reach in reaches {
      let s = MinimumJerk.position(at: (t - reach.start) / reach.duration)
      x += reach.displacement.x * s
      y += reach.displacement.y * s
    }
    return Vector2D(x: x, y: y)
  }

  /// Bounds on the displacement: every planned position lies between
  /// `-negative` and `positive`, component by component.
  var extent: (negative: Vector2D, positive: Vector2D) {
    var negative = Vector2D.zero
    var positive = Vector2D.zero
    for reach in reaches {
      let d = reach.displacement
      if d.x < 0 { negative.x -= d.x } else { positive.x += d.x }
      if d.y < 0 { negative.y -= d.y } else { positive.y += d.y }
    }
    return (negative, positive)
  }
}
