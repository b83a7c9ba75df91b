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
    var z = TraceIDHash.of(id) &+ 0x9e37_79b9_7f4a_7c15
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
  static let pointLimit = 2_000

  /// The most points a map keeps.
  package let limit: Int
  /// One frame per transition the plan's variants have, in the order first
  /// named.
  package let frames: [DecisionMapFrame]
  /// Per map, the plan index of the variant whose decision colours
  /// unlabelled traces: the published one, else the first.
  let shownVariants: [Int]
  /// Per map, the plan indices of its transition's variants.
  package let variants: [[Int]]
  /// Per plan variant, its start page (pagers) and start stop.
  let startPages: [Int?]
  let startStops: [StopName?]
  /// Per map, the traces meant for its transition.
  var totals: [Int]
  /// Per map, at most ``limit`` points kept, in no order.
  var kept: [[DecisionMapPoint]]
  /// Per map, a max-heap of the kept points' keys and places in ``kept``:
  /// the point to drop first on top.
  // NB: the points stay where they are and only these pairs move: sorting
  // and merging whole points (strings, arrays) is too slow for large
  // corpora (docs/performance.md, "Notes moved from the code").
  private var heaps: [[Entry]]
  /// Per map, the largest key kept once the map is full (or a bound the
  /// traces before gave, ``bound(by:)``): a point with a larger one is not
  /// made.
  private(set) var cutoffs: [UInt64]

  /// A kept point's key and its place in ``kept``.
  private struct Entry {
    var key: UInt64
    var slot: Int
  }

  /// An empty collector for a plan's transitions.
  package init(plan: AnalysisPlan, limit: Int = pointLimit) {
    self.limit = max(limit, 0)
    var frames: [DecisionMapFrame] = []
    var shown: [Int] = []
    var variants: [[Int]] = []
    for (index, transition) in plan.transitions.enumerated() where plan.collectsDecisionMaps {
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
    heaps = Array(repeating: [], count: frames.count)
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
      insert(point, key: traceKey, into: map)
    }
  }

  /// Whether `a` is dropped before `b` when a map is full: the larger key,
  /// then the later in ``DecisionMapPoint/precedes(_:_:)`` (`points`
  /// holds the map's points).
  private static func dropsFirst(
    _ a: Entry, _ b: Entry, _ points: [DecisionMapPoint]
  ) -> Bool {
    if a.key != b.key { return a.key > b.key }
    return DecisionMapPoint.precedes((b.key, points[b.slot]), (a.key, points[a.slot]))
  }

  /// Keeps `point` on map `map` if it is among the ``limit`` first by key.
  private mutating func insert(_ point: DecisionMapPoint, key: UInt64, into map: Int) {
    guard limit > 0 else { return }
    // NB: the map's arrays are moved out while they change, so that each
    // step does not check the outer arrays' uniqueness.
    var heap = heaps[map]
    var points = kept[map]
    heaps[map] = []
    kept[map] = []
    defer {
      if points.count == limit { cutoffs[map] = heap[0].key }
      heaps[map] = heap
      kept[map] = points
    }
    if points.count < limit {
      points.append(point)
      heap.append(Entry(key: key, slot: points.count - 1))
      Self.siftUp(&heap, from: heap.count - 1, points)
      return
    }
    // The new point takes the top's place when the top drops first.
    let top = heap[0]
    let dropsTop =
      top.key != key
      ? top.key > key
      : DecisionMapPoint.precedes((key, point), (top.key, points[top.slot]))
    guard dropsTop else { return }
    points[top.slot] = point
    heap[0] = Entry(key: key, slot: top.slot)
    Self.siftDown(&heap, from: 0, points)
  }

  private static func siftUp(_ heap: inout [Entry], from start: Int, _ points: [DecisionMapPoint]) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard dropsFirst(heap[child], heap[parent], points) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private static func siftDown(
    _ heap: inout [Entry], from start: Int, _ points: [DecisionMapPoint]
  ) {
    var parent = start
    let count = heap.count
    while true {
      var first = parent
      let left = 2 * parent + 1
      if left < count && dropsFirst(heap[left], heap[first], points) { first = left }
      let right = left + 1
      if right < count && dropsFirst(heap[right], heap[first], points) { first = right }
      guard first != parent else { return }
      heap.swapAt(parent, first)
      parent = first
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

  /// Makes no point with a key larger than `cutoffs` (per map): for
  /// traces that follow others whose maps, full, keep only smaller keys.
  /// Those points would be dropped when merged, so the maps come out the
  /// same; they are just not made.
  package mutating func bound(by cutoffs: [UInt64]) {
    for map in self.cutoffs.indices where map < cutoffs.count {
      self.cutoffs[map] = min(self.cutoffs[map], cutoffs[map])
    }
  }

  /// Adds the points of another collector of the same plan.
  package mutating func merge(_ other: DecisionMapCollector) {
    for map in frames.indices {
      totals[map] += other.totals[map]
      for entry in other.heaps[map] where entry.key <= cutoffs[map] {
        insert(other.kept[map][entry.slot], key: entry.key, into: map)
      }
    }
  }

  /// A map's kept points, at most ``limit``, in key order.
  package func points(ofMap map: Int) -> [DecisionMapPoint] {
    heaps[map].sorted { !Self.dropsFirst($0, $1, kept[map]) }.map { kept[map][$0.slot] }
  }

  /// Sets a map's count and points, read back from a partial summary.
  mutating func restore(map: Int, total: Int, points: [DecisionMapPoint]) {
    totals[map] = total
    kept[map] = []
    heaps[map] = []
    cutoffs[map] = .max
    for point in points { insert(point, key: DecisionMapPoint.key(of: point.id), into: map) }
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
