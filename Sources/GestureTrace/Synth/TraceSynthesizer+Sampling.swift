extension TraceSynthesizer {
  /// A touch position on the simulated screen, in whole pixels, or an
  /// offset between two.
  struct Pixel: Hashable {
    var x: Int
    var y: Int

    /// The pixel or offset with the given coordinates.
    init(x: Int, y: Int) {
      self.x = x
      self.y = y
    }

    /// The nearest pixel to a point in points, clamped to the view.
    init(_ point: Vector2D) {
      x = Pixel.nearest(point.x * TraceSynthesizer.scale, upTo: Pixel.width)
      y = Pixel.nearest(point.y * TraceSynthesizer.scale, upTo: Pixel.limit)
    }

    /// `Int(min(max(value.roundedTiesAway, 0), Double(bound)))`.
    // NB: below 2⁵² the rounding is done on the truncated integer, as
    // `roundedTiesAway` does, and the clamp on whole numbers is the same in
    // integers; only the sign of a zero, which `Int` drops, is not kept.
    @inline(__always)
    static func nearest(_ value: Double, upTo bound: Int) -> Int {
      guard value.magnitude < 0x1p52 else {
        return Int(min(max(value.roundedTiesAway, 0), Double(bound)))
      }
      let whole = Int(value)
      let fraction = value - Double(whole)
      // NB: selects, not branches (see `roundedTiesAway`).
      let up = Int(unsafeBitCast(fraction >= 0.5, to: UInt8.self))
      let down = Int(unsafeBitCast(fraction <= -0.5, to: UInt8.self))
      return min(max(whole &+ up &- down, 0), bound)
    }

    /// The pixel's position in points, to 0.01 pt.
    var point: Vector2D {
      point(in: Pixel.pointsTable)
    }

    /// ``point``, looked up in ``pointsTable``.
    func point(in table: UnsafePointer<Double>) -> Vector2D {
      Vector2D(x: Pixel.points(x, in: table), y: Pixel.points(y, in: table))
    }

    /// The offset from another pixel, in points, to 0.01 pt.
    func offset(from other: Pixel) -> Vector2D {
      offset(from: other, in: Pixel.pointsTable)
    }

    /// ``offset(from:)``, looked up in ``pointsTable``.
    func offset(from other: Pixel, in table: UnsafePointer<Double>) -> Vector2D {
      Vector2D(x: Pixel.points(x - other.x, in: table), y: Pixel.points(y - other.y, in: table))
    }

    /// The offset from another pixel, in pixels.
    func pixels(from other: Pixel) -> Pixel {
      Pixel(x: x - other.x, y: y - other.y)
    }

    // NB: a third of a point prints as 0.3333333333333333; rounding to
    // hundredths keeps trace files a third of the size and changes no
    // decision by more than 0.005 pt.
    static func exactPoints(_ pixels: Int) -> Double {
      (Double(pixels) * 100 / TraceSynthesizer.scale).roundedTiesAway / 100
    }

    /// The largest pixel coordinate in the view, and so the largest offset
    /// between two pixels along either axis.
    // NB: a literal (844 pt at 3x, tested), so that reading it costs no
    // lazy initialization.
    static let limit = 2_532
    /// The largest horizontal pixel coordinate in the view (390 pt at 3x).
    static let width = 1_170

    /// ``exactPoints(_:)`` of every offset from `-limit` to `limit`, at
    /// `limit + offset`.
    // NB: a pointer, so that a caller can fetch it once: each read of a
    // lazy global is a call.
    nonisolated(unsafe) static let pointsTable: UnsafePointer<Double> = {
      let table = UnsafeMutablePointer<Double>.allocate(capacity: 2 * limit + 1)
      for pixels in -limit...limit { table[pixels + limit] = exactPoints(pixels) }
      return UnsafePointer(table)
    }()

    /// A number of pixels in points, to 0.01 pt.
    // NB: a table, not two divisions and a rounding six times a frame
    // (docs/performance.md, "Notes moved from the code"); every pixel and
    // offset the synthesizer makes is in the table.
    static func points(_ pixels: Int) -> Double {
      points(pixels, in: pointsTable)
    }

    /// ``points(_:)``, looked up in `table` (``pointsTable``).
    static func points(_ pixels: Int, in table: UnsafePointer<Double>) -> Double {
      let index = pixels &+ limit
      guard index >= 0, index <= 2 * limit else { return exactPoints(pixels) }
      return table[index]
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
    var sink = EventArraySink()
    sample(plan, using: &rng, into: &sink)
    return sink.events
  }

  /// Samples a planned motion as ``events(for:using:)`` describes, handing
  /// each event to `sink` as it is made.
  // NB: generic, so that a writer of bytes gets the pixels themselves and
  // no event is built (`encodeTrace(at:as:into:)`).
  func sample(
    _ plan: GesturePlan, using rng: inout SplitMix64, into sink: inout some SynthEventSink
  ) {
    let interval = 1e9 / rate
    let noise = rng.uniform(0.25...0.5)
    let dropChance = rng.uniform(0.01...0.02)
    let cancels = rng.chance(0.02)
    let cancelFraction = rng.uniform(0.2...1)
    let origin = startPoint(for: plan, using: &rng)

    let points = Pixel.pointsTable
    let down = Pixel(origin)
    var estimator = SynthVelocityEstimator()
    estimator.add(time: 0, position: down.point(in: points))
    var lift = Int64((plan.release * 1e9).roundedTiesAway)
    sink.reserve(Int(Double(lift) / interval) + 8)
    var time: Int64 = 0
    var began: (time: Int64, pixel: Pixel)?
    var last = down

    while true {
      var step = interval * (rng.chance(dropChance) ? 2 : 1) + 400_000 * rng.normal()
      step = max(step, interval / 4)
      // NB: timestamps in whole microseconds, as UIKit's are in practice.
      time += max(1_000, Int64((step / 1_000).roundedTiesAway) * 1_000)
      if began != nil, time >= lift { break }
      let planned = plan.displacement(at: Double(time) / 1e9)
      let wobble = Vector2D(x: noise * rng.normal(), y: noise * rng.normal())
      let pixel = Pixel(origin + planned + wobble)
      guard let start = began else {
        estimator.add(time: time, position: pixel.point(in: points))
        let moved = pixel.offset(from: down, in: points).length
        if moved >= plan.slop || planned.length >= plan.slop || time >= lift {
          began = (time, pixel)
          last = pixel
          sink.add(
            .began, time: 0, translation: Pixel(x: 0, y: 0), velocityTenths: estimator.tenths,
            location: pixel)
          if cancels, lift > time {
            lift = time + Int64((Double(lift - time) * cancelFraction).roundedTiesAway)
          }
          lift = max(lift, time + 1)
        }
        continue
      }
      guard pixel != last else { continue }
      last = pixel
      estimator.add(time: time, position: pixel.point(in: points))
      sink.add(
        .changed, time: time - start.time, translation: pixel.pixels(from: start.pixel),
        velocityTenths: estimator.tenths, location: pixel)
    }
    let start = began ?? (0, down)
    sink.add(
      cancels ? .cancelled : .ended, time: time - start.time,
      translation: last.pixels(from: start.pixel), velocityTenths: estimator.tenths, location: last)
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
