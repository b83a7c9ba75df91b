/// Where a card is drawn: translation, uniform scale, opacity and layer
/// order, as a `UIView`'s transform, `alpha` and `layer.zPosition`.
struct CardPose: Sendable, Hashable {
  var x = 0.0
  var y = 0.0
  var scale = 1.0
  var alpha = 1.0
  var z = 0.0

  /// The pose `progress` of the way from `self` to `target`; layer order
  /// changes at once, as the article's cards do.
  func interpolated(to target: CardPose, progress: Double) -> CardPose {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
    return CardPose(
      x: mix(x, target.x), y: mix(y, target.y), scale: mix(scale, target.scale),
      alpha: mix(alpha, target.alpha), z: target.z)
  }
}

/// A set of poses animating from one state to another along a curve.
struct PoseAnimation: Sendable, Hashable {
  var start: TraceTime
  var duration: Double
  var curve: AnimationCurve
  var from: [CardPose]
  var to: [CardPose]

  /// When the animation ends.
  var end: TraceTime { start + .seconds(curve.runningTime(forDuration: duration)) }

  /// The poses at `time`.
  func poses(at time: TraceTime) -> [CardPose] {
    let progress = curve.progress(atElapsed: (time - start).seconds, duration: duration)
    return zip(from, to).map { $0.interpolated(to: $1, progress: progress) }
  }
}
