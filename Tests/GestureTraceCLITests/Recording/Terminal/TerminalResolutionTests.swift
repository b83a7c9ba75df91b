import GestureTrace
import Testing

@testable import GestureTraceCLI

@Suite struct TerminalResolutionTests {
  static let cells = TerminalResolution(
    unit: .cell, cellWidth: 8, cellHeight: 16, cellSizeSource: .assumed)
  static let pixels = TerminalResolution(
    unit: .pixel, cellWidth: 9, cellHeight: 20, cellSizeSource: .query)

  @Test func cellsStandForTheirCentresInPixels() {
    // Column 20: (20 − 0.5) × 8 = 156; row 5: (5 − 0.5) × 16 = 72.
    #expect(Self.cells.pixels(x: 20, y: 5) == Vector2D(x: 156, y: 72))
    // Row 18 − row 5 = 13 rows × 16 px = 208 px.
    #expect(Self.cells.pixels(x: 20, y: 18).y - Self.cells.pixels(x: 20, y: 5).y == 208)
  }

  @Test func pixelsAreOneBased() {
    #expect(Self.pixels.pixels(x: 1, y: 1) == .zero)
    #expect(Self.pixels.pixels(x: 101, y: 41) == Vector2D(x: 100, y: 40))
  }

  @Test func pixelsMapToTheCellHoldingThem() {
    // Pixel x 1…9 is column 1, 10…18 column 2; y 1…20 row 1, 21 row 2.
    #expect(Self.pixels.cell(x: 9, y: 20) == (1, 1))
    #expect(Self.pixels.cell(x: 10, y: 21) == (2, 2))
    #expect(Self.cells.cell(x: 7, y: 3) == (7, 3))
  }

  @Test func metadataGivesPointsPerUnit() {
    // At scale 2, an 8 × 16 px cell is 4 × 8 pt; a pixel is 0.5 pt.
    let cellEntries = Self.cells.metadata(scale: 2)
    #expect(
      cellEntries.map(\.key) == ["input-unit", "resolution", "cell-size", "cell-size-source"])
    #expect(cellEntries.map(\.value) == ["cell", "4x8", "8x16", "assumed"])
    #expect(
      Self.pixels.metadata(scale: 2).map(\.value) == ["pixel", "0.5x0.5", "9x20", "csi-16t"])
  }
}
