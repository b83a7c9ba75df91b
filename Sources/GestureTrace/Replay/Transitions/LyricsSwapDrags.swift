/// The lyrics swap's drags before the swap, taken in one step.
///
/// Until a drag passes the dismissal offset, each drag event sets the
/// offset and the front card's pose from its translation alone, replacing
/// what the one before set, and the clock only moves forward. So a stretch
/// of such events leaves the transition as its last one does after the
/// clock has reached their latest time; the observer sees each event's
/// offset, the only property the thresholds compare.
enum LyricsSwapDrags: EventShortcut {
  static func take<Observer: ReplayObserver>(
    _ events: [PanEvent], from start: Int, to end: Int, origin: TraceTime,
    into transition: inout LyricsSwapTransition, observer: inout Observer
  ) -> Int {
    guard transition.followsDrags, observer.readsOnly(propertiesIn: 0..<1) else {
      return start
    }
    let axis = transition.axis
    let dismissalOffset = transition.dismissalOffset
    var latest = TraceTime(nanoseconds: .min)
    var index = start
    while index < end {
      let phase = events[index].phase
      guard phase == .began || phase == .changed else { break }
      let offset = LyricsSwapTransition.offset(of: events[index].translation, axis: axis)
      // The swap: the general way.
      if offset > dismissalOffset { break }
      let time = events[index].time - origin
      if time > latest { latest = time }
      observer.observe(at: time) { _ in offset }
      index += 1
    }
    guard index > start else { return start }
    transition.advance(to: latest)
    var event = events[index - 1]
    event.time = event.time - origin
    transition.receive(event)
    return index
  }
}
