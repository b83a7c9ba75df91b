import GestureTrace

/// Draws the terminal recorder's screen: a header, the live transitions, a
/// card that follows the drag (or, for a first variant with a track, its
/// stops as labelled dashed lines and a sheet or drawer between them), and
/// a status line.
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
          + pad("\(threshold.name) > \(threshold.value.reportText)", 24)
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
    if let first = recording.transitions.first, let track = first.variant.track {
      screen.drawTrack(
        track, position: position(on: track, of: first, recording: recording),
        label: first.variant.spec, left: panelWidth + 2, top: top, bottom: bottom)
    } else {
      screen.drawCard(recording, left: panelWidth + 2, top: top, bottom: bottom)
    }
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
      line += " · last \(last.id) \(last.metadata["intent"] ?? "unlabelled")"
    }
    return line + " · " + RecordedTraces.labelKeys(stops: recording.stops)
      + " · other skip · u undo · q quit"
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

  /// Where the view of a transition with a track is, in points along its
  /// axis: its start stop moved by the pan in progress; once the pan has
  /// ended, the stop it decided on (the other stop for `complete`, the
  /// start for `cancel`).
  static func position(
    on track: TransitionTrack, of live: LiveTransition, recording: TerminalRecording
  ) -> Double {
    let start = track.position(of: track.start) ?? track.stops.first?.position ?? 0
    if let translation = recording.translation {
      return start + (track.axis == "x" ? translation.x : translation.y)
    }
    switch live.transition.decision?.outcome {
    case .stop(let name)?: return track.position(of: name.description) ?? start
    case .complete?: return track.stops.first { $0.name != track.start }?.position ?? start
    default: return start
    }
  }

  /// A transition's track in the card area: each stop a dashed line
  /// labelled with its name, at its position scaled to fit the area, and
  /// the view at `position`, clamped to the area: a sheet with its top edge
  /// there for the y axis, a side menu from the left with its right edge
  /// there for x (as the browser page draws them).
  private mutating func drawTrack(
    _ track: TransitionTrack, position: Double, label: String, left: Int, top: Int, bottom: Int
  ) {
    guard left < size.columns, top < bottom else { return }
    let positions = track.stops.map(\.position)
    let low = min(0, positions.min() ?? 0)
    let high = max(low + 1, positions.max() ?? 1)
    let names = track.stops.map(\.name)
    let nameWidth = min(12, (names.map(\.count).max() ?? 0) + 1)
    if track.axis == "x" {
      // Names on the first row, a dashed column under each; the drawer below.
      let first = left
      let last = size.columns - 2
      guard last > first else { return }
      func column(_ value: Double) -> Int {
        let fraction = min(1.05, max(-0.05, (value - low) / (high - low)))
        return min(
          size.columns, max(left, first + Int((fraction * Double(last - first)).rounded())))
      }
      // A side menu from the left: its right edge at the position.
      let edge = column(position)
      for row in (top + 1)...bottom {
        let corner = row == top + 1 ? "╮" : row == bottom ? "╯" : "│"
        let fill = row == top + 1 || row == bottom ? "─" : " "
        put(
          String(repeating: fill, count: max(0, edge - left)) + corner, row: row, column: left,
          minimumColumn: left)
      }
      let name = String(label.prefix(max(0, edge - left - 2)))
      put(name, row: top + 2, column: edge - 1 - name.count, minimumColumn: left)
      for stop in track.stops {
        let at = column(stop.position)
        // The name from the marker on, or ending at the screen's edge.
        let name = "▾" + stop.name
        put(
          name, row: top, column: max(left, min(at, size.columns - name.count + 1)),
          minimumColumn: left)
        for row in (top + 2)..<bottom where row % 2 == 0 && at > edge {
          put("┆", row: row, column: at, minimumColumn: left)
        }
      }
      return
    }
    // Names in a left column, a dashed line at each stop's row; the sheet
    // to their right, its top edge at the position.
    let sheetLeft = left + nameWidth + 2
    guard sheetLeft < size.columns else { return }
    func row(_ value: Double) -> Int {
      let fraction = min(1.05, max(-0.05, (value - low) / (high - low)))
      return min(bottom, max(top, top + Int((fraction * Double(bottom - top)).rounded())))
    }
    let width = size.columns - sheetLeft
    let edge = row(position)
    for stop in track.stops {
      let at = row(stop.position)
      put(
        TerminalScreen.pad(String(stop.name.prefix(nameWidth)), nameWidth) + " "
          + String(repeating: "┄", count: max(0, size.columns - left - nameWidth)),
        row: at, column: left, minimumColumn: left)
    }
    put(
      "╭" + String(repeating: "─", count: max(0, width - 2)) + "╮", row: edge, column: sheetLeft,
      minimumColumn: left)
    let inner = max(0, width - 2)
    if edge < bottom {
      for row in (edge + 1)...bottom {
        let text = row == edge + 1 ? " " + String(label.prefix(max(0, inner - 2))) : ""
        put(
          "│" + text + String(repeating: " ", count: max(0, inner - text.count)) + "│", row: row,
          column: sheetLeft, minimumColumn: left)
      }
    }
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
