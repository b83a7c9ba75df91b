/// A way for the replay loop to hand a transition a stretch of events in
/// one step, when each of them would only replace what the one before set.
///
/// A shortcut takes events from the start of the stretch for as long as
/// delivering them one by one (``Transition/advance(to:)``, then
/// ``Transition/receive(_:)``, then the observer) would leave the
/// transition and the observer exactly as taking them at once does; it
/// stops before the first event that could do more, such as one that
/// decides.
// NB: the replay loop keeps a transition in memory: it is large and is
// passed to calls that are not inlined, so every field it reads and writes
// per event is a load and a store, and the stores of one event are loaded
// back by the next. A shortcut runs over a drag with what it needs in
// registers and brings the transition up to date once at the end of it.
protocol EventShortcut {
  /// The transition it takes events for.
  associatedtype Subject: Transition

  /// Takes `events[start..<end]`, each rebased by `origin`, for as long as
  /// it can, and returns the index of the first event it did not take
  /// (`start` when it took none).
  static func take<Observer: ReplayObserver>(
    _ events: [PanEvent], from start: Int, to end: Int, origin: TraceTime,
    into transition: inout Subject, observer: inout Observer
  ) -> Int
}

/// No shortcut: the replay loop delivers every event on its own.
enum NoShortcut<Subject: Transition>: EventShortcut {
  @inline(__always)
  static func take<Observer: ReplayObserver>(
    _ events: [PanEvent], from start: Int, to end: Int, origin: TraceTime,
    into transition: inout Subject, observer: inout Observer
  ) -> Int {
    start
  }
}
