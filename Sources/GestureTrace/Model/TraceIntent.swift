/// What the person making a gesture meant it to do.
///
/// Intent labels are the ground truth the analyzer compares a transition's
/// decisions with: a trace labelled ``complete`` that a variant cancels is a
/// miss for that variant.
public enum TraceIntent: String, Sendable, Hashable, Codable, CaseIterable {
  /// The person meant the transition to complete.
  case complete
  /// The person meant the transition to cancel.
  case cancel
}
