/// One trace replayed through one variant, with what reports need beyond
/// the outcome: when each threshold was crossed and how close the trace
/// came to it.
package struct VariantRun: Sendable, Hashable {
  /// The decision and when things happened.
  package var outcome: ReplayOutcome
  /// The variant's thresholds.
  package var thresholds: [Threshold]
  /// When each threshold's property first exceeded it (checked after every
  /// event); `nil` when it never did.
  package var crossings: [TraceTime?]
  /// The largest value each threshold's property reached after an event.
  package var peaks: [Double]
}

extension Replayer {
  /// Replays `trace` through `variant` like ``outcome(of:with:)``, checking
  /// every threshold after each event.
  package func run(_ trace: Trace, with variant: Variant) -> VariantRun {
    run(trace, from: variant.makeTransition())
  }

  /// Replays `trace` through a copy of `start`, a transition at rest as
  /// ``Variant/makeTransition()`` makes it (making it once for many traces
  /// saves reading the parameters each time).
  package func run(_ trace: Trace, from start: any Transition) -> VariantRun {
    // NB: the seed transitions get a replay loop compiled for their type,
    // with direct calls; any other runs through the protocol.
    switch start {
    case let transition as LyricsSwapTransition: return run(trace, typed: transition)
    case let transition as PlayerSheetTransition: return run(trace, typed: transition)
    case let transition as MusicCardTransition: return run(trace, typed: transition)
    case let transition as LibraryPagerTransition: return run(trace, typed: transition)
    default: return run(trace, typed: start)
    }
  }

  private func run<T: Transition>(_ trace: Trace, typed start: T) -> VariantRun {
    var transition = start
    let thresholds = transition.thresholds
    let columns = thresholds.map { transition.propertyNames.firstIndex(of: $0.property) }
    var crossings = [TraceTime?](repeating: nil, count: thresholds.count)
    var peaks = [Double](repeating: -.infinity, count: thresholds.count)
    var lastEvent: TraceTime?
    for event in ReplayEvents(of: trace, estimator: estimator) {
      transition.advance(to: event.time)
      transition.receive(event)
      lastEvent = event.time
      for index in thresholds.indices {
        guard let column = columns[index] else { continue }
        let value = transition.propertyValue(at: column)
        peaks[index] = max(peaks[index], value)
        if crossings[index] == nil, value > thresholds[index].value {
          crossings[index] = event.time
        }
      }
    }
    let decision = transition.decision ?? TransitionDecision(.cancel, at: lastEvent ?? .zero)
    let settled = max(transition.settleTime ?? lastEvent ?? .zero, decision.time)
    return VariantRun(
      outcome: ReplayOutcome(
        outcome: decision.outcome, decidedAt: decision.time, settledAt: settled),
      thresholds: thresholds, crossings: crossings, peaks: peaks)
  }
}
