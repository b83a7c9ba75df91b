/// Turns one device's evdev events into touches of its first finger.
///
/// Each `SYN_REPORT` closes a frame, and a frame gives at most one sample:
/// `down` in the frame where the followed finger appears, `move` in each
/// later frame where its position changed, and `up` in the frame where it
/// lifts. The tracker reads multi-touch protocol B (slots and tracking ids;
/// -1 lifts), protocol A (`SYN_MT_REPORT` after each contact; a frame with
/// none lifts) and single-touch devices (`BTN_TOUCH` with `ABS_X`/`ABS_Y`).
///
/// Only one finger is followed: the one whose touch-down comes first while
/// no finger is followed (the lowest slot when several start together).
/// Other fingers are ignored. Values the kernel did not repeat carry over
/// from the slot's last frame, as evdev only sends changes.
struct TouchTracker {
  /// What the tracker produces.
  enum Output {
    /// A touch's samples and the line of its touch-down frame.
    case touch([PointerSample], line: Int)
    /// A problem at a line.
    case problem(String, line: Int)
  }

  /// The number of protocol-B slots tracked; events for others are ignored.
  static let slotCount = 64
  /// The most samples kept for one touch; later moves are dropped.
  static let maximumSamples = 100_000

  private enum Mode { case singleTouch, protocolA, protocolB }
  private var mode = Mode.singleTouch

  // NB: protocol B state, per slot, and what the current frame changed.
  private var slot = 0
  private var slotX = [Int32?](repeating: nil, count: slotCount)
  private var slotY = [Int32?](repeating: nil, count: slotCount)
  private var slotID = [Int32](repeating: -1, count: slotCount)
  private var frameID = [Int32?](repeating: nil, count: slotCount)
  private var frameLift = [Bool](repeating: false, count: slotCount)
  private var followedSlot: Int?
  private var followedID: Int32 = -1

  // NB: single-touch and protocol A state.
  private var absoluteX: Int32?
  private var absoluteY: Int32?
  private var buttonDown = false
  private var buttonReleasedInFrame = false
  private var contactX: Int32?
  private var contactY: Int32?
  private var firstContact: (x: Int32, y: Int32)?

  // NB: the touch being built.
  private var samples: [PointerSample] = []
  private var isFollowing = false
  private var downLine = 0
  private var reportedOverflow = false
  private var isDropping = false
  private var lastTime: TraceTime?

  /// Creates a tracker with no finger down.
  init() {}

  /// Reads one event, producing the touch or problem it completes.
  mutating func consume(_ event: EvdevEvent, into emit: (Output) -> Void) {
    if let lastTime, event.time < lastTime {
      // NB: a log whose clock goes back (spliced or corrupted) cannot say
      // how long the touch in progress took, so it is dropped, not cut
      // short; as after SYN_DROPPED, the next finger down is followed
      // afresh and the rest of this frame is skipped.
      emit(
        .problem(
          "expected a time no earlier than the previous event's, found \(event.time) "
            + "after \(lastTime)", line: event.line))
      samples = []
      resetTouches()
      isDropping = !(event.type == EvdevCode.synchronization && event.code == EvdevCode.report)
      self.lastTime = event.time
      return
    }
    lastTime = event.time
    if isDropping {
      if event.type == EvdevCode.synchronization, event.code == EvdevCode.report {
        isDropping = false
      }
      return
    }
    switch event.type {
    case EvdevCode.synchronization:
      if event.code == EvdevCode.report {
        endFrame(event, into: emit)
      } else if event.code == EvdevCode.multitouchReport {
        mode = .protocolA
        endContact()
      } else if event.code == EvdevCode.dropped {
        dropFrame(event, into: emit)
      }
    case EvdevCode.absolute:
      consumeAbsolute(event)
    case EvdevCode.key where event.code == EvdevCode.touch:
      buttonDown = event.value != 0
      if !buttonDown { buttonReleasedInFrame = true }
    default:
      break
    }
  }

  /// Ends the input: a touch still down is produced, ending in `cancel`.
  mutating func finish(into emit: (Output) -> Void) {
    if isFollowing, let last = samples.last {
      end(with: .cancel, at: lastTime ?? last.time, position: last.position, into: emit)
    }
    isFollowing = false
    followedSlot = nil
  }

  private mutating func consumeAbsolute(_ event: EvdevEvent) {
    let value = event.value
    switch event.code {
    case EvdevCode.slot:
      if mode == .singleTouch { mode = .protocolB }
      slot = Int(value)
    case EvdevCode.trackingID:
      if mode == .singleTouch { mode = .protocolB }
      guard slot >= 0, slot < TouchTracker.slotCount else { return }
      frameID[slot] = value
      if value < 0 { frameLift[slot] = true }
    case EvdevCode.positionX:
      contactX = value
      if slot >= 0, slot < TouchTracker.slotCount { slotX[slot] = value }
    case EvdevCode.positionY:
      contactY = value
      if slot >= 0, slot < TouchTracker.slotCount { slotY[slot] = value }
    case EvdevCode.x:
      absoluteX = value
    case EvdevCode.y:
      absoluteY = value
    default:
      break
    }
  }

