/// A release rule that reads only the release event of its input (the last
/// event's translation and velocity, with the input's direction and
/// distance), never the events before it or the gesture's duration.
///
/// A transition whose rule is one of these keeps no history of the
/// gesture: it hands the rule the release event alone, which gives the
/// same decision.
// NB: the player sheet and music card appended every event to an array
// for the rule; most rules, the default velocity-sign among them, read
// only the last. Swipe, hammer and flutter-fling read the history.
protocol ReleaseEventRule: ReleaseRule {}

extension VelocitySignRule: ReleaseEventRule {}
extension DistanceRule: ReleaseEventRule {}
extension FractionRule: ReleaseEventRule {}
extension ProjectionRule: ReleaseEventRule {}
extension BottomSheetRule: ReleaseEventRule {}
extension AndroidPagerRule: ReleaseEventRule {}
