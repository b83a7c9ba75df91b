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
  let start: TraceTime
  let duration: Double
  let curve: AnimationCurve
  let from: IndexedPair<CardPose>
  let to: IndexedPair<CardPose>
  /// When the animation ends.
  // NB: stored: the lyrics swap compares it with the clock on every event
  // after the swap, and converting the running time rounds.
  let end: TraceTime

  /// An animation from `from` to `to` along `curve`, starting at `start`.
  init(
    start: TraceTime, duration: Double, curve: AnimationCurve,
    from: IndexedPair<CardPose>, to: IndexedPair<CardPose>
  ) {
    self.start = start
    self.duration = duration
    self.curve = curve
    self.from = from
    self.to = to
    end = start + .seconds(curve.runningTime(forDuration: duration))
  }

  /// The poses at `time`.
  func poses(at time: TraceTime) -> IndexedPair<CardPose> {
    let progress = curve.progress(atElapsed: (time - start).seconds, duration: duration)
    return IndexedPair(
      from[0].interpolated(to: to[0], progress: progress),
      from[1].interpolated(to: to[1], progress: progress))
  }
}
