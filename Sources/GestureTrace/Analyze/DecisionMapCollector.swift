/// One trace on a transition's decision map.
package struct DecisionMapPoint: Sendable, Hashable {
  /// The trace's id.
  package var id: String
  /// Progress toward completion (points), or the position along the track
  /// (points) with more than two stops (``DecisionMapFrame``).
  package var x: Double
  /// Release velocity toward completion, or along the track (pt/s).
  package var y: Double
  /// The gesture's duration, seconds.
  package var duration: Double
  /// The trace's label for this transition: `complete`, `cancel` or a
  /// stop's name; `nil` when unlabelled.
  package var label: String?
  /// Where the label (or the gesture) comes from.
  package var source: LabelSource
  /// What the transition's published variant decided: `complete` or
  /// `cancel` (a pager completes when it changes page), or a stop's name.
  package var outcome: String
  /// The plan indices of the transition's variants that decided otherwise
  /// than the label (empty when unlabelled).
  package var wrong: [Int]

  /// The sampling key: a hash of the id, so that which traces a full map
  /// keeps depends on their ids alone.
  package var key: UInt64 { Self.key(of: id) }

  /// The sampling key of a trace id.
  package static func key(of id: String) -> UInt64 {
    // NB: FNV-1a of the id, then SplitMix64's finalizer: ids that differ in
    // their last character would otherwise sort together.
    var z = CSVTraceDecoder.hash(id) &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// The order that decides which points a full map keeps: by key, then
  /// by every field, so that it does not depend on the order traces come
  /// in.
  static func precedes(_ a: (key: UInt64, point: Self), _ b: (key: UInt64, point: Self)) -> Bool {
    if a.key != b.key { return a.key < b.key }
    let (p, q) = (a.point, b.point)
    if p.id != q.id { return p.id.utf8.lexicographicallyPrecedes(q.id.utf8) }
    if p.x != q.x { return p.x.bitPattern < q.x.bitPattern }
    if p.y != q.y { return p.y.bitPattern < q.y.bitPattern }
    if p.duration != q.duration { return p.duration.bitPattern < q.duration.bitPattern }
    if p.label != q.label {
      return (p.label ?? "").utf8.lexicographicallyPrecedes((q.label ?? "").utf8)
    }
    if p.source != q.source { return p.source < q.source }
    if p.outcome != q.outcome { return p.outcome.utf8.lexicographicallyPrecedes(q.outcome.utf8) }
    return p.wrong.lexicographicallyPrecedes(q.wrong)
  }
}

/// What each trace contributes to the decision maps, gathered while
/// analyzing: per transition (in the order the plan first names them), the
/// number of traces meant for it and at most ``limit`` of their points.
///
/// A trace is meant for a transition when its `target` names it or it
/// names none. When more traces than ``limit`` are meant for one, the map
/// keeps those with the smallest ``DecisionMapPoint/key`` (a hash of the
/// id): the same sample whatever the order of the traces or the way they
/// were split and merged.
package struct DecisionMapCollector: Sendable {
  /// The most points a map keeps by default.
  package static let pointLimit = 2_000

  /// The most points a map keeps.
  package let limit: Int
  /// One frame per transition the plan's variants have, in the order first
  /// named.
  package let frames: [DecisionMapFrame]
  /// Per map, the plan index of the variant whose decision colours
  /// unlabelled traces: the published one, else the first.
  package let shownVariants: [Int]
  /// Per map, the plan indices of its transition's variants.
  package let variants: [[Int]]
  /// Per plan variant, its start page (pagers) and start stop.
  let startPages: [Int?]
  let startStops: [StopName?]
  /// Per map, the traces meant for its transition.
  package internal(set) var totals: [Int]
  /// Per map, the points kept with their keys (not yet sorted or cut to
  /// ``limit`` until ``points(ofMap:)``).
  var kept: [[(key: UInt64, point: DecisionMapPoint)]]
  /// Per map, the largest key kept once the map is full: a point with a
  /// larger one is not kept.
  private var cutoffs: [UInt64]

  /// An empty collector for a plan's transitions.
  package init(plan: AnalysisPlan, limit: Int = pointLimit) {
    self.limit = max(limit, 0)
    var frames: [DecisionMapFrame] = []
    var shown: [Int] = []
    var variants: [[Int]] = []
    for (index, transition) in plan.transitions.enumerated() {
      if let map = frames.firstIndex(where: { $0.transition == transition }) {
        variants[map].append(index)
        if plan.published[index] && !plan.published[shown[map]] {
          shown[map] = index
          frames[map] = DecisionMapFrame(variant: plan.variants[index])
        }
      } else {
        frames.append(DecisionMapFrame(variant: plan.variants[index]))
        shown.append(index)
        variants.append([index])
      }
    }
    self.frames = frames
    shownVariants = shown
    self.variants = variants
    startPages = plan.startPages
    startStops = plan.startStops
    totals = Array(repeating: 0, count: frames.count)
    kept = Array(repeating: [], count: frames.count)
    cutoffs = Array(repeating: .max, count: frames.count)
  }

  /// Places one trace on the maps of the transitions it is meant for.
  package mutating func add(_ trace: TraceAnalysis) {
    var key: UInt64?
    for map in frames.indices where frames[map].hasMap {
      let frame = frames[map]
      guard trace.target == nil || trace.target == frame.transition else { continue }
      totals[map] += 1
      let traceKey = key ?? DecisionMapPoint.key(of: trace.features.id)
      key = traceKey
      guard traceKey <= cutoffs[map], limit > 0 else { continue }
      guard
        let (x, y) = frame.point(
          translation: trace.features.netTranslation, velocity: trace.features.releaseVelocity)
      else { continue }
      let multiStop = frame.isMultiStop
      let label = multiStop ? trace.intendedStop : trace.intent?.rawValue
      var wrong: [Int] = []
      if label != nil, trace.isScored(by: frame.transition, multiStop: multiStop) {
        for index in variants[map] where decision(of: trace, variant: index) != label {
          wrong.append(index)
        }
      }
      let point = DecisionMapPoint(
        id: trace.features.id, x: x, y: y, duration: trace.features.duration, label: label,
        source: trace.labelSource, outcome: decision(of: trace, variant: shownVariants[map]),
        wrong: wrong)
      kept[map].append((traceKey, point))
      if kept[map].count >= 2 * limit { trim(map) }
    }
  }

  /// What variant `index` decided for `trace`, as a map labels it.
  private func decision(of trace: TraceAnalysis, variant index: Int) -> String {
    let outcome = trace.runs[index].outcome.outcome
    if startStops[index] != nil { return outcome.description }
    return TraceAnalysis.isCompletion(
      outcome, startPage: startPages[index], startStop: startStops[index])
      ? "complete" : "cancel"
  }

  /// Sorts a map's points and keeps the first ``limit``.
  private mutating func trim(_ map: Int) {
    kept[map].sort(by: DecisionMapPoint.precedes)
    if kept[map].count > limit {
      kept[map].removeLast(kept[map].count - limit)
    }
    if kept[map].count == limit, let last = kept[map].last { cutoffs[map] = last.key }
  }

  /// Adds the points of another collector of the same plan.
  package mutating func merge(_ other: DecisionMapCollector) {
    for map in frames.indices {
      totals[map] += other.totals[map]
      kept[map] += other.kept[map]
      trim(map)
    }
  }

  /// A map's kept points, at most ``limit``, in key order.
  package func points(ofMap map: Int) -> [DecisionMapPoint] {
    var copy = self
    copy.trim(map)
    return copy.kept[map].map(\.point)
  }

  /// Sets a map's count and points, read back from a partial summary.
  mutating func restore(map: Int, total: Int, points: [DecisionMapPoint]) {
    totals[map] = total
    kept[map] = points.map { (DecisionMapPoint.key(of: $0.id), $0) }
    trim(map)
  }

  /// The maps, with each variant's boundary computed by replaying
  /// synthetic releases through it (``DecisionMap``).
  package func maps(plan: AnalysisPlan) -> [DecisionMap] {
    frames.indices.map { map in
      DecisionMap(
        frame: frames[map], traceCount: totals[map], points: points(ofMap: map),
        variants: variants[map], shownVariant: shownVariants[map], plan: plan)
    }
  }
}
