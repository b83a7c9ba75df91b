/// The terminal while the recorder uses it: raw mode, the alternate screen,
/// a hidden cursor and mouse tracking, and the way back.
///
/// Input is read from standard input. Frames go to standard output when it
/// is the terminal, else to `/dev/tty`. ``restore()`` undoes everything
/// the session did, in reverse order, and is safe to call more than once;
/// the recorder calls it on every way out: `q`, a signal, the end of input
/// and errors.
struct TerminalSession {
  /// Enters the alternate screen, hides the cursor and clears the screen.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  /// Turns on button-event tracking (1002: presses, releases and motion
  /// while a button is held) in SGR format (1006).
  static let mouseCellSequence = "\u{1B}[?1002h\u{1B}[?1006h"
  /// Switches SGR reports to pixels (1016).
  static let mousePixelSequence = "\u{1B}[?1016h"
  /// Turns mouse tracking off, resets colours, shows the cursor and leaves
  /// the alternate screen.
  static let restoreSequence =
    "\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The terminal's input: standard input.
  let input: Int32 = 0
  /// Where frames go.
  let output: Int32
  private let ownsOutput: Bool
  private var saved: Platform.TerminalMode?

  /// Puts the terminal in raw mode and enters the alternate screen.
  ///
  /// - Throws: `noInput` when standard input is not a terminal or its
  ///   settings cannot be changed.
  init() throws(CommandError) {
    if Platform.isTerminal(1) {
      output = 1
      ownsOutput = false
    } else {
      output = Platform.openControllingTerminal()
      ownsOutput = true
      guard output >= 0 else {
        throw .noInput("Cannot open the terminal to draw on: \(Platform.errorText)")
      }
    }
    guard let mode = Platform.enterRawMode(input) else {
      let reason = Platform.errorText
      if ownsOutput { Platform.close(output) }
      throw .noInput("Cannot put the terminal in raw mode: \(reason)")
    }
    saved = mode
    write(TerminalSession.enterSequence)
  }

  /// Writes to the terminal; a failure (a closed terminal) is ignored.
  func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { Platform.writeAll(output, UnsafeRawBufferPointer($0)) }
  }

  /// Turns mouse tracking on, in pixels or cells.
  func enableMouse(pixels: Bool) {
    write(TerminalSession.mouseCellSequence + (pixels ? TerminalSession.mousePixelSequence : ""))
  }

  /// Turns mouse tracking off, leaves the alternate screen, shows the
  /// cursor and restores the terminal's settings.
  mutating func restore() {
    guard let mode = saved else { return }
    saved = nil
    write(TerminalSession.restoreSequence)
    Platform.restore(mode, of: input)
    if ownsOutput { Platform.close(output) }
  }
}
