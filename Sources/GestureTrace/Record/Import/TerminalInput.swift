/// One thing a terminal sent: a mouse report, a typed key, or a reply to a
/// query the recorder made.
package enum TerminalInput: Sendable, Hashable {
  /// A mouse report (SGR modes 1006 and 1016, or legacy X10 encoding).
  case mouse(MouseReport)
  /// A typed character, decoded from UTF-8; a byte that is not valid UTF-8
  /// reads as U+FFFD. Control keys come as their control characters.
  case key(Unicode.Scalar)
  /// The reply to `CSI 16 t`: `CSI 6 ; height ; width t`, the cell size in
  /// pixels.
  case cellSize(width: Int, height: Int)
  /// The reply to `CSI 14 t`: `CSI 4 ; height ; width t`, the text area's
  /// size in pixels.
  case textAreaSize(width: Int, height: Int)
  /// The reply to a DEC private mode request `CSI ? mode $ p`:
  /// `CSI ? mode ; setting $ y`.
  case modeReport(mode: Int, setting: ModeSetting)
  /// Any other escape sequence, or a broken one, with its first bytes; it
  /// is swallowed so that none of its bytes read as keys.
  case other([UInt8])

  /// The state a DECRQM reply gives for a mode.
  package enum ModeSetting: Int, Sendable, Hashable, CaseIterable {
    /// The terminal does not know the mode (0).
    case notRecognized = 0
    /// The mode is set (1).
    case set = 1
    /// The mode is reset (2).
    case reset = 2
    /// The mode is set and cannot change (3).
    case permanentlySet = 3
    /// The mode is reset and cannot change (4).
    case permanentlyReset = 4

    /// Whether the terminal knows the mode.
    package var isRecognized: Bool { self != .notRecognized }
  }
}
