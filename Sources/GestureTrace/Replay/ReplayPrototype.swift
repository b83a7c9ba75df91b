/// A transition at rest, prepared once to replay many traces: its concrete
/// type resolved and its thresholds matched with its properties.
///
/// ``Replayer/run(_:from:)-(_,ReplayPrototype)`` copies the transition for
/// each trace; the result is the same as replaying a fresh
/// ``Variant/makeTransition()``.
// NB: made once per plan. Per trace, the cast to a seed type (four dynamic
// casts for the library pager), the thresholds' array and the search of
// each threshold's property among the property names cost more than a
// short trace's replay. A class: copying the enum with its transition for
// every trace and variant cost more than reaching it through a reference.
final class ReplayPrototype: Sendable {
  /// Its thresholds.
  let thresholds: [Threshold]
  /// Each threshold's property index (-1 when the transition has no such
  /// property).
  let columns: [Int]
  /// Whether the replay loop is compiled for the transition's type (a seed
  /// transition) rather than going through the protocol.
  let isSeed: Bool
  /// A watch of the thresholds with nothing seen yet, copied for each run;
  /// `nil` when there are too many thresholds for one.
  let watch: ThresholdWatch?
  /// Whether a run may stop at the decision
  /// (``DecisionFreezesThresholds``).
  let stopsAtDecision: Bool
  /// Replays a trace through a copy of the transition, watching the
  /// prototype's thresholds, or for the outcome alone.
  // NB: closures made where the transition's type is known, so each runs
  // a loop compiled for it. An enum of the seed types, switched over per
  // trace, copied the whole transition out of it once more.
  private let runner: @Sendable (Replayer, Trace, ReplayPrototype) -> VariantRun
  private let outcomeRunner: @Sendable (Replayer, Trace) -> ReplayOutcome

  /// Prepares `transition`, a transition at rest as
  /// ``Variant/makeTransition()`` makes it.
  init(_ transition: any Transition) {
    let stops = transition is any DecisionFreezesThresholds
    stopsAtDecision = stops
    // NB: each case written out, not a generic helper making the two
    // closures for any seed type and shortcut: those closures reach their
    // types through generic context, on every replay
    // (docs/performance.md, "Notes moved from the code").
    switch transition {
    case let start as LyricsSwapTransition:
      isSeed = true
      let drags = LyricsSwapDrags.self
      runner = { $0.run($1, typed: start, $2, shortcut: drags) }
      outcomeRunner = {
        $0.outcome(of: $1, typed: start, stopsAtDecision: stops, shortcut: drags)
      }
    case let start as PlayerSheetTransition:
      isSeed = true
      let drags = PlayerSheetDrags.self
      runner = { $0.run($1, typed: start, $2, shortcut: drags) }
      outcomeRunner = {
        $0.outcome(of: $1, typed: start, stopsAtDecision: stops, shortcut: drags)
      }
    case let start as MusicCardTransition:
      isSeed = true
      runner = { $0.run($1, typed: start, $2) }
      outcomeRunner = { $0.outcome(of: $1, typed: start, stopsAtDecision: stops) }
    case let start as LibraryPagerTransition:
      isSeed = true
      let drags = LibraryPagerDrags.self
      runner = { $0.run($1, typed: start, $2, shortcut: drags) }
      outcomeRunner = {
        $0.outcome(of: $1, typed: start, stopsAtDecision: stops, shortcut: drags)
      }
    default:
      isSeed = false
      runner = { $0.run($1, typed: transition, $2) }
      outcomeRunner = { $0.outcome(of: $1, typed: transition, stopsAtDecision: stops) }
    }
    thresholds = transition.thresholds
    let names = transition.propertyNames
    columns = thresholds.map { names.firstIndex(of: $0.property) ?? -1 }
    watch = ThresholdWatch(thresholds, columns: columns)
  }

  /// Replays `trace` through a copy of the transition with `replayer`.
  func run(_ trace: Trace, replayer: Replayer) -> VariantRun {
    runner(replayer, trace, self)
  }

  /// The outcome of replaying `trace` through a copy of the transition.
  func outcome(of trace: Trace, replayer: Replayer) -> ReplayOutcome {
    outcomeRunner(replayer, trace)
  }
}
