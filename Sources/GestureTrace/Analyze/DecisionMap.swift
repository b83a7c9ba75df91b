/// A transition's decision map: the traces meant for it as points (see
/// ``DecisionMapFrame`` for the axes) and each of its variants' decision
/// boundaries, found by asking the variant.
///
/// A boundary is computed, not drawn from a formula: the variant's
/// transition replays a synthetic release (``DecisionMapFrame/
/// syntheticRelease(x:y:duration:)``) at every corner of a
/// ``columns`` × ``rows`` grid over the map, each edge between corners that
/// decide differently is bisected to where the decision changes, and the
/// crossings within a cell are joined (marching squares). Rules that read
/// more than the release (the gesture's duration, its last movement) are
/// asked about a straight drag lasting ``syntheticDuration``.
package struct DecisionMap: Sendable, Hashable {
  /// The transition's name.
  package var transition: String
  /// How points are placed; `.tap` when the transition has no map.
  package var kind: DecisionMapFrame.Kind
  /// With more than two stops, the stops in order along the track.
  package var stops: [TransitionTrack.Stop]
  /// The traces meant for the transition.
  package var traceCount: Int
  /// The traces shown: all of them, or at most
  /// ``DecisionMapCollector/pointLimit`` chosen by a hash of their ids.
  package var points: [DecisionMapPoint]
  /// The plan index of the variant whose decisions colour unlabelled
  /// traces (the published one, else the first).
  package var shownVariant: Int
  /// The map's extent: progress or position (points).
  package var xRange: ClosedRange<Double>
  /// The map's extent: velocity (pt/s).
  package var yRange: ClosedRange<Double>
  /// The duration of the synthetic releases, seconds: the median duration
  /// of the traces shown (0.25 s without any), at most 5 s.
  package var syntheticDuration: Double
  /// One per variant of the transition, in plan order.
  package var boundaries: [DecisionBoundary]

  /// Grid corners across the map.
  package static let columns = 40
  /// Grid corners up the map.
  package static let rows = 30
  /// Bisection steps per grid edge.
  static let bisections = 12
  /// How many wrong traces nearest its boundary each variant names.
  static let nearestCount = 3

  /// Whether the transition has a map (it is not driven by a tap).
  package var hasMap: Bool { kind != .tap }

  /// Whether the map's outcomes are stops.
  package var isMultiStop: Bool {
    if case .track = kind { return true }
    return false
  }

  /// The map of `frame` with these points, its boundaries computed for
  /// the plan indices `variants`.
  package init(
    frame: DecisionMapFrame, traceCount: Int, points: [DecisionMapPoint], variants: [Int],
    shownVariant: Int, plan: AnalysisPlan
  ) {
    transition = frame.transition
    kind = frame.kind
    stops = frame.stops
    self.traceCount = traceCount
    self.points = points
    self.shownVariant = shownVariant
    var durations = points.map(\.duration).filter(\.isFinite)
    // NB: at most 5 s (300 events per synthetic release).
    syntheticDuration = min(max(Quantiles.median(selecting: &durations) ?? 0.25, 0), 5)
    (xRange, yRange) = Self.extent(of: points, frame: frame, plan: plan, variants: variants)
    guard frame.hasMap else {
      boundaries = []
      return
    }
    let (xRange, yRange, duration) = (self.xRange, self.yRange, syntheticDuration)
    boundaries = variants.map { index in
      let prototype = ReplayPrototype(plan.variants[index].makeTransition())
      let replayer = plan.replayer
      let startPage = plan.startPages[index]
      let startStop = plan.startStops[index]
      let decide = { (x: Double, y: Double) -> String in
        guard let trace = frame.syntheticRelease(x: x, y: y, duration: duration) else { return "" }
        let outcome = replayer.outcome(of: trace, from: prototype).outcome
        if startStop != nil { return outcome.description }
        return TraceAnalysis.isCompletion(outcome, startPage: startPage, startStop: startStop)
          ? "complete" : "cancel"
      }
      return DecisionBoundary(
        variant: index, xRange: xRange, yRange: yRange, points: points, decide: decide)
    }
  }

  /// The map's extent: every point, and 0 (or every stop), widened by a
  /// twentieth on each side.
  private static func extent(
    of points: [DecisionMapPoint], frame: DecisionMapFrame, plan: AnalysisPlan, variants: [Int]
  ) -> (ClosedRange<Double>, ClosedRange<Double>) {
    var (x0, x1, y0, y1) = (0.0, 0.0, 0.0, 0.0)
    if frame.isMultiStop {
      x0 = frame.stops.map(\.position).min() ?? 0
      x1 = frame.stops.map(\.position).max() ?? 0
    } else {
      // The decision distance of the shown variant, so an empty map still
      // shows where a distance rule decides.
      x1 = variants.first.map { plan.variants[$0].decisionDistance * 2 } ?? 0
    }
    // NB: points beyond a billion points or pt/s are drawn at the edge: a
    // map over them would show nothing else, and its grid would overflow.
    let bound = 1e9
    for point in points where point.x.magnitude < bound && point.y.magnitude < bound {
      x0 = min(x0, point.x)
      x1 = max(x1, point.x)
      y0 = min(y0, point.y)
      y1 = max(y1, point.y)
    }
    if x1 - x0 < 1 { x1 = x0 + 100 }
    if y1 - y0 < 1 { (y0, y1) = (y0 - 1000, y1 + 1000) }
    let (dx, dy) = ((x1 - x0) / 20, (y1 - y0) / 20)
    return ((x0 - dx)...(x1 + dx), (y0 - dy)...(y1 + dy))
  }
}

