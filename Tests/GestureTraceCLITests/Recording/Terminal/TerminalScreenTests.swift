import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct TerminalScreenTests {
  /// The rows a frame draws, as a terminal would show them: each
  /// `ESC [ row ; 1 H` starts a row; `ESC [ K`, `ESC [ 7 m` and `ESC [ 0 m`
  /// add nothing visible.
  func rows(of frame: String, count: Int) -> [String] {
    var rows = Array(repeating: "", count: count)
    var current = -1
    for (index, part) in frame.components(separatedBy: "\u{1B}[").enumerated() {
      guard index > 0 else {
        #expect(part.isEmpty, "text before the first escape: \(part)")
        continue
      }
      if let h = part.firstIndex(of: "H"), let row = Int(part[..<h].split(separator: ";")[0]) {
        current = row - 1
        rows[current] += part[part.index(after: h)...]
      } else if part.hasPrefix("K") || part.hasPrefix("7m") || part.hasPrefix("0m") {
        let skip = part.hasPrefix("K") ? 1 : 2
        rows[current] += part.dropFirst(skip)
      } else {
        Issue.record("unexpected sequence \(part)")
      }
    }
    return rows
  }

  func makeRecording() throws -> TerminalRecording {
    TerminalRecording(
      resolution: TerminalResolution(
        unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed),
      scale: 1, slop: 10, estimator: .default,
      variants: [try Variant(parsing: "lyrics-swap"), try Variant(parsing: "player-sheet")],
      metadata: TraceMetadata())
  }

  func feed(_ text: String, to recording: inout TerminalRecording) {
    var decoder = SGRMouseDecoder()
    for (index, input) in decoder.push(Array(text.utf8)).enumerated() {
      _ = recording.handle(input, at: .milliseconds(Int64(index) * 10))
    }
  }

  /// The 1-based row and column of the card's top-left corner.
  func cardCorner(_ rows: [String]) -> (row: Int, column: Int)? {
    for (index, row) in rows.enumerated() {
      if let corner = row.firstIndex(of: "┌") {
        return (index + 1, row.distance(from: row.startIndex, to: corner) + 1)
      }
    }
    return nil
  }

  @Test func statusLineCountsTracesAndShowsTheLastLabel() throws {
    var recording = try makeRecording()
    let hints = " · c complete · x cancel · other skip · u undo · q quit"
    #expect(TerminalScreen.statusLine(recording) == "0 traces" + hints)
    feed("\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m", to: &recording)
    #expect(TerminalScreen.statusLine(recording) == "1 trace · last g1 unlabelled" + hints)
    feed("c", to: &recording)
    #expect(TerminalScreen.statusLine(recording) == "1 trace · last g1 complete" + hints)
  }

  @Test func frameShowsTheReadyMarkerNotesTransitionsAndStatus() throws {
    var recording = try makeRecording()
    feed("\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m", to: &recording)
    let size = WindowSize(columns: 100, rows: 30)
    let frame = TerminalScreen.frame(
      of: recording, output: "out.csv", notes: ["note one"], size: size)
    let rows = rows(of: frame, count: 30)
    #expect(rows[0] == "Ready. Recording to out.csv")
    #expect(rows[1] == "note one")
    #expect(rows[3].hasPrefix("lyrics-swap"))
    #expect(rows.contains { $0.hasPrefix("  ✓ fadeOffset > 20") })
    #expect(rows.contains { $0.hasPrefix("  · dismissalOffset > 80") })
    #expect(rows.contains { $0.hasPrefix("decision: cancel at 0.010 s") })
    #expect(rows.contains { $0.hasPrefix("player-sheet: ") })
    #expect(rows.contains { $0.hasPrefix("thresholds ") || $0 == "thresholds" })
    #expect(!rows.contains { $0.hasPrefix("thresholds: none") })
    #expect(rows[28].hasPrefix("g1 ended at (0.0, 208.0) pt"))
    // The inverse status row leaves out the last column.
    #expect(rows[29] == (" " + TerminalScreen.statusLine(recording)).padded(to: 99))
  }

  @Test func cardFollowsTheDragInCells() throws {
    var recording = try makeRecording()
    let size = WindowSize(columns: 100, rows: 30)
    func corner() -> (row: Int, column: Int)? {
      cardCorner(
        rows(of: TerminalScreen.frame(of: recording, output: "o", notes: [], size: size), count: 30)
      )
    }
    let rest = try #require(corner())
    // Press at (20, 5), drag 3 columns left and 4 rows down.
    feed("\u{1B}[<0;20;5M\u{1B}[<32;17;9M", to: &recording)
    let moved = try #require(corner())
    #expect(moved.row == rest.row + 4)
    #expect(moved.column == rest.column - 3)
    feed("\u{1B}[<0;17;9m", to: &recording)
    let back = try #require(corner())
    #expect(back == rest)
  }

  @Test(arguments: [(1, 1), (5, 3), (20, 6), (40, 12), (300, 100)])
  func anySizeDrawsEveryRowAndNothingOutside(_ columns: Int, _ rowCount: Int) throws {
    var recording = try makeRecording()
    feed("\u{1B}[<0;20;5M\u{1B}[<32;90;200M", to: &recording)
    let frame = TerminalScreen.frame(
      of: recording, output: "a-long-output-name.csv", notes: ["n1", "n2"],
      size: WindowSize(columns: columns, rows: rowCount))
    let rows = rows(of: frame, count: rowCount)
    #expect(frame.components(separatedBy: ";1H").count - 1 == rowCount)
    #expect(rows.allSatisfy { $0.count <= columns })
  }
}

extension String {
  fileprivate func padded(to width: Int) -> String {
    self.count >= width
      ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
  }
}
