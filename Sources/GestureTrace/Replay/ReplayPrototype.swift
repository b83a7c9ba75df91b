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
  /// The transition, by concrete type for the seed transitions.
  enum Start: Sendable {
    case lyricsSwap(LyricsSwapTransition)
    case playerSheet(PlayerSheetTransition)
    case musicCard(MusicCardTransition)
    case libraryPager(LibraryPagerTransition)
    case other(any Transition)
  }

  /// The transition at rest.
  let start: Start
  /// Its thresholds.
  let thresholds: [Threshold]
  /// Each threshold's property index (-1 when the transition has no such
  /// property), for up to ``ThresholdWatch/capacity`` thresholds; empty
  /// when there are more.
  let columns: [Int]

  /// Prepares `transition`, a transition at rest as
  /// ``Variant/makeTransition()`` makes it.
  init(_ transition: any Transition) {
    switch transition {
    case let transition as LyricsSwapTransition: start = .lyricsSwap(transition)
    case let transition as PlayerSheetTransition: start = .playerSheet(transition)
    case let transition as MusicCardTransition: start = .musicCard(transition)
    case let transition as LibraryPagerTransition: start = .libraryPager(transition)
    default: start = .other(transition)
    }
    thresholds = transition.thresholds
    let names = transition.propertyNames
    columns = thresholds.map { names.firstIndex(of: $0.property) ?? -1 }
  }
}