/// Where one variant changes its decision on a map, and the traces it gets
/// wrong nearest that change.
package struct DecisionBoundary: Sendable, Hashable {
  /// A straight piece of the boundary, in map coordinates.
  package struct Segment: Sendable, Hashable {
    /// One end.
    package var x1, y1: Double
    /// The other end.
    package var x2, y2: Double
  }

  /// A trace the variant gets wrong, and how near the boundary it lies.
  package struct Miss: Sendable, Hashable {
    /// The trace's id.
    package var trace: String
    /// Its point.
    package var x, y: Double
    /// Its label.
    package var label: String
    /// Its distance to the boundary in fractions of the map's width and
    /// height (`nil` when the variant decides alike all over the map).
    package var distance: Double?
  }

  /// The variant's plan index.
  package var variant: Int
  /// The boundary's pieces; empty when the variant decides alike all over
  /// the map.
  package var segments: [Segment]
  /// The decisions met on the grid, in the order first met (row by row from
  /// the bottom left).
  package var decisions: [String]
  /// How many of the shown traces it gets wrong.
  package var wrongCount: Int
  /// The ``DecisionMap/nearestCount`` wrong traces nearest the boundary
  /// (ties by id).
  package var nearestWrong: [Miss]

  /// The boundary of the decisions `decide(x, y)` gives over the map.
  init(
    variant: Int, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>,
    points: [DecisionMapPoint], decide: (Double, Double) -> String
  ) {
    self.variant = variant
    let (nx, ny) = (DecisionMap.columns, DecisionMap.rows)
    func x(_ i: Int) -> Double {
      xRange.lowerBound + (xRange.upperBound - xRange.lowerBound) * Double(i) / Double(nx - 1)
    }
    func y(_ j: Int) -> Double {
      yRange.lowerBound + (yRange.upperBound - yRange.lowerBound) * Double(j) / Double(ny - 1)
    }
    var grid: [String] = []
    grid.reserveCapacity(nx * ny)
    var decisions: [String] = []
    for j in 0..<ny {
      for i in 0..<nx {
        let decided = decide(x(i), y(j))
        grid.append(decided)
        if !decisions.contains(decided) { decisions.append(decided) }
      }
    }
    self.decisions = decisions
    // Where each edge between corners that differ changes decision.
    func crossing(_ a: (Double, Double), _ b: (Double, Double), from decided: String) -> (
      Double, Double
    ) {
      var (low, high) = (0.0, 1.0)
      for _ in 0..<DecisionMap.bisections {
        let middle = (low + high) / 2
        let point = (a.0 + (b.0 - a.0) * middle, a.1 + (b.1 - a.1) * middle)
        if decide(point.0, point.1) == decided { low = middle } else { high = middle }
      }
      let t = (low + high) / 2
      return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    }
    var across: [Int: (Double, Double)] = [:]
    var up: [Int: (Double, Double)] = [:]
    for j in 0..<ny {
      for i in 0..<nx {
        let here = grid[j * nx + i]
        if i + 1 < nx, grid[j * nx + i + 1] != here {
          across[j * nx + i] = crossing((x(i), y(j)), (x(i + 1), y(j)), from: here)
        }
        if j + 1 < ny, grid[(j + 1) * nx + i] != here {
          up[j * nx + i] = crossing((x(i), y(j)), (x(i), y(j + 1)), from: here)
        }
      }
    }
    var segments: [Segment] = []
    for j in 0..<(ny - 1) {
      for i in 0..<(nx - 1) {
        // Bottom, right, top, left.
        let found = [
          across[j * nx + i], up[j * nx + i + 1], across[(j + 1) * nx + i], up[j * nx + i],
        ].compactMap { $0 }
        switch found.count {
        case 0, 1: continue
        case 2:
          segments.append(Segment(x1: found[0].0, y1: found[0].1, x2: found[1].0, y2: found[1].1))
        case 4
        where Set([grid[j * nx + i], grid[j * nx + i + 1]]).count == 2
          && grid[j * nx + i] == grid[(j + 1) * nx + i + 1]:
          // A saddle of two decisions: the corners alike along a diagonal
          // are kept apart.
          segments.append(Segment(x1: found[0].0, y1: found[0].1, x2: found[1].0, y2: found[1].1))
          segments.append(Segment(x1: found[2].0, y1: found[2].1, x2: found[3].0, y2: found[3].1))
        default:
          // Three decisions or more meet: each crossing joins the middle.
          let middle = (
            found.map(\.0).reduce(0, +) / Double(found.count),
            found.map(\.1).reduce(0, +) / Double(found.count)
          )
          for point in found {
            segments.append(Segment(x1: point.0, y1: point.1, x2: middle.0, y2: middle.1))
          }
        }
      }
    }
    self.segments = segments
    let wrong = points.filter { $0.wrong.contains(variant) }
    wrongCount = wrong.count
    let (width, height) = (
      xRange.upperBound - xRange.lowerBound, yRange.upperBound - yRange.lowerBound
    )
    let misses = wrong.map { point in
      Miss(
        trace: point.id, x: point.x, y: point.y, label: point.label ?? "",
        distance: segments.isEmpty
          ? nil
          : segments.map {
            Self.distance(
              from: (point.x / width, point.y / height),
              to: ($0.x1 / width, $0.y1 / height), ($0.x2 / width, $0.y2 / height))
          }.min())
    }
    nearestWrong = Array(
      misses.sorted { a, b in
        let (p, q) = (a.distance ?? .infinity, b.distance ?? .infinity)
        if p != q { return p < q }
        return a.trace.utf8.lexicographicallyPrecedes(b.trace.utf8)
      }.prefix(DecisionMap.nearestCount))
  }

  /// The distance from `p` to the segment from `a` to `b`.
  static func distance(
    from p: (Double, Double), to a: (Double, Double), _ b: (Double, Double)
  ) -> Double {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1)
    let length = dx * dx + dy * dy
    let t = length > 0 ? min(max(((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length, 0), 1) : 0
    let (ex, ey) = (p.0 - a.0 - t * dx, p.1 - a.1 - t * dy)
    return (ex * ex + ey * ey).squareRoot()
  }
}