  private mutating func endContact() {
    if contactX != nil || contactY != nil, firstContact == nil {
      let previous = samples.last?.position
      if let x = contactX ?? previous.map({ Int32(exactly: $0.x) ?? 0 }),
        let y = contactY ?? previous.map({ Int32(exactly: $0.y) ?? 0 })
      {
        firstContact = (x, y)
      }
    }
    contactX = nil
    contactY = nil
  }

  private mutating func endFrame(_ event: EvdevEvent, into emit: (Output) -> Void) {
    switch mode {
    case .protocolB: endFrameB(event, into: emit)
    case .protocolA:
      endContact()
      let contact = buttonReleasedInFrame ? nil : firstContact
      track(contact.map { ($0.x, $0.y) }, event, into: emit)
    case .singleTouch:
      var contact: (Int32, Int32)?
      if buttonDown, let x = absoluteX, let y = absoluteY { contact = (x, y) }
      track(contact, event, into: emit)
    }
    firstContact = nil
    contactX = nil
    contactY = nil
    buttonReleasedInFrame = false
  }

  /// Follows a contact that is present (`down`/`move`) or absent (`up`).
  private mutating func track(
    _ contact: (Int32, Int32)?, _ event: EvdevEvent, into emit: (Output) -> Void
  ) {
    if let (x, y) = contact {
      let position = Vector2D(x: Double(x), y: Double(y))
      if !isFollowing {
        isFollowing = true
        downLine = event.line
        samples = [PointerSample(time: event.time, position: position, action: .down)]
      } else {
        move(to: position, at: event, into: emit)
      }
    } else if isFollowing, let last = samples.last {
      end(with: .up, at: event.time, position: last.position, into: emit)
    }
  }

  private mutating func endFrameB(_ event: EvdevEvent, into emit: (Output) -> Void) {
    if let followed = followedSlot {
      let newID = frameID[followed]
      let position = slotPosition(followed)
      if frameLift[followed] || (newID.map { $0 >= 0 && $0 != followedID } ?? false) {
        let lifted = newID.map { $0 < 0 } ?? false
        if isFollowing, let last = samples.last {
          let end = lifted ? (position ?? last.position) : last.position
          self.end(with: .up, at: event.time, position: end, into: emit)
        } else {
          emit(.problem("expected a position for the touch, found none", line: event.line))
        }
        followedSlot = nil
        isFollowing = false
      } else if let position {
        if isFollowing {
          move(to: position, at: event, into: emit)
        } else {
          isFollowing = true
          samples = [PointerSample(time: event.time, position: position, action: .down)]
        }
      }
    }
    if followedSlot == nil {
      for candidate in 0..<TouchTracker.slotCount {
        guard let id = frameID[candidate], id >= 0, id != slotID[candidate] else { continue }
        followedSlot = candidate
        followedID = id
        downLine = event.line
        if let position = slotPosition(candidate) {
          isFollowing = true
          samples = [PointerSample(time: event.time, position: position, action: .down)]
        }
        break
      }
    }
    for index in 0..<TouchTracker.slotCount {
      if let id = frameID[index] { slotID[index] = id }
      frameID[index] = nil
      frameLift[index] = false
    }
  }

  private func slotPosition(_ index: Int) -> Vector2D? {
    guard let x = slotX[index], let y = slotY[index] else { return nil }
    return Vector2D(x: Double(x), y: Double(y))
  }

  private mutating func move(
    to position: Vector2D, at event: EvdevEvent, into emit: (Output) -> Void
  ) {
    guard let last = samples.last, last.position != position else { return }
    guard samples.count < TouchTracker.maximumSamples else {
      if !reportedOverflow {
        reportedOverflow = true
        emit(
          .problem(
            "expected at most \(TouchTracker.maximumSamples) samples in a touch, found more",
            line: event.line))
      }
      return
    }
    samples.append(PointerSample(time: event.time, position: position, action: .move))
  }

  private mutating func end(
    with action: PointerAction, at time: TraceTime, position: Vector2D,
    into emit: (Output) -> Void
  ) {
    samples.append(PointerSample(time: time, position: position, action: action))
    emit(.touch(samples, line: downLine))
    samples = []
    isFollowing = false
    reportedOverflow = false
  }

  private mutating func dropFrame(_ event: EvdevEvent, into emit: (Output) -> Void) {
    // NB: SYN_DROPPED: the kernel lost events up to the next SYN_REPORT, so
    // the touch in progress cannot be trusted; it ends as cancelled and the
    // next finger to come down is followed afresh.
    if isFollowing, let last = samples.last {
      end(with: .cancel, at: event.time, position: last.position, into: emit)
    }
    isDropping = true
    resetTouches()
  }

  /// Forgets every finger: none is followed until one touches down anew.
  private mutating func resetTouches() {
    isFollowing = false
    followedSlot = nil
    reportedOverflow = false
    for index in 0..<TouchTracker.slotCount {
      frameID[index] = nil
      frameLift[index] = false
      slotID[index] = -1
    }
    firstContact = nil
    contactX = nil
    contactY = nil
  }
}
