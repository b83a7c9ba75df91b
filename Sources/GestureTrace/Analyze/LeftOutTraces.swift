/// The traces a command left out because their lengths are not in points
/// and they have no scale to convert them by, for the one warning it
/// prints on standard error at the end.
///
/// ```
/// warning: left out 14 traces in pixels with no scale (units: px); give
/// their pixels per point with 'convert --scale S' or a 'scale' metadata line
/// ```
///
/// Commands that replay or measure traces read them through
/// ``points(_:)``: traces in points pass as they are, others with a scale
/// are converted (``Trace/inPoints(fallbackScale:)``), and the rest are
/// counted here.
package struct LeftOutTraces: Sendable, Hashable {
  /// The number of traces left out.
  package private(set) var count = 0
  /// Their `units` values, distinct and sorted.
  package private(set) var units: [String] = []

  /// Creates an empty count.
  package init() {}

  /// A count read back from a partial summary: `count` traces in `units`.
  package init(count: Int, units: [String]) {
    self.count = count
    self.units = units.sorted()
  }

  /// The trace in points, or `nil` after counting it when it cannot be
  /// converted.
  package mutating func points(_ trace: Trace) -> Trace? {
    if trace.isInPoints { return trace }
    if let converted = trace.inPoints() { return converted }
    add(trace.metadata.units ?? "pt")
    return nil
  }

  /// Counts one trace left out, in `unit`.
  private mutating func add(_ unit: String) {
    count += 1
    if !units.contains(unit) {
      units.append(unit)
      units.sort()
    }
  }

  /// Adds the traces another count left out (those of later input).
  package mutating func merge(_ other: LeftOutTraces) {
    guard other.count > 0 else { return }
    count += other.count
    for unit in other.units where !units.contains(unit) { units.append(unit) }
    units.sort()
  }

  /// The warning line, or `nil` when nothing was left out.
  package var warning: String? {
    guard count > 0 else { return nil }
    let noun = count == 1 ? "trace" : "traces"
    let their = count == 1 ? "its" : "their"
    return "warning: left out \(count) \(noun) in pixels with no scale (units: "
      + units.joined(separator: ", ") + "); give \(their) pixels per point with "
      + "'convert --scale S' or a 'scale' metadata line\n"
  }
}
