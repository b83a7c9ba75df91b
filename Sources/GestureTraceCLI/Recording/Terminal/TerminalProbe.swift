import GestureTrace

/// Asks the terminal what its mouse reports can measure, and decides the
/// ``TerminalResolution`` from the replies.
///
/// The recorder writes ``queries`` and feeds every input to ``read(_:)``
/// until ``isComplete``:
///
/// 1. `CSI ? 1016 $ p` (DECRQM): is SGR pixel mode known? The reply is
///    `CSI ? 1016 ; Ps $ y`; a terminal that does not know DECRQM says
///    nothing.
/// 2. `CSI 16 t`: the cell size in pixels, `CSI 6 ; height ; width t`.
/// 3. `CSI 5 n` (device status report), answered `CSI 0 n` by every
///    VT100-compatible terminal and by tmux. Terminals answer in order, so
///    this reply means the first two have been answered or ignored; a
///    recorder also gives up after a timeout.
///
/// NB: the fence is DSR rather than DA1 (`CSI c`) because DA1 replies can
/// be longer than ``SGRMouseDecoder/maximumSequenceLength`` and lose their
/// final byte.
struct TerminalProbe: Sendable {
  /// The queries, in the order they must be written.
  static let queries = "\u{1B}[?1016$p\u{1B}[16t\u{1B}[5n"

  /// The reply to DECRQM 1016, if one came.
  private(set) var pixelMode: TerminalInput.ModeSetting?
  /// The reply to `CSI 16 t`, if a usable one came.
  private(set) var cellSize: (width: Int, height: Int)?
  /// Whether the device status reply came: everything has been answered.
  private(set) var isComplete = false

  /// Reads one input; returns whether it was a reply to the queries.
  mutating func read(_ input: TerminalInput) -> Bool {
    switch input {
    case .modeReport(1016, let setting):
      pixelMode = setting
    case .cellSize(let width, let height):
      if width > 0, height > 0 { cellSize = (width, height) }
    case .other(let bytes) where bytes == Array("\u{1B}[0n".utf8):
      isComplete = true
    default:
      return false
    }
    return true
  }

  /// Whether the terminal can report pixels: it knows mode 1016 and the
  /// mode is not permanently off.
  var supportsPixels: Bool {
    guard let pixelMode else { return false }
    return pixelMode.isRecognized && pixelMode != .permanentlyReset
  }

  /// The resolution to record with.
  ///
  /// Pixels when the terminal supports mode 1016, except inside tmux,
  /// which passes only cells on to its panes. The cell size comes from the
  /// `CSI 16 t` reply, else from the window size when both `ws_xpixel` and
  /// `ws_ypixel` are set (0 in either reads as unknown), else it is
  /// assumed.
  ///
  /// - Parameters:
  ///   - windowSize: `TIOCGWINSZ`'s columns, rows and pixel sizes, when
  ///     the ioctl worked.
  ///   - insideTmux: Whether `$TMUX` is set.
  func resolution(windowSize: WindowSize?, insideTmux: Bool) -> TerminalResolution {
    let unit: TerminalResolution.Unit = supportsPixels && !insideTmux ? .pixel : .cell
    if let cellSize {
      return TerminalResolution(
        unit: unit, cellWidth: Double(cellSize.width), cellHeight: Double(cellSize.height),
        cellSizeSource: .query)
    }
    if let size = windowSize, size.columns > 0, size.rows > 0, size.pixelWidth > 0,
      size.pixelHeight > 0
    {
      return TerminalResolution(
        unit: unit, cellWidth: Double(size.pixelWidth) / Double(size.columns),
        cellHeight: Double(size.pixelHeight) / Double(size.rows), cellSizeSource: .windowSize)
    }
    return TerminalResolution(
      unit: unit, cellWidth: TerminalResolution.assumedCellWidth,
      cellHeight: TerminalResolution.assumedCellHeight, cellSizeSource: .assumed)
  }
}

/// A terminal's size as `TIOCGWINSZ` gives it.
struct WindowSize: Sendable, Hashable {
  /// The number of columns.
  var columns: Int
  /// The number of rows.
  var rows: Int
  /// The text area's width in pixels; 0 when unknown.
  var pixelWidth: Int = 0
  /// The text area's height in pixels; 0 when unknown.
  var pixelHeight: Int = 0
}
