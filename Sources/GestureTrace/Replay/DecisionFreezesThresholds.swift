/// A transition whose decision, settle time and threshold properties no
/// longer change once it has decided, whatever events follow.
///
/// A replay that reports only those (``Replayer/run(_:with:)`` and sweeps)
/// stops delivering events at the decision; a timeline still replays them
/// all.
// NB: the lyrics swap decides as soon as the drag passes the dismissal
// offset, and the music card as soon as a tap fails: most of their events
// came after the decision and changed nothing a report reads. Both ignore
// events once decided; their thresholds compare the offset and the
// distance, which only events set.
protocol DecisionFreezesThresholds: Transition {}

extension LyricsSwapTransition: DecisionFreezesThresholds {}
extension MusicCardTransition: DecisionFreezesThresholds {}
