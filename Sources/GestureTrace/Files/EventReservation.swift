/// How many events to reserve room for in the next trace's array, from
/// the lengths of the traces before it.
///
/// A trace gets room for twice the last trace's events (plus 16), or for
/// as many as the longest trace so far had, up to ``limit``: a long trace
/// after short ones would otherwise grow its array, copying it, several
/// times, and the limit keeps one huge trace from making every later
/// trace's array huge (an analysis keeps some traces).
struct EventReservation {
  /// The number of events of the last trace.
  private var lastCount = 0
  /// The number of events of the longest trace so far, up to ``limit``.
  private var longestCount = 0

  /// The most events reserved because of an earlier long trace.
  static let limit = 4096

  /// The room to reserve for the next trace.
  var capacity: Int { max(2 * lastCount + 16, longestCount) }

  /// Notes the length of a trace that ended.
  mutating func record(_ count: Int) {
    lastCount = count
    longestCount = min(max(longestCount, count), Self.limit)
  }
}
