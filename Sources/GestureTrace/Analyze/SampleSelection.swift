/// Which traces an analysis keeps whole for its charts: the first
/// ``Analysis/sampleLimit`` traces read, and the first ``perTarget`` traces
/// meant for each transition (metadata `target`), so that every
/// transition's charts show gestures made for it.
///
/// Offering traces in input order, to one selection or to one per run of
/// consecutive traces whose kept traces are offered again in order to one
/// for all, keeps the same traces: a run's counts never exceed the
/// overall ones, so it keeps every trace the overall selection keeps.
package struct SampleSelection: Sendable {
  /// How many traces meant for one transition are kept beyond the first
  /// ``Analysis/sampleLimit``.
  package static let perTarget = 12

  private var count = 0
  private var targets: [(name: String, count: Int)] = []

  /// An empty selection.
  package init() {}

  /// Whether to keep the next trace, meant for `target`; counts it if so.
  package mutating func admits(target: String?) -> Bool {
    var targetIndex: Int?
    if let target {
      targetIndex = targets.firstIndex { $0.name == target }
      if targetIndex == nil {
        targets.append((target, 0))
        targetIndex = targets.count - 1
      }
    }
    let byCount = count < Analysis.sampleLimit
    let byTarget = targetIndex.map { targets[$0].count < Self.perTarget } ?? false
    guard byCount || byTarget else { return false }
    count += 1
    if let targetIndex { targets[targetIndex].count += 1 }
    return true
  }
}
