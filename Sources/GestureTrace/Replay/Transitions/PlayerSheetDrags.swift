/// The player sheet's drags between `began` and the release, taken in one
/// step.
///
/// Once the animators have started and while nothing is decided, a drag
/// event only moves the clock forward and replaces the pending fraction
/// with its own (unless that is NaN). So a stretch of drags leaves the
/// transition as the last one with a fraction does, after the clock has
/// reached their latest time. A rule that reads the gesture's events keeps
/// every event, so its variants take none this way, and neither does a
/// replay that watches a property.
// NB: with a finite, nonzero distance, ±y / distance is NaN exactly when y
// is; the division is then made once per stretch, not per event.
enum PlayerSheetDrags: EventShortcut {
  static func take<Observer: ReplayObserver>(
    _ events: [PanEvent], from start: Int, to end: Int, origin: TraceTime,
    into transition: inout PlayerSheetTransition, observer: inout Observer
  ) -> Int {
    guard transition.scrubsWithEachDrag, observer.readsOnly(propertiesIn: 0..<0) else {
      return start
    }
    var latest = TraceTime(nanoseconds: .min)
    var lastFraction = -1
    var index = start
    while index < end {
      guard events[index].phase == .changed else { break }
      let time = events[index].time - origin
      if time > latest { latest = time }
      if !events[index].translation.y.isNaN { lastFraction = index }
      index += 1
    }
    guard index > start else { return start }
    transition.advance(to: latest)
    if lastFraction >= 0 {
      var event = events[lastFraction]
      event.time = event.time - origin
      transition.receive(event)
    }
    return index
  }
}
