import GestureTrace
import Testing

@testable import GestureTraceCLI

/// The terminal recorder with a transition that has a track: its stops
/// drawn as labelled lines, the sheet between them, keys that name them.
@Suite struct TerminalTrackScreenTests {
  func makeRecording(_ spec: String = "test-drawer") throws -> TerminalRecording {
    TerminalRecording(
      resolution: TerminalResolution(
        unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed),
      scale: 1, slop: 10, estimator: .default,
      variants: [try Variant(parsing: spec, in: catalogWithTestDrawer())],
      metadata: TraceMetadata())
  }

  func feed(_ text: String, to recording: inout TerminalRecording) {
    var decoder = SGRMouseDecoder()
    for (index, input) in decoder.push(Array(text.utf8)).enumerated() {
      _ = recording.handle(input, at: .milliseconds(Int64(index) * 10))
    }
  }

  func rows(_ recording: TerminalRecording) -> [String] {
    let frame = TerminalScreen.frame(
      of: recording, output: "o", notes: [], size: WindowSize(columns: 100, rows: 30))
    return TerminalScreenTests().rows(of: frame, count: 30)
  }

  /// The 1-based row of the sheet's top edge.
  func sheetRow(_ rows: [String]) -> Int? {
    rows.firstIndex { $0.contains("╭") }.map { $0 + 1 }
  }

  @Test func stopsAreLabelledLinesAndTheSheetMovesBetweenThem() throws {
    var recording = try makeRecording()
    // 100×30, no notes: the card area is columns 46… and rows 3…27; 0…520
    // pt span its 24 rows: open on row 3, half (300) on 3 + 13.8 → 17,
    // closed on 27. Names are padded to 7 columns.
    var screen = rows(recording)
    #expect(screen[2].dropFirst(45).hasPrefix("open    ┄┄┄"))
    #expect(screen[16].dropFirst(45).hasPrefix("half    ┄┄┄"))
    #expect(screen[26].dropFirst(45).hasPrefix("closed  "))
    // At rest the sheet's top is at closed, from column 46 + 7 + 2 = 55.
    #expect(sheetRow(screen) == 27)
    #expect(screen[26].dropFirst(54).hasPrefix("╭───"))
    // Drag up 15 rows of 16 pt: 240 pt, the top at 280 pt → row 3 + 12.9 → 16.
    feed("\u{1B}[<0;60;20M\u{1B}[<32;60;5M", to: &recording)
    screen = rows(recording)
    #expect(sheetRow(screen) == 16)
    #expect(screen[16].contains("│ test-drawer"))
    // Released there, the drawer settles on half (300 pt, row 17).
    feed("\u{1B}[<0;60;5m", to: &recording)
    screen = rows(recording)
    #expect(sheetRow(screen) == 17)
    #expect(screen.contains { $0.hasPrefix("decision: half at ") })
  }

  @Test func theStatusLineAndKeysNameTheStops() throws {
    var recording = try makeRecording()
    let hints = " · 1 open · 2 half · 3 closed · other skip · u undo · q quit"
    #expect(TerminalScreen.statusLine(recording) == "0 traces" + hints)
    feed("\u{1B}[<0;60;20M\u{1B}[<32;60;5M\u{1B}[<0;60;5m", to: &recording)
    #expect(recording.message.hasSuffix("Label it: 1 open, 2 half, 3 closed, any other key skips."))
    feed("c", to: &recording)
    #expect(TerminalScreen.statusLine(recording) == "1 trace · last g1 unlabelled" + hints)
    var decoder = SGRMouseDecoder()
    let actions = recording.handle(decoder.push(Array("3".utf8))[0], at: .seconds(1))
    #expect(recording.traces[0].metadata["intent"] == "closed")
    #expect(actions == [.replaceLast(recording.traces[0])])
    #expect(TerminalScreen.statusLine(recording) == "1 trace · last g1 closed" + hints)
  }

  @Test func anXTrackIsASideMenuWhoseRightEdgeMovesBetweenMarkedStops() throws {
    var recording = try makeRecording("test-side-menu")
    // Columns 46…98 hold 0…300 pt: closed at 46, peek at 46 + 20.8 → 67,
    // open at 98, its name moved left to end at the screen's edge (96).
    func edge(_ rows: [String]) -> Int? {
      rows[3].firstIndex(of: "╮").map { rows[3].distance(from: rows[3].startIndex, to: $0) + 1 }
    }
    var screen = rows(recording)
    #expect(screen[2].dropFirst(45).hasPrefix("▾closed"))
    #expect(screen[2].dropFirst(66).hasPrefix("▾peek"))
    #expect(screen[2].hasSuffix("▾open"))
    #expect(screen[2].count == 100)
    #expect(edge(screen) == 46)
    // Right 20 columns of 8 pt: 160 pt → 46 + 27.7 → 74.
    feed("\u{1B}[<0;60;20M\u{1B}[<32;80;20M", to: &recording)
    screen = rows(recording)
    #expect(edge(screen) == 74)
    #expect(screen[3].dropFirst(45).hasPrefix(String(repeating: "─", count: 28) + "╮"))
    // Released there, it settles on peek (120 pt).
    feed("\u{1B}[<0;80;20m", to: &recording)
    #expect(edge(rows(recording)) == 67)
  }
}
