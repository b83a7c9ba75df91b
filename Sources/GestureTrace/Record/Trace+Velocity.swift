extension Trace {
  /// The pointer samples the trace's translations describe: a `down` at the
  /// first event, a `move` for each `changed` event, and an `up` (for
  /// `ended`) or `cancel` (for `cancelled`) at the last.
  public var pointerSamples: [PointerSample] {
    events.enumerated().map { index, event in
      let action: PointerAction
      switch event.phase {
      case .began: action = index == 0 ? .down : .move
      case .changed: action = .move
      case .ended: action = .up
      case .cancelled: action = .cancel
      }
      return PointerSample(time: event.time, position: event.translation, action: action)
    }
  }

  /// The velocity at release, in points per second.
  ///
  /// This is the last event's velocity as recorded; when the trace has no
  /// velocity there, the estimator computes it from the translations as a
  /// platform would, and a trace it cannot estimate (one sample, a cancel)
  /// releases at zero.
  public func releaseVelocity(estimator: VelocityEstimator = .default) -> Vector2D {
    if let recorded = events.last?.velocity { return recorded }
    return estimator.velocity(of: pointerSamples) ?? .zero
  }

  /// The velocity the estimator computes from the translations alone,
  /// ignoring recorded velocities; `nil` when it has none.
  public func estimatedReleaseVelocity(using estimator: VelocityEstimator) -> Vector2D? {
    estimator.velocity(of: pointerSamples)
  }
}
