extension TraceSynthesizer {
  /// A touch position on the simulated screen, in whole pixels.
  private struct Pixel: Hashable {
    var x: Int
    var y: Int

    /// The nearest pixel to a point in points, clamped to the view.
    init(_ point: Vector2D) {
      let width = TraceSynthesizer.viewSize.x * TraceSynthesizer.scale
      let height = TraceSynthesizer.viewSize.y * TraceSynthesizer.scale
      x = Int(min(max((point.x * TraceSynthesizer.scale).rounded(), 0), width))
      y = Int(min(max((point.y * TraceSynthesizer.scale).rounded(), 0), height))
    }

    /// The pixel's position in points, to 0.01 pt.
    var point: Vector2D {
      Vector2D(x: Pixel.points(x), y: Pixel.points(y))
    }

    /// The offset from another pixel, in points, to 0.01 pt.
    func offset(from other: Pixel) -> Vector2D {
      Vector2D(x: Pixel.points(x - other.x), y: Pixel.points(y - other.y))
    }

    // NB: a third of a point prints as 0.3333333333333333; rounding to
    // hundredths keeps trace files a third of the size and changes no
    // decision by more than 0.005 pt.
    private static func points(_ pixels: Int) -> Double {
      (Double(pixels) * 100 / TraceSynthesizer.scale).rounded() / 100
    }
  }

  /// Samples a planned motion into pan events.
  ///
  /// The touch goes down at a point chosen so the whole plan fits in the
  /// view. Each frame adds noise to the planned position and rounds it to a
  /// pixel; the pan begins at the first frame that has moved past the plan's
  /// slop, and from then on each frame whose pixel changed is a `changed`
  /// event. The lift is the first frame at or after the plan's release; its
  /// event repeats the last position. Velocities come from every sample the
  /// recognizer has seen, including those before the pan began.
  func events(for plan: GesturePlan, using rng: inout SplitMix64) -> [PanEvent] {
    let interval = 1e9 / rate
    let noise = rng.uniform(0.25...0.5)
    let dropChance = rng.uniform(0.01...0.02)
    let cancels = rng.chance(0.02)
    let cancelFraction = rng.uniform(0.2...1)
    let origin = startPoint(for: plan, using: &rng)

    let down = Pixel(origin)
    var estimator = SynthVelocityEstimator()
    estimator.add(time: 0, position: down.point)
    var lift = Int64((plan.release * 1e9).rounded())
    var events: [PanEvent] = []
    events.reserveCapacity(Int(Double(lift) / interval) + 8)
    var time: Int64 = 0
    var began: (time: Int64, pixel: Pixel)?
    var last = down

    while true {
      var step = interval * (rng.chance(dropChance) ? 2 : 1) + 400_000 * rng.normal()
      step = max(step, interval / 4)
      // NB: timestamps in whole microseconds, as UIKit's are in practice.
      time += max(1_000, Int64((step / 1_000).rounded()) * 1_000)
      if began != nil, time >= lift { break }
      let planned = plan.displacement(at: Double(time) / 1e9)
      let wobble = Vector2D(x: noise * rng.normal(), y: noise * rng.normal())
      let pixel = Pixel(origin + planned + wobble)
      guard let start = began else {
        estimator.add(time: time, position: pixel.point)
        let moved = pixel.offset(from: down).length
        if moved >= plan.slop || planned.length >= plan.slop || time >= lift {
          began = (time, pixel)
          last = pixel
          events.append(
            PanEvent(
              time: .zero, phase: .began, translation: .zero,
              velocity: estimator.velocity, location: pixel.point))
          if cancels, lift > time {
            lift = time + Int64((Double(lift - time) * cancelFraction).rounded())
          }
          lift = max(lift, time + 1)
        }
        continue
      }
      guard pixel != last else { continue }
      last = pixel
      estimator.add(time: time, position: pixel.point)
      events.append(
        PanEvent(
          time: TraceTime(nanoseconds: time - start.time), phase: .changed,
          translation: pixel.offset(from: start.pixel), velocity: estimator.velocity,
          location: pixel.point))
    }
    let start = began ?? (0, down)
    events.append(
      PanEvent(
        time: TraceTime(nanoseconds: time - start.time), phase: cancels ? .cancelled : .ended,
        translation: last.offset(from: start.pixel), velocity: estimator.velocity,
        location: last.point))
    return events
  }

  /// A touch-down point from which the whole plan stays inside the view,
  /// at least 12 pt from its edges when it fits.
  private func startPoint(for plan: GesturePlan, using rng: inout SplitMix64) -> Vector2D {
    let margin = 12.0
    let (negative, positive) = plan.extent
    func coordinate(low: Double, high: Double, size: Double) -> Double {
      guard low <= high else { return min(max((low + high) / 2, 0), size) }
      return rng.uniform(low...high)
    }
    let x = coordinate(
      low: margin + negative.x, high: Self.viewSize.x - margin - positive.x,
      size: Self.viewSize.x)
    let y = coordinate(
      low: margin + negative.y, high: Self.viewSize.y - margin - positive.y,
      size: Self.viewSize.y)
    return Vector2D(x: x, y: y)
  }
}
