/// One xterm mouse report: which button, which modifiers, whether it was a
/// press, a release or a motion, and where.
///
/// Reports in SGR format (modes 1006 and 1016) look like `ESC [ < 0 ; 20 ; 5 M`:
/// the button code, then the column and row (1-based cells in mode 1006,
/// 1-based pixels in mode 1016), then `M` for a press or motion and `m`
/// for a release.
///
/// ```swift
/// let report = MouseReport(code: 32, x: 20, y: 9, isRelease: false)
/// // report.button == .left, report.isMotion == true
/// ```
package struct MouseReport: Sendable, Hashable {
  /// The button pressed, released or held, or `nil` for a motion with no
  /// button held (and for a legacy release, which does not say).
  package var button: MouseButton?
  /// The modifier keys held.
  package var modifiers: MouseModifiers
  /// Whether the pointer moved (rather than a button changing).
  package var isMotion: Bool
  /// Whether a button was released.
  package var isRelease: Bool
  /// The column (or pixel x), as sent: 1 is the left edge.
  package var x: Int
  /// The row (or pixel y), as sent: 1 is the top edge.
  package var y: Int

  /// Creates a report from its parts.
  package init(
    button: MouseButton?, modifiers: MouseModifiers = [], isMotion: Bool = false,
    isRelease: Bool = false, x: Int, y: Int
  ) {
    self.button = button
    self.modifiers = modifiers
    self.isMotion = isMotion
    self.isRelease = isRelease
    self.x = x
    self.y = y
  }

  /// Creates a report from xterm's button code `Cb` (as SGR sends it,
  /// without the legacy offset of 32) and a position.
  ///
  /// The code's low two bits and its 64 and 128 bits give the button; 4,
  /// 8 and 16 are Shift, Meta and Control; 32 marks a motion.
  package init(code: Int, x: Int, y: Int, isRelease: Bool) {
    let low = code & 3
    switch code & 0xC0 {
    case 0x00: button = [MouseButton.left, .middle, .right, nil][low]
    case 0x40: button = [MouseButton.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
    case 0x80: button = .other(8 + low)
    default: button = .other(12 + low)
    }
    modifiers = MouseModifiers(rawValue: code & 0x1C)
    isMotion = code & 0x20 != 0
    self.isRelease = isRelease
    self.x = x
    self.y = y
  }

  /// Whether this is a wheel step (which has no release).
  package var isWheel: Bool { button?.isWheel ?? false }

  /// Whether a button was pressed: not a release, not a motion.
  package var isPress: Bool { !isRelease && !isMotion }
}

/// A mouse button as xterm numbers them.
package enum MouseButton: Sendable, Hashable {
  /// Button 1.
  case left
  /// Button 2.
  case middle
  /// Button 3.
  case right
  /// Button 4: the wheel turned away from the user.
  case wheelUp
  /// Button 5: the wheel turned towards the user.
  case wheelDown
  /// Button 6: the wheel tilted left.
  case wheelLeft
  /// Button 7: the wheel tilted right.
  case wheelRight
  /// Buttons 8 and up, by number.
  case other(Int)

  /// Whether the button is a wheel direction.
  package var isWheel: Bool {
    switch self {
    case .wheelUp, .wheelDown, .wheelLeft, .wheelRight: return true
    default: return false
    }
  }
}

/// The modifier keys held during a mouse report.
package struct MouseModifiers: OptionSet, Sendable, Hashable {
  /// The bits, as in xterm's button code.
  package var rawValue: Int

  /// Creates modifiers from xterm's bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Shift (bit value 4).
  package static let shift = MouseModifiers(rawValue: 4)
  /// Meta, usually Alt (bit value 8).
  package static let meta = MouseModifiers(rawValue: 8)
  /// Control (bit value 16).
  package static let control = MouseModifiers(rawValue: 16)
}
