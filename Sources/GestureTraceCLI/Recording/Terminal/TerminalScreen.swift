import GestureTrace

/// Draws the terminal recorder's screen: a header, the live transitions, a
/// card that follows the drag, and a status line.
///
/// ```
/// Ready. Recording to drags.csv
/// Mouse in cells of 16x32 px, 16x32 pt each at scale 1; slop 10 pt.
/// Inside tmux only cells are reported, not pixels: motion comes in whole cells.
///
/// lyrics-swap
///   offset                  64.0
///   …                                          ┌────────────┐
/// thresholds                                   │ 0, 64      │
///   ✓ fadeOffset > 20         0.000 s          │            │
///   · dismissalOffset > 80                     └────────────┘
/// decision: —
///
/// g1 ended at (0.0, 416.0) pt after 3 events. Label it: c complete, …
///  1 trace · last g1 unlabelled · c complete · x cancel · other skip · u undo · q quit
/// ```
///
/// A frame is pure text: it depends only on what it is given, so tests can
/// check it. It moves the cursor to each row and clears what is left of it,
/// so frames can be drawn over each other without clearing the screen.
struct TerminalScreen {
  /// What the first row starts with once the recorder is ready for drags.
  static let readyMarker = "Ready."

  /// The rows and columns.
  let size: WindowSize
  private var rows: [[Character]]
  private var inverseRows: Set<Int> = []

  /// Creates an empty screen.
  init(size: WindowSize) {
    self.size = WindowSize(columns: max(size.columns, 1), rows: max(size.rows, 1))
    rows = Array(
      repeating: Array(repeating: " ", count: self.size.columns), count: self.size.rows)
  }

  /// The screen while the terminal is asked what it supports.
  static func probing(size: WindowSize) -> String {
    var screen = TerminalScreen(size: size)
    screen.put("Asking the terminal about its mouse reports…", row: 1, column: 1)
    return screen.text
  }

  /// The screen of a recording.
  ///
  /// - Parameters:
  ///   - recording: The recording's state.
  ///   - output: The trace file's path.
  ///   - notes: Lines under the header: the resolution, warnings.
  static func frame(
    of recording: TerminalRecording, output: String, notes: [String], size: WindowSize
  ) -> String {
    var screen = TerminalScreen(size: size)
    screen.put("\(readyMarker) Recording to \(output)", row: 1, column: 1)
    for (index, note) in notes.enumerated() { screen.put(note, row: 2 + index, column: 1) }
    let top = notes.count + 3
    let panelWidth = min(44, max(size.columns / 2, 20))
    let bottom = screen.size.rows - 3
    if let first = recording.transitions.first {
      var row = top
      screen.put(first.variant.spec, row: row, column: 1)
      row += 1
      let transition = first.transition
      let names = transition.propertyNames
      let values = transition.propertyValues
      let extra = 3 + transition.thresholds.count + recording.transitions.count
      let shown = max(0, min(names.count, bottom - row - extra))
      for index in 0..<shown {
        let value = index < values.count ? fixed(values[index], 1) : "?"
        screen.put(pad("  " + names[index], 20) + pad(value, 10, left: true), row: row, column: 1)
        row += 1
      }
      screen.put(
        transition.thresholds.isEmpty ? "thresholds: none" : "thresholds", row: row, column: 1)
      row += 1
      for (index, threshold) in transition.thresholds.enumerated() {
        let crossing = first.crossings[index]
        let line =
          (crossing == nil ? "  · " : "  ✓ ")
          + pad("\(threshold.name) > \(threshold.value.shortText)", 24)
          + (crossing.map(seconds) ?? "")
        screen.put(line, row: row, column: 1)
        row += 1
      }
      screen.put("decision: " + describe(first), row: row, column: 1)
      row += 1
      for other in recording.transitions.dropFirst() {
        screen.put("\(other.variant.spec): \(describe(other))", row: row, column: 1)
        row += 1
      }
    }
    screen.drawCard(recording, left: panelWidth + 2, top: top, bottom: bottom)
    screen.put(recording.message, row: screen.size.rows - 1, column: 1)
    screen.put(" " + statusLine(recording), row: screen.size.rows, column: 1)
    screen.inverseRows.insert(screen.size.rows)
    return screen.text
  }

  /// The hints and counts of the last row.
  static func statusLine(_ recording: TerminalRecording) -> String {
    let count = recording.traces.count
    var line = count == 1 ? "1 trace" : "\(count) traces"
    if let last = recording.traces.last {
      line += " · last \(last.id) \(last.metadata.intent?.rawValue ?? "unlabelled")"
    }
    return line + " · c complete · x cancel · other skip · u undo · q quit"
  }

  private static func describe(_ live: LiveTransition) -> String {
    guard let decision = live.transition.decision else { return "—" }
    return "\(decision.outcome) at \(seconds(decision.time))"
  }

  private static func seconds(_ time: TraceTime) -> String {
    fixed(time.seconds, 3) + " s"
  }

  private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }

  /// A 14×4 box at the middle of the card area, moved by the drag in cells.
  private mutating func drawCard(_ recording: TerminalRecording, left: Int, top: Int, bottom: Int) {
    let width = 14
    let height = 4
    guard left < size.columns, top <= bottom else { return }
    var column = left + max(0, (size.columns - left + 1 - width) / 2)
    var row = top + max(0, (bottom - top + 1 - height) / 2)
    var label = "drag me"
    if let drag = recording.drag {
      column += drag.current.column - drag.press.column
      row += drag.current.row - drag.press.row
      label = "pressed"
    }
    if let translation = recording.translation {
      label = "\(fixed(translation.x, 0)), \(fixed(translation.y, 0))"
    }
    let inner = String(repeating: "─", count: width - 2)
    let lines = [
      "┌" + inner + "┐",
      "│ " + TerminalScreen.pad(String(label.prefix(width - 4)), width - 4) + " │",
      "│" + String(repeating: " ", count: width - 2) + "│",
      "└" + inner + "┘",
    ]
    for (index, line) in lines.enumerated() {
      let y = row + index
      guard y >= top, y <= bottom else { continue }
      put(line, row: y, column: column, minimumColumn: left)
    }
  }

  /// Writes text at a 1-based row and column, clipped to the screen and to
  /// columns from `minimumColumn` on.
  private mutating func put(_ text: String, row: Int, column: Int, minimumColumn: Int = 1) {
    guard row >= 1, row <= size.rows else { return }
    var x = column
    for character in text {
      if x >= max(minimumColumn, 1), x <= size.columns { rows[row - 1][x - 1] = character }
      x += 1
    }
  }

  /// The frame: each row drawn from its first column, the rest cleared.
  private var text: String {
    var output = ""
    for (index, row) in rows.enumerated() {
      output += "\u{1B}[\(index + 1);1H"
      if inverseRows.contains(index + 1) {
        // NB: the last cell is left out so that the bottom row never wraps
        // and scrolls the screen.
        output += "\u{1B}[7m" + String(row.dropLast()) + "\u{1B}[0m"
        continue
      }
      var line = row[...]
      while line.last == " " { line = line.dropLast() }
      output += String(line) + "\u{1B}[K"
    }
    return output
  }
}
