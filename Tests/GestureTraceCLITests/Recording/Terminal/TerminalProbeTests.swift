import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct TerminalProbeTests {
  /// The probe after reading the replies in `text`.
  func probe(_ text: String) -> TerminalProbe {
    var decoder = SGRMouseDecoder()
    var probe = TerminalProbe()
    for input in decoder.push(Array(text.utf8)) { _ = probe.read(input) }
    return probe
  }

  static let unknownWindow = WindowSize(columns: 80, rows: 24)

  @Test func xtermRepliesGivePixelsAndTheQueriedCellSize() {
    // DECRQM: 1016 is reset (2), so it is known; cell 20 high, 9 wide.
    let probe = probe("\u{1B}[?1016;2$y\u{1B}[6;20;9t\u{1B}[0n")
    #expect(probe.isComplete)
    #expect(probe.supportsPixels)
    #expect(
      probe.resolution(windowSize: Self.unknownWindow, insideTmux: false)
        == TerminalResolution(unit: .pixel, cellWidth: 9, cellHeight: 20, cellSizeSource: .query))
  }

  @Test(arguments: [
    (TerminalInput.ModeSetting.set, true), (.reset, true), (.permanentlySet, true),
    (.notRecognized, false), (.permanentlyReset, false),
  ])
  func pixelModeDependsOnTheDECRQMSetting(_ setting: TerminalInput.ModeSetting, _ pixels: Bool) {
    let probe = probe("\u{1B}[?1016;\(setting.rawValue)$y\u{1B}[0n")
    #expect(probe.supportsPixels == pixels)
    #expect(
      probe.resolution(windowSize: nil, insideTmux: false).unit == (pixels ? .pixel : .cell))
  }

  @Test func insideTmuxCellsAreUsedEvenWhenPixelsAreOffered() {
    let probe = probe("\u{1B}[?1016;2$y\u{1B}[0n")
    #expect(probe.resolution(windowSize: nil, insideTmux: true).unit == .cell)
  }

  @Test func silenceMeansCellsAndOnlyTheFenceCompletes() {
    let silent = probe("")
    #expect(!silent.isComplete && !silent.supportsPixels)
    #expect(probe("\u{1B}[?1016;1$y\u{1B}[6;16;8t").isComplete == false)
    #expect(silent.resolution(windowSize: nil, insideTmux: false).unit == .cell)
  }

  @Test func windowSizeGivesTheCellSizeWhenTheQueryIsNotAnswered() {
    // 800 × 480 px over 100 columns × 24 rows: 8 × 20 px cells.
    let size = WindowSize(columns: 100, rows: 24, pixelWidth: 800, pixelHeight: 480)
    #expect(
      probe("\u{1B}[0n").resolution(windowSize: size, insideTmux: false)
        == TerminalResolution(
          unit: .cell, cellWidth: 8, cellHeight: 20, cellSizeSource: .windowSize))
  }

  @Test(arguments: [
    WindowSize(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 480),
    WindowSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 0),
    WindowSize(columns: 0, rows: 0, pixelWidth: 640, pixelHeight: 480),
  ])
  func aZeroInTheWindowSizeMeansTheCellSizeIsAssumed(_ size: WindowSize) {
    let resolution = probe("\u{1B}[6;0;0t\u{1B}[0n").resolution(windowSize: size, insideTmux: false)
    #expect(resolution.cellSizeSource == .assumed)
    #expect(resolution.isCellSizeAssumed)
    #expect(resolution.cellWidth == 8 && resolution.cellHeight == 16)
  }

  @Test func theQueryWinsOverTheWindowSize() {
    let size = WindowSize(columns: 100, rows: 24, pixelWidth: 800, pixelHeight: 480)
    let resolution = probe("\u{1B}[6;18;10t\u{1B}[0n").resolution(
      windowSize: size, insideTmux: true)
    #expect(
      resolution
        == TerminalResolution(unit: .cell, cellWidth: 10, cellHeight: 18, cellSizeSource: .query))
  }

  @Test func otherInputIsNotAReply() {
    var probe = TerminalProbe()
    let others: [TerminalInput] = [
      .key("q"), .mouse(MouseReport(button: .left, x: 1, y: 1)),
      .modeReport(mode: 2004, setting: .set), .textAreaSize(width: 1, height: 1),
    ]
    let read = others.map { probe.read($0) }
    #expect(read == [false, false, false, false])
    #expect(!probe.isComplete)
    let fence = probe.read(.other(Array("\u{1B}[0n".utf8)))
    #expect(fence)
    #expect(probe.isComplete)
  }

  @Test func queriesAreDECRQMThenCellSizeThenDeviceStatus() {
    #expect(TerminalProbe.queries == "\u{1B}[?1016$p\u{1B}[16t\u{1B}[5n")
  }
}
