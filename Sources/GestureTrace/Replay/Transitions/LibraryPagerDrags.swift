/// The library pager's drags while the current category's nested pager
/// has the drag, taken in one step.
///
/// Once that pager (version 1.6) and the app's gesture have started, and
/// until the app's gesture hands the drag to the outer pager or the
/// release, a drag event sets the pager's offset and speed from its own
/// translation and time, and the indicator from its translation unless the
/// drag is at an end of the categories: each replaces what the one before
/// set, and the clock only moves forward. So a stretch of them leaves the
/// transition as the last one that moved the indicator followed by the
/// last one do, once the clock has reached their latest time; the observer
/// sees each event's |offset| and speed (properties 0 and 1).
enum LibraryPagerDrags: EventShortcut {
  static func take<Observer: ReplayObserver>(
    _ events: [PanEvent], from start: Int, to end: Int, origin: TraceTime,
    into transition: inout LibraryPagerTransition, observer: inout Observer
  ) -> Int {
    guard transition.followsNestedDrags, observer.readsOnly(propertiesIn: 0..<2) else {
      return start
    }
    let drag = transition.nestedDrag
    var latest = TraceTime(nanoseconds: .min)
    var lastIndicator = -1
    var index = start
    while index < end {
      let phase = events[index].phase
      guard phase == .began || phase == .changed else { break }
      let translation = events[index].translation
      // Handing the drag to the outer pager: the general way.
      guard let moves = transition.appDragMovesIndicator(translation.x) else { break }
      if moves { lastIndicator = index }
      let time = events[index].time - origin
      if time > latest { latest = time }
      let (offset, speed) = drag.followed(to: translation, at: time)
      observer.observe(at: time) { $0 == 0 ? offset.magnitude : speed }
      index += 1
    }
    guard index > start else { return start }
    transition.advance(to: latest)
    if lastIndicator >= 0, lastIndicator != index - 1 {
      var event = events[lastIndicator]
      event.time = event.time - origin
      transition.receive(event)
    }
    var event = events[index - 1]
    event.time = event.time - origin
    transition.receive(event)
    return index
  }
}
