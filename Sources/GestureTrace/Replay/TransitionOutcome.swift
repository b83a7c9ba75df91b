/// What a transition decided: to complete, to cancel, or which page to show.
public enum TransitionOutcome: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The transition runs to its end state.
  case complete
  /// The transition returns to its start state.
  case cancel
  /// A pager settles on this page (counted from 0).
  case page(Int)

  /// `complete`, `cancel` or the page number: the words of the replay CSV.
  public var description: String {
    switch self {
    case .complete: return "complete"
    case .cancel: return "cancel"
    case .page(let index): return String(index)
    }
  }

  /// Reads the words ``description`` writes.
  public init?(_ text: String) {
    switch text {
    case "complete": self = .complete
    case "cancel": self = .cancel
    default:
      guard let index = Int(text), index >= 0 else { return nil }
      self = .page(index)
    }
  }
}

/// A decision and the moment it was made.
public struct TransitionDecision: Sendable, Hashable {
  /// What was decided.
  public var outcome: TransitionOutcome
  /// When, on the replay clock (the trace's first event is at 0).
  public var time: TraceTime

  /// Creates a decision.
  public init(_ outcome: TransitionOutcome, at time: TraceTime) {
    self.outcome = outcome
    self.time = time
  }
}
