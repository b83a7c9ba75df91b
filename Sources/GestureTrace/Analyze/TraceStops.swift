/// What the analysis of one trace keeps for variants and sweeps that settle
/// on stops: the stop its intent label names and the stop each sweep value
/// settled on.
package final class TraceStops: Sendable, Hashable {
  /// The stop the trace's intent label names (`intent: full`), if it names
  /// one.
  package let intendedStop: String?
  /// Per sweep, the stop each value's variant settled on; empty for a
  /// sweep of a transition with two stops.
  let sweepStops: [[String]]

  /// Creates the labels.
  init(intendedStop: String?, sweepStops: [[String]]) {
    self.intendedStop = intendedStop
    self.sweepStops = sweepStops
  }

  /// Equal when both fields are.
  package static func == (lhs: TraceStops, rhs: TraceStops) -> Bool {
    lhs.intendedStop == rhs.intendedStop && lhs.sweepStops == rhs.sweepStops
  }

  /// Hashes both fields.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(intendedStop)
    hasher.combine(sweepStops)
  }
}
