/// What a transition decided: to complete, to cancel, which page to show,
/// or which stop to settle on.
public enum TransitionOutcome: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The transition runs to its end state.
  case complete
  /// The transition returns to its start state.
  case cancel
  /// A pager settles on this page (counted from 0).
  case page(Int)
  /// A transition with more than two stops settles on this stop
  /// (``TransitionTrack``).
  case stop(StopName)

  /// `complete`, `cancel`, the page number or the stop's name: the words of
  /// the replay CSV.
  public var description: String {
    switch self {
    case .complete: return "complete"
    case .cancel: return "cancel"
    case .page(let index): return String(index)
    case .stop(let name): return name.description
    }
  }

  /// Reads the words ``description`` writes (a stop's name is a
  /// ``StopName``).
  public init?(_ text: String) {
    switch text {
    case "complete": self = .complete
    case "cancel": self = .cancel
    default:
      if let index = Int(text), index >= 0 {
        self = .page(index)
      } else if let name = StopName(text) {
        self = .stop(name)
      } else {
        return nil
      }
    }
  }

  /// Whether `text` may name a stop (``StopName``).
  public static func isStopName(_ text: some StringProtocol) -> Bool {
    StopName.isValid(text)
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
